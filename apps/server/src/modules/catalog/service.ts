import {
  MAIN_ODDS_LIST_MAX,
  SEARCH_RESULTS_MAX,
  type Cup,
  type MainOdds,
  type MarketKind,
  type Match,
  type SearchGroup,
  type SeriesHeaderEntry,
  type Series,
  type Sport,
  type VenueEntry,
} from '@backlay/contract';
import { and, eq, sql } from 'drizzle-orm';
import { series } from './schema.ts';
import type { Db, Executor } from '../../db/store.ts';
import * as q from './queries.ts';
import { insertMatches, insertSeries, type NewMatch } from './writes.ts';

/** The client shows times in UTC+5:30; race days are days there. */
const IST_OFFSET = '+05:30';

type MatchRow = Awaited<ReturnType<typeof q.listMatches>>[number];

/**
 * Sports, series, matches with their markets, cups, search and racing venues. `is_active`
 * filters by equality when given; without it only active rows are listed.
 */
/** Best back/lay decimal odds by selection id of the given markets (the exchange provides it). */
export type BestPrices = (
  marketIds: number[],
) => Promise<Map<number, { back: number | null; lay: number | null }>>;

/** Whether a market is its match's main market (its kind answers: registry.ts `isMainMarket`). */
export type IsMainMarket = (market: { marketKind: MarketKind; marketType: string }) => boolean;

