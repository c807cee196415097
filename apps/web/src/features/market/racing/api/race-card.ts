import { exchangeEndpoints } from '@backlay/contract/bettor/exchange';
import type { RaceCard } from '@backlay/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryEndpoint } from '../../../../lib/api.ts';

/**
 * POST racing/getRaceCard — the race's card (runners, non-runners with their reduction factors),
 * state, places paid, result, its WIN and PLACE market ids and the day's meetings for the tabs.
 * Its prices are the exchange's (match/getMatchDetail and the live socket).
 */
export const getRaceCard = (matchId: number, signal?: AbortSignal): Promise<RaceCard> =>
  queryEndpoint(exchangeEndpoints.getRaceCard, { match_id: matchId }, { signal });

export const raceCardKey = (matchId: number) => ['raceCard', matchId] as const;

export const raceCardQueryOptions = (matchId: number) =>
  queryOptions({
    queryKey: raceCardKey(matchId),
    queryFn: ({ signal }) => getRaceCard(matchId, signal),
    retry: false,
    // No poll: the card is refetched when one of its markets changes status or version (a removal,
    // the off, the finish, the result), which the live socket reports (useRaceCardFollow).
    staleTime: 60_000,
  });

export const useRaceCard = (matchId: number, enabled = true) =>
  useQuery({ ...raceCardQueryOptions(matchId), enabled });
