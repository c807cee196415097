import type { MarketDetail } from '@backlay/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { SPORT_ID } from '../../../lib/constants.ts';
import { matchDetailQueryOptions } from '../api/match-detail.ts';
import { registerSportPanels, type SportPanelContext, type SportPanelState } from '../panels/registry.ts';
import { useLiveMarkets } from '../useLive.ts';
import { raceCardKey, useRaceCard } from './api/race-card.ts';
import { RaceHeader, RaceResult } from './RaceHeader.tsx';
import { RaceCardTable } from './RaceCardTable.tsx';
import { translateAnswer } from '../../../lib/i18n/index.ts';
import { useT } from '../i18n.ts';
import './racing.css';

/** What of a market moves the card: its status, version (a removal moves it) and the off. */
const cardSignature = (markets: readonly (MarketDetail | undefined)[]) =>
  markets.every((m) => m != null)
    ? markets.map((m) => `${m!.market_id}:${m!.status}:${m!.version}:${m!.in_play}`).join('|')
    : null;

/**
 * Refetches the card when one of its markets changes status or version — the off, a non-runner,
 * the finish, the result all move one — and never on a price: no poll, no storm.
 */
export function useRaceCardFollow(
  matchId: number,
  markets: readonly (MarketDetail | undefined)[],
  enabled: boolean,
) {
  const queryClient = useQueryClient();
  const sig = enabled ? cardSignature(markets) : null;
  const last = useRef<string | null>(null);
  useEffect(() => {
    if (sig == null) return;
    if (last.current != null && last.current !== sig) {
      void queryClient.invalidateQueries({ queryKey: raceCardKey(matchId) });
    }
    last.current = sig;
  }, [sig, matchId, queryClient]);
}

/**
 * Racing on game-details: the race header above, the card with its WIN and PLACE markets side by
 * side in the markets column. Its markets are the exchange's: their cells open the exchange's slip
 * (ctx.exchange), their prices follow the live socket like any exchange market.
 */
function useRacingPanels({ matchId, active, exchange }: SportPanelContext): SportPanelState {
  const t = useT();
  const card = useRaceCard(matchId, active);
  const detail = useQuery({ ...matchDetailQueryOptions(matchId), enabled: active });
  const data = active ? card.data : undefined;
  const markets = active ? (detail.data?.markets ?? []) : [];
  const win = data ? markets.find((m) => m.market_id === data.win_market_id) : undefined;
  const place =
    data && data.place_market_id != null
      ? markets.find((m) => m.market_id === data.place_market_id)
      : undefined;
  useRaceCardFollow(matchId, data?.place_market_id != null ? [win, place] : [win], data != null);
  // While the card loads the race's markets are its own (no ladder flashes up); if the card fails
  // they fall back to the exchange's ladders, still bettable.
  const marketIds = data
    ? [data.win_market_id, ...(data.place_market_id != null ? [data.place_market_id] : [])]
    : active && card.isPending
      ? markets.map((m) => m.market_id)
      : [];
  return {
    marketIds,
    pending: active && card.isPending,
    // The race's cells use the exchange slip: there is no slip of its own to close.
    closeSlip: () => {},
    top: data ? <RaceHeader card={data} win={win} /> : null,
    markets: (
      <>
        {data ? <RaceResult card={data} /> : null}
        {data ? <RaceCardTable card={data} win={win} place={place} exchange={exchange} /> : null}
        {active && card.isError ? (
          <p className="form-error" role="alert">
            {t('market.racing.cardFailed', { reason: translateAnswer(card.error.message) })}
          </p>
        ) : null}
      </>
    ),
  };
}

registerSportPanels({
  name: 'racing',
  sportIds: [SPORT_ID.HORSE_RACING, SPORT_ID.GREYHOUND_RACING],
  useMatch: useRacingPanels,
  // WIN and PLACE are exchange markets: merged into the match's cache like any ladder.
  useLive: useLiveMarkets,
});
