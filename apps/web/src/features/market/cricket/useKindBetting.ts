import { useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { formatMoney } from '@backlay/ui/money';
import { placeBookmakerBet } from '../api/place-bookmaker-bet.ts';
import { placeFancyBet } from '../api/place-fancy-bet.ts';
import type { OneClickSettings } from '../OneClick.tsx';
import { stakeToPaise } from '../slip.ts';
import { usePlaceOnce } from '../../../lib/usePlaceOnce.ts';
import type { KindPick, KindSlipState } from './kind-slip.ts';
import { useRefreshKindBets } from './useCricketLive.ts';
import { useT } from '../i18n.ts';

type PlaceInput = KindPick & { stake: number };

/** What the bettor means by this bet: a change of any of it is a new intent (a new request_id). */
export function kindIntentKey(input: KindPick, stakeRupees: number | null): string {
  return input.kind === 'BOOKMAKER'
    ? JSON.stringify(['BM', input.market_id, input.selection_id, input.side, input.rate, stakeRupees])
    : JSON.stringify(['F', input.fancy_id, input.yes, input.line, input.rate, stakeRupees]);
}

/** Sends one bookmaker or fancy bet at the quoted rate (and line) with the intent's request id. */
function send(matchId: number, input: PlaceInput, request_id: string, signal: AbortSignal | undefined) {
  const init = signal ? { signal } : undefined;
  if (input.kind === 'BOOKMAKER') {
    return placeBookmakerBet(
      {
        match_id: matchId,
        market_id: input.market_id,
        selection_id: input.selection_id,
        is_back: input.side === 'BACK' ? '1' : '0',
        rate: input.rate,
        stack: input.stake,
        request_id,
      },
      init,
    );
  }
  return placeFancyBet(
    {
      match_id: matchId,
      fancy_id: input.fancy_id,
      is_yes: input.yes ? '1' : '0',
      line: input.line,
      rate: input.rate,
      stack: input.stake,
      request_id,
    },
    init,
  );
}

/**
 * The slip and the placing of bookmaker and fancy bets. A pick opens the slip (keeping the stake
 * typed before), or with one-click on places the one-click stake at once. A refusal keeps the
 * slip open and shows the server's message; any answer refreshes balance, exposure and bets.
 */
export function useKindBetting(matchId: number, oneClick: OneClickSettings, onSlipOpen: () => void) {
  const t = useT();
  const [slip, setSlip] = useState<KindSlipState | null>(null);
  const refresh = useRefreshKindBets(matchId);
  const placer = usePlaceOnce(refresh);
  const place = (input: PlaceInput, fromSlip: boolean) =>
    void placer.place(
      kindIntentKey(input, input.stake),
      (id, signal) => send(matchId, input, id, signal),
      (data, retried) => {
        const b = data.bet;
        const values = {
          selection: b.selection_name,
          market: b.market_name,
          stake: formatMoney(b.stack),
          rate: String(b.rate),
        };
        toast.success(
          b.kind !== 'BOOKMAKER'
            ? t('market.kindSlip.placed', values)
            : b.is_back === '1'
              ? t('market.kindSlip.placedBack', values)
              : t('market.kindSlip.placedLay', values),
        );
        // After a lost answer the slip stays to say "Placed"; else it closes.
        if (!(fromSlip && retried)) setSlip(null);
      },
    );

  const pick = (p: KindPick) => {
    if (oneClick.on) {
      if (oneClick.stake == null) {
        toast.error(t('market.oneClick.chooseFirst'));
        return;
      }
      setSlip(null);
      place({ ...p, stake: oneClick.stake }, false);
      return;
    }
    onSlipOpen();
    setSlip((old) => ({ ...p, stake: old?.stake ?? '' }));
  };

  const placeSlip = () => {
    if (!slip) return;
    const stake = stakeToPaise(slip.stake);
    if (stake == null) return;
    place({ ...slip, stake: stake / 100 }, true);
  };

  // The slip's last answer, shown until the bettor changes the selection, rate, line or stake.
  const slipPaise = slip ? stakeToPaise(slip.stake) : null;
  const notice = placer.noticeFor(
    slip ? kindIntentKey(slip, slipPaise == null ? null : slipPaise / 100) : null,
  );
  return { slip, setSlip, pick, placeSlip, placing: placer.placing, notice };
}

export type KindBetting = ReturnType<typeof useKindBetting>;
