import { sessionEndpoints } from '@backlay/contract/bettor/session';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../api.ts';
import { sessionStore, localLogout, readToken, readUserInfo } from '../storage.ts';
import { useClientStore } from '../store.ts';

/**
 * Logout (spec §4): auth state false, POST user/logout, then the session is cleared and local
 * logout removes exactly the listed keys. The guards then send the user to login.
 */
export async function logout(): Promise<void> {
  const user = readUserInfo();
  const token = readToken();
  useClientStore.getState().setLoggedIn(null);
  try {
    if (user && token) await callEndpoint(sessionEndpoints.logout, { user_id: user.user_id, token });
  } catch {
    // The server may be unreachable; the local session ends anyway.
  } finally {
    sessionStore.clear();
    localLogout();
  }
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => queryClient.clear(),
  });
}
