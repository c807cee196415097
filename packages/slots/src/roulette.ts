// European roulette (single zero): the bets a table takes and what each returns. 37 pockets,
// drawn uniformly; every bet returns (payout + 1) × stake on a win, and over the 37 pockets each
// wins on exactly 36 / (payout + 1) of them, so every bet's RTP is 36/37 = 97.297 % (the tests
// enumerate all 37 pockets for every bet).

export const POCKETS = 37;
/** The red numbers of the European wheel. */
export const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
/** Most bets one player may place on one spin (a bound on a bet slip). */
export const ROULETTE_BETS_MAX = 20;

export type RouletteBet =
  | 'red'
  | 'black'
  | 'odd'
  | 'even'
  | 'low'
  | 'high'
  | 'dozen:1'
  | 'dozen:2'
  | 'dozen:3'
  | 'column:1'
  | 'column:2'
  | 'column:3'
  | `straight:${number}`;

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

export function isRouletteBet(text: unknown): text is RouletteBet {
  if (typeof text !== 'string') return false;
  if ((OUTSIDE_BETS as readonly string[]).includes(text)) return true;
  const m = /^straight:(\d{1,2})$/.exec(text);
  return m !== null && Number(m[1]) < POCKETS;
}

/** Pays this many times the stake, plus the stake back. */
export function payout(bet: RouletteBet): number {
  if (bet.startsWith('straight:')) return 35;
  if (bet.startsWith('dozen:') || bet.startsWith('column:')) return 2;
  return 1;
}

export function wins(bet: RouletteBet, pocket: number): boolean {
  if (bet.startsWith('straight:')) return Number(bet.slice(9)) === pocket;
  if (pocket === 0) return false;
  switch (bet) {
    case 'red':
      return RED.has(pocket);
    case 'black':
      return !RED.has(pocket);
    case 'odd':
      return pocket % 2 === 1;
    case 'even':
      return pocket % 2 === 0;
    case 'low':
      return pocket <= 18;
    case 'high':
      return pocket >= 19;
    default: {
      const n = Number(bet.slice(bet.indexOf(':') + 1));
      return bet.startsWith('dozen:') ? Math.ceil(pocket / 12) === n : ((pocket - 1) % 3) + 1 === n;
    }
  }
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
