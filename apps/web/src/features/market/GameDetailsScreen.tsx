import type { Bet, MarketDetail } from '@backlay/contract';
import { formatOdds } from '@backlay/engine';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { toast } from 'react-toastify';
import { EmptyState, Spinner } from '../../components/index.ts';
import { formatMoney } from '../../lib/money.ts';
import { formatDateTime } from '../../lib/time.ts';
import { cancelBet } from './api/cancel-bet.ts';
import { useMatchDetail } from './api/match-detail.ts';
import { placeMarketBet } from './api/place-bet.ts';
import { BetSlip, type SlipState } from './BetSlip.tsx';
import { LiveIndicator } from './LiveIndicator.tsx';
import { MarketCard } from './MarketCard.tsx';
import { MyBets } from './MyBets.tsx';
import { OneClickBar, useOneClick } from './OneClick.tsx';
import { positionsAfter, stakeToPaise, type SlipSelection } from './slip.ts';
import { useLiveMarkets, useRefreshBets } from './useLive.ts';
import './market.css';

const STATUS_WORD = { MATCHED: 'matched', PARTIAL: 'partly matched', UNMATCHED: 'unmatched' } as const;

type PlaceInput = SlipSelection & { stake: number; version: number; keepInPlay?: boolean };

/** game-details/{sportId}/{matchId}: every market of the match, live, with the bet slip and my bets. */
export function GameDetailsScreen() {
  const params = useParams();
  const matchId = Number(params.matchId);
  const valid = Number.isInteger(matchId) && matchId > 0;
  const detail = useMatchDetail(valid ? matchId : 0);
  const markets = detail.data?.markets ?? [];
  useLiveMarkets(matchId, valid ? markets.map((m) => m.market_id) : []);
  const refreshBets = useRefreshBets(matchId);
  const [slip, setSlip] = useState<SlipState | null>(null);
  const [oneClick, setOneClick] = useOneClick();

  const place = useMutation({
    mutationFn: (input: PlaceInput) =>
      placeMarketBet({
        match_id: matchId,
        market_id: input.market_id,
        selection_id: input.selection_id,
        is_back: input.side === 'BACK' ? '1' : '0',
        odds: Number(formatOdds(input.price)),
        stack: input.stake,
        request_id: crypto.randomUUID(),
        version: input.version,
        ...(input.keepInPlay ? { keep_in_play: true } : {}),
      }),
    onSuccess: (result) => {
      if (result.status) {
        const r = result.data;
        const matchedPart =
          r.size_matched > 0 ? ` ₹${formatMoney(r.size_matched)} at ${r.average_price_matched}` : '';
        toast.success(`Bet ${STATUS_WORD[r.status]}${matchedPart}.`);
        setSlip(null);
      } else {
        toast.error(result.message);
      }
      refreshBets();
    },
    onError: (err) => toast.error(err.message),
  });

  const cancel = useMutation({
    mutationFn: async (target: { bet_id: number } | { market_ids: number[] }) => {
      if ('bet_id' in target) return [await cancelBet({ bet_id: target.bet_id })];
      return Promise.all(target.market_ids.map((id) => cancelBet({ market_id: id })));
    },
    onSuccess: (results) => {
      const refused = results.find((r) => !r.status);
      if (refused && !refused.status) toast.error(refused.message);
      else toast.success('Unmatched bets cancelled.');
      refreshBets();
    },
    onError: (err) => toast.error(err.message),
  });

  if (!valid) return <EmptyState>Match not found.</EmptyState>;
  if (detail.isPending) return <Spinner />;
  if (detail.isError) {
    return (
      <div className="game">
        <p className="form-error" role="alert">
          {detail.error.message}
        </p>
      </div>
    );
  }
  const match = detail.data;

  const onPick = (market: MarketDetail) => (sel: SlipSelection) => {
    if (oneClick.on) {
      if (oneClick.stake == null) {
        toast.error('Choose a one-click stake first.');
        return;
      }
      if (place.isPending) return;
      place.mutate({ ...sel, stake: oneClick.stake, version: market.version });
      return;
    }
    setSlip((old) => ({ ...sel, stake: old?.stake ?? '', keepInPlay: old?.keepInPlay }));
  };

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
          {match.in_play ? <span className="badge badge--live">In Play</span> : null}
          <LiveIndicator />
        </div>
      </header>
      <OneClickBar settings={oneClick} onChange={setOneClick} />
      <div className="game__layout">
        <div className="game__markets">
          {markets.length === 0 ? <EmptyState>No markets are open on this match yet.</EmptyState> : null}
          {markets.map((m) => {
            const slipHere = slip && slip.market_id === m.market_id ? slip : null;
            return (
              <MarketCard
                key={m.market_id}
                market={m}
                whatIf={slipHere ? positionsAfter(m, slipHere, stakeToPaise(slipHere.stake)) : undefined}
                onPick={onPick(m)}
                renderBelow={(selectionId) =>
                  slipHere && slipHere.selection_id === selectionId ? (
                    <BetSlip
                      market={m}
                      slip={slipHere}
                      placing={place.isPending}
                      onChange={setSlip}
                      onCancel={() => setSlip(null)}
                      onPlace={() => {
                        const stake = stakeToPaise(slipHere.stake);
                        if (stake == null) return;
                        place.mutate({ ...slipHere, stake: stake / 100, version: m.version });
                      }}
                    />
                  ) : null
                }
              />
            );
          })}
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
        </aside>
      </div>
    </div>
  );
}
