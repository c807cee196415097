// Position and exposure of one user in one market (DOMAIN.md "Exposure and profit/loss").
//
//   P_i = Σ backs on i · win − Σ backs on others · stake − Σ lays on i · liability + Σ lays on others · stake
//
// over matched bets; unmatched bets add only their worst case (an unmatched back loses its stake on
// every other outcome, an unmatched lay loses its liability on its own outcome), never netted.
// Exposure = max(0, −min_i). Rounding (docs/settlement.md "One rounding rule"): each P_i is summed
// EXACTLY (to the hundredth of a paisa: stake·(odds−1) is stake·(price−100)/100) and rounded once,
// down (against the bettor). So a position does not depend on how the bets are split or grouped
// (per fill, per bet, per price level), never overstates a win and never understates a loss, and
// the exposure covers whatever settlement (one rounding per user and market) charges.
import type { Paise, PriceHundredths } from '../ladder/index.ts';
import type { BookEvent, OrderBook, OrderSide } from '../book/index.ts';
import type { RunnerResting } from './resting.ts';

/** One bet (or matched part of one, or unmatched remainder) as far as position is concerned. */
export interface PositionBet {
  readonly selection_id: string;
  readonly side: OrderSide;
  /** Hundredths, an integer in 101..100000 (the fill price for matched parts, the limit for unmatched). */
  readonly price: PriceHundredths;
  readonly stake_paise: Paise;
}

/** A user's bets in one market. Cancelled and lapsed amounts are not included. */
export interface MarketBets {
  /** Matched parts, ideally one per fill at its own price. */
  readonly matched: readonly PositionBet[];
  /** Unmatched remainders at their limit price. */
  readonly unmatched?: readonly PositionBet[];
  /**
   * Unmatched remainders summed per runner (resting.ts), by selection id: counted as the orders
   * they sum would be, besides any in `unmatched`.
   */
  readonly resting?: ReadonlyMap<string, RunnerResting>;
}

export interface RunnerPosition {
  readonly selection_id: string;
  /** P_i over matched bets: the profit (negative: loss) if this runner wins. The "position" shown. */
  readonly pnl_paise: Paise;
  /** P_i with every unmatched bet's loss added (matched + unmatched worst case). */
  readonly worst_paise: Paise;
  /** What rounding worst_paise down dropped, in hundredths of a paisa (0..99): the exact worst is worst_paise + worst_rest/100. */
  readonly worst_rest: number;
}

/**
 * What can happen in a market of runners (its outcome space): `winners` of the runners still
 * running win. 1: one winner of n (match odds, a race's win market); k > 1: any k of n places (a
 * race's place market), a dead heat for the last places sharing them. A dead heat pays each of its
 * runners a fraction of the place, so its outcome lies between the whole outcomes around it: the
 * worst whole outcome is the worst of all. With n ≤ k runners left, every runner places.
 */
export interface RunnerOutcomes {
  readonly winners: number;
}

/** One winner of n: the outcome space of match odds and of a race's win market. */
export const ONE_WINNER: RunnerOutcomes = Object.freeze({ winners: 1 });

/** The most places a market can pay (the racing rules pay at most 4). */
export const MAX_WINNERS = 16;

export interface MarketPosition {
  /** How many runners win (RunnerOutcomes.winners): 1, or the places a place market pays. */
  readonly winners: number;
  /**
   * In the order of the selection ids given. One winner: P_i is the market's profit if runner i
   * wins. k winners (a place market): each runner's bets in isolation — P_i is the profit of the
   * bets on runner i if it is placed (the figure a place market shows beside a runner).
   */
  readonly runners: RunnerPosition[];
  /** max(0, −min_i worst_paise): the market's liability, what the balance must cover. */
  readonly exposure_paise: Paise;
  /** max(0, −min_i pnl_paise): the liability of the matched bets alone. */
  readonly matched_exposure_paise: Paise;
}

function checkBet(b: PositionBet): void {
  if (!Number.isSafeInteger(b.price) || b.price < 101 || b.price > 100_000) {
    throw new RangeError(`price must be integer hundredths in 101..100000, got ${String(b.price)}`);
  }
  if (!Number.isSafeInteger(b.stake_paise) || b.stake_paise < 0) {
    throw new RangeError(`stake_paise must be a non-negative integer, got ${String(b.stake_paise)}`);
  }
  if (b.side !== 'BACK' && b.side !== 'LAY') throw new RangeError(`bad side ${String(b.side)}`);
}

