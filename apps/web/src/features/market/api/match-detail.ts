import { exchangeEndpoints } from '@backlay/contract/bettor/exchange';
import type { MarketDelta, MarketDetail, MarketImage, MatchDetail } from '@backlay/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryEndpoint } from '../../../lib/api.ts';

/** POST match/getMatchDetail — the match, its markets, three levels a side and the caller's positions. */
export const getMatchDetail = (matchId: number, signal?: AbortSignal): Promise<MatchDetail> =>
  queryEndpoint(exchangeEndpoints.getMatchDetail, { match_id: matchId }, { signal });

export const matchDetailKey = (matchId: number) => ['matchDetail', matchId] as const;

export const matchDetailQueryOptions = (matchId: number) =>
  queryOptions({
    queryKey: matchDetailKey(matchId),
    queryFn: ({ signal }) => getMatchDetail(matchId, signal),
    retry: false,
    // Prices arrive over the WebSocket; the query is refetched on reconnect and after a bet.
    staleTime: 60_000,
  });

export const useMatchDetail = (matchId: number) => useQuery(matchDetailQueryOptions(matchId));

/** Applies a full image or a delta to a market; runners keep their names and the caller's position. */
export function applyMarketUpdate(market: MarketDetail, update: MarketImage | MarketDelta): MarketDetail {
  const next: MarketDetail = { ...market };
  if (update.status !== undefined) next.status = update.status;
  if (update.in_play !== undefined) next.in_play = update.in_play;
  if (update.version !== undefined) next.version = update.version;
  if (update.runners) {
    const byId = new Map(update.runners.map((r) => [r.selection_id, r]));
    next.runners = market.runners.map((r) => {
      const u = byId.get(r.selection_id);
      return u ? { ...r, status: u.status, back: u.back, lay: u.lay } : r;
    });
  }
  return next;
}

/** The match with one market updated (same object when the market is not on it). */
export function applyToMatch(
  match: MatchDetail,
  marketId: number,
  update: MarketImage | MarketDelta,
): MatchDetail {
  let changed = false;
  const markets = match.markets.map((m) => {
    if (m.market_id !== marketId) return m;
    changed = true;
    return applyMarketUpdate(m, update);
  });
  return changed ? { ...match, markets } : match;
}
