import { sessionEndpoints } from '@backlay/contract/bettor/session';
import type { UserBalance } from '@backlay/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { queryEndpoint } from '../../../lib/api.ts';
import { BALANCE_POLL_MS } from '../../../lib/constants.ts';
import { SESSION_KEYS, sessionStore } from '../../../lib/storage.ts';
import { useClientStore } from '../../../lib/store.ts';

/** GET user/getUserBalance; the exposure is kept for the session as `exposureBalance`. */
export async function getUserBalance(signal?: AbortSignal): Promise<UserBalance> {
  const data = await queryEndpoint(sessionEndpoints.getUserBalance, undefined, { signal });
  sessionStore.set(SESSION_KEYS.exposureBalance, String(data.liability));
  return data;
}

export const userBalanceQueryOptions = () =>
  queryOptions({
    queryKey: ['userBalance'],
    queryFn: ({ signal }) => getUserBalance(signal),
    // Polled every 5 s; a failed poll is not retried at once but simply tried again at the next tick.
    refetchInterval: BALANCE_POLL_MS,
    refetchIntervalInBackground: false,
    retry: false,
  });

/**
 * The balance, polled while signed in and not on the login page, and refreshed when the
 * bet-placed counter moves.
 */
export function useUserBalance(enabled: boolean) {
  const queryClient = useQueryClient();
  const counter = useClientStore((s) => s.betPlacedCounter);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    void queryClient.invalidateQueries({ queryKey: ['userBalance'] });
  }, [counter, queryClient]);
  return useQuery({ ...userBalanceQueryOptions(), enabled });
}
