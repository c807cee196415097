import type { CasinoBet, CasinoRound } from '@backlay/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useClientStore } from '../../lib/store.ts';
import { applyToRound, casinoRoundKey } from './api/casino-round.ts';
import { useCasinoLive } from './useCasinoLive.ts';

/** Balance and exposure in the header, and the round's bets, are asked for again. */
export function useRefreshWallet(matchId: number) {
  const queryClient = useQueryClient();
  const bump = useClientStore((s) => s.bumpBetPlaced);
  return useCallback(() => {
    bump();
    void queryClient.invalidateQueries({ queryKey: ['exposureDetail'] });
    void queryClient.invalidateQueries({ queryKey: casinoRoundKey(matchId) });
  }, [bump, matchId, queryClient]);
}

/** A bet just placed joins the round's bets at once (the refetch confirms it). */
export function addBet(data: CasinoRound, bet: CasinoBet): CasinoRound {
  if (bet.round_id !== data.round.round_id || data.my_bets.some((b) => b.bet_id === bet.bet_id)) return data;
  return { ...data, my_bets: [...data.my_bets, bet] };
}

/**
 * The table follows its round over the socket: each `casino` message replaces the round head in
 * the cache (the cards dealt appear as they come). A new round, or the round's result, refetches
 * the round (the caller's bets and their outcome, the results strip); a result the caller had bets
 * on also refreshes balance and exposure.
 */
export function useTableLive(matchId: number, enabled: boolean) {
  const queryClient = useQueryClient();
  const refreshWallet = useRefreshWallet(matchId);
  const key = casinoRoundKey(matchId);
  useCasinoLive(
    enabled ? [matchId] : [],
    (head) => {
      const before = queryClient.getQueryData<CasinoRound>(key);
      queryClient.setQueryData<CasinoRound>(key, (old) => (old ? applyToRound(old, head) : old));
      if (!before) return;
      const newRound = head.round_id > before.round.round_id;
      const finished =
        head.round_id === before.round.round_id &&
        head.state !== before.round.state &&
        (head.state === 'RESULT' || head.state === 'VOID');
      if (finished && before.my_bets.length > 0) refreshWallet();
      else if (newRound || finished) void queryClient.invalidateQueries({ queryKey: key });
    },
    () => void queryClient.invalidateQueries({ queryKey: key }),
  );
}
