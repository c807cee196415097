// Three questions every kind answers from its own bets table (registry.ts): who has bets on a
// market, how many of a market's bets are settled or void, and how many open bets a user has per
// market. The table is the kind's own; the question is the same for all, so it is asked once here.
import {
  and,
  asc,
  eq,
  gt,
  gte,
  inArray,
  isNull,
  lte,
  ne,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/store.ts';
import type { MarketKindModule } from './registry.ts';
import { notVoided } from './voids.ts';

export type BetsTable = {
  table: PgTable;
  userId: AnyPgColumn;
  marketId: AnyPgColumn;
  /** 'VOID' for a voided bet, another value once settled, null while open. */
  result: AnyPgColumn;
  /** Which of the table's rows are still open bets (they hold exposure). */
  open: SQL;
};

export function betCountsOf(
  t: BetsTable,
): Pick<MarketKindModule, 'usersWithBets' | 'settledCounts' | 'betCounts'> {
  return {
    async usersWithBets(tx: Executor, marketId: number) {
      const rows = await tx
        .selectDistinct({ userId: t.userId })
        .from(t.table)
        .where(eq(t.marketId, marketId))
        .orderBy(asc(t.userId));
      return rows.map((r) => Number(r.userId));
    },

    async settledCounts(tx: Executor, marketId: number) {
      const rows = await tx
        .select({ result: t.result, n: sql<string>`count(*)::text` })
        .from(t.table)
        .where(and(eq(t.marketId, marketId), sql`${t.result} is not null`))
        .groupBy(t.result);
      let settled = 0;
      let voided = 0;
      for (const r of rows) {
        if (r.result === 'VOID') voided += Number(r.n);
        else settled += Number(r.n);
      }
      return { settled, voided };
    },

    async betCounts(tx: Executor, userId: number, marketIds: readonly number[]) {
      if (marketIds.length === 0) return new Map<number, number>();
      const rows = await tx
        .select({ marketId: t.marketId, n: sql<string>`count(*)::text` })
        .from(t.table)
        .where(and(eq(t.userId, userId), inArray(t.marketId, [...marketIds]), t.open))
        .groupBy(t.marketId);
      return new Map(rows.map((r) => [Number(r.marketId), Number(r.n)]));
    },
  };
}

/** A house-quoted kind's bets table, for the bets placed in a window (markets/registry.ts). */
export type HouseBetsTable = {
  table: PgTable;
  userId: AnyPgColumn;
  marketId: AnyPgColumn;
  placedAt: AnyPgColumn;
  stakePaise: AnyPgColumn;
  /** 'VOIDED' once settled void. */
  settledStatus: AnyPgColumn;
  /** The runner, where a void of one runner applies to the kind's bets. */
  selectionId?: AnyPgColumn;
};

/** `stakesPlacedIn` of a house-quoted kind: a bet taken whole counts for its whole stake. */
export function houseStakesPlacedIn(t: HouseBetsTable): MarketKindModule['stakesPlacedIn'] {
  return async (tx, marketId, from, to) => {
    const rows = await tx
      .select({ userId: t.userId, paise: t.stakePaise })
      .from(t.table)
      .where(
        and(
          eq(t.marketId, marketId),
          gte(t.placedAt, from),
          lte(t.placedAt, to),
          or(isNull(t.settledStatus), ne(t.settledStatus, 'VOIDED')),
          notVoided({
            marketId: t.marketId,
            placedAt: t.placedAt,
            ...(t.selectionId ? { selectionId: t.selectionId } : {}),
          }),
        ),
      );
    return rows.map((r) => ({ userId: Number(r.userId), paise: Number(r.paise) }));
  };
}

/**
 * `consoleFigures` and `activitySince` of a house-quoted kind: every bet is taken whole, so its
 * stake is what the house took (no maker of the demo feed bets on them).
 */
export function houseFiguresOf(
  t: Pick<HouseBetsTable, 'table' | 'marketId' | 'placedAt' | 'stakePaise'>,
): Pick<MarketKindModule, 'consoleFigures' | 'activitySince' | 'activityByHour'> {
  return {
    async consoleFigures(tx, marketIds) {
      const out = new Map<number, { bets: number; stakePaise: number }>();
      if (marketIds.length === 0) return out;
      const rows = await tx
        .select({
          id: t.marketId,
          n: sql<number>`count(*)::int`,
          paise: sql<string>`coalesce(sum(${t.stakePaise}), 0)::text`,
        })
        .from(t.table)
        .where(inArray(t.marketId, [...marketIds]))
        .groupBy(t.marketId);
      for (const r of rows) out.set(Number(r.id), { bets: Number(r.n), stakePaise: Number(r.paise) });
      return out;
    },

    async activitySince(tx, since) {
      const [r] = await tx
        .select({
          n: sql<number>`count(*)::int`,
          paise: sql<string>`coalesce(sum(${t.stakePaise}), 0)::text`,
        })
        .from(t.table)
        .where(gt(t.placedAt, since));
      return { bets: Number(r?.n ?? 0), stakePaise: Number(r?.paise ?? 0) };
    },

    async activityByHour(tx, since) {
      const slot = hourSlot(t.placedAt, since);
      const rows = await tx
        .select({
          slot,
          n: sql<number>`count(*)::int`,
          paise: sql<string>`coalesce(sum(${t.stakePaise}), 0)::text`,
        })
        .from(t.table)
        .where(gte(t.placedAt, since))
        // By position: the slot's bound parameter is another one in a repeated expression.
        .groupBy(sql`1`);
      return rows.map((r) => ({ slot: Number(r.slot), bets: Number(r.n), stakePaise: Number(r.paise) }));
    },
  };
}

/** Whole hours from `since` to `column` (a timestamp at or after it): the dashboard chart's hour. */
export function hourSlot(column: SQLWrapper, since: Date): SQL<number> {
  return sql<number>`floor(extract(epoch from (${column} - ${since.toISOString()}::timestamptz)) / 3600)::int`;
}
