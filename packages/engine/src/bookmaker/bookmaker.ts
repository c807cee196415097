// Bookmaker markets (DOMAIN.md "Bookmaker markets"): the house quotes a back and a lay rate per 100
// on each runner; a bet is taken whole at the quoted rate or refused, so there is no unmatched part.
// Position and exposure are match odds' P_i with odds = 1 + rate/100.
//
// Rounding (docs/settlement.md "One rounding rule"): a bettor's position at each outcome is the
// EXACT sum of their bets (stake·rate/100 is exact in hundredths of a paisa), rounded once, down
// (against the bettor); settlement (`settleBookmakerBetsPaise`) gives a user's bets amounts that
// add up to exactly that rounded figure, so the exposure is exactly the worst loss a result can
// settle to, and a hedge costs no paisa per bet. `bookmakerBetProfitPaise` is one bet's own figure
// (a win rounded down, a loss up), what a bet slip shows and a bet alone settles to.
import {
  assertInt,
  assertRate,
  assertStake,
  assertStakeLimits,
  rateLossPaise,
  rateWinPaise,
  floorDivBig,
  safePaise,
  shareRoundedTotal,
  stakeRefusal,
  statusRefusal,
} from './house.ts';

export type BookmakerBet = { selection_id: string; is_back: boolean; rate: number; stake_paise: number };

export type BookmakerQuote = {
  back_rate: number | null;
  lay_rate: number | null;
  status: 'ACTIVE' | 'SUSPENDED' | 'BALL_RUNNING' | 'CLOSED';
};

function checkBet(bet: BookmakerBet): void {
  if (typeof bet.selection_id !== 'string') throw new RangeError('selection_id must be a string');
  if (typeof bet.is_back !== 'boolean') throw new RangeError('is_back must be a boolean');
  assertRate(bet.rate);
  assertStake(bet.stake_paise);
}

/**
 * Profit of one bet if its runner wins (`wins`) or another runner does. A back wins stake·rate/100
 * rounded down or loses its stake; a lay loses stake·rate/100 rounded up or wins the backer's stake.
 */
export function bookmakerBetProfitPaise(bet: BookmakerBet, wins: boolean): number {
  checkBet(bet);
  if (bet.is_back) return wins ? rateWinPaise(bet.stake_paise, bet.rate) : -bet.stake_paise;
  return wins ? -rateLossPaise(bet.stake_paise, bet.rate) : bet.stake_paise;
}

/** A bet's exact profit in hundredths of a paisa if its runner wins (`wins`) or another does. */
function exactCenti(bet: BookmakerBet, wins: boolean): bigint {
  const stake = BigInt(bet.stake_paise);
  const odds = stake * BigInt(bet.rate);
  if (bet.is_back) return wins ? odds : -100n * stake;
  return wins ? -odds : 100n * stake;
}

/**
 * Per-runner profit P_i (the position shown beside each runner) and exposure = max(0, −min_i P_i).
 * `selection_ids` lists every runner of the market; a bet on any other id is an error. Each P_i is
 * the exact sum of the bets' profits if runner i wins, rounded once, down. O(bets + runners): each
 * bet adds its losing figure to every runner (base) and the difference to its own runner.
 */
export function bookmakerPosition(
  selection_ids: readonly string[],
  bets: readonly BookmakerBet[],
): { profit_paise: Record<string, number>; exposure_paise: number } {
  if (selection_ids.length === 0) throw new RangeError('a bookmaker market has at least one runner');
  const at = new Map<string, number>();
  selection_ids.forEach((id, i) => {
    if (at.has(id)) throw new RangeError(`runner ${id} listed twice`);
    at.set(id, i);
  });
  let base = 0n;
  const delta = new Array<bigint>(selection_ids.length).fill(0n);
  for (const b of bets) {
    checkBet(b);
    const i = at.get(b.selection_id);
    if (i === undefined)
      throw new RangeError(`bet on selection ${b.selection_id}, not a runner of the market`);
    const lose = exactCenti(b, false);
    base += lose;
    delta[i]! += exactCenti(b, true) - lose;
  }
  let min = 0;
  const profit = selection_ids.map((id, i): [string, number] => {
    const p = safePaise(floorDivBig(base + delta[i]!, 100n));
    if (p < min) min = p;
    return [id, p];
  });
  // fromEntries defines own properties, so even an id like "__proto__" is an ordinary key.
  return { profit_paise: Object.fromEntries(profit), exposure_paise: -min || 0 };
}

/**
 * Why a bet on one runner is refused, in words a bettor can read, or null if it is taken. In order:
 * the market's status; the side has a quote and the bet names exactly that rate ('Rate changed':
 * the rate the bettor saw is gone, whether replaced or withdrawn); the stake is a positive integer
 * of paise ('Invalid stake') within [min, max] (shown in rupees). A bettor's bad numbers give a
 * text, never a throw; the operator's limits and the house's quote are checked (a throw is a bug).
 */
export function bookmakerRefusal(input: {
  quote: BookmakerQuote;
  is_back: boolean;
  rate: number;
  stake_paise: number;
  min_stake_paise: number;
  max_stake_paise: number;
}): string | null {
  const { quote } = input;
  assertStakeLimits(input.min_stake_paise, input.max_stake_paise);
  for (const r of [quote.back_rate, quote.lay_rate]) if (r !== null) assertRate(r);
  const closed = statusRefusal(quote.status);
  if (closed !== null) return closed;
  const quoted = input.is_back ? quote.back_rate : quote.lay_rate;
  if (quoted === null || input.rate !== quoted) return 'Rate changed';
  return stakeRefusal(input.stake_paise, input.min_stake_paise, input.max_stake_paise);
}

/**
 * Settled profits of one user's bets in a market: `winners` are the selection ids that won, or
 * 'VOID' (all 0). Their exact total is rounded once, down — the user's position at that result, or
 * in a k-way dead heat (DOMAIN.md "Dead heat": the stake is divided by k, that share wins at the
 * full rate and the rest is lost) the exact mean of their positions on the k tied runners, never
 * below the worst of them, so never more than the exposure held. Each bet gets its exact profit
 * rounded down plus, largest rests first, a paisa of what the one rounding of the total leaves, so
 * the bets add up to the user's result exactly (bet history = the ledger).
 */
export function settleBookmakerBetsPaise(
  bets: readonly BookmakerBet[],
  outcome: { winners: readonly string[] } | 'VOID',
): number[] {
  for (const b of bets) checkBet(b);
  if (outcome === 'VOID') return bets.map(() => 0);
  const k = outcome.winners.length;
  assertInt(k, 'winners.length', 1);
  if (new Set(outcome.winners).size !== k) throw new RangeError('a winner is listed twice');
  const d = 100n * BigInt(k);
  // In hundredths of a paisa times k: a bet on a tied runner wins once and loses k − 1 times.
  const exact = bets.map((b) =>
    outcome.winners.includes(b.selection_id)
      ? exactCenti(b, true) + BigInt(k - 1) * exactCenti(b, false)
      : BigInt(k) * exactCenti(b, false),
  );
  return shareRoundedTotal(exact, d, 'bookmaker');
}

/** One bet settled alone (`settleBookmakerBetsPaise` of that bet). */
export function settleBookmakerBetPaise(
  bet: BookmakerBet,
  outcome: { winners: readonly string[] } | 'VOID',
): number {
  return settleBookmakerBetsPaise([bet], outcome)[0]!;
}
