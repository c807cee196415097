// The standard European betting board, drawn for this table. Every bet the table takes is a
// button placed where a dealer expects the chip: a number on its cell, a split on the line between
// two numbers, a corner where four meet, a street and a six line on the board's near edge, the
// trios and first four on the zero's edge, a column at its row's end; dozens and the even-money
// bets below. The board lies across a wide screen and stands upright on a phone (the same
// positions, axes swapped in CSS). One Tab stop: the arrow keys move across the board to the
// nearest bet in that direction, Enter or Space places the chip.
//
// Board units: u runs along the board (0–1 the zero, 1–13 the twelve streets, 13–14 the columns),
// v across it (0 the far row of 3, 6 … 36; 3 the near edge by 1, 4 … 34).
const V = 3;
const colOf = (n) => Math.ceil(n / 3);
const rowOf = (n) => (n - 1) % 3;
const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
const colourOf = (n) => (n === 0 ? 'green' : RED.has(n) ? 'red' : 'black');
const EVEN_MONEY = ['low', 'even', 'red', 'black', 'odd', 'high'];

/** A bet drawn as a cell: [u0, u1, v0, v1], or null. */
function cellOf(bet) {
  if (bet === 'straight:0') return [0, 1, 0, 3];
  const [kind, arg] = bet.split(':');
  const n = Number(arg);
  if (kind === 'straight') return [colOf(n), colOf(n) + 1, 2 - rowOf(n), 3 - rowOf(n)];
  if (kind === 'column') return [13, 14, 3 - n, 4 - n];
  return null;
}

/** A bet drawn as a spot on the board's lines: [u, v], or null. */
function spotOf(bet, numbers) {
  const kind = bet.split(':')[0];
  const [a, b] = numbers;
  switch (kind) {
    case 'split':
      if (a === 0) return [1, 2.5 - rowOf(b)];
      return b === a + 3 ? [colOf(a) + 1, 2.5 - rowOf(a)] : [colOf(a) + 0.5, 2 - rowOf(a)];
    case 'street':
      return [colOf(a) + 0.5, 3];
    case 'line':
      return [colOf(a) + 1, 3];
    case 'corner':
      return [colOf(a) + 1, 2 - rowOf(a)];
    case 'trio':
      return [1, b === 1 ? 2 : 1];
    case 'first-four':
      return [1, 3];
    default:
      return null;
  }
}

const position = (node, u0, u1, v0, v1) => {
  for (const [k, v] of Object.entries({ u0, u1, v0, v1 })) node.style.setProperty(`--${k}`, String(v));
};

/**
 * The board for a table's `bets` ({ bet, label, numbers, pays }). `onBet(bet)` is called when a
 * bet is chosen. Answers the element and `show(totals, landed)`: each bet's staked paise this
 * spin, and the number the ball last landed on (or null).
 */
