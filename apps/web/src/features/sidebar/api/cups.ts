import { catalogEndpoints } from '@backlay/contract/bettor/catalog';
import type { Cup } from '@backlay/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api.ts';

/** GET match/getCupsForMenu — the cup menu (spec §7). A failure is ignored: no cups are shown. */
export async function getCups(signal?: AbortSignal): Promise<Cup[]> {
  const result = await callEndpoint(catalogEndpoints.getCupsForMenu, undefined, { signal }).catch(() => null);
  return result?.status ? result.data : [];
}

export const cupsQueryOptions = () =>
  queryOptions({ queryKey: ['cups'], queryFn: ({ signal }) => getCups(signal), staleTime: 5 * 60_000 });

export const useCups = () => useQuery(cupsQueryOptions());
