// The game page of the demo provider's roulette table (plain browser JavaScript). One wheel for
// everyone at the table: the page polls the table's state each second, shows the dealer's timer
// and the wheel (wheel.js), takes a slip of bets on the standard board (board.js) during the
// window and shows the spin's result and the balance the wallet reported last.
import { rouletteBoard } from './board.js';
import { rouletteWheel } from './wheel.js';
const root = document.getElementById('game');
const statusLine = document.getElementById('status');
const gameId = root.dataset.gameId;
const token = new URLSearchParams(location.search).get('token');
history.replaceState(null, '', location.pathname);

const POLL_MS = 1000;
const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
const rupees = (paise) =>
  `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const colourOf = (n) => (n === 0 ? 'green' : RED.has(n) ? 'red' : 'black');
const el = (tag, attrs = {}, ...children) => {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') node.className = v;
    else if (k === 'text') node.textContent = v;
    else node.setAttribute(k, v);
  }
  node.append(...children);
  return node;
};

async function post(path, body) {
  try {
    const res = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return await res.json();
  } catch {
    return { status: false, message: 'The game server is not answering: try again in a moment.' };
  }
}

let state = null;
let slip = [];
let lastAnnounced = '';
let wheel = null;
let board = null;
let landed = null;
let spinning = false;
/** The bets the table holds for this player this spin (shown on the board until the ball lands). */
let placed = [];

const say = (text) => (statusLine.textContent = text);

function setBalance(paise) {
  if (typeof paise === 'number') {
    state.balance = paise;
    // Tell the operator's site (framing this page) that the wallet moved, so its header asks its
    // own server again. No figure is sent: the site trusts only its server's answer.
    if (window.parent !== window) window.parent.postMessage({ type: 'provider:balance' }, '*');
  }
  document.getElementById('balance').textContent = state.balance === null ? '—' : rupees(state.balance);
}

const labelOf = (bet) => state.game.bets.find((b) => b.bet === bet)?.label ?? bet;

function renderSlip() {
  const list = document.getElementById('slip');
  // What this spin stakes: the bets placed and those still to place.
  const total = [...placed, ...slip].reduce((s, b) => s + b.stake_paise, 0);
  list.replaceChildren(
    ...placed.map((b) => el('li', { text: `${labelOf(b.bet)}: ${rupees(b.stake_paise)} (placed)` })),
    ...(slip.length === 0 && placed.length === 0
      ? [el('li', { text: 'Pick a chip, then a bet on the board.' })]
      : slip.map((b) => el('li', { text: `${labelOf(b.bet)}: ${rupees(b.stake_paise)}` }))),
  );
  document.getElementById('slip-total').textContent = `Total ${rupees(total)}`;
  const totals = new Map();
  for (const b of [...placed, ...slip]) totals.set(b.bet, (totals.get(b.bet) ?? 0) + b.stake_paise);
  board.show(totals, landed);
}

function addBet(bet) {
  const stake_paise = Number(document.getElementById('chip').value);
  if (slip.length >= 20) return say('A slip holds at most 20 bets.');
  slip.push({ bet, stake_paise });
  renderSlip();
  say(`${labelOf(bet)}: ${rupees(stake_paise)} added.`);
}

function renderGame() {
  const chip = el(
    'select',
    { id: 'chip' },
    ...state.game.chips_paise.map((p) => el('option', { value: String(p), text: rupees(p) })),
  );
  const place = el('button', { type: 'button', id: 'place', class: 'spin', text: 'Place bets' });
  const clear = el('button', { type: 'button', id: 'clear', class: 'secondary', text: 'Clear' });
  place.addEventListener('click', () => void onPlace());
  wheel = rouletteWheel(state.game.wheel);
  board = rouletteBoard(state.game.bets, addBet, rupees);
  clear.addEventListener('click', () => {
    slip = [];
    renderSlip();
  });
  root.replaceChildren(
    el(
      'header',
      { class: 'bar' },
      el('h1', { text: state.game.name }),
      el(
        'p',
        { class: 'balance' },
        el('span', { id: 'balance-label', text: `${state.balance_label ?? 'Balance'} ` }),
        el('strong', { id: 'balance' }),
      ),
    ),
    el(
      'div',
      { class: 'table-top' },
      wheel.element,
      el(
        'div',
        {},
        el('p', { id: 'timer', class: 'timer' }),
        el(
          'section',
          { 'aria-labelledby': 'hist-h' },
          el('h2', { id: 'hist-h', text: 'Last results' }),
          el('ol', { id: 'history', class: 'history' }),
        ),
        el('div', { class: 'controls' }, el('label', { for: 'chip', text: 'Chip' }), chip),
      ),
    ),
    board.element,
    el(
      'section',
      { 'aria-labelledby': 'slip-h' },
      el('h2', { id: 'slip-h', text: 'Your bets this spin' }),
      el('ul', { id: 'slip' }),
      el('p', { id: 'slip-total' }),
    ),
    el('div', { class: 'controls' }, place, clear),
    statusLine,
    el(
      'details',
      { class: 'paytable' },
      el('summary', { text: 'Rules' }),
      el('p', {
        text: `European roulette, one zero. A number pays 35 to 1, a split 17 to 1, a street or a trio 11 to 1, a corner or the first four 8 to 1, a six line 5 to 1; dozens and columns 2 to 1; red, black, odd, even, 1–18 and 19–36 pay even money and lose on zero. Return to player ${(state.game.rtp * 100).toFixed(2)}% on every bet. Bets are taken while the dealer's timer runs; the ball is spun when it ends.`,
      }),
    ),
  );
  setBalance(state.balance);
  renderSlip();
}

