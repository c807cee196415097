import { responsibleEndpoints } from '@backlay/contract/bettor/responsible';
import type { BettorRequestOf, ResponsibleGaming } from '@backlay/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, type ApiResult } from '../../../lib/api.ts';
import { responsibleGamingKey } from './responsible-gaming.ts';

/**
 * POST user/responsibleGaming/limit — a deposit or loss limit for a day, week or month (null
 * removes it): lowering counts at once, raising or removing after 24 hours (the message says when).
 */
export const setResponsibleLimit = (
  body: BettorRequestOf<'setResponsibleLimit'>,
): Promise<ApiResult<ResponsibleGaming>> => callEndpoint(responsibleEndpoints.setResponsibleLimit, body);

export function useSetResponsibleLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setResponsibleLimit,
    onSuccess: (r) => {
      if (r.status) queryClient.setQueryData(responsibleGamingKey, r.data);
    },
  });
}
