// The market row's lifecycle: the one place its status and version are written (issue 42). Every
// kind and the operator's calls change a market through these, inside their own transaction with
// the row locked as their lock order says; the caller publishes after the commit. What may follow
// what is one state machine (`nextMarketStatus`, the table in docs/architecture.md):
//
//   - closing is always allowed (a settlement, a void, a round or a session ending, the operator);
//   - a kind's own state (a fancy's ball running, a bookmaker's quote status, …) moves the generic
//     status with it, but never reopens a CLOSED market: only the operator opens a closed market;
//   - the operator may open or suspend a CLOSED market only while it is not settled (a market OPEN
//     and SETTLED would take bets): unsettle it first.
//
// Each change moves the version, which bettors' slips and the books' pushes are checked against.
//
// The market's settlement state and its management voids are recorded here too (settlement
// decides them and moves the money; this module writes its own tables): a settlement step must be
// one the settlement machine allows (`settlementStepRefusal`), and a SETTLED market is CLOSED.
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { marketSettlements, marketVoids, markets, runners } from './schema.ts';
import type { Executor } from '../../db/store.ts';

export type MarketStatus = (typeof markets.$inferSelect)['status'];
/** Who asks for a status: the operator's status call, or a kind following its own state. */
export type StatusActor = 'operator' | 'kind';

export const SETTLED_MARKET_REOPEN_MESSAGE = 'Market is settled; unsettle it before opening it again';

/** A refusal of the lifecycle, in words a person can read (the caller answers it). */
export class MarketLifecycleRefusal extends Error {}

/**
 * The status a market moves to when `actor` asks for `to` (pure): `to`, the status it keeps (a kind
 * never reopens a closed market), or a refusal (the operator reopening a settled one).
 */
export function nextMarketStatus(
  from: MarketStatus,
  to: MarketStatus,
  actor: StatusActor,
  settled: boolean,
): MarketStatus | { refusal: string } {
  if (from === to || to === 'CLOSED') return to;
  if (actor === 'kind') return from === 'CLOSED' ? from : to;
  return settled ? { refusal: SETTLED_MARKET_REOPEN_MESSAGE } : to;
}

const bump = sql`${markets.version} + 1`;

/** Closes the markets (always allowed) and moves their versions. */
export async function closeMarkets(tx: Executor, marketIds: readonly number[]): Promise<void> {
  if (marketIds.length === 0) return;
  await tx
    .update(markets)
    .set({ status: 'CLOSED', version: bump })
    .where(inArray(markets.marketId, [...marketIds]));
}

/**
 * A kind's own state moves the markets' generic status to `to` (a CLOSED market stays CLOSED, as
 * `nextMarketStatus` says for a kind) and their versions, in one statement. Returns each market's
 * new version.
 */
export async function followKindStatus(
  tx: Executor,
  marketIds: readonly number[],
  to: MarketStatus,
): Promise<Map<number, number>> {
  if (marketIds.length === 0) return new Map();
  const rows = await tx
    .update(markets)
    .set({
      status: sql`case when ${markets.status} = 'CLOSED' then 'CLOSED' else ${to} end`,
      version: bump,
    })
    .where(inArray(markets.marketId, [...marketIds]))
    .returning({ marketId: markets.marketId, version: markets.version });
  return new Map(rows.map((r) => [r.marketId, r.version]));
}

/**
 * The operator's status for one market whose row the caller holds locked, currently `from`:
 * nothing when unchanged, else the status and version written. Throws MarketLifecycleRefusal when
 * the machine refuses (a settled market opened again).
 */
export async function setStatusByOperator(
  tx: Executor,
  marketId: number,
  from: MarketStatus,
  to: MarketStatus,
): Promise<boolean> {
  if (from === to) return false;
  const settled =
    to !== 'CLOSED' &&
    (
      await tx
        .select({ state: marketSettlements.state })
        .from(marketSettlements)
        .where(and(eq(marketSettlements.marketId, marketId), eq(marketSettlements.state, 'SETTLED')))
    ).length > 0;
  const next = nextMarketStatus(from, to, 'operator', settled);
  if (typeof next === 'object') throw new MarketLifecycleRefusal(next.refusal);
  await tx.update(markets).set({ status: next, version: bump }).where(eq(markets.marketId, marketId));
  return true;
}

