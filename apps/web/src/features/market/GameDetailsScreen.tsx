import type { Bet, MarketDetail } from '@backlay/contract';
import { formatOdds } from '@backlay/engine';
import { useMutation } from '@tanstack/react-query';
import { Fragment, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { toast } from '../../lib/toast.ts';
import { EmptyState } from '../../components/index.ts';
import { formatMoney } from '@backlay/ui/money';
import { formatDateTime } from '@backlay/ui/time';
import { cancelBet } from './api/cancel-bet.ts';
import { useMatchDetail } from './api/match-detail.ts';
import { placeMarketBet } from './api/place-bet.ts';
import { BetSlip, type SlipState } from './BetSlip.tsx';
import { LiveIndicator } from '../../components/LiveIndicator.tsx';
import { Loading } from './Loading.tsx';
import { CashOut } from './CashOut.tsx';
import { PriceHistory } from './PriceHistory.tsx';
import { MarketCard } from './MarketCard.tsx';
import { MyBets } from './MyBets.tsx';
import { OneClickBar, useOneClick } from './OneClick.tsx';
import { useSportLive, useSportPanels, type ExchangeBetting } from './panels/index.ts';
import { positionsAfter, stakeToPaise, type SlipSelection } from './slip.ts';
import { StaleWarning } from './StaleWarning.tsx';
import { isStale, useConnectionState, useLiveMarkets, useRefreshBets } from './useLive.ts';
import { usePlaceOnce } from '../../lib/usePlaceOnce.ts';
import { msgId } from '../../lib/i18n/catalog.ts';
import { translateAnswer } from '../../lib/i18n/index.ts';
import { useT } from './i18n.ts';
import './market.css';

/** The toast of a placed bet, by its status: alone, and with the part matched and its price. */
const PLACED = {
  MATCHED: [msgId('market.game.betMatched'), msgId('market.game.betMatchedAt')],
  PARTIAL: [msgId('market.game.betPartlyMatched'), msgId('market.game.betPartlyMatchedAt')],
  UNMATCHED: [msgId('market.game.betUnmatched'), msgId('market.game.betUnmatchedAt')],
} as const;

type PlaceInput = SlipSelection & { stake: number; version: number; keepInPlay?: boolean };

/** What the bettor means by an exchange bet: a change of any of it is a new intent (a new request_id). */
function exchangeIntentKey(sel: SlipSelection, stakeRupees: number | null, keepInPlay?: boolean): string {
  return JSON.stringify([
    sel.market_id,
    sel.selection_id,
    sel.side,
    sel.price,
    stakeRupees,
    keepInPlay === true,
  ]);
}

export function MatchNotFound() {
  const t = useT();
  return <EmptyState>{t('market.game.notFound')}</EmptyState>;
}

/**
 * The screen while there is no match to show (loading, unknown, failed): it still has its h1, so
 * a screen reader's heading list and axe's page-has-heading-one find the screen's title. While
 * loading the heading is for screen readers only (the match's name replaces it at once).
 */
export function NoMatch({ hidden = false, children }: { hidden?: boolean; children: ReactNode }) {
  const t = useT();
  return (
    <div className="game">
      <h1 className={hidden ? 'visually-hidden' : 'page-title'}>{t('market.game.title')}</h1>
      {children}
    </div>
  );
}

/** game-details/{sportId}/{matchId}: every market of the match, live, with the bet slip and my bets. */
export function GameDetailsScreen() {
  const t = useT();
  const params = useParams();
  const matchId = Number(params.matchId);
  const valid = Number.isInteger(matchId) && matchId > 0;
  const detail = useMatchDetail(valid ? matchId : 0);
  // A sport's own panels load at once when the route names the sport, else once the match does.
  // The registry (panels/) says which sport adds what; this screen names none.
  const sportId = detail.data != null ? detail.data.sport_id : Number(params.sportId);
  const [slip, setSlip] = useState<SlipState | null>(null);
  const [oneClick, setOneClick] = useOneClick();
  const connection = useConnectionState();
  const stale = isStale(connection);
  const refreshBets = useRefreshBets(matchId);

  const placer = usePlaceOnce(refreshBets);
  /**
   * One refresh per bet (issue 42): the bet's own 'bets' notice over the socket refetches My Bets,
   * the balance and the exposure (useLiveMarkets), so the answer does it only when the socket is
   * not open or does not follow the bet's market. A notice lost on the way is a resync, which
   * refetches the screen.
   */
  const refreshUnlessLive = (marketId: number) => () => {
    const followed = (detail.data?.markets ?? []).some(
      (m) => m.market_id === marketId && !sportIdSet.has(m.market_id),
    );
    if (!followed || connection !== 'open') refreshBets();
  };
  const place = (input: PlaceInput, fromSlip: boolean) =>
    void placer.place(
      exchangeIntentKey(input, input.stake, input.keepInPlay),
      (request_id, signal) =>
        placeMarketBet(
          {
            match_id: matchId,
            market_id: input.market_id,
            selection_id: input.selection_id,
            is_back: input.side === 'BACK' ? '1' : '0',
            odds: Number(formatOdds(input.price)),
            stack: input.stake,
            request_id,
            version: input.version,
            ...(input.keepInPlay ? { keep_in_play: true } : {}),
          },
          signal ? { signal } : undefined,
        ),
      (r, retried) => {
        const [alone, withPart] = PLACED[r.status];
        toast.success(
          r.size_matched > 0
            ? t(withPart, { amount: formatMoney(r.size_matched), odds: String(r.average_price_matched) })
            : t(alone),
        );
        // After a lost answer the slip stays to say "Placed"; else it closes.
        if (!(fromSlip && retried)) setSlip(null);
      },
      refreshUnlessLive(input.market_id),
    );

  // The exchange's betting: the screen's ladders use it, and so does a sport that lays exchange
  // markets out in its own panels (racing's WIN and PLACE). `sports` is read when a price is picked.
  const exchange: ExchangeBetting = {
    stale,
    onPick: (market: MarketDetail) => (sel: SlipSelection) => {
      if (oneClick.on) {
        if (oneClick.stake == null) {
          toast.error(t('market.oneClick.chooseFirst'));
          return;
        }
        place({ ...sel, stake: oneClick.stake, version: market.version }, false);
        return;
      }
      for (const s of sports) s.closeSlip();
      setSlip((old) => ({ ...sel, stake: old?.stake ?? '', keepInPlay: old?.keepInPlay }));
    },
    // CashOut shows nothing without a position, but stays mounted to show its own answer.
    cashOutFor: (m: MarketDetail) => <CashOut market={m} onDone={refreshBets} />,
    whatIf: (m: MarketDetail) =>
      slip && slip.market_id === m.market_id ? positionsAfter(m, slip, stakeToPaise(slip.stake)) : undefined,
    slipFor: (m: MarketDetail, selectionId: number) => {
      if (!slip || slip.market_id !== m.market_id || slip.selection_id !== selectionId) return null;
      const slipPaise = stakeToPaise(slip.stake);
      return (
        <BetSlip
          market={m}
          slip={slip}
          placing={placer.placing}
          notice={placer.noticeFor(
            exchangeIntentKey(slip, slipPaise == null ? null : slipPaise / 100, slip.keepInPlay),
          )}
          onChange={setSlip}
          onCancel={() => setSlip(null)}
          onPlace={() => {
            if (slipPaise == null) return;
            place({ ...slip, stake: slipPaise / 100, version: m.version }, true);
          }}
        />
      );
    },
  };

  const sports = useSportPanels(sportId, valid, {
    matchId,
    oneClick,
    closeExchangeSlip: () => setSlip(null),
    exchange,
  });
  const sportIds = sports.flatMap((s) => s.marketIds);
  const sportIdSet = new Set(sportIds);
  // Markets a sport shows in its own panels (cricket's bookmaker and fancy) are never exchange ladders.
  const markets = (detail.data?.markets ?? []).filter((m) => !sportIdSet.has(m.market_id));
  const exchangeIds = valid ? markets.map((m) => m.market_id) : [];
  useLiveMarkets(matchId, exchangeIds);
  useSportLive(matchId, valid, sports, exchangeIds.length);

  const cancel = useMutation({
    mutationFn: async (target: { bet_id: number } | { market_ids: number[] }) => {
      if ('bet_id' in target) return [await cancelBet({ bet_id: target.bet_id })];
      return Promise.all(target.market_ids.map((id) => cancelBet({ market_id: id })));
    },
    onSuccess: (results) => {
      const refused = results.find((r) => !r.status);
      if (refused && !refused.status) toast.error(translateAnswer(refused.message));
      else toast.success(t('market.game.cancelled'));
      refreshBets();
    },
    onError: (err) => toast.error(translateAnswer(err.message)),
  });

  if (!valid)
    return (
      <NoMatch>
        <MatchNotFound />
      </NoMatch>
    );
  if (detail.isPending) {
    return (
      <NoMatch hidden>
        <Loading />
      </NoMatch>
    );
  }
  if (detail.isError) {
    return (
      <NoMatch>
        <p className="form-error" role="alert">
          {translateAnswer(detail.error.message)}
        </p>
      </NoMatch>
    );
  }
  const match = detail.data;

  return (
    <div className="game">
      <header className="game__head">
        <div className="game__title">
          <h1>{match.match_name}</h1>
          <span className="game__sub">
            {match.series_name} · <time dateTime={match.match_Date}>{formatDateTime(match.match_Date)}</time>
          </span>
        </div>
        <div className="game__status">
          {match.in_play ? <span className="badge badge--live">{t('market.inPlay')}</span> : null}
          {!match.in_play && match.result ? (
            <span className="badge badge--result">{match.result}</span>
          ) : null}
          <LiveIndicator />
        </div>
      </header>
      {sports.map((s, i) => (s.top ? <Fragment key={i}>{s.top}</Fragment> : null))}
      <OneClickBar settings={oneClick} onChange={setOneClick} />
      {stale ? <StaleWarning /> : null}
      <div className="game__layout">
        <div className="game__markets">
          {markets.length === 0 && sportIds.length === 0 && !sports.some((s) => s.pending) ? (
            <EmptyState>{t('market.game.noMarkets')}</EmptyState>
          ) : null}
          {markets.map((m) => (
            <MarketCard
              key={m.market_id}
              market={m}
              stale={stale}
              whatIf={exchange.whatIf(m)}
              onPick={exchange.onPick(m)}
              cashOut={exchange.cashOutFor(m)}
              renderBelow={(selectionId) => exchange.slipFor(m, selectionId)}
              footer={<PriceHistory marketId={m.market_id} marketName={m.market_name} />}
            />
          ))}
          {sports.map((s, i) => (s.markets ? <Fragment key={i}>{s.markets}</Fragment> : null))}
        </div>
        <aside className="game__side">
          <MyBets
            matchId={matchId}
            busy={cancel.isPending}
            onCancelOne={(b: Bet) => cancel.mutate({ bet_id: b.bet_id })}
            onCancelAll={(bets: Bet[]) =>
              cancel.mutate({ market_ids: [...new Set(bets.map((b) => b.market_id))] })
            }
          />
          {sports.map((s, i) => (s.side ? <Fragment key={i}>{s.side}</Fragment> : null))}
        </aside>
      </div>
    </div>
  );
}
