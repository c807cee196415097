// European roulette (single zero): the standard board's bets and what each returns. 37 pockets,
// drawn uniformly. Every bet is the set of numbers it covers, and a bet covering k numbers pays
// 36/k − 1 to 1 (straight 35, split 17, street and trio 11, corner and first four 8, six line 5,
// dozen and column 2, the even-money bets 1), so every bet's RTP is k × (36/k) / 37 = 36/37 =
// 97.297 % (the tests enumerate all 37 pockets for every bet on the board).
//
// A bet is named by a key the board and the slip share: `straight:N`, `split:A-B` (A < B,
// neighbours on the board, zero with 1, 2 or 3), `street:N` (N, N+1, N+2 for N = 1, 4 … 34),
// `trio:0-1-2` and `trio:0-2-3`, `corner:N` (N, N+1, N+3, N+4; N not in the top row, N ≤ 32),
// `line:N` (the six line N … N+5, N = 1, 4 … 31), `first-four` (0–3), and the outside bets.

export const POCKETS = 37;
/** The red numbers of the European wheel. */
export const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
/** The pockets in the order the wheel carries them, clockwise from zero. */
export const WHEEL_ORDER: readonly number[] = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22,
  18, 29, 7, 28, 12, 35, 3, 26,
];
/** Most bets one player may place on one spin (a bound on a bet slip). */
export const ROULETTE_BETS_MAX = 20;

export type RouletteBet = string & { readonly __rouletteBet?: never };

export const OUTSIDE_BETS: readonly RouletteBet[] = [
  'red',
  'black',
  'odd',
  'even',
  'low',
  'high',
  'dozen:1',
  'dozen:2',
  'dozen:3',
  'column:1',
  'column:2',
  'column:3',
];

const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);
/** The board's row of a number, 0 for 1, 4 … 34 (the near row), 2 for 3, 6 … 36. */
const rowOf = (n: number) => (n - 1) % 3;
const ONE_TO_36 = range(1, 36);

function outsideNumbers(bet: string): number[] {
  const n = Number(bet.slice(bet.indexOf(':') + 1));
  switch (bet) {
    case 'red':
      return ONE_TO_36.filter((p) => RED.has(p));
    case 'black':
      return ONE_TO_36.filter((p) => !RED.has(p));
    case 'odd':
      return ONE_TO_36.filter((p) => p % 2 === 1);
    case 'even':
      return ONE_TO_36.filter((p) => p % 2 === 0);
    case 'low':
      return range(1, 18);
    case 'high':
      return range(19, 18);
    default:
      return bet.startsWith('dozen:')
        ? range(12 * (n - 1) + 1, 12)
        : ONE_TO_36.filter((p) => rowOf(p) === n - 1);
  }
}

/** Every bet of the board and the numbers it covers, in the order the board draws them. */
function boardBets(): Map<string, readonly number[]> {
  const bets = new Map<string, readonly number[]>();
  for (let n = 0; n < POCKETS; n++) bets.set(`straight:${n}`, [n]);
  for (const n of [1, 2, 3]) bets.set(`split:0-${n}`, [0, n]);
  for (const n of ONE_TO_36) {
    if (rowOf(n) < 2) bets.set(`split:${n}-${n + 1}`, [n, n + 1]);
    if (n <= 33) bets.set(`split:${n}-${n + 3}`, [n, n + 3]);
  }
  for (let n = 1; n <= 34; n += 3) bets.set(`street:${n}`, range(n, 3));
  bets.set('trio:0-1-2', [0, 1, 2]);
  bets.set('trio:0-2-3', [0, 2, 3]);
  for (const n of ONE_TO_36) if (rowOf(n) < 2 && n <= 32) bets.set(`corner:${n}`, [n, n + 1, n + 3, n + 4]);
  bets.set('first-four', [0, 1, 2, 3]);
  for (let n = 1; n <= 31; n += 3) bets.set(`line:${n}`, range(n, 6));
  for (const bet of OUTSIDE_BETS) bets.set(bet, outsideNumbers(bet));
  return bets;
}

const BOARD: ReadonlyMap<string, readonly number[]> = boardBets();
/** Every bet the table takes (157: 37 straights, 60 splits, 12 streets, 2 trios, 22 corners, first four, 11 six lines, 12 outside). */
export const ROULETTE_BETS: readonly RouletteBet[] = [...BOARD.keys()];

export function isRouletteBet(text: unknown): text is RouletteBet {
  return typeof text === 'string' && BOARD.has(text);
}

/** The numbers a bet covers. */
export function betNumbers(bet: RouletteBet): readonly number[] {
  const numbers = BOARD.get(bet);
  if (numbers === undefined) throw new Error(`not a roulette bet: ${bet}`);
  return numbers;
}

/** Pays this many times the stake, plus the stake back: 36 / (numbers covered) − 1. */
export function payout(bet: RouletteBet): number {
  return 36 / betNumbers(bet).length - 1;
}

export function wins(bet: RouletteBet, pocket: number): boolean {
  return betNumbers(bet).includes(pocket);
}

const KIND_WORDS: Readonly<Record<string, string>> = {
  straight: 'Number',
  split: 'Split',
  street: 'Street',
  trio: 'Trio',
  corner: 'Corner',
  line: 'Six line',
};
const OUTSIDE_WORDS: Readonly<Record<string, string>> = {
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
  'first-four': 'First four 0, 1, 2, 3',
};

/** A bet in words, as the board's buttons and the slip name it ("Split 17 and 20", "Corner 1, 2, 4, 5"). */
export function betLabel(bet: RouletteBet): string {
  const fixed = OUTSIDE_WORDS[bet];
  if (fixed !== undefined) return fixed;
  const numbers = betNumbers(bet);
  const kind = KIND_WORDS[bet.slice(0, bet.indexOf(':'))]!;
  if (numbers.length === 1) return `${kind} ${numbers[0]}`;
  if (numbers.length === 2) return `${kind} ${numbers[0]} and ${numbers[1]}`;
  if (kind === 'Street' || kind === 'Six line') return `${kind} ${numbers[0]} to ${numbers.at(-1)}`;
  return `${kind} ${numbers.join(', ')}`;
}

export interface PlacedBet {
  readonly bet: RouletteBet;
  readonly stake_paise: number;
}

/** What a slip returns when the ball lands in `pocket`, in paise (stakes of winning bets included). */
export function slipReturn(bets: readonly PlacedBet[], pocket: number): number {
  if (!Number.isInteger(pocket) || pocket < 0 || pocket >= POCKETS) throw new Error(`pocket ${pocket}`);
  return bets.reduce((sum, b) => sum + (wins(b.bet, pocket) ? (payout(b.bet) + 1) * b.stake_paise : 0), 0);
}

/** The colour a pocket shows. */
export function pocketColour(pocket: number): 'green' | 'red' | 'black' {
  return pocket === 0 ? 'green' : RED.has(pocket) ? 'red' : 'black';
}

/** Exact RTP of one bet: Σ over the 37 pockets of its return, over 37 (36/37 for every bet). */
export function rouletteRtp(bet: RouletteBet): number {
  let returned = 0;
  for (let p = 0; p < POCKETS; p++) if (wins(bet, p)) returned += payout(bet) + 1;
  return returned / POCKETS;
}
