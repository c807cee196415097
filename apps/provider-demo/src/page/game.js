// The game page of the demo provider's slots (plain browser JavaScript: a provider's page is its
// own product, not the operator's app). It holds no money and no secret: it asks the provider,
// which asks the operator's wallet. The balance shown is the one the wallet reported last.
const root = document.getElementById('game');
const statusLine = document.getElementById('status');
const gameId = root.dataset.gameId;
const token = new URLSearchParams(location.search).get('token');
// The launch token is single use: drop it from the address so a reload does not resend it.
history.replaceState(null, '', location.pathname);

const rupees = (paise) =>
  `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
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
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

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

function say(text) {
  statusLine.textContent = text;
}

function symbolOf(code) {
  return state.game.symbols.find((s) => s.code === code);
}

const SVG = 'http://www.w3.org/2000/svg';
const ROYALS = 'AKQJT';
const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;
/** The reels spin at least this long, then stop one by one, left to right. */
const ROLL_MS = 600;
const REEL_STOP_MS = 160;

/** The pictures (symbols.svg, drawn for these slots), fetched once and put in the page. */
async function loadPictures() {
  try {
    const res = await fetch('/static/symbols.svg');
    if (!res.ok) return;
    const holder = el('div', { class: 'sr-only', 'aria-hidden': 'true' });
    holder.innerHTML = await res.text();
    document.body.append(holder);
  } catch {
    // Without the pictures the reels show the symbols' names (the cells carry them anyway).
  }
}

/** A symbol's picture, named for screen readers. */
function picture(s) {
  const id = ROYALS.includes(s.code) ? `royal-${s.code}` : `${gameId}-${s.code}`;
  const img = document.createElementNS(SVG, 'svg');
  img.setAttribute('class', 'sym-pic');
  img.setAttribute('viewBox', '0 0 64 64');
  img.setAttribute('role', 'img');
  img.setAttribute('aria-label', s.name);
  const use = document.createElementNS(SVG, 'use');
  use.setAttribute('href', `#${id}`);
  img.append(use);
  return img;
}

/** A picture beside its name in words: hidden from screen readers, which read the name. */
function silent(img) {
  img.removeAttribute('role');
  img.removeAttribute('aria-label');
  img.setAttribute('aria-hidden', 'true');
  return img;
}

/** The symbols a reel shows while it rolls: random ones of the game's. */
const blurGrid = () =>
  [0, 1, 2, 3, 4].map(() =>
    [0, 1, 2].map(() => state.game.symbols[Math.floor(Math.random() * state.game.symbols.length)].code),
  );

/**
 * Rolls the reels until `result` settles, then stops them one by one on its grid. With
 * prefers-reduced-motion nothing moves: the grid is shown when the answer is in.
 */
async function roll(result) {
  if (reducedMotion()) return result;
  const table = document.getElementById('reels');
  table.classList.add('rolling');
  let settled = null;
  void result.then((r) => (settled = r));
  const started = Date.now();
  while (settled === null || Date.now() - started < ROLL_MS) {
    if (settled !== null && !settled.status) break;
    renderGrid(blurGrid(), [], 0);
    await sleep(70);
  }
  if (settled.status) {
    const first = settled.data.spins[0].grid;
    for (let still = 1; still <= 5; still++) {
      const grid = blurGrid();
      for (let reel = 0; reel < still; reel++) grid[reel] = first[reel];
      renderGrid(grid, [], still);
      await sleep(REEL_STOP_MS);
    }
  }
  table.classList.remove('rolling');
  return settled;
}

function renderGrid(grid, wins, still = 5) {
  const table = document.getElementById('reels');
  const winning = new Set();
  for (const w of wins) {
    const rows = state.game.lines[w.line];
    for (let reel = 0; reel < w.count; reel++) winning.add(`${reel}:${rows[reel]}`);
  }
  const body = table.tBodies[0];
  body.replaceChildren();
  for (let row = 0; row < 3; row++) {
    const tr = el('tr');
    for (let reel = 0; reel < 5; reel++) {
      const s = symbolOf(grid[reel][row]);
      const win = winning.has(`${reel}:${row}`);
      const cell = el('td', {
        class: `sym sym-${s.kind} sym-${s.code}${win ? ' win' : ''}${reel >= still ? ' blur' : ''}`,
      });
      cell.append(picture(s));
      tr.append(cell);
    }
    body.append(tr);
  }
}

function renderLastWins() {
  const list = document.getElementById('last-wins');
  list.replaceChildren(
    ...(state.last_wins.length === 0
      ? [el('li', { text: 'No rounds yet.' })]
      : state.last_wins.map((r) =>
          el('li', {
            text: `Stake ${rupees(r.stake_paise)} · ${r.win_paise > 0 ? `won ${rupees(r.win_paise)}` : 'no win'}`,
          }),
        )),
  );
}

function setBalance(paise) {
  if (typeof paise === 'number') {
    state.balance = paise;
    // Tell the operator's site (framing this page) that the wallet moved, so its header asks its
    // own server again. No figure is sent: the site trusts only its server's answer.
    if (window.parent !== window) window.parent.postMessage({ type: 'provider:balance' }, '*');
  }
  document.getElementById('balance').textContent = state.balance === null ? '—' : rupees(state.balance);
}

