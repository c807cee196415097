import type { Fence } from '../../plugins/leader.ts';
// A batch's commands run through the engine against a market's state: the pure part of the group
// commit (no store, no clock, no I/O). service.ts reads what a batch needs under the market lock,
// calls these functions, and writes what they gathered in `Changes`.
import {
  applyResting,
  cancelOrder,
  cloneBook,
  exposureWithUnmatchedPaise,
  marketPosition,
  matchedBetsFromEvents,
  placeOrder,
  restingOf,
  type BookEvent,
  type BookResting,
  type MarketBets,
  type MarketPosition,
  type OrderBook,
  type PositionBet,
  type RunnerOutcomes,
} from '@backlay/engine';
import type { bets, fills } from './schema.ts';
import type { markets } from '../markets/schema.ts';
import type { CashOutCommand, CashOutOutcome, FirstCashOut } from './cash-out-types.ts';
import type { BatchWrite, BetDelta } from './queries.ts';
import type { CancelOutcome, PlaceBetOutcome, PlaceBetRequest } from './types.ts';
import { exposureLimitMessage, type TreeLimit } from '../wallet/tree-limit.ts';
import { MARKET_OTHER_KIND_MESSAGE, marketRefusalOf, versionRefusalOf } from '../markets/takes-bets.ts';

const rupees = (paise: number) => Math.round(paise) / 100;

/** A refusal raised inside a transaction: rolls it back and becomes `{ ok: false, message }`. */
export class Refusal extends Error {}

export type MarketRow = typeof markets.$inferSelect;
/** The columns of a market row that a batch reads. */
export type BatchMarket = Pick<
  MarketRow,
  | 'marketId'
  | 'matchId'
  | 'marketKind'
  | 'status'
  | 'version'
  | 'inPlay'
  | 'betDelayS'
  | 'minStakePaise'
  | 'maxStakePaise'
  | 'nextSeq'
  | 'winners'
>;
export type RunnerRow = {
  selectionId: number;
  name: string;
  status: 'ACTIVE' | 'WINNER' | 'LOSER' | 'REMOVED';
};

export type Outcome = PlaceBetOutcome | CancelOutcome | CashOutOutcome;
export type PlaceCommand = {
  kind: 'place';
  userId: number;
  request: PlaceBetRequest;
  /** The market version seen before the in-play delay, or null when the bet did not wait. */
  delayedVersion: number | null;
  /** A leader-only order's term: refused in the batch unless it is still current. */
  fence?: Fence | null;
  /** Set when an upline's exposure limit cut the bet's grant: a refusal names the limit. */
  limit?: TreeLimit;
};
export type CancelCommand = {
  kind: 'cancel';
  userId: number;
  /**
   * One bet, every bet of the user on the market, or these bets of the user on the market (a
   * maker's amend): of a list, bets not the user's, not on this market, or with nothing left to
   * cancel are skipped.
   */
  target: { bet_id: number } | { market_id: number } | { market_id: number; bet_ids: readonly number[] };
};
export type BatchCommand = PlaceCommand | CancelCommand | CashOutCommand;

/** What the store already holds under a (user, request_id) pair: the first placement's answer. */
export type FirstBet = {
  betId: number;
  sizePaise: number;
  placedMatchedPaise: number;
  placedMatchedValue: number;
};

type Level = { selection_id: string; side: 'BACK' | 'LAY'; price: number; stake_paise: number };
/** Matched stake per user, then per (runner, side, price): the aggregate the fills would give. */
export type Positions = Map<string, Map<string, Level>>;
/** What a node keeps of a market between commands (see book-cache.ts). */
export type MarketState = {
  book: OrderBook;
  positions: Positions;
  /** Each user's resting order ids (an order leaves when its last paisa is matched, cancelled or lapsed). */
  ordersOf: Map<string, Set<string>>;
  /**
   * Each user's resting orders summed per runner (the engine's resting.ts): what their positions
   * take of the orders, kept from the same events as `book`, so a bet's check costs O(runners)
   * however many orders its user has resting.
   */
  resting: BookResting;
};

