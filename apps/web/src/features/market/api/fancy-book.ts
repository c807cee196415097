import { exchangeEndpoints } from '@backlay/contract/bettor/exchange';
import type { FancyBook } from '@backlay/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryEndpoint } from '../../../lib/api.ts';

/** POST bet/getFancyBook — the caller's profit or loss on a fancy by result. */
export const getFancyBook = (fancyId: number, signal?: AbortSignal): Promise<FancyBook> =>
  queryEndpoint(exchangeEndpoints.getFancyBook, { fancy_id: fancyId }, { signal });

export const FANCY_BOOK_KEY = 'fancyBook';
export const fancyBookKey = (fancyId: number) => [FANCY_BOOK_KEY, fancyId] as const;

export const fancyBookQueryOptions = (fancyId: number) =>
  queryOptions({
    queryKey: fancyBookKey(fancyId),
    queryFn: ({ signal }) => getFancyBook(fancyId, signal),
    retry: false,
    // The book changes only with the caller's own bets; opening it again shows the latest.
    staleTime: 0,
  });

export const useFancyBook = (fancyId: number, enabled: boolean) =>
  useQuery({ ...fancyBookQueryOptions(fancyId), enabled });
