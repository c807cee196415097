// Cash out (issue 21): the hedge that makes a user's matched position on an exchange market (match
// odds, win, place) the same whatever wins, at the best prices available now.
//
// With P_i the profit if runner i wins, a back of stake s on j at price p adds s·p to outcome j and
// takes s from every outcome; a lay of s on j at q takes s·q from outcome j and adds s to every
// outcome. So after backs b_j and lays l_j every outcome ends at
//
//   F_i = P_i + b_i·p_i − l_i·q_i + C,   C = Σ l_j − Σ b_j,
//
// and F_i is the same for all i when P_i + b_i·p_i − l_i·q_i = K for one level K: runners below K
// are backed up to it (b_i = (K − P_i)/p_i), runners above it laid down to it (l_i = (P_i − K)/q_i).
// The equal profit F(K) = K − Σ_{P_i<K} (K − P_i)/p_i + Σ_{P_i>K} (P_i − K)/q_i is linear between
// consecutive P_i, so its best over [min P, max P] is at one of them; beyond, it falls (above max P
// its slope is 1 − Σ 1/p_i, below min P it is 1 − Σ 1/q_i, and a market whose offers to backers sum
// over 100% and to layers under it leaves no free money outside). So the P_i are the only levels
// tried. A level whose bets lack a price, the size at that price, or the minimum stake is not
// offered; the best offered level is the quote.
//
// Money: stakes are whole paise, rounded to the nearest; each outcome's result is then computed
// exactly (hundredths of a paisa) and the quote's profit is the smallest, rounded down (against the
// bettor, as every position is: docs/settlement.md "One rounding rule").
import type { OrderSide } from '../book/index.ts';
import type { Paise, PriceHundredths } from '../ladder/index.ts';
import { isValidPrice } from '../ladder/index.ts';

/** A price a user can take now and the money available at it. */
export interface TakePrice {
  readonly price: PriceHundredths;
  readonly size_paise: Paise;
}

export interface CashOutRunner {
  readonly selection_id: string;
  /** The matched position's profit (negative: loss) if this runner wins, rounded down. */
  readonly pnl_paise: Paise;
  /**
   * What rounding pnl_paise down dropped, hundredths of a paisa (0..99; marketPosition's
   * `worst_rest` of matched bets): the quote works on the exact position, so the figure it locks is
   * the one settlement pays, rounded once (issue 47: a quote of −₹4.15 settled at −₹4.14). 0 when absent.
   */
  readonly pnl_rest?: number;
  /** The best price the user can back at now (the best lay offer), or null. */
  readonly back: TakePrice | null;
  /** The best price the user can lay at now (the best back offer), or null. */
  readonly lay: TakePrice | null;
}

export interface HedgeBet {
  readonly selection_id: string;
  readonly side: OrderSide;
  readonly price: PriceHundredths;
  readonly stake_paise: Paise;
}

export type CashOutQuote =
  | {
      readonly ok: true;
      /** The bets to place, fill-or-kill at their prices (none when the position is already level). */
      readonly bets: readonly HedgeBet[];
      /** What every outcome ends at after the bets (the smallest of them, rounded down). */
      readonly profit_paise: Paise;
      /** Each runner's result after the bets, in the runners' order. */
      readonly outcomes_paise: readonly Paise[];
    }
  | {
      readonly ok: false;
      readonly reason: 'NO_POSITION' | 'NO_PRICE' | 'NO_LIQUIDITY' | 'BELOW_MIN_STAKE';
      readonly message: string;
    };

/** A market has at most this many runners (a race card, a match's outcomes). */
export const CASH_OUT_MAX_RUNNERS = 64;

type Level =
  | { bets: HedgeBet[]; outcomes_hundredths: number[] }
  | { fail: 'NO_PRICE' | 'NO_LIQUIDITY' | 'BELOW_MIN_STAKE' };

