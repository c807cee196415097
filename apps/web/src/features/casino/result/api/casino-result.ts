import { casinoEndpoints } from '@backlay/contract/bettor/casino';
import type { BettorRequestOf, CasinoRoundResult } from '@backlay/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryEndpoint } from '../../../../lib/api.ts';

export type CasinoResultRequest = { match_id: number; round_id: number };

/** POST casino/getCasinoResult — one round: its cards or steps, result, seed hash and (once dealt) seed. */
export const getCasinoResult = (req: CasinoResultRequest, signal?: AbortSignal): Promise<CasinoRoundResult> =>
  queryEndpoint(casinoEndpoints.getCasinoResult, req satisfies BettorRequestOf<'getCasinoResult'>, {
    signal,
  });

export const casinoResultKey = (req: CasinoResultRequest) =>
  ['casino', 'result', req.match_id, req.round_id] as const;

/** A finished round never changes; a running one is asked again when the modal reopens. */
const isFinal = (r: CasinoRoundResult) => r.state === 'RESULT' || r.state === 'VOID';

export const casinoResultQueryOptions = (req: CasinoResultRequest) =>
  queryOptions({
    queryKey: casinoResultKey(req),
    queryFn: ({ signal }) => getCasinoResult(req, signal),
    retry: false,
    staleTime: (q) => (q.state.data && isFinal(q.state.data) ? Infinity : 0),
  });

export const useCasinoResult = (req: CasinoResultRequest) => useQuery(casinoResultQueryOptions(req));
