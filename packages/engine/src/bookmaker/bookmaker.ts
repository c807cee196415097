// Bookmaker markets (DOMAIN.md "Bookmaker markets"): the house quotes a back and a lay rate per 100
// on each runner; a bet is taken whole at the quoted rate or refused, so there is no unmatched part.
// Position and exposure are match odds' P_i with odds = 1 + rate/100.
//
// Rounding (house.ts): a back's win stake·rate/100 rounds down, a lay's loss stake·rate/100 rounds
// up, per bet. `bookmakerBetProfitPaise` is the one per-bet figure: the position sums it and
// settlement pays it, so the exposure is exactly the worst loss a single winner can settle to.
import {
  assertInt,
  assertRate,
  assertStake,
  assertStakeLimits,
  ceilDiv,
  rateLossPaise,
  rateWinPaise,
  safePaise,
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

/**
 * Per-runner profit P_i (the position shown beside each runner) and exposure = max(0, −min_i P_i).
 * `selection_ids` lists every runner of the market; a bet on any other id is an error. O(bets + runners):
 * each bet adds its losing figure to every runner (base) and the difference to its own runner.
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
  let base = 0;
  const delta = new Array<number>(selection_ids.length).fill(0);
  for (const b of bets) {
    const i = at.get(b.selection_id);
    if (i === undefined)
      throw new RangeError(`bet on selection ${b.selection_id}, not a runner of the market`);
    const lose = bookmakerBetProfitPaise(b, false);
    base += lose;
    delta[i]! += bookmakerBetProfitPaise(b, true) - lose;
  }
  let min = 0;
  const profit = selection_ids.map((id, i): [string, number] => {
    const p = safePaise(base + delta[i]!);
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
 * Settled profit of one bet: `winners` are the selection ids that won, or 'VOID' (0).
 *
 * One winner: `bookmakerBetProfitPaise` itself. A k-way dead heat (k = winners.length ≥ 2; DOMAIN.md
 * "Dead heat": the stake is divided by k, that share wins at the full rate and the rest is lost)
 * is exactly the mean of the bet's single-winner profits over the k tied runners; it is the mean of
 * the ROUNDED figures, rounded UP. Why up: then a user's dead-heat result is ≥ the mean of their
 * positions on the tied runners ≥ −exposure, so a dead heat never takes more than the exposure held
 * (rounding each bet down could, by up to a paisa per bet). The house gives up < 1 paisa per bet.
 */
export function settleBookmakerBetPaise(
  bet: BookmakerBet,
  outcome: { winners: readonly string[] } | 'VOID',
): number {
  checkBet(bet);
  if (outcome === 'VOID') return 0;
  const k = outcome.winners.length;
  assertInt(k, 'winners.length', 1);
  if (new Set(outcome.winners).size !== k) throw new RangeError('a winner is listed twice');
  if (!outcome.winners.includes(bet.selection_id)) return bookmakerBetProfitPaise(bet, false);
  if (k === 1) return bookmakerBetProfitPaise(bet, true);
  const sum = bookmakerBetProfitPaise(bet, true) + (k - 1) * bookmakerBetProfitPaise(bet, false);
  return ceilDiv(safePaise(sum), k);
}