function checkedResult(v: bigint): number {
  const n = Number(v);
  if (!Number.isSafeInteger(n)) throw new RangeError('amount out of the safe integer range');
  return n;
}

/** A back's profit if it wins: stake·(odds−1), rounded down to the paisa. */
export function backWinPaise(stake_paise: Paise, price: PriceHundredths): Paise {
  const num = stake_paise * (price - 100);
  if (Number.isSafeInteger(num)) return Math.floor(num / 100);
  return checkedResult((BigInt(stake_paise) * BigInt(price - 100)) / 100n);
}

/** A lay's loss if its runner wins: stake·(odds−1), rounded up to the paisa. */
export function layLiabilityPaise(stake_paise: Paise, price: PriceHundredths): Paise {
  const num = stake_paise * (price - 100);
  if (Number.isSafeInteger(num)) return Math.ceil(num / 100);
  return checkedResult((BigInt(stake_paise) * BigInt(price - 100) + 99n) / 100n);
}

/**
 * What a bet risks if it loses: a back its stake, a lay its liability (rounded up). This is the
 * profit/liability figure of a bet slip, with `backWinPaise` for what a back wins.
 */
export function betRiskPaise(side: OrderSide, stake_paise: Paise, price: PriceHundredths): Paise {
  return side === 'BACK' ? stake_paise : layLiabilityPaise(stake_paise, price);
}

function safe(n: number): number {
  if (!Number.isSafeInteger(n)) throw new RangeError('position out of the safe integer range');
  return n;
}

/**
 * stake·(odds−1) split exactly as whole paise and the hundredths of a paisa left over:
 * stake·(price−100) = 100·paise + rest, rest in 0..99 (safe for any stake the engine takes).
 */
function oddsPart(stake_paise: Paise, price: PriceHundredths): { paise: number; rest: number } {
  return {
    paise: backWinPaise(stake_paise, price),
    rest: ((stake_paise % 100) * ((price - 100) % 100)) % 100,
  };
}

/** Whole paise plus hundredths of a paisa (any sign), rounded down once: the one rounding of P_i. */
function floorOf(paise: number, hundredths: number): number {
  return safe(paise + Math.floor(hundredths / 100));
}

/** A selection's index among `selection_ids`; a bet on another selection is an error. */
function selectionIndex(selection_ids: readonly string[]): (selection_id: string) => number {
  const at = new Map<string, number>();
  selection_ids.forEach((id, i) => at.set(id, i));
  return (selection_id) => {
    const i = at.get(selection_id);
    if (i === undefined) throw new RangeError(`bet on selection ${selection_id}, not a runner of the market`);
    return i;
  };
}

/** A bet's runner's index among `selection_ids` (the bet checked); a bet on another selection is an error. */
function runnerIndex(selection_ids: readonly string[]): (b: PositionBet) => number {
  const indexOf = selectionIndex(selection_ids);
  return (b) => {
    checkBet(b);
    return indexOf(b.selection_id);
  };
}

/** The per-runner sums of `bets.resting` with their runner's index (each sum checked). */
function restingSums(
  selection_ids: readonly string[],
  bets: MarketBets,
): { i: number; back_paise: number; lay_hundredths: number }[] {
  if (!bets.resting || bets.resting.size === 0) return [];
  const indexOf = selectionIndex(selection_ids);
  const out: { i: number; back_paise: number; lay_hundredths: number }[] = [];
  for (const [selection_id, r] of bets.resting) {
    for (const n of [r.back_paise, r.lay_hundredths]) {
      if (!Number.isSafeInteger(n) || n < 0)
        throw new RangeError(`resting sums must be non-negative integers, got ${String(n)}`);
    }
    out.push({ i: indexOf(selection_id), back_paise: r.back_paise, lay_hundredths: r.lay_hundredths });
  }
  return out;
}

/**
 * Per-runner position and the exposure of one user's bets in one market. `selection_ids` are the
 * market's outcomes (the runners still running); a bet on any other selection is an error (void
 * bets on removed runners must be left out by the caller). O(bets + runners).
 */