/** Matched parts summed per (runner, side, price), as the stored fills are read (same rounding). */
export function aggregate(parts: PositionBet[]): PositionBet[] {
  const by = new Map<string, PositionBet>();
  for (const p of parts) {
    const k = `${p.selection_id}:${p.side}:${p.price}`;
    const cur = by.get(k);
    by.set(k, cur ? { ...cur, stake_paise: cur.stake_paise + p.stake_paise } : p);
  }
  return [...by.values()];
}

function placeStatusOf(matched: number, remaining: number): 'MATCHED' | 'PARTIAL' | 'UNMATCHED' {
  if (remaining === 0) return 'MATCHED';
  return matched > 0 ? 'PARTIAL' : 'UNMATCHED';
}

export function addPosition(
  positions: Positions,
  user: string,
  selection: string,
  side: 'BACK' | 'LAY',
  price: number,
  size: number,
) {
  let m = positions.get(user);
  if (!m) {
    m = new Map();
    positions.set(user, m);
  }
  const k = `${selection}:${side}:${price}`;
  const cur = m.get(k);
  if (cur) cur.stake_paise += size;
  else m.set(k, { selection_id: selection, side, price, stake_paise: size });
}

/**
 * What a command's events did to `state.book`, carried into the rest of the state: the matched
 * positions, the resting sums and each user's resting ids. Every change to a state's book goes
 * through here, right after the engine made it (or after a copy it made it on became the book).
 */
export function applyEvents(state: MarketState, events: readonly BookEvent[]) {
  applyResting(state.resting, events);
  for (const e of events) {
    switch (e.type) {
      case 'FILL': {
        addPosition(state.positions, e.taker_user_id, e.selection_id, e.taker_side, e.price, e.size_paise);
        const makerSide = e.taker_side === 'BACK' ? 'LAY' : 'BACK';
        addPosition(state.positions, e.maker_user_id, e.selection_id, makerSide, e.price, e.size_paise);
        if (e.maker_remaining_paise === 0) state.ordersOf.get(e.maker_user_id)?.delete(e.maker_order_id);
        break;
      }
      case 'REST':
        idsOf(state.ordersOf, e.user_id).add(e.order_id);
        break;
      case 'CANCEL':
        if (e.remaining_paise === 0) state.ordersOf.get(e.user_id)?.delete(e.order_id);
        break;
      case 'LAPSE':
        state.ordersOf.get(e.user_id)?.delete(e.order_id);
        break;
    }
  }
}

export function positionOf(state: MarketState, user: string): PositionBet[] {
  const m = state.positions.get(user);
  return m ? [...m.values()] : [];
}

export function idsOf(ordersOf: Map<string, Set<string>>, user: string): Set<string> {
  let s = ordersOf.get(user);
  if (!s) {
    s = new Set();
    ordersOf.set(user, s);
  }
  return s;
}

/**
 * A market's state from its book and the matched positions read from its fills: the rebuild of a
 * state that is not (or no longer) cached.
 */
export function stateFrom(
  book: OrderBook,
  matched: { userId: number; selectionId: number; side: 'BACK' | 'LAY'; price: number; total: number }[],
): MarketState {
  const positions: Positions = new Map();
  for (const p of matched) {
    addPosition(positions, String(p.userId), String(p.selectionId), p.side, p.price, p.total);
  }
  const ordersOf = new Map<string, Set<string>>();
  for (const o of book.orders.values()) idsOf(ordersOf, o.user_id).add(o.order_id);
  return { book, positions, ordersOf, resting: restingOf(book) };
}

/**
 * A user's resting remainders on a copy of the state's book that commands were tried on: the ids
 * the state knows plus `extra` (an order the copy took). O(the user's resting orders): the state's
 * own book is priced from `state.resting` instead.
 */
