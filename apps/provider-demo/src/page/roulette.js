// The game page of the demo provider's roulette table (plain browser JavaScript). One wheel for
// everyone at the table: the page polls the table's state each second, shows the dealer's timer,
// takes a slip of bets during the window and shows the spin's result and the balance the wallet
// reported last.
const root = document.getElementById('game');
const statusLine = document.getElementById('status');
const gameId = root.dataset.gameId;
const token = new URLSearchParams(location.search).get('token');
history.replaceState(null, '', location.pathname);

const POLL_MS = 1000;
const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
const LABELS = {
  red: 'Red',
  black: 'Black',
  odd: 'Odd',
  even: 'Even',
  low: '1 to 18',
  high: '19 to 36',
  'dozen:1': '1st 12',
  'dozen:2': '2nd 12',
  'dozen:3': '3rd 12',
  'column:1': 'Column 1',
  'column:2': 'Column 2',
  'column:3': 'Column 3',
};
const rupees = (paise) =>
  `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const colourOf = (n) => (n === 0 ? 'green' : RED.has(n) ? 'red' : 'black');
const betLabel = (bet) => (bet.startsWith('straight:') ? `Number ${bet.slice(9)}` : LABELS[bet]);
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

function renderSlip() {
  const list = document.getElementById('slip');
  const total = slip.reduce((s, b) => s + b.stake_paise, 0);
  list.replaceChildren(
    ...(slip.length === 0
      ? [el('li', { text: 'Pick a chip, then a bet on the board.' })]
      : slip.map((b) => el('li', { text: `${betLabel(b.bet)}: ${rupees(b.stake_paise)}` }))),
  );
  document.getElementById('slip-total').textContent = `Total ${rupees(total)}`;
}

function addBet(bet) {
  const stake_paise = Number(document.getElementById('chip').value);
  const same = slip.find((b) => b.bet === bet && b.stake_paise === stake_paise);
  if (slip.length >= 20 && !same) return say('A slip holds at most 20 bets.');
  slip.push({ bet, stake_paise });
  renderSlip();
}

function board() {
  const numbers = el('div', { class: 'numbers', role: 'group', 'aria-label': 'Numbers (pays 35 to 1)' });
  const zero = el('button', {
    type: 'button',
    class: 'num green',
    text: '0',
    'aria-label': 'Number 0, green',
  });
  zero.addEventListener('click', () => addBet('straight:0'));
  numbers.append(zero);
  for (let n = 1; n <= 36; n++) {
    const b = el('button', {
      type: 'button',
      class: `num ${colourOf(n)}`,
      text: String(n),
      'aria-label': `Number ${n}, ${colourOf(n)}`,
    });
    b.addEventListener('click', () => addBet(`straight:${n}`));
    numbers.append(b);
  }
  const outside = el('div', {
    class: 'outside',
    role: 'group',
    'aria-label': 'Outside bets (even money, or 2 to 1 for dozens and columns)',
  });
  for (const bet of state.game.outside_bets) {
    const b = el('button', {
      type: 'button',
      class: `out ${bet === 'red' ? 'red' : bet === 'black' ? 'black' : ''}`,
      text: LABELS[bet],
    });
    b.addEventListener('click', () => addBet(bet));
    outside.append(b);
  }
  return el('div', { class: 'board' }, numbers, outside);
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
    el('p', { id: 'timer', class: 'timer' }),
    el(
      'section',
      { 'aria-labelledby': 'hist-h' },
      el('h2', { id: 'hist-h', text: 'Last results' }),
      el('ol', { id: 'history', class: 'history' }),
    ),
    el('div', { class: 'controls' }, el('label', { for: 'chip', text: 'Chip' }), chip),
    board(),
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
        text: `European roulette, one zero. A number pays 35 to 1; dozens and columns 2 to 1; red, black, odd, even, 1–18 and 19–36 pay even money and lose on zero. Return to player ${(state.game.rtp * 100).toFixed(2)}% on every bet. Bets are taken while the dealer's timer runs; the ball is spun when it ends.`,
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