// Long because it is a factory: its inner functions, each short, share the catalog's reads and the
// series-name lock.
export function createCatalogService(
  db: Db,
  isMainMarket: IsMainMarket,
  bestPrices: BestPrices = async () => new Map(),
  /** The kinds whose markets are listed under their match (registry.ts `listedUnderMatch`); absent: all. */
  listedKinds?: () => MarketKind[],
) {
  /**
   * The matches with their markets and main odds. `brief` (getMatches' list shape): each match's
   * main market only, and no main_odds (nor their prices asked) for a main market of more than
   * MAIN_ODDS_LIST_MAX runners.
   */
  async function withMarkets(rows: MatchRow[], brief = false): Promise<Match[]> {
    const marketRows = await q.marketsOf(
      db,
      rows.map((r) => r.matchId),
      listedKinds?.(),
    );
    const byMatch = new Map<number, Match['markets']>();
    // The main market of a match: its first market its kind calls main, else its first market.
    const mainOf = new Map<number, number>();
    const main = new Set<number>();
    for (const m of marketRows) {
      const cur = mainOf.get(m.matchId);
      const isMain = isMainMarket(m);
      if (cur === undefined || (isMain && !main.has(cur))) mainOf.set(m.matchId, m.marketId);
      if (isMain) main.add(m.marketId);
    }
    const mainIds = [...mainOf.values()];
    let mainRunners: Awaited<ReturnType<typeof q.runnersOf>>;
    let best: Awaited<ReturnType<BestPrices>>;
    /** brief: the main markets whose odds are left out (more runners than a list shows). */
    const tooMany = new Set<number>();
    if (brief) {
      mainRunners = await q.runnersOf(db, mainIds);
      const count = new Map<number, number>();
      for (const r of mainRunners) count.set(r.marketId, (count.get(r.marketId) ?? 0) + 1);
      for (const [id, n] of count) if (n > MAIN_ODDS_LIST_MAX) tooMany.add(id);
      mainRunners = mainRunners.filter((r) => !tooMany.has(r.marketId));
      best = await bestPrices(mainIds.filter((id) => !tooMany.has(id)));
    } else {
      [mainRunners, best] = await Promise.all([q.runnersOf(db, mainIds), bestPrices(mainIds)]);
    }
    const listed = new Set(brief ? mainOf.values() : marketRows.map((m) => m.marketId));
    const oddsByMarket = new Map<number, MainOdds[]>();
    for (const r of mainRunners) {
      const list = oddsByMarket.get(r.marketId) ?? [];
      const b = best.get(r.selectionId);
      list.push({
        selection_id: r.selectionId,
        name: r.name,
        back: b?.back ?? null,
        lay: b?.lay ?? null,
      });
      oddsByMarket.set(r.marketId, list);
    }
    for (const m of marketRows) {
      if (!listed.has(m.marketId)) continue;
      const list = byMatch.get(m.matchId) ?? [];
      list.push({
        market_id: m.marketId,
        market_name: m.marketName,
        market_type: m.marketType,
        status: m.status,
        // A closed market is over, though it went in play.
        in_play: m.inPlay && m.status !== 'CLOSED',
        market_start_time: m.startTime.toISOString(),
      });
      byMatch.set(m.matchId, list);
    }
    return rows.map((r) => ({
      match_id: r.matchId,
      match_name: r.matchName,
      match_Date: r.startTime.toISOString(),
      open_date: r.openDate.toISOString(),
      sport_id: r.sportId,
      sport_name: r.sportName,
      series_id: r.seriesId,
      series_name: r.seriesName,
      country: r.country,
      venue: r.venue,
      in_play: r.inPlay,
      result: r.resultText,
      markets: byMatch.get(r.matchId) ?? [],
      ...(tooMany.has(mainOf.get(r.matchId) ?? -1)
        ? {}
        : { main_odds: oddsByMarket.get(mainOf.get(r.matchId) ?? -1) ?? [] }),
    }));
  }

  return {
    async sports(filter: { sportId?: number; isActive?: boolean }): Promise<Sport[]> {
      const rows = await q.listSports(db, { ...filter, isActive: filter.isActive ?? true });
      return rows.map((s) => ({
        sport_id: s.sportId,
        name: s.name,
        is_active: s.isActive ? 1 : 0,
        order: s.sortOrder,
      }));
    },

    async series(filter: { sportId: number; isActive?: boolean }): Promise<Series[]> {
      const rows = await q.listSeries(db, { ...filter, isActive: filter.isActive ?? true });
      return rows.map((s) => ({ series_id: s.seriesId, name: s.name, sport_id: s.sportId }));
    },

    async matches(filter: {
      sportId?: number;
      seriesId?: number;
      isActive?: boolean;
      brief?: boolean;
    }): Promise<Match[]> {
      const { brief, ...rest } = filter;
      return withMarkets(await q.listMatches(db, { ...rest, isActive: rest.isActive ?? true }), brief);
    },

    /** 1: sports with their series (header); 2: sports, series and matches (sidebar tree). */
    async seriesHeader(kind: number): Promise<SeriesHeaderEntry[]> {
      const [sportRows, seriesRows, matchRows] = await Promise.all([
        q.listSports(db, { isActive: true }),
        q.listSeries(db, { isActive: true }),
        kind === 2 ? q.listMatches(db, { isActive: true }) : Promise.resolve([]),
      ]);
      return sportRows.map((s) => ({
        sport_id: s.sportId,
        sport_name: s.name,
        order: s.sortOrder,
        series: seriesRows
          .filter((r) => r.sportId === s.sportId)
          .map((r) => ({
            series_id: r.seriesId,
            name: r.name,
            ...(kind === 2
              ? {
                  matches: matchRows
                    .filter((m) => m.seriesId === r.seriesId)
                    .map((m) => ({
                      match_id: m.matchId,
                      match_name: m.matchName,
                      match_Date: m.startTime.toISOString(),
                      in_play: m.inPlay,
                    })),
                }
              : {}),
          })),
      }));
    },

    async cups(): Promise<Cup[]> {
      return (await q.listCups(db)).map((c) => ({
        cup_id: c.cupId,
        name: c.name,
        sport_id: c.sportId,
        series_id: c.seriesId,
      }));
    },

    /** Case-insensitive substring of the match name; at most 50 matches, grouped by sport. */
    async search(text: string): Promise<SearchGroup[]> {
      const needle = text.trim();
      if (!needle) return [];
      const rows = await q.searchMatches(db, needle, SEARCH_RESULTS_MAX);
      const groups = new Map<number, SearchGroup & { order: number }>();
      for (const r of rows) {
        let g = groups.get(r.sportId);
        if (!g) {
          g = { sport_id: r.sportId, sport_name: r.sportName, order: r.sportOrder, matches: [] };
          groups.set(r.sportId, g);
        }
        g.matches.push({
          match_id: r.matchId,
          match_name: r.matchName,
          match_Date: r.startTime.toISOString(),
          series_name: r.seriesName,
        });
      }
      return [...groups.values()]
        .sort((a, b) => a.order - b.order || a.sport_id - b.sport_id)
        .map(({ order: _order, ...g }) => g);
    },

    /**
     * The id of the sport's series named `name` (case-insensitive), created at the end of the list
     * when missing (a racing meeting's "Kempton (GB)"). In the caller's transaction: two callers
     * at once wait on the name's advisory lock, so the series is created once.
     */
    async ensureSeries(tx: Executor, sportId: number, name: string): Promise<number> {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext(${`series:${sportId}:${name.toLowerCase()}`}))`,
      );
      const [found] = await tx
        .select({ id: series.seriesId })
        .from(series)
        .where(and(eq(series.sportId, sportId), sql`lower(${series.name}) = lower(${name})`))
        .limit(1);
      if (found) return found.id;
      return insertSeries(tx, sportId, name);
    },

    /** Inserts a match in the caller's transaction (its markets are its kinds' to add). */
    async insertMatch(tx: Executor, m: NewMatch): Promise<number> {
      const [id] = await insertMatches(tx, [m]);
      return id!;
    },

    insertMatches,

    /** Races of a racing sport on a day (UTC+5:30), optionally in one country, grouped by venue. */
    async venues(filter: { sportId: number; country: string; date: string }): Promise<VenueEntry[]> {
      const from = new Date(`${filter.date}T00:00:00${IST_OFFSET}`);
      const to = new Date(from.getTime() + 24 * 3_600_000);
      const rows = await q.racesBetween(db, { ...filter, from, to });
      const venues = new Map<string, VenueEntry>();
      for (const r of rows) {
        const country = r.country ?? '';
        const key = `${country}\u0000${r.venue}`;
        let v = venues.get(key);
        if (!v) {
          v = { venue: r.venue ?? '', country, races: [] };
          venues.set(key, v);
        }
        v.races.push({
          match_id: r.matchId,
          match_name: r.matchName,
          time: r.startTime.toISOString(),
          country,
        });
      }
      return [...venues.values()];
    },
  };
}
export type CatalogService = ReturnType<typeof createCatalogService>;
