import { catalogEndpoints } from '@backlay/contract/bettor/catalog';
import type { VenueEntry } from '@backlay/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api.ts';

type VenueQuery = { sport_id: number; date: string; country: string };

/** POST match/getMatchVenueListByCountryCodeSportId — races of a racing sport on a day, by venue. */
export async function getVenues(q: VenueQuery, signal?: AbortSignal): Promise<VenueEntry[]> {
  const result = await callEndpoint(catalogEndpoints.getMatchVenueListByCountryCodeSportId, q, {
    signal,
  }).catch(() => null);
  return result?.status ? result.data : [];
}

export const venuesQueryOptions = (q: VenueQuery) =>
  queryOptions({ queryKey: ['venues', q], queryFn: ({ signal }) => getVenues(q, signal), staleTime: 60_000 });

export const useVenues = (q: VenueQuery, enabled: boolean) => useQuery({ ...venuesQueryOptions(q), enabled });
