import type { LoginRequest, UserInfo } from '@backlay/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint, type ApiResult } from '../../../lib/api.ts';
import { saveSignIn, STORAGE_KEYS, storage } from '../../../lib/storage.ts';
import { useClientStore } from '../../../lib/store.ts';

/** POST user/login. A refusal (wrong password, locked account) is status:false with a message. */
export const login = (body: LoginRequest): Promise<ApiResult<UserInfo>> => callEndpoint('login', body);

/** Signs in and stores the session (spec §3 keys); the caller navigates. */
export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: (result) => {
      if (!result.status) return;
      saveSignIn(result.data);
      storage.remove(STORAGE_KEYS.otpVerify);
      useClientStore.getState().setLoggedIn(result.data);
    },
  });
}
