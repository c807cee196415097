import { exchangeEndpoints } from '@backlay/contract/bettor/exchange';
import type { CancelBetResult } from '@backlay/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, type ApiResult } from '../../../lib/api.ts';
import { useClientStore } from '../../../lib/store.ts';
import { CURRENT_BETS_KEY } from './current-bets.ts';

/** POST bet/cancelBet {bet_id} — cancels the unmatched part of one bet; a refusal comes back as status false. */
export const cancelBet = (betId: number): Promise<ApiResult<CancelBetResult>> =>
  callEndpoint(exchangeEndpoints.cancelBet, { bet_id: betId });

/**
 * Cancels one bet, then refreshes what shows it: every current-bets list, and (through the
 * bet-placed counter and the exposure query, as the market screen does) balance and exposure.
 */
export function useCancelBet(
  onSettled: (result: ApiResult<CancelBetResult> | null, error: Error | null) => void,
) {
  const queryClient = useQueryClient();
  const bump = useClientStore((s) => s.bumpBetPlaced);
  return useMutation({
    mutationFn: (betId: number) => cancelBet(betId),
    onSettled: (result, error) => {
      onSettled(result ?? null, error);
      bump();
      void queryClient.invalidateQueries({ queryKey: CURRENT_BETS_KEY });
      void queryClient.invalidateQueries({ queryKey: ['exposureDetail'] });
    },
  });
}