export function unmatchedOn(state: MarketState, book: OrderBook, user: string, extra: string): PositionBet[] {
  const out: PositionBet[] = [];
  for (const id of [...(state.ordersOf.get(user) ?? []), extra]) {
    const o = book.orders.get(id);
    if (!o || o.remaining_paise === 0) continue;
    out.push({ selection_id: o.selection_id, side: o.side, price: o.price, stake_paise: o.remaining_paise });
  }
  return out;
}

/**
 * The outcomes a position is taken over: the runners still running (a removed runner's bets are
 * void, and the state holds none of them: see queries.matchedSides and the exchange's onVoided).
 */
export function runningIds(runners: readonly RunnerRow[]): string[] {
  return runners.filter((r) => r.status !== 'REMOVED').map((r) => String(r.selectionId));
}

/**
 * A market's outcome space as every position of it is taken: the runners still running and how
 * many of them win (markets.winners: 1, or the places a place market pays). The bet check, holds,
 * the settler's recompute, cash out and My Market all price positions over it (`positionIn`).
 */
export type RunnerSpace = { readonly ids: readonly string[]; readonly outcomes: RunnerOutcomes };

export function runnerSpace(market: Pick<MarketRow, 'winners'>, runners: readonly RunnerRow[]): RunnerSpace {
  return { ids: runningIds(runners), outcomes: { winners: market.winners } };
}

/** A user's position over the market's outcome space (the engine's one function). */
export function positionIn(space: RunnerSpace, bets: MarketBets): MarketPosition {
  return marketPosition(space.ids, bets, space.outcomes);
}

/** The user's exposure in the market from the state (matched positions + resting orders). */
export function exposureOf(state: MarketState, space: RunnerSpace, user: string): number {
  return positionIn(space, {
    matched: positionOf(state, user),
    resting: state.resting.get(user),
  }).exposure_paise;
}

/** The exposure (paise) of each of `users` in the market, from the state. */
export function exposuresOf(state: MarketState, space: RunnerSpace, users: Iterable<number>) {
  const exposures = new Map<number, number>();
  for (const userId of users) exposures.set(userId, exposureOf(state, space, String(userId)));
  return exposures;
}

/** The answer a repeated request_id gets: what the first placement matched at once. */
export function repeatedOf(b: FirstBet): PlaceBetOutcome {
  const remaining = b.sizePaise - b.placedMatchedPaise;
  return {
    ok: true,
    bet_id: b.betId,
    status: placeStatusOf(b.placedMatchedPaise, remaining),
    size_matched_paise: b.placedMatchedPaise,
    size_remaining_paise: remaining,
    average_price_matched: b.placedMatchedPaise > 0 ? b.placedMatchedValue / b.placedMatchedPaise : null,
    repeated: true,
  };
}

export function checkMarket<M extends BatchMarket>(
  market: M | null | undefined,
  request: PlaceBetRequest,
): M {
  // The market module's question first (markets/takes-bets.ts): an exchange order on a
  // house-quoted market would rest where that kind's settlement never looks.
  const refusal = marketRefusalOf(market && { kind: market.marketKind, status: market.status }, 'EXCHANGE');
  if (refusal !== null || !market) throw new Refusal(refusal ?? 'Unknown market');
  if (request.match_id !== undefined && market.matchId !== request.match_id) {
    throw new Refusal('Unknown market for this match');
  }
  const stale = versionRefusalOf(request.version, market.version);
  if (stale !== null) throw new Refusal(stale);
  return checkStake(market, request);
}

function checkStake<M extends BatchMarket>(market: M, request: PlaceBetRequest): M {
  if (request.size_paise < market.minStakePaise) {
    throw new Refusal(`Minimum stake is ${rupees(market.minStakePaise)}`);
  }
  if (request.size_paise > market.maxStakePaise) {
    throw new Refusal(`Maximum stake is ${rupees(market.maxStakePaise)}`);
  }
  return market;
}

