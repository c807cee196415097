import { catalogEndpoints } from '@backlay/contract/bettor/catalog';
import type { CasinoSport } from '@backlay/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../api.ts';

/** GET casino/getCasinoSport — data may be a list or a JSON string (spec §7); failures give an empty list. */
export async function getCasinoSport(signal?: AbortSignal): Promise<CasinoSport[]> {
  const result = await callEndpoint(catalogEndpoints.getCasinoSport, undefined, { signal }).catch(() => null);
  if (!result?.status) return [];
  return [...result.data].filter((s) => s.is_active === 1).sort((a, b) => a.order - b.order);
}

export const casinoSportQueryOptions = () =>
  queryOptions({
    queryKey: ['casinoSport'],
    queryFn: ({ signal }) => getCasinoSport(signal),
    staleTime: 60_000,
  });

export const useCasinoSports = (enabled = true) => useQuery({ ...casinoSportQueryOptions(), enabled });