function paytable() {
  const rows = state.game.symbols.map((s) =>
    el(
      'tr',
      {},
      el(
        'th',
        { scope: 'row' },
        silent(picture(s)),
        `${s.name}${s.kind === 'wild' ? ' (wild)' : s.kind === 'scatter' ? ' (scatter)' : ''}`,
      ),
      ...s.pays.map((p) => el('td', { text: s.kind === 'scatter' ? `${p}× stake` : `${p}× line bet` })),
    ),
  );
  const fs = state.game.free_spins;
  return el(
    'details',
    { class: 'paytable' },
    el('summary', { text: 'Paytable and rules' }),
    el(
      'table',
      {},
      el('caption', { text: 'Pays for 3, 4 and 5 of a kind' }),
      el(
        'thead',
        {},
        el(
          'tr',
          {},
          el('th', { scope: 'col', text: 'Symbol' }),
          el('th', { scope: 'col', text: '3' }),
          el('th', { scope: 'col', text: '4' }),
          el('th', { scope: 'col', text: '5' }),
        ),
      ),
      el('tbody', {}, ...rows),
    ),
    el('p', {
      text: `${state.game.lines.length} paylines, paid left to right from the first reel; the wild stands for every symbol but the scatter. 3 or more scatters anywhere award ${fs.award} free spins${fs.multiplier > 1 ? ` with every win ×${fs.multiplier}` : ''} (at most ${fs.per_round_max} a round). Return to player ${(state.game.rtp * 100).toFixed(2)}%.`,
    }),
  );
}

function renderGame() {
  const g = state.game;
  const stake = el(
    'select',
    { id: 'stake' },
    ...g.stakes_paise.map((p) => el('option', { value: String(p), text: rupees(p) })),
  );
  const spin = el('button', { id: 'spin', type: 'button', class: 'spin', text: 'Spin' });
  spin.addEventListener('click', () => void onSpin());
  root.replaceChildren(
    el(
      'header',
      { class: 'bar' },
      el('h1', { text: g.name }),
      el(
        'p',
        { class: 'balance' },
        el('span', { id: 'balance-label', text: `${state.balance_label ?? 'Balance'} ` }),
        el('strong', { id: 'balance', 'aria-live': 'polite' }),
      ),
    ),
    el(
      'table',
      { id: 'reels', class: 'reels' },
      el('caption', { class: 'sr-only', text: 'Reels: 5 reels of 3 rows' }),
      el('tbody'),
    ),
    el('p', { id: 'free', class: 'free', 'aria-live': 'polite' }),
    el('div', { class: 'controls' }, el('label', { for: 'stake', text: 'Stake' }), stake, spin),
    statusLine,
    el(
      'section',
      { 'aria-labelledby': 'last-h' },
      el('h2', { id: 'last-h', text: 'Your last rounds' }),
      el('ul', { id: 'last-wins' }),
    ),
    paytable(),
  );
  renderGrid(
    [0, 1, 2, 3, 4].map((r) => g.symbols.slice(r, r + 3).map((s) => s.code)),
    [],
  );
  setBalance(state.balance);
  renderLastWins();
  spin.focus();
}

async function onSpin() {
  const button = document.getElementById('spin');
  const stake = Number(document.getElementById('stake').value);
  button.disabled = true;
  document.getElementById('free').textContent = '';
  say('Spinning…');
  const res = await roll(post('/api/spin', { page_session: state.page_session, stake_paise: stake }));
  if (!res.status) {
    if (res.data) setBalance(res.data.balance_paise);
    say(res.message);
    button.disabled = false;
    button.focus();
    return;
  }
  const d = res.data;
  const free = d.spins.filter((s) => s.free).length;
  for (const [i, s] of d.spins.entries()) {
    renderGrid(s.grid, s.line_wins);
    if (s.free) document.getElementById('free').textContent = `Free spin ${i} of ${free}`;
    if (s.free_spins_awarded > 0) say(`${s.scatter_count} scatters: ${s.free_spins_awarded} free spins!`);
    if (d.spins.length > 1) await sleep(s.free_spins_awarded > 0 ? 900 : 350);
  }
  setBalance(d.balance_paise);
  state.last_wins = d.last_wins;
  renderLastWins();
  const lines = d.spins.reduce((n, s) => n + s.line_wins.length, 0);
  say(
    d.win_paise > 0
      ? `You won ${rupees(d.win_paise)} (stake ${rupees(d.stake_paise)}${lines > 0 ? `, ${lines} winning line${lines === 1 ? '' : 's'}` : ''}${free > 0 ? `, ${free} free spins` : ''}).`
      : `No win this time (stake ${rupees(d.stake_paise)}).`,
  );
  if (!d.credited) say('Your win is being paid: the wallet did not answer yet.');
  button.disabled = false;
  button.focus();
}

async function start() {
  if (!token) {
    say('Open this game from the casino lobby.');
    return;
  }
  const res = await post('/api/session', { token, game_id: gameId });
  if (!res.status) {
    say(res.message);
    return;
  }
  state = { ...res.data, balance: res.data.balance_paise };
  await loadPictures();
  renderGame();
  say(`Welcome, ${state.display_name}. Pick a stake and spin.`);
}

void start();