/** The checks on the locked market row of a bet that is not a repeat; the refusal or null. */
function marketRefusal(market: BatchMarket | null, cmd: PlaceCommand): string | null {
  try {
    const m = checkMarket(market, cmd.request);
    if (cmd.delayedVersion !== null && m.version !== cmd.delayedVersion) {
      return 'Market changed during the bet delay; the bet was not placed';
    }
    if (cmd.delayedVersion === null && m.inPlay && m.betDelayS > 0) {
      // Went in play between the pre-check and the lock: wait the delay like any in-play bet.
      return 'Market has just gone in play; place the bet again';
    }
    return null;
  } catch (err) {
    if (err instanceof Refusal) return err.message;
    throw err;
  }
}

/** The checks on the locked market row of a cash out that is not a repeat; the refusal or null. */
export function cashOutMarketRefusal(
  market: Pick<BatchMarket, 'marketKind' | 'status' | 'version' | 'inPlay' | 'betDelayS'> | null | undefined,
  cmd: Pick<CashOutCommand, 'delayedVersion'>,
): string | null {
  const refusal = marketRefusalOf(market && { kind: market.marketKind, status: market.status }, 'EXCHANGE');
  if (refusal !== null || !market) {
    return refusal === MARKET_OTHER_KIND_MESSAGE
      ? 'This market has no cash out'
      : (refusal ?? 'Unknown market');
  }
  if (cmd.delayedVersion !== null && market.version !== cmd.delayedVersion) {
    return 'Market changed during the bet delay; nothing was cashed out';
  }
  if (cmd.delayedVersion === null && market.inPlay && market.betDelayS > 0) {
    return 'Market has just gone in play; cash out again';
  }
  return null;
}

type NewBet = typeof bets.$inferInsert & { betId: number; sizePaise: number };

/** What a batch's events do to the stored rows, gathered for the batch's one write. */
export class Changes {
  /** Per bet: matched and value added, cancelled added, end reason. */
  readonly deltas = new Map<number, BetDelta>();
  /** Bets placed in this batch (inserted with their deltas applied). */
  readonly newBets = new Map<number, NewBet>();
  readonly fills: (typeof fills.$inferInsert)[] = [];
  readonly traded = new Map<number, number>();
  /** Users whose bets or exposure changed. */
  readonly touched = new Set<number>();
  /** Cash outs placed in this batch (their answers, kept for a repeated request_id). */
  readonly cashOuts: { userId: number; requestId: string; first: FirstCashOut }[] = [];

  constructor(
    readonly marketId: number,
    readonly at: Date,
  ) {}

  private delta(betId: number): BetDelta {
    let e = this.deltas.get(betId);
    if (!e) {
      e = { betId, matched: 0, value: 0, cancelled: 0, end: null };
      this.deltas.set(betId, e);
    }
    return e;
  }

  apply(events: BookEvent[]) {
    for (const e of events) {
      if (e.type === 'FILL') {
        const maker = Number(e.maker_order_id);
        const taker = Number(e.taker_order_id);
        for (const id of [maker, taker]) {
          const x = this.delta(id);
          x.matched += e.size_paise;
          x.value += e.size_paise * e.price;
        }
        this.touched.add(Number(e.maker_user_id)).add(Number(e.taker_user_id));
        const takerBack = e.taker_side === 'BACK';
        this.fills.push({
          marketId: this.marketId,
          selectionId: Number(e.selection_id),
          price: e.price,
          sizePaise: e.size_paise,
          backBetId: takerBack ? taker : maker,
          layBetId: takerBack ? maker : taker,
          backUserId: Number(takerBack ? e.taker_user_id : e.maker_user_id),
          layUserId: Number(takerBack ? e.maker_user_id : e.taker_user_id),
          takerBetId: taker,
          createdAt: this.at,
        });
        const sel = Number(e.selection_id);
        this.traded.set(sel, (this.traded.get(sel) ?? 0) + e.size_paise);
      } else if (e.type === 'CANCEL' || e.type === 'LAPSE') {
        const x = this.delta(Number(e.order_id));
        x.cancelled += e.size_paise;
        x.end = e.type === 'CANCEL' ? 'CANCELLED' : 'LAPSED';
        this.touched.add(Number(e.user_id));
      }
    }
  }

