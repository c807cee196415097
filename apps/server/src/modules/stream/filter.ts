// A program's market filter (packages/contract/src/stream.ts): the markets it names now, read in one
// statement, and whether a market made later matches it (its facts read once per node).
import type { StreamMarketFilter } from '@backlay/contract';
import { and, asc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/store.ts';
import { matches } from '../catalog/schema.ts';
import { markets } from '../markets/schema.ts';

/** What a filter looks at in a market. */
export type MarketFacts = {
  market_id: number;
  match_id: number;
  sport_id: number;
  kind: string;
  market_type: string;
  closed: boolean;
};

const factColumns = {
  market_id: markets.marketId,
  match_id: markets.matchId,
  sport_id: matches.sportId,
  kind: markets.marketKind,
  market_type: markets.marketType,
  status: markets.status,
};

/** The conditions of a filter as SQL (every one given must hold). */
function conditions(filter: StreamMarketFilter): SQL[] {
  const where: SQL[] = [ne(markets.status, 'CLOSED')];
  if (filter.sport_ids) where.push(inArray(matches.sportId, filter.sport_ids));
  if (filter.match_ids) where.push(inArray(markets.matchId, filter.match_ids));
  if (filter.market_ids) where.push(inArray(markets.marketId, filter.market_ids));
  if (filter.kinds) where.push(inArray(markets.marketKind, filter.kinds));
  if (filter.market_types) where.push(inArray(markets.marketType, filter.market_types));
  return where;
}

/**
 * The ids of the markets the filter names that are not closed, lowest first, at most `limit` + 1
 * (one more tells the caller it was cut).
 */
export async function marketsMatching(
  db: Executor,
  filter: StreamMarketFilter,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .select({ id: markets.marketId })
    .from(markets)
    .innerJoin(matches, eq(matches.matchId, markets.matchId))
    .where(and(...conditions(filter)))
    .orderBy(asc(markets.marketId))
    .limit(limit + 1);
  return rows.map((r) => r.id);
}

/** A market's facts, or null for an unknown one. */
export async function factsOf(db: Executor, market_id: number): Promise<MarketFacts | null> {
  const [row] = await db
    .select(factColumns)
    .from(markets)
    .innerJoin(matches, eq(matches.matchId, markets.matchId))
    .where(eq(markets.marketId, market_id));
  return row ? { ...row, closed: row.status === 'CLOSED' } : null;
}

/** Whether a market matches the filter (the same conditions as `marketsMatching`). */
export function matchesFilter(filter: StreamMarketFilter, m: MarketFacts): boolean {
  return (
    !m.closed &&
    (!filter.sport_ids || filter.sport_ids.includes(m.sport_id)) &&
    (!filter.match_ids || filter.match_ids.includes(m.match_id)) &&
    (!filter.market_ids || filter.market_ids.includes(m.market_id)) &&
    (!filter.kinds || (filter.kinds as readonly string[]).includes(m.kind)) &&
    (!filter.market_types || filter.market_types.includes(m.market_type))
  );
}
