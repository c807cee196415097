import { binaryEndpoints } from '@backlay/contract/bettor/binary';
import type { BinaryInstrument } from '@backlay/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryEndpoint } from '../../../lib/api.ts';

/** POST binary/getInstrument — head, the session's ticks, limits, the caller's exposure, book and bets. */
export const getBinaryInstrument = (matchId: number, signal?: AbortSignal): Promise<BinaryInstrument> =>
  queryEndpoint(binaryEndpoints.getBinaryInstrument, { match_id: matchId }, { signal });

export const binaryInstrumentKey = (matchId: number) => ['binaryInstrument', matchId] as const;

export const binaryInstrumentQueryOptions = (matchId: number) =>
  queryOptions({
    queryKey: binaryInstrumentKey(matchId),
    queryFn: ({ signal }) => getBinaryInstrument(matchId, signal),
    retry: false,
  });

export const useBinaryInstrument = (matchId: number | null) =>
  useQuery({ ...binaryInstrumentQueryOptions(matchId ?? 0), enabled: matchId != null });
