// The catalogue's rows (series, matches) are written here only: the console's catalogue calls and
// a market going in play change them through these, inside the caller's transaction.
import { eq, sql } from 'drizzle-orm';
import { matches, series } from '../../db/schema.ts';
import type { Executor } from '../../db/store.ts';

type MatchInsert = typeof matches.$inferInsert;
type MatchRow = typeof matches.$inferSelect;

/** A new series of the sport, last in the order; its id. */
export async function insertSeries(db: Executor, sportId: number, name: string): Promise<number> {
  const [row] = await db
    .insert(series)
    .values({
      sportId,
      name,
      sortOrder: sql`(select coalesce(max(${series.sortOrder}), 0) + 1 from ${series})`,
    })
    .returning({ id: series.seriesId });
  return row!.id;
}

/** A new match; its row. */
export async function insertMatch(tx: Executor, values: MatchInsert): Promise<MatchRow> {
  const [row] = await tx.insert(matches).values(values).returning();
  return row!;
}

/** The operator's edit of a match's own fields (name, start, place, shown to bettors). */
export async function updateMatchRow(
  tx: Executor,
  matchId: number,
  patch: Partial<Pick<MatchRow, 'matchName' | 'startTime' | 'country' | 'venue' | 'isActive'>>,
): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await tx.update(matches).set(patch).where(eq(matches.matchId, matchId));
}

/** The match is in play (one of its markets went in play). */
export async function setMatchInPlay(tx: Executor, matchId: number): Promise<void> {
  await tx.update(matches).set({ inPlay: true }).where(eq(matches.matchId, matchId));
}
