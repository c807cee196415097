import { exchangeEndpoints } from '@backlay/contract/bettor/exchange';
import type { CashOutQuote } from '@backlay/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { queryEndpoint } from '../../../lib/api.ts';

/** POST bet/getCashOut — the cash out of the caller's matched position on one exchange market now. */
export const getCashOutQuote = (marketId: number, signal?: AbortSignal): Promise<CashOutQuote> =>
  queryEndpoint(exchangeEndpoints.getCashOut, { market_id: marketId }, { signal });

/** Keyed by the market and `live`: a signature of its prices and positions, so a change asks again. */
export const cashOutQuoteKey = (marketId: number, live = '') => ['cashOutQuote', marketId, live] as const;

export const cashOutQuoteQueryOptions = (marketId: number, live: string) =>
  queryOptions({
    queryKey: cashOutQuoteKey(marketId, live),
    queryFn: ({ signal }) => getCashOutQuote(marketId, signal),
    retry: false,
    // The figure stays on the button while the next one loads (no flicker on every price change).
    placeholderData: keepPreviousData,
  });

export const useCashOutQuote = (marketId: number, live: string, enabled: boolean) =>
  useQuery({ ...cashOutQuoteQueryOptions(marketId, live), enabled });