export function rouletteBoard(bets, onBet, formatRupees) {
  const felt = document.createElement('div');
  felt.className = 'felt';
  felt.setAttribute('role', 'group');
  felt.setAttribute('aria-label', 'Betting board: numbers, splits, streets, corners, six lines and columns');
  felt.setAttribute('aria-describedby', 'board-keys');
  const below = document.createElement('div');
  below.className = 'outside';
  below.setAttribute('role', 'group');
  below.setAttribute('aria-label', 'Dozens and even-money bets');
  const dozens = document.createElement('div');
  dozens.className = 'outside-row';
  const evens = document.createElement('div');
  evens.className = 'outside-row';
  below.append(dozens, evens);

  const buttons = new Map();
  const targets = []; // felt buttons with their centre, for the arrow keys
  const make = (b, cls) => {
    const node = document.createElement('button');
    node.type = 'button';
    node.className = cls;
    node.dataset.bet = b.bet;
    node.addEventListener('click', () => onBet(b.bet));
    buttons.set(b.bet, { node, b });
    return node;
  };
  const cells = [];
  const spots = [];
  for (const b of bets) {
    const cell = cellOf(b.bet);
    const spot = cell === null ? spotOf(b.bet, b.numbers) : null;
    if (cell !== null) {
      const n = b.bet.startsWith('straight:') ? b.numbers[0] : null;
      const node = make(b, n === null ? 'cell col-bet' : `cell num-cell ${colourOf(n)}`);
      node.append(
        Object.assign(document.createElement('span'), {
          className: 'cell-text',
          textContent: n === null ? '2 to 1' : String(n),
        }),
      );
      position(node, ...cell);
      cells.push(node);
      targets.push({ node, u: (cell[0] + cell[1]) / 2, v: (cell[2] + cell[3]) / 2 });
    } else if (spot !== null) {
      const node = make(b, 'spot');
      position(node, spot[0], spot[0], spot[1], spot[1]);
      spots.push(node);
      targets.push({ node, u: spot[0], v: spot[1] });
    } else {
      const node = make(b, `out ${b.bet === 'red' ? 'red' : b.bet === 'black' ? 'black' : ''}`);
      node.append(
        Object.assign(document.createElement('span'), { className: 'out-text', textContent: b.label }),
      );
      (b.bet.startsWith('dozen:') ? dozens : evens).append(node);
    }
  }
  evens.replaceChildren(...EVEN_MONEY.map((bet) => buttons.get(bet)?.node).filter(Boolean));
  felt.append(...cells, ...spots);

  // One Tab stop on the felt: the bet last moved to.
  let current = targets.find((t) => t.node.dataset.bet === 'straight:17') ?? targets[0];
  for (const t of targets) t.node.tabIndex = t === current ? 0 : -1;
  const upright = () => window.matchMedia('(max-width: 560px)').matches;
  felt.addEventListener('keydown', (event) => {
    const dir = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[event.key];
    if (dir === undefined) return;
    event.preventDefault();
    const from = targets.find((t) => t.node === document.activeElement) ?? current;
    // On screen: across is u on a wide board; on an upright one across is 3 − v and down is u.
    const screen = (t) => (upright() ? [V - t.v, t.u] : [t.u, t.v]);
    const [x0, y0] = screen(from);
    let best = null;
    let bestScore = Infinity;
    for (const t of targets) {
      const [x, y] = screen(t);
      const along = (x - x0) * dir[0] + (y - y0) * dir[1];
      if (along <= 0.01) continue;
      const aside = Math.abs((x - x0) * dir[1] - (y - y0) * dir[0]);
      const score = along + 3 * aside;
      if (score < bestScore) [best, bestScore] = [t, score];
    }
    if (best === null) return;
    current.node.tabIndex = -1;
    current = best;
    current.node.tabIndex = 0;
    current.node.focus();
  });
  for (const t of targets)
    t.node.addEventListener('focus', () => {
      current.node.tabIndex = -1;
      current = t;
      t.node.tabIndex = 0;
    });

  const hint = document.createElement('p');
  hint.id = 'board-keys';
  hint.className = 'sr-only';
  hint.textContent = 'Arrow keys move across the board; Enter places the chip.';
  const element = document.createElement('div');
  element.className = 'board';
  element.append(felt, below, hint);

  return {
    element,
    show(totals, landed) {
      for (const [bet, { node, b }] of buttons) {
        const staked = totals.get(bet) ?? 0;
        const words = `${b.label}, pays ${b.pays} to 1${staked > 0 ? `, your bet ${formatRupees(staked)}` : ''}`;
        node.setAttribute('aria-label', words);
        node.title = words;
        node.classList.toggle('staked', staked > 0);
        node.classList.toggle('landed', landed !== null && b.bet === `straight:${landed}`);
        let chip = node.querySelector('.chip');
        if (staked > 0) {
          if (chip === null)
            node.append((chip = Object.assign(document.createElement('span'), { className: 'chip' })));
          chip.textContent = String(Math.round(staked / 100));
        } else chip?.remove();
      }
    },
  };
}
