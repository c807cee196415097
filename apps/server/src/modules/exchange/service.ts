import type { Bet, MarketImage, RunnerLevels } from '@backlay/contract';
import {
  bookFromOrders,
  cancelOrder,
  cloneBook,
  closeBook,
  isValidPrice,
  MAX_ORDER_PAISE,
  exposureWithUnmatchedPaise,
  marketPosition,
  matchedBetsFromEvents,
  placeOrder,
  setInPlay as bookSetInPlay,
  type BookEvent,
  type OrderBook,
  type PositionBet,
  type RestingOrder,
} from '@backlay/engine';
import { and, asc, eq, gt, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { fills } from '../../db/schema.ts';
import { bets, markets, marketSettlements, matches, runners } from '../../db/schema.ts';
import type { Executor, Tx } from '../../db/store.ts';
import type { ExposureEntry } from '../wallet/service.ts';
import type {
  CancelOutcome,
  ExchangeService,
  MarketInfo,
  MarketStatus,
  PlaceBetOutcome,
  PlaceBetRequest,
  Sleeper,
} from './types.ts';
import * as q from './queries.ts';

export type * from './types.ts';

/** A refusal raised inside a transaction: rolls it back and becomes `{ ok: false, message }`. */
class Refusal extends Error {}

const realSleep: Sleeper = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export type ExchangeOptions = {
  /** Waits the in-play bet delay; tests pass one that resolves at once (or on their cue). */
  sleep?: Sleeper;
  /** Keep each market's book in memory between commands (default true); false rebuilds it every time. */
  bookCache?: boolean;
};

type MarketRow = typeof markets.$inferSelect;
type RunnerRow = { selectionId: number; name: string; status: 'ACTIVE' | 'WINNER' | 'LOSER' | 'REMOVED' };

const rupees = (paise: number) => Math.round(paise) / 100;
/** Average matched price in hundredths → decimal odds with 2 decimals (0 when nothing matched). */
export const averageOdds = (value: number, matched: number) =>
  matched > 0 ? Math.round(value / matched) / 100 : 0;

/** A bet's status from its amounts (open markets) or its settlement. */
export function betStatusOf(b: {
  matchedPaise: number;
  remainingPaise: number;
  endReason: 'CANCELLED' | 'LAPSED' | null;
  settledStatus: 'VOIDED' | 'SETTLED' | null;
}): Bet['status'] {
  if (b.settledStatus) return b.settledStatus;
  if (b.remainingPaise > 0) return b.matchedPaise > 0 ? 'PARTIAL' : 'UNMATCHED';
  if (b.matchedPaise > 0) return 'MATCHED';
  return b.endReason ?? 'CANCELLED';
}

/** Matched parts summed per (runner, side, price), as the stored fills are read (same rounding). */
function aggregate(parts: PositionBet[]): PositionBet[] {
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

/** Best 3 levels per side from the aggregated resting sizes, Betfair style (see ladderView). */
function levelsFrom(rows: { selectionId: number; side: 'BACK' | 'LAY'; price: number; total: number }[]) {
  const bySel = new Map<
    number,
    { back: { price: number; size: number }[]; lay: { price: number; size: number }[] }
  >();
  for (const r of rows) {
    const e = bySel.get(r.selectionId) ?? { back: [], lay: [] };
    // Resting LAYs are what a bettor can BACK at; resting BACKs what they can LAY at.
    (r.side === 'LAY' ? e.back : e.lay).push({ price: r.price, size: r.total });
    bySel.set(r.selectionId, e);
  }
  const out = new Map<
    number,
    { back: { price: number; size: number }[]; lay: { price: number; size: number }[] }
  >();
  for (const [sel, e] of bySel) {
    out.set(sel, {
      back: e.back
        .sort((a, b) => b.price - a.price)
        .slice(0, 3)
        .map((l) => ({ price: l.price / 100, size: rupees(l.size) })),
      lay: e.lay
        .sort((a, b) => a.price - b.price)
        .slice(0, 3)
        .map((l) => ({ price: l.price / 100, size: rupees(l.size) })),
    });
  }
  return out;
}

/** Commands waiting at most this many to a batch (one transaction). */
const MAX_BATCH = 200;

type Outcome = PlaceBetOutcome | CancelOutcome;
type PlaceCommand = {
  kind: 'place';
  userId: number;
  request: PlaceBetRequest;
  /** The market version seen before the in-play delay, or null when the bet did not wait. */
  delayedVersion: number | null;
  done(o: PlaceBetOutcome): void;
  fail(err: unknown): void;
};
type CancelCommand = {
  kind: 'cancel';
  userId: number;
  target: { bet_id: number } | { market_id: number };
  done(o: CancelOutcome): void;
  fail(err: unknown): void;
};
type Command = PlaceCommand | CancelCommand;

type Level = { selection_id: string; side: 'BACK' | 'LAY'; price: number; stake_paise: number };
/** Matched stake per user, then per (runner, side, price): the aggregate the fills would give. */
type Positions = Map<string, Map<string, Level>>;
/** What a node keeps of a market between commands (see `states`). */
type MarketState = {
  book: OrderBook;
  positions: Positions;
  /** Each user's resting order ids (pruned lazily: an id no longer on the book is skipped). */
  ordersOf: Map<string, Set<string>>;
};

function addPosition(
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

function addFills(state: MarketState, events: BookEvent[]) {
  for (const e of events) {
    if (e.type !== 'FILL') continue;
    addPosition(state.positions, e.taker_user_id, e.selection_id, e.taker_side, e.price, e.size_paise);
    const makerSide = e.taker_side === 'BACK' ? 'LAY' : 'BACK';
    addPosition(state.positions, e.maker_user_id, e.selection_id, makerSide, e.price, e.size_paise);
  }
}

function positionOf(state: MarketState, user: string): PositionBet[] {
  const m = state.positions.get(user);
  return m ? [...m.values()] : [];
}

function idsOf(ordersOf: Map<string, Set<string>>, user: string): Set<string> {
  let s = ordersOf.get(user);
  if (!s) {
    s = new Set();
    ordersOf.set(user, s);
  }
  return s;
}

/** A user's resting remainders on `book` (the state's own book, or a copy of it when `prune` is false). */
function unmatchedOf(state: MarketState, book: OrderBook, user: string, prune = true): PositionBet[] {
  const ids = state.ordersOf.get(user);
  if (!ids) return [];
  const out: PositionBet[] = [];
  for (const id of ids) {
    const o = book.orders.get(id);
    if (!o || o.remaining_paise === 0) {
      if (prune) ids.delete(id);
      continue;
    }
    out.push({ selection_id: o.selection_id, side: o.side, price: o.price, stake_paise: o.remaining_paise });
  }
  return out;
}

/** The answer a repeated request_id gets: what the first placement matched at once. */
function repeatedOf(b: {
  betId: number;
  sizePaise: number;
  placedMatchedPaise: number;
  placedMatchedValue: number;
}): PlaceBetOutcome {
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

type NewBet = typeof bets.$inferInsert & { betId: number; sizePaise: number };

/** What a batch's events do to the stored rows, gathered for `flush`. */
class Changes {
  /** Per bet: matched and value added, cancelled added, end reason. */
  readonly deltas = new Map<number, q.BetDelta>();
  /** Bets placed in this batch (inserted with their deltas applied). */
  readonly newBets = new Map<number, NewBet>();
  readonly fills: (typeof fills.$inferInsert)[] = [];
  readonly traded = new Map<number, number>();
  /** Users whose bets or exposure changed. */
  readonly touched = new Set<number>();

  constructor(
    readonly marketId: number,
    readonly at: Date,
  ) {}

  private delta(betId: number): q.BetDelta {
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
}

export function createExchangeService(app: FastifyInstance, options: ExchangeOptions = {}) {
  const db = app.db;
  const sleep = options.sleep ?? realSleep;
  const now = () => app.clock.now();
  const useCache = options.bookCache ?? true;
  /**
   * Market state by market (book, matched positions, resting order ids per user), valid while the
   * market row's next_seq equals `stamp`: every command that changes a book or adds fills moves
   * next_seq under the market lock, so another node's change (or anything this node did not
   * commit) makes the entry stale. An entry is taken out for the length of a transaction and put
   * back only after the commit; a rollback simply loses it.
   */
  const states = new Map<number, { stamp: number; state: MarketState }>();
  /**
   * The last market row this node saw (after a batch's commit or a pre-check read). Only used to
   * decide whether a bet needs the pre-check and the in-play delay; every check is made again on
   * the locked row.
   */
  const marketRows = new Map<number, MarketRow>();
  /** Commands waiting for their market's next batch, and the markets whose batches are running. */
  const queues = new Map<number, Command[]>();
  const draining = new Set<number>();

  async function takeState(tx: Tx, market: MarketRow): Promise<MarketState> {
    const entry = states.get(market.marketId);
    states.delete(market.marketId);
    if (entry && entry.stamp === market.nextSeq) {
      const book = entry.state.book;
      book.next_seq = market.nextSeq;
      book.in_play = market.inPlay;
      book.closed = market.status === 'CLOSED';
      return entry.state;
    }
    const book = await loadBook(tx, market);
    const positions: Positions = new Map();
    for (const p of await q.marketPositions(tx, market.marketId)) {
      addPosition(positions, String(p.userId), String(p.selectionId), p.side, p.price, p.total);
    }
    const ordersOf = new Map<string, Set<string>>();
    for (const o of book.orders.values()) idsOf(ordersOf, o.user_id).add(o.order_id);
    return { book, positions, ordersOf };
  }

  function keepState(marketId: number, stamp: number, state: MarketState) {
    if (useCache) states.set(marketId, { stamp, state });
  }

  async function lockMarket(tx: Tx, marketId: number): Promise<MarketRow | null> {
    const [row] = await tx.select().from(markets).where(eq(markets.marketId, marketId)).for('update');
    return row ?? null;
  }

  async function runnersOf(tx: Executor, marketId: number): Promise<RunnerRow[]> {
    return tx
      .select({ selectionId: runners.selectionId, name: runners.name, status: runners.status })
      .from(runners)
      .where(eq(runners.marketId, marketId))
      .orderBy(asc(runners.sortOrder));
  }

  async function loadBook(tx: Tx, market: MarketRow): Promise<OrderBook> {
    const rows = await tx
      .select({
        betId: bets.betId,
        userId: bets.userId,
        selectionId: bets.selectionId,
        side: bets.side,
        price: bets.price,
        sizePaise: bets.sizePaise,
        remainingPaise: bets.remainingPaise,
        matchedPaise: bets.matchedPaise,
        cancelledPaise: bets.cancelledPaise,
        persistence: bets.persistence,
        seq: bets.seq,
      })
      .from(bets)
      .where(and(eq(bets.marketId, market.marketId), gt(bets.remainingPaise, 0)));
    const orders: RestingOrder[] = rows.map((r) => ({
      order_id: String(r.betId),
      user_id: String(r.userId),
      selection_id: String(r.selectionId),
      side: r.side,
      price: r.price,
      size_paise: r.sizePaise,
      remaining_paise: r.remainingPaise,
      matched_paise: r.matchedPaise,
      cancelled_paise: r.cancelledPaise,
      persistence: r.persistence,
      seq: r.seq,
    }));
    return bookFromOrders(orders, {
      in_play: market.inPlay,
      closed: market.status === 'CLOSED',
      next_seq: market.nextSeq,
    });
  }

  /** A user's matched parts in a market, aggregated per (runner, side, price), from the fills. */
  async function matchedOf(tx: Executor, userId: number, marketId: number): Promise<PositionBet[]> {
    const rows = await q.matchedParts(tx, userId, marketId);
    return rows.map((r) => ({
      selection_id: String(r.selectionId),
      side: r.side,
      price: r.price,
      stake_paise: Number(r.total),
    }));
  }

  /** The user's exposure in the market from the state (matched positions + resting orders). */
  function exposureOf(state: MarketState, selIds: string[], user: string): number {
    return marketPosition(selIds, {
      matched: positionOf(state, user),
      unmatched: unmatchedOf(state, state.book, user),
    }).exposure_paise;
  }

  /**
   * Writes what a batch did: the new bets (with everything that happened to them in the batch),
   * the other bets' changes, the fills, traded volume, the exposure of every user touched
   * (computed from the state), and the market's next_seq. A handful of statements however many
   * commands the batch held.
   */
  async function flush(
    tx: Tx,
    market: MarketRow,
    state: MarketState,
    ch: Changes,
    selIds: string[],
    nextSeq: number,
  ) {
    const newRows = [...ch.newBets.values()].map((b) => {
      const d = ch.deltas.get(b.betId);
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
    const exposures = new Map<number, number>();
    for (const userId of ch.touched) exposures.set(userId, exposureOf(state, selIds, String(userId)));
    await q.writeBatch(tx, {
      marketId: market.marketId,
      at: ch.at,
      newBets: newRows,
      deltas: [...ch.deltas.values()].filter((d) => !ch.newBets.has(d.betId)),
      fills: ch.fills,
      traded: ch.traded,
      exposures,
      nextSeq: nextSeq === market.nextSeq ? null : nextSeq,
    });
    return exposures;
  }

  function publish(marketId: number, users: Iterable<number>, marketChanged = true) {
    if (marketChanged) app.bus.publish('market', { market_id: marketId });
    for (const user_id of users) app.bus.publish('user', { user_id, market_id: marketId });
  }

  async function repeatedResult(
    tx: Executor,
    userId: number,
    requestId: string,
  ): Promise<PlaceBetOutcome | null> {
    const [b] = await tx
      .select()
      .from(bets)
      .where(and(eq(bets.userId, userId), eq(bets.requestId, requestId)));
    return b ? repeatedOf(b) : null;
  }

  function checkMarket(market: MarketRow | null | undefined, request: PlaceBetRequest): MarketRow {
    if (!market) throw new Refusal('Unknown market');
    if (request.match_id !== undefined && market.matchId !== request.match_id) {
      throw new Refusal('Unknown market for this match');
    }
    if (market.status !== 'OPEN') {
      throw new Refusal(
        market.status === 'SUSPENDED' ? 'Market is suspended' : 'Market is not open for betting',
      );
    }
    if (request.version !== undefined && request.version !== market.version) {
      throw new Refusal('Market has changed since you saw it; check the prices and try again');
    }
    if (request.size_paise < market.minStakePaise) {
      throw new Refusal(`Minimum stake is ${rupees(market.minStakePaise)}`);
    }
    if (request.size_paise > market.maxStakePaise) {
      throw new Refusal(`Maximum stake is ${rupees(market.maxStakePaise)}`);
    }
    return market;
  }

  /** The checks on the locked market row of a bet that is not a repeat; the refusal or null. */
  function marketRefusal(market: MarketRow | null, cmd: PlaceCommand): string | null {
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

  /**
   * One batch of a market's commands in one transaction: the market row locked once, the placing
   * users' wallet rows in user-id order, every command run through the engine in arrival order
   * (each bet's balance check against its user's exposure as the previous commands left it; a
   * refused bet leaves nothing behind), then everything written with a few multi-row statements.
   */
  async function runBatch(tx: Tx, marketId: number, market: MarketRow | null, cmds: Command[]) {
    const outcomes: Outcome[] = new Array<Outcome>(cmds.length);
    const places = cmds.filter((c): c is PlaceCommand => c.kind === 'place');
    const reads = await q.batchReads(
      tx,
      marketId,
      places.map((c) => ({ userId: c.userId, requestId: c.request.request_id })),
      market ? places.length : 0,
    );
    const firsts = reads.firsts;
    // Repeats and the market's own refusals first; what is left are candidates.
    const candidate = new Array<boolean>(cmds.length).fill(false);
    cmds.forEach((c, i) => {
      if (c.kind !== 'place') return;
      const first = firsts.get(`${c.userId}:${c.request.request_id}`);
      if (first) {
        outcomes[i] = repeatedOf(first);
        return;
      }
      const refusal = marketRefusal(market, c);
      if (refusal !== null) outcomes[i] = { ok: false, message: refusal };
      else candidate[i] = true;
    });
    if (!market) {
      cmds.forEach((c, i) => {
        if (c.kind === 'cancel') outcomes[i] = { ok: false, message: 'Unknown market' };
      });
      return { outcomes, changed: false, touched: new Set<number>(), keep: () => {} };
    }
    const candidateUsers = [...new Set(cmds.flatMap((c, i) => (candidate[i] ? [c.userId] : [])))].sort(
      (a, b) => a - b,
    );
    // One statement locks every placing user's wallet row, in user-id order (every money path's order),
    // and reads their exposure on other markets beside it.
    const locked = await app.wallet.lockBalancesPaise(tx, candidateUsers, (u) =>
      q.exposureElsewhereExpr(u, marketId),
    );
    const balances = new Map<number, number | null>(
      candidateUsers.map((u) => [u, locked.get(u)?.balancePaise ?? null]),
    );
    const elsewhere = new Map(candidateUsers.map((u) => [u, Number(locked.get(u)?.alongside ?? 0)]));
    const runnerRows = reads.runners;
    const selIds = runnerRows.map((r) => String(r.selectionId));
    const state = await takeState(tx, market);
    const ids = reads.ids;
    const ch = new Changes(marketId, now());
    let seqNext = market.nextSeq;
    const placedHere = new Map<string, PlaceBetOutcome & { ok: true }>();
    /** Per placing user: max(budget, exposure before their first bet here), which no bet may pass. */
    const ceilings = new Map<number, number>();

    cmds.forEach((c, i) => {
      if (c.kind === 'cancel') {
        outcomes[i] = cancelIn(state, ch, c, () => {
          seqNext += 1;
          return seqNext;
        });
        return;
      }
      if (!candidate[i]) return;
      const betId = ids.shift()!;
      const key = `${c.userId}:${c.request.request_id}`;
      const earlier = placedHere.get(key);
      if (earlier) {
        outcomes[i] = { ...earlier, repeated: true };
        return;
      }
      const balance = balances.get(c.userId);
      if (balance === null || balance === undefined) {
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
      const budget = balance - (elsewhere.get(c.userId) ?? 0);
      const outcome = placeIn(state, ch, selIds, c, betId, seqNext, budget, market, ceilings);
      if (outcome.ok) {
        seqNext += 1;
        state.book.next_seq = seqNext;
        placedHere.set(key, outcome);
      }
      outcomes[i] = outcome;
    });

    const changed = seqNext !== market.nextSeq;
    if (changed) {
      const exposures = await flush(tx, market, state, ch, selIds, seqNext);
      // Every accepted bet kept its user within budget or did not raise their exposure, and fills
      // and cancels only lower a maker's: so no exposure ends above its user's ceiling. Checked
      // here once per user (on the exposures written anyway) instead of after every bet.
      for (const [userId, ceiling] of ceilings) {
        const e = exposures.get(userId);
        if (e !== undefined && e > ceiling) {
          throw new Error(`market ${marketId}: user ${userId} exposure ${e} above its ceiling ${ceiling}`);
        }
      }
    }
    const stamp = seqNext;
    const row = { ...market, nextSeq: stamp };
    return {
      outcomes,
      changed,
      touched: ch.touched,
      keep: () => {
        keepState(marketId, stamp, state);
        marketRows.set(marketId, row);
      },
    };
  }

  /** One placement inside a batch (the market and runner checks passed). */
  function placeIn(
    state: MarketState,
    ch: Changes,
    selIds: string[],
    c: PlaceCommand,
    betId: number,
    seq: number,
    budget: number,
    market: MarketRow,
    ceilings: Map<number, number>,
  ): PlaceBetOutcome {
    const r = c.request;
    const u = String(c.userId);
    const matchedNow = positionOf(state, u);
    const unmatchedNow = unmatchedOf(state, state.book, u);
    const asBet: PositionBet = {
      selection_id: String(r.selection_id),
      side: r.side,
      price: r.price,
      stake_paise: r.size_paise,
    };
    // The bet as if it stayed unmatched is the worst case (matching at its price or better only
    // helps): when the balance covers that, or it does not raise the exposure, the bet passes
    // whatever it matches, and it is placed on the book itself. Otherwise it is tried on a copy and
    // its exposure recomputed after matching. (runBatch asserts the outcome for every user at the
    // batch's end: no exposure above what its user's budget covers, unless it did not rise.)
    const before = marketPosition(selIds, { matched: matchedNow, unmatched: unmatchedNow });
    const old = before.exposure_paise;
    if (!ceilings.has(c.userId)) ceilings.set(c.userId, Math.max(budget, old));
    const worst = exposureWithUnmatchedPaise(before, asBet);
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
    const mine = idsOf(state.ordersOf, u);
    if (result.size_remaining_paise > 0) mine.add(String(betId));
    if (!sure) {
      const newHere = marketPosition(selIds, {
        matched: aggregate([...matchedNow, ...matchedBetsFromEvents(result.events, u)]),
        unmatched: unmatchedOf(state, book, u, false),
      }).exposure_paise;
      if (newHere > old && budget - newHere < 0) {
        mine.delete(String(betId));
        return { ok: false, message: 'Insufficient balance for this bet' };
      }
      state.book = book;
    }
    addFills(state, result.events);
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

  /** One cancel inside a batch; `bump` moves the stamp (once per cancel that changed the book). */
  function cancelIn(state: MarketState, ch: Changes, c: CancelCommand, bump: () => number): CancelOutcome {
    const u = String(c.userId);
    const ids = 'bet_id' in c.target ? [String(c.target.bet_id)] : [...idsOf(state.ordersOf, u)];
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
    if ('bet_id' in c.target && cancelled === 0)
      return { ok: false, message: 'Bet has nothing left to cancel' };
    if (events.length > 0) {
      ch.apply(events);
      state.book.next_seq = bump();
    }
    return { ok: true, cancelled, size_cancelled_paise: size };
  }

  /** Runs a batch; if its transaction fails, runs its commands one by one. Answers after the commit. */
  /**
   * Runs one batch. Without `fixed`, the batch is what the market's queue holds once its row is
   * locked (so the commands that arrived while the lock was awaited join it). If the transaction
   * fails, its commands run again one by one, so one bad command cannot fail its neighbours.
   * Every caller is answered after the commit.
   */
  async function runCommands(marketId: number, queue: Command[], fixed?: Command[]): Promise<void> {
    let cmds: Command[] = fixed ?? [];
    let r: Awaited<ReturnType<typeof runBatch>>;
    try {
      r = await db.transaction(async (tx) => {
        const market = await lockMarket(tx, marketId);
        if (!fixed) cmds = queue.splice(0, MAX_BATCH);
        return runBatch(tx, marketId, market, cmds);
      });
    } catch (err) {
      // Failed before taking its commands (the store is failing): each gets its own attempt.
      if (cmds.length === 0) cmds = queue.splice(0, MAX_BATCH);
      if (cmds.length > 1 || !fixed) {
        for (const c of cmds) await runCommands(marketId, queue, [c]);
        return;
      }
      const c = cmds[0]!;
      // Two requests with one request_id raced: the loser answers with the winner's result.
      if (c.kind === 'place' && isUniqueViolation(err)) {
        try {
          const first = await repeatedResult(db, c.userId, c.request.request_id);
          if (first) {
            c.done(first);
            return;
          }
        } catch {
          // answered with the original error below
        }
      }
      c.fail(err);
      return;
    }
    // Committed: nothing below may run the commands again.
    r.keep();
    try {
      if (r.changed) publish(marketId, r.touched);
    } catch (err) {
      app.log.error({ err, market_id: marketId }, 'exchange: publishing a batch failed');
    }
    cmds.forEach((c, i) => answer(c, r.outcomes[i]!));
  }

  function answer(c: Command, o: Outcome) {
    if (c.kind === 'place') c.done(o as PlaceBetOutcome);
    else c.done(o as CancelOutcome);
  }

  /** Queues a command on its market; a market's batches run one after another. */
  function submit(marketId: number, cmd: Command) {
    let queue = queues.get(marketId);
    if (!queue) {
      queue = [];
      queues.set(marketId, queue);
    }
    queue.push(cmd);
    if (draining.has(marketId)) return;
    draining.add(marketId);
    const pending = queue;
    void (async () => {
      try {
        while (pending.length > 0) {
          // One turn of the event loop first, so that requests already read from their sockets
          // (and on PGlite, queries that waited for the previous batch) reach the queue.
          await new Promise<void>((resolve) => setImmediate(resolve));
          await runCommands(marketId, pending);
        }
      } finally {
        draining.delete(marketId);
        if (pending.length === 0 && queues.get(marketId) === pending) queues.delete(marketId);
      }
    })();
  }

  async function lapse(
    marketId: number,
    change: (tx: Tx, market: MarketRow, book: OrderBook) => Promise<BookEvent[]>,
  ) {
    let touched = new Set<number>();
    let keep = () => {};
    await db.transaction(async (tx) => {
      const market = await lockMarket(tx, marketId);
      if (!market) throw new Error(`unknown market ${marketId}`);
      const state = await takeState(tx, market);
      const events = await change(tx, market, state.book);
      const selIds = (await runnersOf(tx, marketId)).map((r) => String(r.selectionId));
      const ch = new Changes(marketId, now());
      ch.apply(events);
      const stamp = market.nextSeq + 1;
      await flush(tx, market, state, ch, selIds, stamp);
      touched = ch.touched;
      keep = () => keepState(marketId, stamp, state);
    });
    keep();
    marketRows.delete(marketId);
    publish(marketId, touched);
  }

  const service: ExchangeService & {
    exposureDetail(userId: number): Promise<ExposureEntry[]>;
    bestPrices(marketIds: number[]): Promise<Map<number, { back: number | null; lay: number | null }>>;
    recomputeExposure(userId: number, marketId: number): Promise<number>;
    liabilityExpr(userId: SQLWrapper | number): SQL<string>;
  } = {
    async getMarketImage(marketId: number): Promise<MarketImage | null> {
      const [market] = await db.select().from(markets).where(eq(markets.marketId, marketId));
      if (!market) return null;
      const [runnerRows, levels] = await Promise.all([
        db
          .select({
            selectionId: runners.selectionId,
            status: runners.status,
            tradedPaise: runners.tradedPaise,
          })
          .from(runners)
          .where(eq(runners.marketId, marketId))
          .orderBy(asc(runners.sortOrder)),
        q.restingLevels(db, [marketId]),
      ]);
      const bySel = levelsFrom(levels);
      return {
        market_id: market.marketId,
        status: market.status,
        in_play: market.inPlay,
        version: market.version,
        runners: runnerRows.map((r): RunnerLevels => ({
          selection_id: r.selectionId,
          status: r.status,
          back: bySel.get(r.selectionId)?.back ?? [],
          lay: bySel.get(r.selectionId)?.lay ?? [],
          traded_volume: rupees(r.tradedPaise),
        })),
      };
    },

    async placeBet(userId: number, request: PlaceBetRequest): Promise<PlaceBetOutcome> {
      if (!isValidPrice(request.price))
        return { ok: false, message: 'Odds are not a valid price on the ladder' };
      if (
        !Number.isSafeInteger(request.size_paise) ||
        request.size_paise <= 0 ||
        request.size_paise > MAX_ORDER_PAISE
      ) {
        return { ok: false, message: 'Stake must be a positive amount' };
      }
      if (request.request_id.length < 1 || request.request_id.length > 64) {
        return { ok: false, message: 'request_id must be 1 to 64 characters' };
      }
      // A market this node last saw open and without a bet delay goes straight to its queue (the
      // batch repeats every check on the locked row). Otherwise: the repeat and market checks
      // now, then in play the bet delay, then the queue; the batch refuses the bet if the market
      // was suspended or its version moved meanwhile.
      let delayedVersion: number | null = null;
      const seen = marketRows.get(request.market_id);
      if (!seen || seen.status !== 'OPEN' || (seen.inPlay && seen.betDelayS > 0)) {
        const repeated = await repeatedResult(db, userId, request.request_id);
        if (repeated) return repeated;
        const [pre] = await db.select().from(markets).where(eq(markets.marketId, request.market_id));
        if (pre) marketRows.set(pre.marketId, pre);
        try {
          const market = checkMarket(pre, request);
          if (market.inPlay && market.betDelayS > 0) {
            delayedVersion = market.version;
            await sleep(market.betDelayS * 1000);
          }
        } catch (err) {
          if (err instanceof Refusal) return { ok: false, message: err.message };
          throw err;
        }
      }
      return new Promise<PlaceBetOutcome>((done, fail) =>
        submit(request.market_id, { kind: 'place', userId, request, delayedVersion, done, fail }),
      );
    },

    async cancelBets(
      userId: number,
      target: { bet_id: number } | { market_id: number },
    ): Promise<CancelOutcome> {
      let marketId: number;
      if ('bet_id' in target) {
        const [b] = await db
          .select({ marketId: bets.marketId, userId: bets.userId })
          .from(bets)
          .where(eq(bets.betId, target.bet_id));
        if (!b || b.userId !== userId) return { ok: false, message: 'Unknown bet' };
        marketId = b.marketId;
      } else {
        marketId = target.market_id;
      }
      return new Promise<CancelOutcome>((done, fail) =>
        submit(marketId, { kind: 'cancel', userId, target, done, fail }),
      );
    },

    async setMarketStatus(marketId: number, status: 'OPEN' | 'SUSPENDED' | 'CLOSED') {
      await lapse(marketId, async (tx, market, book) => {
        if (market.status === status) return [];
        await tx
          .update(markets)
          .set({ status, version: sql`${markets.version} + 1` })
          .where(eq(markets.marketId, marketId));
        return status === 'CLOSED' ? closeBook(book) : [];
      });
    },

    async setInPlay(marketId: number, betDelayS?: number) {
      await lapse(marketId, async (tx, market, book) => {
        if (market.inPlay && (betDelayS === undefined || betDelayS === market.betDelayS)) return [];
        await tx
          .update(markets)
          .set({
            inPlay: true,
            ...(betDelayS === undefined ? {} : { betDelayS }),
            version: sql`${markets.version} + 1`,
          })
          .where(eq(markets.marketId, marketId));
        await tx.update(matches).set({ inPlay: true }).where(eq(matches.matchId, market.matchId));
        return bookSetInPlay(book);
      });
    },

    async listMarkets(filter: { status?: MarketStatus | MarketStatus[] } = {}): Promise<MarketInfo[]> {
      const statuses = filter.status === undefined ? undefined : [filter.status].flat();
      const rows = await db
        .select({ market: markets, sportId: matches.sportId })
        .from(markets)
        .innerJoin(matches, eq(matches.matchId, markets.matchId))
        .where(statuses ? inArray(markets.status, statuses) : undefined)
        .orderBy(asc(markets.marketId));
      const runnerRows =
        rows.length === 0
          ? []
          : await db
              .select()
              .from(runners)
              .where(
                inArray(
                  runners.marketId,
                  rows.map((r) => r.market.marketId),
                ),
              )
              .orderBy(asc(runners.marketId), asc(runners.sortOrder));
      const byMarket = new Map<number, MarketInfo['runners']>();
      for (const r of runnerRows) {
        const list = byMarket.get(r.marketId) ?? [];
        list.push({ selection_id: r.selectionId, name: r.name, status: r.status });
        byMarket.set(r.marketId, list);
      }
      return rows.map(({ market: m, sportId }) => ({
        market_id: m.marketId,
        match_id: m.matchId,
        sport_id: sportId,
        market_name: m.marketName,
        market_type: m.marketType,
        status: m.status,
        in_play: m.inPlay,
        bet_delay_s: m.betDelayS,
        version: m.version,
        min_stake_paise: m.minStakePaise,
        max_stake_paise: m.maxStakePaise,
        start_time: m.startTime,
        runners: byMarket.get(m.marketId) ?? [],
      }));
    },

    /** Best price to back at and to lay at (decimal odds, null when none) by selection id. */
    async bestPrices(marketIds: number[]) {
      const best = new Map<number, { back: number | null; lay: number | null }>();
      for (const l of await q.restingLevels(db, marketIds)) {
        const e = best.get(l.selectionId) ?? { back: null, lay: null };
        const price = l.price / 100;
        // Resting lays are backed at (best = highest); resting backs are laid at (best = lowest).
        if (l.side === 'LAY') e.back = e.back === null ? price : Math.max(e.back, price);
        else e.lay = e.lay === null ? price : Math.min(e.lay, price);
        best.set(l.selectionId, e);
      }
      return best;
    },

    liabilityPaise: (userId: number, tx: Executor = db) => q.totalExposure(tx, userId),

    /**
     * The same sum as an SQL expression (paise as text) for a statement of another module that
     * reads it with its own columns (getUserBalance: balance and liability in one query).
     */
    liabilityExpr: (userId: SQLWrapper | number) => q.totalExposureExpr(userId),

    async exposureDetail(userId: number): Promise<ExposureEntry[]> {
      const rows = await q.exposureDetail(db, userId);
      return rows.map((r) => ({
        sport_id: r.sportId,
        match_id: r.matchId,
        market_id: r.marketId,
        sport_name: r.sportName,
        match_name: r.matchName,
        market_details: [{ sub_type: r.marketName, bet_count: Number(r.betCount) }],
      }));
    },

    /** Recomputes a user's exposure in a market from the bets and fills (the invariant tests use it). */
    async recomputeExposure(userId: number, marketId: number): Promise<number> {
      // A settled market holds no exposure: its result has moved the money.
      const [settled] = await db
        .select({ state: marketSettlements.state })
        .from(marketSettlements)
        .where(and(eq(marketSettlements.marketId, marketId), eq(marketSettlements.state, 'SETTLED')));
      if (settled) return 0;
      const selIds = (await runnersOf(db, marketId)).map((r) => String(r.selectionId));
      const matched = await matchedOf(db, userId, marketId);
      const open = await db
        .select({
          selectionId: bets.selectionId,
          side: bets.side,
          price: bets.price,
          remaining: bets.remainingPaise,
        })
        .from(bets)
        .where(and(eq(bets.userId, userId), eq(bets.marketId, marketId), gt(bets.remainingPaise, 0)));
      return marketPosition(selIds, {
        matched,
        unmatched: open.map((o) => ({
          selection_id: String(o.selectionId),
          side: o.side,
          price: o.price,
          stake_paise: o.remaining,
        })),
      }).exposure_paise;
    },
  };
  return service;
}

export type ExchangeServiceImpl = ReturnType<typeof createExchangeService>;

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
