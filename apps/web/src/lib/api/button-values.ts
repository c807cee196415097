import { sessionEndpoints } from '@backlay/contract/bettor/session';
import type { ButtonValue } from '@backlay/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryEndpoint } from '../api.ts';

/** GET user/getButtonValue — data may be a JSON string list (spec §7); both are accepted. */
export const getButtonValues = (signal?: AbortSignal): Promise<ButtonValue[]> =>
  queryEndpoint(sessionEndpoints.getButtonValue, undefined, { signal });

/** Shared by the Set Button Value modal and the bet slip's quick stakes (one cache entry). */
export const buttonValuesQueryOptions = () =>
  queryOptions({
    queryKey: ['buttonValues'],
    queryFn: ({ signal }) => getButtonValues(signal),
    retry: false,
  });

export const useButtonValues = (enabled = true) => useQuery({ ...buttonValuesQueryOptions(), enabled });
