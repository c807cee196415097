import { securityEndpoints } from '@backlay/contract/bettor/security';
import type { ResponseOf } from '@backlay/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryEndpoint } from '../../../lib/api.ts';

export type TwoFactorStatus = ResponseOf<'twoFactorStatus'>;

/** GET user/twoFactor/status — whether Security Auth is on, since when, recovery codes left. */
export const getTwoFactorStatus = (signal?: AbortSignal): Promise<TwoFactorStatus> =>
  queryEndpoint(securityEndpoints.twoFactorStatus, undefined, { signal });

export const twoFactorStatusKey = ['security', 'twoFactorStatus'] as const;

export const twoFactorStatusQueryOptions = () =>
  queryOptions({
    queryKey: twoFactorStatusKey,
    queryFn: ({ signal }) => getTwoFactorStatus(signal),
    retry: false,
  });

export const useTwoFactorStatus = () => useQuery(twoFactorStatusQueryOptions());
