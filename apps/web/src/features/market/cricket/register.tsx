import { SPORT_ID } from '../../../lib/constants.ts';
import { useCricketDetail } from '../api/cricket-detail.ts';
import { registerSportPanels, type SportPanelContext, type SportPanelState } from '../panels/registry.ts';
import { CricketBets } from './CricketBets.tsx';
import { CricketMarkets } from './CricketMarkets.tsx';
import { Scoreboard } from './Scoreboard.tsx';
import { useCricketLive, useNowPast } from './useCricketLive.ts';
import { useKindBetting } from './useKindBetting.ts';
import { translateAnswer } from '../../../lib/i18n/index.ts';
import './cricket.css';

/** Cricket on game-details: scoreboard above, bookmaker and fancy tables below the ladders, fancy bets aside. */
function useCricketPanels({
  matchId,
  active,
  oneClick,
  closeExchangeSlip,
}: SportPanelContext): SportPanelState {
  const cricket = useCricketDetail(matchId, active);
  const data = active ? cricket.data : undefined;
  // Bookmaker and fancy markets show in their own tables, never as exchange ladders.
  const marketIds = data
    ? [...data.bookmakers.map((m) => m.market_id), ...data.fancies.map((f) => f.fancy_id)]
    : [];
  const now = useNowPast(data?.scoreboard?.ball_running_until_ms);
  const betting = useKindBetting(matchId, oneClick, closeExchangeSlip);
  return {
    marketIds,
    pending: active && cricket.isPending,
    closeSlip: () => betting.setSlip(null),
    top: data?.scoreboard ? <Scoreboard detail={data} now={now} /> : null,
    markets: (
      <>
        {data ? <CricketMarkets detail={data} now={now} betting={betting} /> : null}
        {active && cricket.isError ? (
          <p className="form-error" role="alert">
            {translateAnswer(cricket.error.message)}
          </p>
        ) : null}
      </>
    ),
    side: active ? <CricketBets matchId={matchId} fancies={data?.fancies} /> : null,
  };
}

registerSportPanels({
  name: 'cricket',
  sportIds: [SPORT_ID.CRICKET],
  useMatch: useCricketPanels,
  useLive: useCricketLive,
});
