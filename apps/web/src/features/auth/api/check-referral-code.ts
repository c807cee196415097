import { authEndpoints } from '@backlay/contract/bettor/auth';
import type { ReferralCodeCheck } from '@backlay/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryEndpoint } from '../../../lib/api.ts';

/** POST user/checkReferralCode — whether the sign-up link's code opens an account (spec §2: "checked"). */
export const checkReferralCode = (code: string, signal?: AbortSignal): Promise<ReferralCodeCheck> =>
  queryEndpoint(authEndpoints.checkReferralCode, { referral_code: code }, { signal });

export const referralCodeQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ['referralCode', code.toLowerCase()],
    queryFn: ({ signal }) => checkReferralCode(code, signal),
    retry: false,
    staleTime: 5 * 60_000,
  });

/**
 * The check on arrival. A failed call (network, limit) leaves the form up: the sign-up call
 * checks the code again and refuses in words, so failing open never opens an account.
 */
export const useReferralCodeCheck = (code: string) => useQuery(referralCodeQueryOptions(code));
