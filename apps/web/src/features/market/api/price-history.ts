import { exchangeEndpoints } from '@backlay/contract/bettor/exchange';
import type { PriceHistory } from '@backlay/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryEndpoint } from '../../../lib/api.ts';

/** POST market/getPriceHistory — an exchange market's last traded price over time, per runner. */
export const getPriceHistory = (marketId: number, signal?: AbortSignal): Promise<PriceHistory> =>
  queryEndpoint(exchangeEndpoints.getPriceHistory, { market_id: marketId }, { signal });

export const priceHistoryKey = (marketId: number) => ['priceHistory', marketId] as const;

/** Asked again every minute while shown: a step is a minute. */
export const PRICE_HISTORY_REFRESH_MS = 60_000;

export const priceHistoryQueryOptions = (marketId: number) =>
  queryOptions({
    queryKey: priceHistoryKey(marketId),
    queryFn: ({ signal }) => getPriceHistory(marketId, signal),
    retry: false,
    refetchInterval: PRICE_HISTORY_REFRESH_MS,
  });

export const usePriceHistory = (marketId: number, enabled: boolean) =>
  useQuery({ ...priceHistoryQueryOptions(marketId), enabled });