  /** The bets placed in the batch as they stand at its end (their own fills and cancels applied). */
  newBetRows() {
    return [...this.newBets.values()].map((b) => {
      const d = this.deltas.get(b.betId);
      if (!d) return b;
      return {
        ...b,
        matchedPaise: d.matched,
        remainingPaise: b.sizePaise - d.matched - d.cancelled,
        matchedValue: d.value,
        cancelledPaise: d.cancelled,
        endReason: d.end,
      };
    });
  }

  /** The changes to bets placed before the batch. */
  olderBetDeltas() {
    return [...this.deltas.values()].filter((d) => !this.newBets.has(d.betId));
  }
}

/** One cancel inside a batch; `bump` moves the stamp (once per cancel that changed the book). */
function cancelIn(state: MarketState, ch: Changes, c: CancelCommand, bump: () => number): CancelOutcome {
  const u = String(c.userId);
  const t = c.target;
  const ids =
    'bet_id' in t
      ? [String(t.bet_id)]
      : 'bet_ids' in t
        ? t.bet_ids.map(String).filter((id) => state.book.orders.get(id)?.user_id === u)
        : [...idsOf(state.ordersOf, u)];
  let cancelled = 0;
  let size = 0;
  const events: BookEvent[] = [];
  for (const id of ids) {
    const r = cancelOrder(state.book, id);
    if (r.cancelled_paise > 0) {
      cancelled += 1;
      size += r.cancelled_paise;
      events.push(...r.events);
    }
  }
  applyEvents(state, events);
  if ('bet_id' in c.target && cancelled === 0)
    return { ok: false, message: 'Bet has nothing left to cancel' };
  if (events.length > 0) {
    ch.apply(events);
    state.book.next_seq = bump();
  }
  return { ok: true, cancelled, size_cancelled_paise: size };
}

/** One placement inside a batch (the market and runner checks passed). */
// Long because it is one placement inside the batch: the checks, the match and the holds, in the
// order the engine's model expects.
function placeIn(
  state: MarketState,
  ch: Changes,
  space: RunnerSpace,
  c: PlaceCommand,
  betId: number,
  seq: number,
  allowance: (before: number) => number,
  market: BatchMarket,
): PlaceBetOutcome {
  const r = c.request;
  const u = String(c.userId);
  const matchedNow = positionOf(state, u);
  const restingNow = state.resting.get(u);
  const asBet: PositionBet = {
    selection_id: String(r.selection_id),
    side: r.side,
    price: r.price,
    stake_paise: r.size_paise,
  };
  // The bet as if it stayed unmatched is the worst case (matching at its price or better only
  // helps): when the balance covers that, or it does not raise the exposure, the bet passes
  // whatever it matches, and it is placed on the book itself. Otherwise it is tried on a copy and
  // its exposure recomputed after matching. `budget` is the most exposure the user may have here
  // after this bet (their exposure before the batch plus what their grants in the batch cover).
  // (The batch asserts the outcome for every user at its end, see assertCeilings.)
  const before = positionIn(space, { matched: matchedNow, resting: restingNow });
  const old = before.exposure_paise;
  const budget = allowance(old);
  // One winner: the worst case from the runners' own figures, O(runners). A place market's worst
  // outcome is a set of runners: recomputed over the space with the bet added.
  const worst =
    before.winners === 1
      ? exposureWithUnmatchedPaise(before, asBet)
      : positionIn(space, { matched: matchedNow, resting: restingNow, unmatched: [asBet] }).exposure_paise;
  const sure = worst <= old || budget - worst >= 0;
  const book = sure ? state.book : cloneBook(state.book);
  const result = placeOrder(book, {
    order_id: String(betId),
    user_id: u,
    selection_id: String(r.selection_id),
    side: r.side,
    price: r.price,
    size_paise: r.size_paise,
    persistence: r.persistence ?? 'LAPSE',
    seq,
  });
  if (!sure) {
    // Priced on the copy from its orders (the state's sums are the state's book's): the rare path.
    const newHere = positionIn(space, {
      matched: aggregate([...matchedNow, ...matchedBetsFromEvents(result.events, u)]),
      unmatched: unmatchedOn(state, book, u, String(betId)),
    }).exposure_paise;
    if (newHere > old && budget - newHere < 0) {
      // The grant was cut by an upline's exposure limit (stake-gate.ts): say so, with the
      // sport's exposure this bet would have left (its committed figure counts this market's hold).
      const message = c.limit
        ? exposureLimitMessage(c.limit, c.limit.sportCommittedPaise - old + newHere)
        : 'Insufficient balance for this bet';
      return { ok: false, message };
    }
    state.book = book;
  }
  applyEvents(state, result.events);
  const at = ch.at;
  ch.newBets.set(betId, {
    betId,
    userId: c.userId,
    matchId: market.matchId,
    marketId: market.marketId,
    selectionId: r.selection_id,
    side: r.side,
    price: r.price,
    sizePaise: r.size_paise,
    matchedPaise: 0,
    remainingPaise: r.size_paise,
    cancelledPaise: 0,
    matchedValue: 0,
    placedMatchedPaise: result.size_matched_paise,
    placedMatchedValue: result.matched_value,
    persistence: r.persistence ?? 'LAPSE',
    endReason: null,
    seq,
    requestId: r.request_id,
    placedAt: at,
    updatedAt: at,
  });
  ch.touched.add(c.userId);
  ch.apply(result.events);
  return {
    ok: true,
    bet_id: betId,
    status: result.status,
    size_matched_paise: result.size_matched_paise,
    size_remaining_paise: result.size_remaining_paise,
    average_price_matched: result.average_price_matched,
    repeated: false,
  };
}

