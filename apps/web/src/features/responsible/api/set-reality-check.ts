import { responsibleEndpoints } from '@backlay/contract/bettor/responsible';
import type { BettorRequestOf, ResponsibleGaming } from '@backlay/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, type ApiResult } from '../../../lib/api.ts';
import { responsibleGamingKey } from './responsible-gaming.ts';

/** POST user/responsibleGaming/realityCheck — a reminder every N minutes of a session (0 = off). */
export const setRealityCheck = (
  body: BettorRequestOf<'setRealityCheck'>,
): Promise<ApiResult<ResponsibleGaming>> => callEndpoint(responsibleEndpoints.setRealityCheck, body);

export function useSetRealityCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setRealityCheck,
    onSuccess: (r) => {
      if (r.status) queryClient.setQueryData(responsibleGamingKey, r.data);
    },
  });
}
