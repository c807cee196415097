import type { ButtonValue } from '@backlay/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, queryEndpoint, type ApiResult } from '../../../lib/api.ts';

/** GET user/getButtonValue — data may be a JSON string list (spec §7); both are accepted. */
export const getButtonValues = (signal?: AbortSignal): Promise<ButtonValue[]> =>
  queryEndpoint('getButtonValue', undefined, { signal });

export const buttonValuesQueryOptions = () =>
  queryOptions({
    queryKey: ['buttonValues'],
    queryFn: ({ signal }) => getButtonValues(signal),
    retry: false,
  });

export const useButtonValues = (enabled: boolean) => useQuery({ ...buttonValuesQueryOptions(), enabled });

/** POST user/setButtonValue — an array of rows with their type. */
export const setButtonValues = (rows: ButtonValue[]): Promise<ApiResult<ButtonValue[]>> =>
  callEndpoint('setButtonValue', rows);

/** On success the values are refreshed from the server. */
export function useSetButtonValues() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setButtonValues,
    onSuccess: (result) => {
      if (result.status) void queryClient.invalidateQueries({ queryKey: ['buttonValues'] });
    },
  });
}