/**
 * A batch's first pass: repeated request_ids answer with the first
 * placement, and bets the locked market row refuses get their refusal (cancels on an unknown market
 * too). The placements left without an outcome are the batch's candidates.
 */
export function screenBatch(
  cmds: readonly BatchCommand[],
  firsts: ReadonlyMap<string, FirstBet>,
  market: BatchMarket | null,
  cashOutFirsts: ReadonlyMap<string, FirstCashOut> = new Map(),
): (Outcome | undefined)[] {
  const outcomes = new Array<Outcome | undefined>(cmds.length);
  cmds.forEach((c, i) => {
    if (c.kind === 'cashout') {
      const first = cashOutFirsts.get(`${c.userId}:${c.request_id}`);
      if (first) {
        outcomes[i] = { ok: true, ...first, repeated: true };
        return;
      }
      const refusal = cashOutMarketRefusal(market, c);
      if (refusal !== null) outcomes[i] = { ok: false, message: refusal };
      return;
    }
    if (c.kind !== 'place') return;
    const first = firsts.get(`${c.userId}:${c.request.request_id}`);
    if (first) {
      outcomes[i] = repeatedOf(first);
      return;
    }
    const refusal = marketRefusal(market, c);
    if (refusal !== null) outcomes[i] = { ok: false, message: refusal };
  });
  if (!market) {
    cmds.forEach((c, i) => {
      if (c.kind === 'cancel') outcomes[i] = { ok: false, message: 'Unknown market' };
    });
  }
  return outcomes;
}

/** The candidates' users (placements that screenBatch left without an outcome), in user-id order. */
export function candidateUsers(
  cmds: readonly BatchCommand[],
  outcomes: readonly (Outcome | undefined)[],
): number[] {
  const users = cmds.flatMap((c, i) => (c.kind === 'place' && outcomes[i] === undefined ? [c.userId] : []));
  return [...new Set(users)].sort((a, b) => a - b);
}

