import { and, asc, desc, eq, gt, gte, ilike, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import { cups, matches, series, sports } from './schema.ts';
import { markets, runners } from '../markets/schema.ts';
import type { Executor } from '../../db/store.ts';

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
export const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function listSports(db: Executor, filter: { sportId?: number; isActive: boolean }) {
  const where: SQL[] = [eq(sports.isActive, filter.isActive)];
  if (filter.sportId !== undefined) where.push(eq(sports.sportId, filter.sportId));
  return db
    .select()
    .from(sports)
    .where(and(...where))
    .orderBy(asc(sports.sortOrder), asc(sports.sportId));
}

export function listSeries(db: Executor, filter: { sportId?: number; isActive: boolean }) {
  const where: SQL[] = [eq(series.isActive, filter.isActive)];
  if (filter.sportId !== undefined) where.push(eq(series.sportId, filter.sportId));
  return db
    .select()
    .from(series)
    .where(and(...where))
    .orderBy(asc(series.sportId), asc(series.sortOrder), asc(series.name));
}

/**
 * A match is in play while it has begun (one of its markets went in play: `matches.in_play`) and is
 * not over: one of its markets is not CLOSED yet. A finished match — every market settled, voided
 * or closed (a cricket match won, a race resulted) — leaves the in-play lists and loses its In Play
 * mark (issue 47), whoever closed its markets.
 */
export const matchInPlay = sql<boolean>`(${matches.inPlay} and exists (select 1 from ${markets} k
  where k.match_id = ${matches.matchId} and k.status <> 'CLOSED'))`;

const matchColumns = {
  matchId: matches.matchId,
  matchName: matches.matchName,
  startTime: matches.startTime,
  openDate: matches.openDate,
  sportId: matches.sportId,
  sportName: sports.name,
  seriesId: matches.seriesId,
  seriesName: series.name,
  country: matches.country,
  venue: matches.venue,
  inPlay: matchInPlay,
  resultText: matches.resultText,
};

export const MATCH_LIST_MAX = 500;

export function listMatches(
  db: Executor,
  filter: { sportId?: number; seriesId?: number; isActive: boolean },
) {
  const where: SQL[] = [eq(matches.isActive, filter.isActive)];
  if (filter.sportId !== undefined) where.push(eq(matches.sportId, filter.sportId));
  // All sports means the betting sports: those of negative id (the casino tables, binary
  // sessions) are reached by their own id and screens, never listed among all matches.
  else if (filter.seriesId === undefined) where.push(gt(matches.sportId, 0));
  if (filter.seriesId !== undefined) where.push(eq(matches.seriesId, filter.seriesId));
  return db
    .select(matchColumns)
    .from(matches)
    .innerJoin(series, eq(series.seriesId, matches.seriesId))
    .innerJoin(sports, eq(sports.sportId, matches.sportId))
    .where(and(...where))
    .orderBy(asc(matches.startTime), asc(matches.matchId))
    .limit(MATCH_LIST_MAX);
}

export function marketsOf(db: Executor, matchIds: number[], kinds?: readonly string[]) {
  if (matchIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(markets)
    .where(
      and(
        inArray(markets.matchId, matchIds),
        kinds ? inArray(markets.marketKind, kinds as (typeof markets.marketKind._.data)[]) : undefined,
      ),
    )
    .orderBy(asc(markets.matchId), asc(markets.marketId));
}

export function searchMatches(db: Executor, text: string, limit: number) {
  return db
    .select({ ...matchColumns, sportOrder: sports.sortOrder })
    .from(matches)
    .innerJoin(series, eq(series.seriesId, matches.seriesId))
    .innerJoin(sports, eq(sports.sportId, matches.sportId))
    .where(and(eq(matches.isActive, true), ilike(matches.matchName, `%${likeEscape(text)}%`)))
    .orderBy(desc(matchInPlay), asc(matches.startTime), asc(matches.matchId))
    .limit(limit);
}

export function racesBetween(
  db: Executor,
  filter: { sportId: number; country: string; from: Date; to: Date },
) {
  const where: SQL[] = [
    eq(matches.isActive, true),
    eq(matches.sportId, filter.sportId),
    isNotNull(matches.venue),
    gte(matches.startTime, filter.from),
    lt(matches.startTime, filter.to),
  ];
  if (filter.country) where.push(eq(matches.country, filter.country));
  return db
    .select(matchColumns)
    .from(matches)
    .innerJoin(series, eq(series.seriesId, matches.seriesId))
    .innerJoin(sports, eq(sports.sportId, matches.sportId))
    .where(and(...where))
    .orderBy(asc(matches.country), asc(matches.venue), asc(matches.startTime), asc(matches.matchId));
}

export function listCups(db: Executor) {
  return db.select().from(cups).where(eq(cups.isActive, true)).orderBy(asc(cups.sortOrder), asc(cups.cupId));
}

export function runnersOf(db: Executor, marketIds: number[]) {
  if (marketIds.length === 0) return Promise.resolve([]);
  return db
    .select({ marketId: runners.marketId, selectionId: runners.selectionId, name: runners.name })
    .from(runners)
    .where(inArray(runners.marketId, marketIds))
    .orderBy(asc(runners.marketId), asc(runners.sortOrder));
}