export function marketPosition(
  selection_ids: readonly string[],
  bets: MarketBets,
  outcomes: RunnerOutcomes = ONE_WINNER,
): MarketPosition {
  const k = checkWinners(outcomes);
  if (k > 1) return placePosition(selection_ids, bets, k);
  const n = selection_ids.length;
  // P_i = base + delta[i] (+ hundredths[i] / 100, exact): a back on i takes its stake from every
  // outcome (base) and gives it back plus the win on i; a lay on i gives its stake to every
  // outcome and takes it back plus the liability. Whole paise and hundredths are kept apart so
  // every sum stays an exact integer, and each outcome is rounded once at the end.
  let base = 0;
  const delta = new Array<number>(n).fill(0);
  const hundredths = new Array<number>(n).fill(0);
  let worstBase = 0;
  const worstDelta = new Array<number>(n).fill(0);
  const worstHundredths = new Array<number>(n).fill(0);
  const indexOf = runnerIndex(selection_ids);
  for (const b of bets.matched) {
    const i = indexOf(b);
    const odds = oddsPart(b.stake_paise, b.price);
    if (b.side === 'BACK') {
      base -= b.stake_paise;
      delta[i]! += b.stake_paise + odds.paise;
      hundredths[i]! += odds.rest;
    } else {
      base += b.stake_paise;
      delta[i]! -= b.stake_paise + odds.paise;
      hundredths[i]! -= odds.rest;
    }
  }
  for (const b of bets.unmatched ?? []) {
    const i = indexOf(b);
    if (b.side === 'BACK') {
      worstBase -= b.stake_paise;
      worstDelta[i]! += b.stake_paise;
    } else {
      const odds = oddsPart(b.stake_paise, b.price);
      worstDelta[i]! -= odds.paise;
      worstHundredths[i]! -= odds.rest;
    }
  }
  for (const r of restingSums(selection_ids, bets)) {
    // The same sums the loop above makes, already summed: backs' stakes, lays' exact liability.
    const rest = r.lay_hundredths % 100;
    worstBase -= r.back_paise;
    worstDelta[r.i]! += r.back_paise - (r.lay_hundredths - rest) / 100;
    worstHundredths[r.i]! -= rest;
  }
  const runners: RunnerPosition[] = [];
  let minPnl = 0;
  let minWorst = 0;
  for (let i = 0; i < n; i++) {
    const whole = safe(base + delta[i]!);
    const pnl = floorOf(whole, hundredths[i]!);
    const worstWhole = safe(whole + worstBase + worstDelta[i]!);
    const worstCenti = hundredths[i]! + worstHundredths[i]!;
    const worst = floorOf(worstWhole, worstCenti);
    const worst_rest = worstCenti - Math.floor(worstCenti / 100) * 100;
    runners.push({ selection_id: selection_ids[i]!, pnl_paise: pnl, worst_paise: worst, worst_rest });
    if (pnl < minPnl) minPnl = pnl;
    if (worst < minWorst) minWorst = worst;
  }
  return { winners: 1, runners, exposure_paise: -minWorst || 0, matched_exposure_paise: -minPnl || 0 };
}

function checkWinners(outcomes: RunnerOutcomes): number {
  const k = outcomes.winners;
  if (!Number.isSafeInteger(k) || k < 1 || k > MAX_WINNERS)
    throw new RangeError(`winners must be an integer in 1..${MAX_WINNERS}, got ${String(k)}`);
  return k;
}

/** Hundredths of a paisa to paise, rounded down (toward −∞): the one rounding of an outcome. */
function floorHundredths(x: bigint): number {
  return checkedResult(x >= 0n ? x / 100n : -((-x + 99n) / 100n));
}

/**
 * The worst outcome, in exact hundredths of a paisa, when `winners` of the runners are placed:
 * Σ_i ifNot_i + the `winners` smallest (ifPlaced_i − ifNot_i) — each runner's bets pay on whether
 * it alone is placed, so the worst set of placed runners is the one that costs most. 0 at best
 * (no bets: nothing lost).
 */
function worstPlaced(ifPlaced: readonly bigint[], ifNot: readonly bigint[], winners: number): bigint {
  let total = 0n;
  for (const x of ifNot) total += x;
  const gain = ifPlaced.map((x, i) => x - ifNot[i]!).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  for (let i = 0; i < Math.min(winners, gain.length); i++) total += gain[i]!;
  return total;
}

/**
 * A place market's position (any `winners` of n placed, DOMAIN.md "Place markets"): each runner's
 * bets win or lose on whether that runner is placed, whatever the others do. Exposure is the worst
 * set of placed runners over the outcome space, summed exactly and rounded down once, as a match-odds
 * outcome is. O(bets + n log n); exact in BigInt (a place market has few runners).
 */