export type BatchInputs = {
  market: BatchMarket;
  /** The market's runners, in their order. */
  runners: readonly RunnerRow[];
  /** Fresh bet ids, ascending: one is taken by each candidate placement, in arrival order. */
  betIds: readonly number[];
  /**
   * Per command (by index): the paise its round granted it off the user's available balance (0:
   * nothing; null: the user has no wallet; undefined: not asked, the command already answered). A
   * user's exposure here may rise above what it was before the batch by at most the grants of all
   * their bets in the batch (whatever each bet's outcome: a refused bet's grant serves the user's
   * later bets).
   */
  granted: readonly (number | null | undefined)[];
  at: Date;
  /** Runs one cash out (cash-out.ts `cashOutIn`); a batch without one never calls it. */
  cashOut?: CashOutStep;
};

/** One cash out inside a batch: its hedge bets take `betIds` and seqs from `seq` on; `nextSeq` after. */
export type CashOutStep = (args: {
  state: MarketState;
  ch: Changes;
  space: RunnerSpace;
  cmd: CashOutCommand;
  betIds: number[];
  seq: number;
  allowance: (before: number) => number;
  market: BatchMarket;
  runners: readonly RunnerRow[];
}) => { outcome: CashOutOutcome; nextSeq: number };

export type BatchRun = {
  outcomes: Outcome[];
  changes: Changes;
  /** The market's next_seq after the batch (its stamp); unchanged when nothing changed the book. */
  nextSeq: number;
  /**
   * Per placing user: their exposure before their first bet here plus the grants of their bets in
   * the batch, which no exposure may pass (the hold written takes those grants).
   */
  ceilings: Map<number, number>;
};

/**
 * Runs a screened batch's commands through the engine on `state`, in arrival order. Each bet is
 * checked (runner, balance) against its user's exposure as the earlier commands of the batch left
 * it; a refused bet leaves nothing behind. Changes `state` in place.
 */
export function executeBatch(
  state: MarketState,
  cmds: readonly BatchCommand[],
  screened: readonly (Outcome | undefined)[],
  inputs: BatchInputs,
): BatchRun {
  const { market, runners: runnerRows, granted } = inputs;
  const outcomes = [...screened];
  const space = runnerSpace(market, runnerRows);
  const ids = [...inputs.betIds];
  const ch = new Changes(market.marketId, inputs.at);
  let seqNext = market.nextSeq;
  const placedHere = new Map<string, PlaceBetOutcome & { ok: true }>();
  const cashedHere = new Map<string, CashOutOutcome & { ok: true }>();
  /** Per user: exposure before their first bet in the batch; Σ granted to their bets in it. */
  const bases = new Map<number, number>();
  const pools = new Map<number, number>();
  cmds.forEach((c, i) => {
    const paise = granted[i];
    if (c.kind !== 'cancel' && typeof paise === 'number')
      pools.set(c.userId, (pools.get(c.userId) ?? 0) + paise);
  });

  cmds.forEach((c, i) => {
    if (c.kind === 'cancel') {
      outcomes[i] = cancelIn(state, ch, c, () => {
        seqNext += 1;
        return seqNext;
      });
      return;
    }
    if (screened[i] !== undefined) return;
    const allowance = (before: number) => {
      if (!bases.has(c.userId)) bases.set(c.userId, before);
      return bases.get(c.userId)! + (pools.get(c.userId) ?? 0);
    };
    if (c.kind === 'cashout') {
      const betIds = ids.splice(0, c.legs_max);
      const key = `${c.userId}:${c.request_id}`;
      const earlier = cashedHere.get(key);
      if (earlier) {
        outcomes[i] = { ...earlier, repeated: true };
        return;
      }
      if (granted[i] === null || granted[i] === undefined) {
        outcomes[i] = { ok: false, message: 'No wallet for this user' };
        return;
      }
      if (!inputs.cashOut) throw new Error('a batch with a cash out needs its cashOut step');
      const r = inputs.cashOut({
        state,
        ch,
        space,
        cmd: c,
        betIds,
        seq: seqNext,
        allowance,
        market,
        runners: runnerRows,
      });
      seqNext = r.nextSeq;
      if (r.outcome.ok) cashedHere.set(key, r.outcome);
      outcomes[i] = r.outcome;
      return;
    }
    const betId = ids.shift()!;
    const key = `${c.userId}:${c.request.request_id}`;
    const earlier = placedHere.get(key);
    if (earlier) {
      outcomes[i] = { ...earlier, repeated: true };
      return;
    }
    const mine = granted[i];
    if (mine === null || mine === undefined) {
      outcomes[i] = { ok: false, message: 'No wallet for this user' };
      return;
    }
    const runner = runnerRows.find((r) => r.selectionId === c.request.selection_id);
    if (!runner) {
      outcomes[i] = { ok: false, message: 'Unknown runner for this market' };
      return;
    }
    if (runner.status !== 'ACTIVE') {
      outcomes[i] = { ok: false, message: `${runner.name} is not active` };
      return;
    }
    const outcome = placeIn(state, ch, space, c, betId, seqNext, allowance, market);
    if (outcome.ok) {
      seqNext += 1;
      state.book.next_seq = seqNext;
      placedHere.set(key, outcome);
    }
    outcomes[i] = outcome;
  });
  const ceilings = new Map<number, number>();
  for (const [userId, base] of bases) ceilings.set(userId, base + (pools.get(userId) ?? 0));
  return { outcomes: outcomes as Outcome[], changes: ch, nextSeq: seqNext, ceilings };
}