/**
 * Moves the markets' versions, with what changed beside their status: in play (and its bet delay),
 * or the exchange's next time-priority sequence. Returns each market's new version.
 */
export async function bumpMarketVersion(
  tx: Executor,
  marketIds: readonly number[],
  change: { inPlay?: true; betDelayS?: number; nextSeq?: true } = {},
): Promise<Map<number, number>> {
  if (marketIds.length === 0) return new Map();
  const rows = await tx
    .update(markets)
    .set({
      version: bump,
      ...(change.inPlay ? { inPlay: true } : {}),
      ...(change.betDelayS === undefined ? {} : { betDelayS: change.betDelayS }),
      ...(change.nextSeq ? { nextSeq: sql`${markets.nextSeq} + 1` } : {}),
    })
    .where(inArray(markets.marketId, [...marketIds]))
    .returning({ marketId: markets.marketId, version: markets.version });
  return new Map(rows.map((r) => [r.marketId, r.version]));
}

/** A new market: its row, and its runners' names in their order (none for a house-quoted line). */
export type NewMarket = typeof markets.$inferInsert & { runners?: readonly string[] };

/**
 * Creates markets and their runners, two statements for any number: the ids in the order given,
 * each with its runners' selection ids in their order.
 */
export async function createMarkets(
  tx: Executor,
  specs: readonly NewMarket[],
): Promise<{ marketId: number; selectionIds: number[] }[]> {
  if (specs.length === 0) return [];
  const rows = await tx
    .insert(markets)
    .values(specs.map(({ runners: _runners, ...m }) => m))
    .returning({ marketId: markets.marketId });
  const named = specs.flatMap((m, j) =>
    (m.runners ?? []).map((name, sortOrder) => ({ marketId: rows[j]!.marketId, name, sortOrder })),
  );
  const ids =
    named.length === 0
      ? []
      : await tx.insert(runners).values(named).returning({ selectionId: runners.selectionId });
  let next = 0;
  return specs.map((m, j) => ({
    marketId: rows[j]!.marketId,
    selectionIds: (m.runners ?? []).map(() => ids[next++]!.selectionId),
  }));
}

/** A declared result on the runners: the winners WINNER, the others LOSER (a removed one stays). */
export async function settleRunners(
  tx: Executor,
  marketId: number,
  winners: readonly number[],
): Promise<void> {
  await tx
    .update(runners)
    .set({
      status: sql`case when ${inArray(runners.selectionId, [...winners])} then 'WINNER' else 'LOSER' end`,
    })
    .where(and(eq(runners.marketId, marketId), ne(runners.status, 'REMOVED')));
}

/** An unsettled market's runners ACTIVE again (a removed one stays removed). */
export async function clearRunnerResults(tx: Executor, marketId: number): Promise<void> {
  await tx
    .update(runners)
    .set({ status: 'ACTIVE' })
    .where(and(eq(runners.marketId, marketId), inArray(runners.status, ['WINNER', 'LOSER'])));
}

/** A runner withdrawn: it takes no more bets, and the market's version moves. */
export async function removeRunner(tx: Executor, marketId: number, selectionId: number): Promise<void> {
  await tx
    .update(runners)
    .set({ status: 'REMOVED' })
    .where(and(eq(runners.marketId, marketId), eq(runners.selectionId, selectionId)));
  await bumpMarketVersion(tx, [marketId]);
}

/**
 * A kind's line moved (binary's session line): the versions move and, when the line closed, the
 * markets close; a market already CLOSED is left as it is. The line never opens or suspends the
 * market: OPEN and SUSPENDED are the operator's.
 */
export async function kindLineMoved(
  tx: Executor,
  marketIds: readonly number[],
  close: boolean,
): Promise<void> {
  if (marketIds.length === 0) return;
  await tx
    .update(markets)
    .set({ ...(close ? { status: 'CLOSED' as const } : {}), version: bump })
    .where(and(inArray(markets.marketId, [...marketIds]), ne(markets.status, 'CLOSED')));
}

/** The operator's terms of a market (name, start, bet delay, stakes, commission). */
export type MarketTerms = Partial<
  Pick<
    typeof markets.$inferInsert,
    'marketName' | 'startTime' | 'betDelayS' | 'minStakePaise' | 'maxStakePaise' | 'commissionBps'
  >
>;

/**
 * The operator's edit of a market's terms, its runners renamed and new runners added (before any
 * bet: the caller checks). The version and the time-priority sequence move. Returns the new
 * runners' selection ids.
 */
