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
import { and, eq, inArray, sql } from 'drizzle-orm';
import { markets, marketSettlements } from '../../db/schema.ts';
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
