import { catalogEndpoints } from '@backlay/contract/bettor/catalog';
import type { SearchGroup } from '@backlay/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { queryEndpoint } from '../../../lib/api.ts';
import { SEARCH_MIN_CHARS } from '../../../lib/constants.ts';

/** POST match/searchByMatchNameHeader — results grouped by sport name. */
export const searchMatches = (search: string, signal?: AbortSignal): Promise<SearchGroup[]> =>
  queryEndpoint(catalogEndpoints.searchByMatchNameHeader, { search }, { signal });

export const searchQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ['search', search],
    queryFn: ({ signal }) => searchMatches(search, signal),
    staleTime: 30_000,
    retry: false,
  });

export const useSearchMatches = (search: string) =>
  useQuery({
    ...searchQueryOptions(search),
    enabled: search.trim().length >= SEARCH_MIN_CHARS,
    placeholderData: keepPreviousData,
  });
