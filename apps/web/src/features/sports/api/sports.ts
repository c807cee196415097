import { catalogEndpoints } from '@backlay/contract/bettor/catalog';
import type { Sport } from '@backlay/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api.ts';

/** POST sport/getSports — the sport list. Failures are ignored (empty list). */
export async function getSports(signal?: AbortSignal): Promise<Sport[]> {
  const result = await callEndpoint(catalogEndpoints.getSports, { is_active: 1 }, { signal }).catch(
    () => null,
  );
  return result?.status ? result.data : [];
}

export const sportsQueryOptions = () =>
  queryOptions({ queryKey: ['sports'], queryFn: ({ signal }) => getSports(signal), staleTime: 5 * 60_000 });

export const useSports = () => useQuery(sportsQueryOptions());
