import { casinoEndpoints } from '@backlay/contract/bettor/casino';
import type { CasinoRound, CasinoRoundHead } from '@backlay/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryEndpoint } from '../../../lib/api.ts';
import { noteServerTime } from '../clock.ts';
import { withHead } from './round-head.ts';

/**
 * POST casino/getRound — a table's current round (state, options and payouts, seed hash, cards so
 * far), its limits, the last 10 results and the caller's bets on the round. Live changes arrive as
 * `casino` messages and replace the head in this cache (useCasinoLive); a new round or a result
 * refetches (the caller's bets and their outcome).
 */
export async function getCasinoRound(matchId: number, signal?: AbortSignal): Promise<CasinoRound> {
  const data = await queryEndpoint(casinoEndpoints.getCasinoRound, { match_id: matchId }, { signal });
  noteServerTime(data.round.server_time);
  return data;
}

export const casinoRoundKey = (matchId: number) => ['casinoRound', matchId] as const;

export const casinoRoundQueryOptions = (matchId: number) =>
  queryOptions({
    queryKey: casinoRoundKey(matchId),
    queryFn: ({ signal }) => getCasinoRound(matchId, signal),
    retry: false,
    staleTime: Infinity,
  });

export const useCasinoRound = (matchId: number, enabled = true) =>
  useQuery({ ...casinoRoundQueryOptions(matchId), enabled });

/** The table's round with its head replaced by a `casino` message (an older round's message is ignored). */
export function applyToRound(data: CasinoRound, head: CasinoRoundHead): CasinoRound {
  return head.match_id === data.round.match_id ? withHead(data, head) : data;
}