function checkRunner(r: CashOutRunner): void {
  if (!Number.isSafeInteger(r.pnl_paise)) throw new RangeError(`pnl_paise must be integer paise`);
  const rest = r.pnl_rest ?? 0;
  if (!Number.isInteger(rest) || rest < 0 || rest > 99) throw new RangeError('pnl_rest must be 0..99');
  for (const t of [r.back, r.lay]) {
    if (t === null) continue;
    if (!isValidPrice(t.price)) throw new RangeError(`price ${String(t.price)} is not on the ladder`);
    if (!Number.isSafeInteger(t.size_paise) || t.size_paise < 0)
      throw new RangeError('size_paise must be >= 0');
  }
}

/** The bets that bring every runner to level K, and each outcome's exact result (hundredths of a paisa). */
function hedgeToLevel(runners: readonly CashOutRunner[], k_paise: number, min_stake_paise: number): Level {
  const bets: HedgeBet[] = [];
  const own: number[] = []; // b_i·p_i − l_i·q_i per runner, in hundredths of a paisa
  let common = 0; // Σ l − Σ b, in paise
  for (const r of runners) {
    const gap = k_paise - r.pnl_paise;
    if (gap === 0) {
      own.push(0);
      continue;
    }
    const take = gap > 0 ? r.back : r.lay;
    if (take === null) return { fail: 'NO_PRICE' };
    const stake_paise = Math.round((Math.abs(gap) * 100) / take.price);
    if (stake_paise === 0) {
      own.push(0);
      continue;
    }
    if (stake_paise < min_stake_paise) return { fail: 'BELOW_MIN_STAKE' };
    if (stake_paise > take.size_paise) return { fail: 'NO_LIQUIDITY' };
    const side: OrderSide = gap > 0 ? 'BACK' : 'LAY';
    bets.push({ selection_id: r.selection_id, side, price: take.price, stake_paise });
    own.push(side === 'BACK' ? stake_paise * take.price : -stake_paise * take.price);
    common += side === 'BACK' ? -stake_paise : stake_paise;
  }
  const outcomes_hundredths = runners.map(
    (r, i) => (r.pnl_paise + common) * 100 + (r.pnl_rest ?? 0) + own[i]!,
  );
  return { bets, outcomes_hundredths };
}

/**
 * The cash-out quote for a matched position: the hedge bets and the profit (or loss) every outcome
 * then ends at, the best of the levels that can be traded now; or why none can.
 */
export function quoteCashOut(
  runners: readonly CashOutRunner[],
  options: { min_stake_paise?: Paise } = {},
): CashOutQuote {
  if (runners.length < 2 || runners.length > CASH_OUT_MAX_RUNNERS) {
    throw new RangeError(`a market has 2..${CASH_OUT_MAX_RUNNERS} runners, got ${runners.length}`);
  }
  runners.forEach(checkRunner);
  const min_stake_paise = options.min_stake_paise ?? 0;
  if (runners.every((r) => r.pnl_paise === 0)) {
    return {
      ok: false,
      reason: 'NO_POSITION',
      message: 'You have no matched bets on this market to cash out.',
    };
  }
  let best: { bets: HedgeBet[]; outcomes_hundredths: number[]; worst: number } | null = null;
  const fails = new Set<string>();
  for (const k of new Set(runners.map((r) => r.pnl_paise))) {
    const level = hedgeToLevel(runners, k, min_stake_paise);
    if ('fail' in level) {
      fails.add(level.fail);
      continue;
    }
    const worst = Math.min(...level.outcomes_hundredths);
    if (best === null || worst > best.worst) best = { ...level, worst };
  }
  if (best === null) {
    if (fails.has('NO_LIQUIDITY')) {
      return {
        ok: false,
        reason: 'NO_LIQUIDITY',
        message: 'Not enough is available at the current prices to cash out in full.',
      };
    }
    if (fails.has('BELOW_MIN_STAKE')) {
      return {
        ok: false,
        reason: 'BELOW_MIN_STAKE',
        message: 'The cash out would need a bet below the minimum stake.',
      };
    }
    return { ok: false, reason: 'NO_PRICE', message: 'A runner has no price to cash out against right now.' };
  }
  return {
    ok: true,
    bets: best.bets,
    profit_paise: Math.floor(best.worst / 100),
    outcomes_paise: best.outcomes_hundredths.map((h) => Math.floor(h / 100)),
  };
}