function renderState(view) {
  const secs = Math.ceil(view.phase_ends_in_ms / 1000);
  document.getElementById('timer').textContent =
    view.phase === 'BETTING' ? `Place your bets: ${secs} s left` : 'No more bets: the ball is spinning…';
  document.getElementById('place').disabled = view.phase !== 'BETTING' || view.my_slip !== null;
  const latest = view.history[0]?.pocket ?? null;
  if ((view.my_slip?.bets ?? []).length !== placed.length) {
    placed = view.my_slip?.bets ?? [];
    renderSlip();
  }
  if (view.phase !== 'BETTING') {
    if (!spinning) wheel.spin();
    spinning = true;
  } else if (spinning || latest !== landed) {
    spinning = false;
    landed = latest;
    wheel.land(latest);
    renderSlip();
  }
  document.getElementById('history').replaceChildren(
    ...view.history.map((h) =>
      el('li', {
        class: `pocket ${h.colour}`,
        text: String(h.pocket),
        'aria-label': `${h.pocket} ${h.colour}`,
      }),
    ),
  );
  setBalance(view.balance_paise);
  const last = view.my_last;
  if (last && last.table_round !== lastAnnounced) {
    lastAnnounced = last.table_round;
    say(
      `The ball landed on ${last.pocket} ${colourOf(last.pocket)}. ${last.win_paise > 0 ? `You won ${rupees(last.win_paise)}` : 'No win'} (stake ${rupees(last.stake_paise)}).`,
    );
  }
}

async function poll() {
  const res = await post('/api/roulette/state', { page_session: state.page_session });
  if (res.status) renderState(res.data);
  else say(res.message);
  setTimeout(() => void poll(), POLL_MS);
}

async function onPlace() {
  if (slip.length === 0) return say('Add a bet first.');
  const place = document.getElementById('place');
  place.disabled = true;
  const res = await post('/api/roulette/bet', { page_session: state.page_session, bets: slip });
  if (!res.status) {
    if (res.data) setBalance(res.data.balance_paise);
    place.disabled = false;
    return say(res.message);
  }
  const total = slip.reduce((s, b) => s + b.stake_paise, 0);
  slip = [];
  renderSlip();
  renderState(res.data);
  say(`Bets placed: ${rupees(total)}. Good luck!`);
}

async function start() {
  if (!token) return say('Open this game from the casino lobby.');
  const res = await post('/api/session', { token, game_id: gameId });
  if (!res.status) return say(res.message);
  state = { ...res.data, balance: res.data.balance_paise };
  renderGame();
  say(`Welcome, ${state.display_name}. Pick a chip and your bets.`);
  const first = await post('/api/roulette/state', { page_session: state.page_session });
  if (first.status) {
    // Results from before the player sat down are not announced as theirs.
    lastAnnounced = first.data.my_last?.table_round ?? '';
    renderState(first.data);
  }
  setTimeout(() => void poll(), POLL_MS);
  document.getElementById('chip').focus();
}

void start();
