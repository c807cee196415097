import { authEndpoints } from '@backlay/contract/bettor/auth';
import type { VisitorCountry } from '@backlay/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryEndpoint } from '../../../lib/api.ts';

/** GET user/getVisitorCountry — the sign-up's dial code country, from the visitor's address (spec §8). */
export const getVisitorCountry = (signal?: AbortSignal): Promise<VisitorCountry> =>
  queryEndpoint(authEndpoints.getVisitorCountry, undefined, { signal });

export const visitorCountryQueryOptions = () =>
  queryOptions({
    queryKey: ['visitorCountry'],
    queryFn: ({ signal }) => getVisitorCountry(signal),
    retry: false,
    staleTime: Infinity,
  });

/** A failure is only logged (spec §8): the picker stays on the settings' default country. */
export const useVisitorCountry = () => useQuery(visitorCountryQueryOptions());
