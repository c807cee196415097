import { sessionEndpoints } from '@backlay/contract/bettor/session';
import type { ButtonValue } from '@backlay/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, type ApiResult } from '../../../lib/api.ts';

export {
  buttonValuesQueryOptions,
  getButtonValues,
  useButtonValues,
} from '../../../lib/api/button-values.ts';

/** POST user/setButtonValue — an array of rows with their type. */
export const setButtonValues = (rows: ButtonValue[]): Promise<ApiResult<ButtonValue[]>> =>
  callEndpoint(sessionEndpoints.setButtonValue, rows);

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
