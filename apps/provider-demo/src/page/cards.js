// The game page of a live card table of the demo provider (Dragon Tiger 20-20 Live and the other
// in-house card games; plain browser JavaScript, like roulette.js). One deal for everyone at the
// table: the page polls the table each second, shows the dealer's timer and the round's seed hash,
// takes a slip of bets on the table's options during the window, then shows the cards dealt, the
// result, the revealed seed and the balance the wallet reported last.
const root = document.getElementById('game');
const statusLine = document.getElementById('status');
const gameId = root.dataset.gameId;
const token = new URLSearchParams(location.search).get('token');
history.replaceState(null, '', location.pathname);

const POLL_MS = 1000;
const SLIP_BETS_MAX = 12;
const SUITS = { S: ['♠', 'spades'], H: ['♥', 'hearts'], C: ['♣', 'clubs'], D: ['♦', 'diamonds'] };
const RANKS = {
  A: ['A', 'Ace'],
  T: ['10', '10'],
  J: ['J', 'Jack'],
  Q: ['Q', 'Queen'],
  K: ['K', 'King'],
};
const rupees = (paise) =>
  `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const decimal = (payout) => (payout / 100).toFixed(2);
/** "KS" → { text: "K♠", name: "King of spades", red: false }. */
function cardFace(code) {
  const [short, long] = RANKS[code[0]] ?? [code[0], code[0]];
  const [symbol, suit] = SUITS[code[1]] ?? ['?', code[1]];
  return { text: `${short}${symbol}`, name: `${long} of ${suit}`, red: code[1] === 'H' || code[1] === 'D' };
}
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
const optionLabel = (id) => state.game.options.find((o) => o.id === id)?.label ?? id;

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
  const total = slip.reduce((s, b) => s + b.stake_paise, 0);
  document
    .getElementById('slip')
    .replaceChildren(
      ...(slip.length === 0
        ? [el('li', { text: 'Pick a chip, then an option.' })]
        : slip.map((b) => el('li', { text: `${optionLabel(b.option_id)}: ${rupees(b.stake_paise)}` }))),
    );
  document.getElementById('slip-total').textContent = `Total ${rupees(total)}`;
}

function addBet(option_id) {
  if (slip.length >= SLIP_BETS_MAX) return say(`A slip holds at most ${SLIP_BETS_MAX} bets.`);
  slip.push({ option_id, stake_paise: Number(document.getElementById('chip').value) });
  renderSlip();
}

function optionsBoard() {
  const board = el('div', { class: 'outside', role: 'group', 'aria-label': 'Options and payouts' });
  for (const o of state.game.options) {
    // The visible text is the name ("Dragon pays 1.98"): decimal payout, stake included.
    const b = el(
      'button',
      { type: 'button', class: 'out' },
      el('span', { class: 'opt', text: o.label }),
      ' ',
      el('small', { text: `pays ${decimal(o.payout)}` }),
    );
    b.addEventListener('click', () => addBet(o.id));
    board.append(b);
  }
  return board;
}

function cardList(codes, label) {
  return el(
    'ul',
    { class: 'history', 'aria-label': label },
    ...codes.map((code) => {
      const face = cardFace(code);
      return el(
        'li',
        {},
        el('span', {
          class: `pocket ${face.red ? 'red' : 'black'}`,
          text: face.text,
          role: 'img',
          'aria-label': face.name,
        }),
      );
    }),
  );
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
    el('p', { id: 'seed-hash', class: 'fair' }),
    el(
      'section',
      { 'aria-labelledby': 'deal-h' },
      el('h2', { id: 'deal-h', text: 'Last deal' }),
      el('div', { id: 'deal' }),
    ),
    el(
      'section',
      { 'aria-labelledby': 'hist-h' },
      el('h2', { id: 'hist-h', text: 'Last results' }),
      el('ol', { id: 'history', class: 'history' }),
    ),
    el('div', { class: 'controls' }, el('label', { for: 'chip', text: 'Chip' }), chip),
    optionsBoard(),
    el(
      'section',
      { 'aria-labelledby': 'slip-h' },
      el('h2', { id: 'slip-h', text: 'Your bets this round' }),
      el('ul', { id: 'slip' }),
      el('p', { id: 'slip-total' }),
    ),
    el('div', { class: 'controls' }, place, clear),
    statusLine,
    el(
      'details',
      { class: 'paytable' },
      el('summary', { text: 'Rules and fairness' }),
      el('p', {
        text: `The same game as the site's own table, dealt here by the dealer's timer. Each option shows its decimal payout (stake included). When the window opens the table shows SHA-256 of the round's server seed; with the result it shows the seed, so the cards can be dealt again from it (HMAC-SHA256 shuffle of the round id) and checked.`,
      }),
    ),
  );
  setBalance(state.balance);
  renderSlip();
}

function renderState(view) {
  const secs = Math.ceil(view.phase_ends_in_ms / 1000);
  document.getElementById('timer').textContent =
    view.phase === 'BETTING' ? `Place your bets: ${secs} s left` : 'No more bets: the dealer is dealing…';
  document.getElementById('seed-hash').textContent = `This round's seed hash (SHA-256): ${view.seed_hash}`;
  document.getElementById('place').disabled = view.phase !== 'BETTING' || view.my_slip !== null;
  document
    .getElementById('history')
    .replaceChildren(...view.history.map((h) => el('li', { class: 'pocket black', text: h.summary })));
  const dealt = view.history[0];
  document
    .getElementById('deal')
    .replaceChildren(
      ...(dealt === undefined
        ? [el('p', { text: 'The first deal comes when this window closes.' })]
        : [
            cardList(dealt.cards, `Cards dealt, in order: ${dealt.summary}`),
            el('p', { text: `Result: ${dealt.summary}` }),
            el('p', { class: 'fair', text: `Seed ${dealt.seed} (hash ${dealt.seed_hash})` }),
          ]),
    );
  setBalance(view.balance_paise);
  const last = view.my_last;
  if (last && last.table_round !== lastAnnounced) {
    lastAnnounced = last.table_round;
    const names = last.cards.map((c) => cardFace(c).name).join(', ');
    say(
      `${last.summary}: ${names}. ${last.win_paise > 0 ? `You get ${rupees(last.win_paise)}` : 'No win'} (stake ${rupees(last.stake_paise)}).`,
    );
  }
}

async function poll() {
  const res = await post('/api/table/state', { page_session: state.page_session });
  if (res.status) renderState(res.data);
  else say(res.message);
  setTimeout(() => void poll(), POLL_MS);
}

async function onPlace() {
  if (slip.length === 0) return say('Add a bet first.');
  const place = document.getElementById('place');
  place.disabled = true;
  const res = await post('/api/table/bet', { page_session: state.page_session, bets: slip });
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
  const first = await post('/api/table/state', { page_session: state.page_session });
  if (first.status) {
    // Results from before the player sat down are not announced as theirs.
    lastAnnounced = first.data.my_last?.table_round ?? '';
    renderState(first.data);
  }
  setTimeout(() => void poll(), POLL_MS);
  document.getElementById('chip').focus();
}

void start();
