import { responsibleEndpoints } from '@backlay/contract/bettor/responsible';
import type { BettorRequestOf, ResponseOf } from '@backlay/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint, type ApiResult } from '../../../lib/api.ts';

/**
 * POST user/responsibleGaming/exclude — a time-out or self-exclusion confirmed with the password:
 * every session ends and login is refused until it ends. Cannot be shortened.
 */
export const selfExclude = (
  body: BettorRequestOf<'selfExclude'>,
): Promise<ApiResult<ResponseOf<'selfExclude'>>> => callEndpoint(responsibleEndpoints.selfExclude, body);

export const useSelfExclude = () => useMutation({ mutationFn: selfExclude });
