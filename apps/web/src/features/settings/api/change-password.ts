import { sessionEndpoints } from '@backlay/contract/bettor/session';
import type { ChangePasswordRequest } from '@backlay/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint, type ApiResult } from '../../../lib/api.ts';

/** POST user/changePassword (master_password is the current password). */
export const changePassword = (body: ChangePasswordRequest): Promise<ApiResult<null>> =>
  callEndpoint(sessionEndpoints.changePassword, body);

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
