// The catalogue's rows (series, matches) are written here only: the console's catalogue calls and
// a market going in play change them through these, inside the caller's transaction.
import { eq, sql } from 'drizzle-orm';
import { matches, series } from './schema.ts';
import type { Executor } from '../../db/store.ts';

type MatchRow = typeof matches.$inferSelect;

/** A match as a kind or the console creates it (its markets are its kinds' to add). */
export type NewMatch = {
  seriesId: number;
  sportId: number;
  matchName: string;
  country: string | null;
  venue: string | null;
  startTime: Date;
  openDate: Date;
};

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

/** A new match, not in play; its row. */
export async function insertMatch(tx: Executor, m: NewMatch): Promise<MatchRow> {
  const [row] = await tx
    .insert(matches)
    .values({ ...m, inPlay: false })
    .returning();
  return row!;
}

/** Inserts matches in one statement, in order (the ids as one by one); returns their ids. */
export async function insertMatches(tx: Executor, list: readonly NewMatch[]): Promise<number[]> {
  if (list.length === 0) return [];
  const rows = await tx
    .insert(matches)
    .values(list.map((m) => ({ ...m, inPlay: false })))
    .returning({ id: matches.matchId });
  return rows.map((r) => r.id);
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

/**
 * The event is over: its result as bettors read it ("India won by 6 wickets"), shown in place of
 * In Play (the sport's module writes it when its own record says so: a scoreboard, a race result).
 */
export async function setMatchResult(tx: Executor, matchId: number, text: string): Promise<void> {
  await tx
    .update(matches)
    .set({ resultText: text.trim().slice(0, 200) })
    .where(eq(matches.matchId, matchId));
}

/** The match is in play (one of its markets went in play). */
export async function setMatchInPlay(tx: Executor, matchId: number): Promise<void> {
  await tx.update(matches).set({ inPlay: true }).where(eq(matches.matchId, matchId));
}