/**
 * Every accepted bet kept its user within what their exposure before the batch and their grants
 * cover, or did not raise their exposure, and fills and cancels only lower a maker's: so no
 * exposure ends above its user's ceiling (and a hold never outgrows what the round granted under
 * the wallet lock: balance − Σ holds − Σ reservations stays ≥ 0 at the commit). Checked once per
 * user on the exposures the batch writes, instead of after every bet; a breach aborts the batch.
 */
export function assertCeilings(
  marketId: number,
  exposures: ReadonlyMap<number, number>,
  ceilings: ReadonlyMap<number, number>,
) {
  for (const [userId, ceiling] of ceilings) {
    const e = exposures.get(userId);
    if (e !== undefined && e > ceiling) {
      throw new Error(`market ${marketId}: user ${userId} exposure ${e} above its ceiling ${ceiling}`);
    }
  }
}

/**
 * What the foreign keys of `bets` and `fills` checked row by row after each write, checked once
 * before it (migration 0043; docs/decisions.md, "The bets' and fills' parents checked in the
 * round"): every new bet names the batch's market, the market's match, a running runner and a
 * user; every fill names the market, a running runner, and bets the same write inserts or
 * changes (a fill always changes both its bets). A write that breaks this is a bug: the round
 * fails before anything reaches the store.
 */
export function assertRowsOfMarket(
  market: Pick<MarketRow, 'marketId' | 'matchId'>,
  runnerIds: readonly string[],
  w: Pick<BatchWrite, 'newBets' | 'deltas' | 'fills'>,
) {
  const runners = new Set(runnerIds);
  const fail = (what: string) => {
    throw new Error(`market ${market.marketId}: ${what}`);
  };
  const written = new Set<number>();
  for (const b of w.newBets) {
    if (b.marketId !== market.marketId || b.matchId !== market.matchId)
      fail(`bet ${b.betId} names market ${b.marketId} of match ${b.matchId}`);
    if (!runners.has(String(b.selectionId)))
      fail(`bet ${b.betId} names runner ${b.selectionId}, not running here`);
    if (!Number.isSafeInteger(b.userId) || b.userId <= 0) fail(`bet ${b.betId} names user ${b.userId}`);
    written.add(b.betId);
  }
  for (const d of w.deltas) written.add(d.betId);
  for (const f of w.fills) {
    if (f.marketId !== market.marketId) fail(`a fill names market ${f.marketId}`);
    if (!runners.has(String(f.selectionId))) fail(`a fill names runner ${f.selectionId}, not running here`);
    for (const id of [f.backBetId, f.layBetId, f.takerBetId]) {
      if (!written.has(id)) fail(`a fill names bet ${id}, which this write neither inserts nor changes`);
    }
  }
}