function placePosition(selection_ids: readonly string[], bets: MarketBets, winners: number): MarketPosition {
  const n = selection_ids.length;
  const zeros = () => new Array<bigint>(n).fill(0n);
  // In hundredths of a paisa: each runner's matched profit if placed and if not, then with the
  // unmatched bets' worst cases added (an unmatched back loses its stake if its runner is not
  // placed, an unmatched lay its liability if it is; never netted).
  const placed = zeros();
  const notPlaced = zeros();
  const indexOf = runnerIndex(selection_ids);
  for (const b of bets.matched) {
    const i = indexOf(b);
    const odds = BigInt(b.stake_paise) * BigInt(b.price - 100);
    const stake = BigInt(b.stake_paise) * 100n;
    placed[i]! += b.side === 'BACK' ? odds : -odds;
    notPlaced[i]! += b.side === 'BACK' ? -stake : stake;
  }
  const worstPlacedBy = [...placed];
  const worstNotPlaced = [...notPlaced];
  for (const b of bets.unmatched ?? []) {
    const i = indexOf(b);
    if (b.side === 'BACK') worstNotPlaced[i]! -= BigInt(b.stake_paise) * 100n;
    else worstPlacedBy[i]! -= BigInt(b.stake_paise) * BigInt(b.price - 100);
  }
  for (const r of restingSums(selection_ids, bets)) {
    worstNotPlaced[r.i]! -= BigInt(r.back_paise) * 100n;
    worstPlacedBy[r.i]! -= BigInt(r.lay_hundredths);
  }
  const runners: RunnerPosition[] = selection_ids.map((selection_id, i) => {
    const worst = floorHundredths(worstPlacedBy[i]!);
    return {
      selection_id,
      pnl_paise: floorHundredths(placed[i]!),
      worst_paise: worst,
      worst_rest: Number(worstPlacedBy[i]! - BigInt(worst) * 100n),
    };
  });
  const exposure = -Math.min(0, floorHundredths(worstPlaced(worstPlacedBy, worstNotPlaced, winners))) || 0;
  const matched = -Math.min(0, floorHundredths(worstPlaced(placed, notPlaced, winners))) || 0;
  return { winners, runners, exposure_paise: exposure, matched_exposure_paise: matched };
}

/** The market's exposure (liability) in paise: max(0, −min over outcomes of the worst P). */
export function marketExposurePaise(
  selection_ids: readonly string[],
  bets: MarketBets,
  outcomes: RunnerOutcomes = ONE_WINNER,
): Paise {
  return marketPosition(selection_ids, bets, outcomes).exposure_paise;
}

export interface WhatIf {
  /** The position now. */
  readonly before: MarketPosition;
  /** As if the new bet matched in full at its price: the position a bet slip shows. */
  readonly if_matched: MarketPosition;
  /**
   * As if it stayed unmatched in full: the worst case. Its exposure is never below if_matched's
   * (a bet matched at its price or better only helps), so this is what a balance check must cover.
   */
  readonly if_unmatched: MarketPosition;
  /** if_unmatched.exposure − before.exposure: the extra liability to check against the balance (may be ≤ 0). */
  readonly exposure_change_paise: Paise;
}

/**
 * The position and exposure a prospective bet would make, before it is placed. The server checks
 * `before.exposure_paise`-less liability + `if_unmatched.exposure_paise` against the balance (or,
 * exactly, recomputes after matching); the client's bet slip shows `if_matched.runners`.
 */
export function whatIf(
  selection_ids: readonly string[],
  bets: MarketBets,
  bet: PositionBet,
  outcomes: RunnerOutcomes = ONE_WINNER,
): WhatIf {
  const before = marketPosition(selection_ids, bets, outcomes);
  const if_matched = marketPosition(selection_ids, { ...bets, matched: [...bets.matched, bet] }, outcomes);
  const if_unmatched = marketPosition(
    selection_ids,
    { ...bets, unmatched: [...(bets.unmatched ?? []), bet] },
    outcomes,
  );
  return {
    before,
    if_matched,
    if_unmatched,
    exposure_change_paise: if_unmatched.exposure_paise - before.exposure_paise,
  };
}

/**
 * The exposure `position` would have with `bet` added as unmatched (the worst case a balance check
 * must cover), in O(runners) from the position's own worst P_i: an unmatched back takes its stake
 * from every other outcome, an unmatched lay its liability from its own. Equal to
 * `marketPosition(ids, { matched, unmatched: [...unmatched, bet] }).exposure_paise`.
 */