export async function editMarket(
  tx: Executor,
  marketId: number,
  edit: {
    terms: MarketTerms;
    rename?: readonly { selectionId: number; name: string }[];
    add?: { names: readonly string[]; firstSortOrder: number };
  },
): Promise<number[]> {
  await tx
    .update(markets)
    .set({ ...edit.terms, version: bump, nextSeq: sql`${markets.nextSeq} + 1` })
    .where(eq(markets.marketId, marketId));
  for (const r of edit.rename ?? []) {
    await tx
      .update(runners)
      .set({ name: r.name })
      .where(and(eq(runners.marketId, marketId), eq(runners.selectionId, r.selectionId)));
  }
  if (!edit.add || edit.add.names.length === 0) return [];
  const first = edit.add.firstSortOrder;
  const added = await tx
    .insert(runners)
    .values(edit.add.names.map((name, i) => ({ marketId, name, sortOrder: first + i })))
    .returning({ selectionId: runners.selectionId });
  return added.map((r) => r.selectionId);
}

/** A match's start moved: its markets that started with it (at `from`) move to `to`. */
export async function moveMarketStarts(tx: Executor, matchId: number, from: Date, to: Date): Promise<void> {
  await tx
    .update(markets)
    .set({ startTime: to })
    .where(and(eq(markets.matchId, matchId), eq(markets.startTime, from)));
}

/** A market's settlement state as recorded (null: never settled). */
export type SettlementStep = { state: 'SETTLED' | 'UNSETTLED'; generation: number };

/**
 * Why the settlement machine refuses the step from `prev` to `next` (pure), or null. A settlement
 * (or a re-settlement) is the next generation; an unsettle reverses the settled generation and
 * keeps its number, so the next settlement writes new transfer keys.
 */
export function settlementStepRefusal(prev: SettlementStep | null, next: SettlementStep): string | null {
  if (next.state === 'SETTLED') {
    const want = (prev?.generation ?? 0) + 1;
    return next.generation === want ? null : `a settlement is generation ${want}, not ${next.generation}`;
  }
  if (prev?.state !== 'SETTLED') return 'only a settled market can be unsettled';
  return next.generation === prev.generation ? null : 'an unsettle keeps the generation it reverses';
}

/** A step the machine refuses: a bug in the caller, never a bettor's or operator's input. */
export class SettlementStepError extends Error {}

export type SettlementRecord = Omit<typeof marketSettlements.$inferInsert, 'marketId'> & SettlementStep;

/**
 * Records a market's settlement state (the caller holds the market's row locked and moves the
 * money in the same transaction). Throws SettlementStepError on a step the machine refuses or
 * on SETTLED for a market not CLOSED (an OPEN and settled market would take bets).
 */
export async function recordSettlement(
  tx: Executor,
  marketId: number,
  next: SettlementRecord,
): Promise<void> {
  const [row] = await tx
    .select({
      status: markets.status,
      state: marketSettlements.state,
      generation: marketSettlements.generation,
    })
    .from(markets)
    .leftJoin(marketSettlements, eq(marketSettlements.marketId, markets.marketId))
    .where(eq(markets.marketId, marketId));
  if (!row) throw new SettlementStepError(`market ${marketId}: no such market`);
  const prev =
    row.state === null || row.generation === null ? null : { state: row.state, generation: row.generation };
  const refusal = settlementStepRefusal(prev, next);
  if (refusal) throw new SettlementStepError(`market ${marketId}: ${refusal}`);
  if (next.state === 'SETTLED' && row.status !== 'CLOSED')
    throw new SettlementStepError(`market ${marketId}: settled while ${row.status}`);
  await tx
    .insert(marketSettlements)
    .values({ marketId, ...next })
    .onConflictDoUpdate({ target: marketSettlements.marketId, set: next });
}

/** A management void's row (a runner, a time window or one bet). */
export type NewMarketVoid = typeof marketVoids.$inferInsert;

/**
 * Records management voids of part of a market (the caller holds its row locked; settlement
 * applies them to the money). A runner's removal also goes through `removeRunner`.
 */
export async function recordVoids(tx: Executor, voids: readonly NewMarketVoid[]): Promise<void> {
  if (voids.length === 0) return;
  await tx.insert(marketVoids).values([...voids]);
}
