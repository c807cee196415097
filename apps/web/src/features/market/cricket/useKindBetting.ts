import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { formatMoney } from '@backlay/ui/money';
import { placeBookmakerBet } from '../api/place-bookmaker-bet.ts';
import { placeFancyBet } from '../api/place-fancy-bet.ts';
import type { OneClickSettings } from '../OneClick.tsx';
import { stakeToPaise } from '../slip.ts';
import type { KindPick, KindSlipState } from './kind-slip.ts';
import { useRefreshKindBets } from './useCricketLive.ts';

type PlaceInput = KindPick & { stake: number };

/** Sends one bookmaker or fancy bet at the quoted rate (and line), with a fresh request id. */
function send(matchId: number, input: PlaceInput) {
  const request_id = crypto.randomUUID();
  if (input.kind === 'BOOKMAKER') {
    return placeBookmakerBet({
      match_id: matchId,
      market_id: input.market_id,
      selection_id: input.selection_id,
      is_back: input.side === 'BACK' ? '1' : '0',
      rate: input.rate,
      stack: input.stake,
      request_id,
    });
  }
  return placeFancyBet({
    match_id: matchId,
    fancy_id: input.fancy_id,
    is_yes: input.yes ? '1' : '0',
    line: input.line,
    rate: input.rate,
    stack: input.stake,
    request_id,
  });
}

/**
 * The slip and the placing of bookmaker and fancy bets. A pick opens the slip (keeping the stake
 * typed before), or with one-click on places the one-click stake at once. A refusal keeps the
 * slip open and shows the server's message; any answer refreshes balance, exposure and bets.
 */
export function useKindBetting(matchId: number, oneClick: OneClickSettings, onSlipOpen: () => void) {
  const [slip, setSlip] = useState<KindSlipState | null>(null);
  const refresh = useRefreshKindBets(matchId);
  const place = useMutation({
    mutationFn: (input: PlaceInput) => send(matchId, input),
    onSuccess: (result) => {
      if (result.status) {
        const b = result.data.bet;
        const side = b.kind === 'BOOKMAKER' ? (b.is_back === '1' ? 'Back ' : 'Lay ') : '';
        toast.success(
          `Bet placed: ${side}${b.selection_name} (${b.market_name}), ₹${formatMoney(b.stack)} at ${b.rate}.`,
        );
        setSlip(null);
      } else {
        toast.error(result.message);
      }
      refresh();
    },
    onError: (err) => toast.error(err.message),
  });

  const pick = (p: KindPick) => {
    if (oneClick.on) {
      if (oneClick.stake == null) {
        toast.error('Choose a one-click stake first.');
        return;
      }
      if (place.isPending) return;
      setSlip(null);
      place.mutate({ ...p, stake: oneClick.stake });
      return;
    }
    onSlipOpen();
    setSlip((old) => ({ ...p, stake: old?.stake ?? '' }));
  };

  const placeSlip = () => {
    if (!slip) return;
    const stake = stakeToPaise(slip.stake);
    if (stake == null) return;
    place.mutate({ ...slip, stake: stake / 100 });
  };

  return { slip, setSlip, pick, placeSlip, placing: place.isPending };
}

export type KindBetting = ReturnType<typeof useKindBetting>;