export function exposureWithUnmatchedPaise(position: MarketPosition, bet: PositionBet): Paise {
  checkBet(bet);
  // A place market's worst outcome is a set of runners: the runners' own figures do not give it.
  if (position.winners !== 1)
    throw new RangeError('exposureWithUnmatchedPaise is for one-winner markets; use marketPosition');
  const k = position.runners.findIndex((r) => r.selection_id === bet.selection_id);
  if (k < 0) throw new RangeError(`bet on selection ${bet.selection_id}, not a runner of the market`);
  let minWorst = 0;
  position.runners.forEach((r, i) => {
    let worst = r.worst_paise;
    if (bet.side === 'BACK' && i !== k) worst = safe(worst - bet.stake_paise);
    if (bet.side === 'LAY' && i === k) {
      // Exact: (worst_paise + worst_rest/100) − liability, rounded down once.
      const odds = oddsPart(bet.stake_paise, bet.price);
      worst = floorOf(worst - odds.paise, r.worst_rest - odds.rest);
    }
    if (worst < minWorst) minWorst = worst;
  });
  return -minWorst || 0;
}

/**
 * The matched positions P_i (paise) if `bet` matched in full, from the positions now given exactly:
 * `pnl_paise` plus `rest` hundredths of a paisa (0..99; what rounding P_i down dropped, i.e.
 * marketPosition's `worst_rest` of matched bets alone; 0 when unknown). Each outcome is rounded once,
 * so this equals `marketPosition(ids, { matched: [...matched, bet] }).runners[i].pnl_paise` —
 * adding the new bet's own rounded figure to the rounded position can be a paisa off. O(runners).
 */
export function positionsIfMatchedPaise(
  runners: readonly { readonly selection_id: string; readonly pnl_paise: Paise; readonly rest?: number }[],
  bet: PositionBet,
  outcomes: RunnerOutcomes = ONE_WINNER,
): Paise[] {
  checkBet(bet);
  // A place market's figure beside a runner is that runner's bets alone: only the bet's runner moves.
  const isolated = checkWinners(outcomes) > 1;
  const k = runners.findIndex((r) => r.selection_id === bet.selection_id);
  if (k < 0) throw new RangeError(`bet on selection ${bet.selection_id}, not a runner of the market`);
  const odds = oddsPart(bet.stake_paise, bet.price);
  return runners.map((r, i) => {
    const rest = r.rest ?? 0;
    if (!Number.isSafeInteger(rest) || rest < 0 || rest > 99)
      throw new RangeError(`rest must be an integer in 0..99, got ${String(rest)}`);
    // A back on k: +win on k, −stake elsewhere; a lay on k: −liability on k, +stake elsewhere.
    if (i !== k) {
      if (isolated) return r.pnl_paise;
      return safe(r.pnl_paise + (bet.side === 'BACK' ? -bet.stake_paise : bet.stake_paise));
    }
    return bet.side === 'BACK'
      ? floorOf(r.pnl_paise + odds.paise, rest + odds.rest)
      : floorOf(r.pnl_paise - odds.paise, rest - odds.rest);
  });
}

/** A user's unmatched remainders on a book, as position bets (for `MarketBets.unmatched`). */
export function unmatchedBetsOf(book: OrderBook, user_id: string): PositionBet[] {
  const out: PositionBet[] = [];
  for (const o of book.orders.values()) {
    if (o.user_id === user_id) {
      out.push({
        selection_id: o.selection_id,
        side: o.side,
        price: o.price,
        stake_paise: o.remaining_paise,
      });
    }
  }
  return out;
}

/**
 * The matched parts a user got from a command's events (one per fill, at the fill price, on the
 * user's own side whether maker or taker): add them to `MarketBets.matched`.
 */
export function matchedBetsFromEvents(events: readonly BookEvent[], user_id: string): PositionBet[] {
  const out: PositionBet[] = [];
  for (const e of events) {
    if (e.type !== 'FILL') continue;
    if (e.taker_user_id === user_id) {
      out.push({
        selection_id: e.selection_id,
        side: e.taker_side,
        price: e.price,
        stake_paise: e.size_paise,
      });
    }
    if (e.maker_user_id === user_id) {
      const side: OrderSide = e.taker_side === 'BACK' ? 'LAY' : 'BACK';
      out.push({ selection_id: e.selection_id, side, price: e.price, stake_paise: e.size_paise });
    }
  }
  return out;
}
