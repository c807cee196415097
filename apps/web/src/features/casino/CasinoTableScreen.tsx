import type { CasinoRound } from '@backlay/contract';
import { formatMoney } from '@backlay/ui/money';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from '../../lib/toast.ts';
import { CopyButton, EmptyState, Spinner } from '../../components/index.ts';
import { translateAnswer } from '../../lib/i18n/index.ts';
import { casinoRoundKey, useCasinoRound } from './api/casino-round.ts';
import { placeCasinoBet } from './api/place-casino-bet.ts';
import { CasinoSlip, type CasinoSlipState } from './CasinoSlip.tsx';
import { ConnectionLost, CasinoLiveIndicator } from './ConnectionLost.tsx';
import { useT } from './i18n.ts';
import { OptionsGrid } from './OptionsGrid.tsx';
import { chipFor, RoundDeal } from './renderers.ts';
import { ResultBanner } from './ResultBanner.tsx';
import { CasinoResultModal } from './result/index.ts';
import { ResultsStrip } from './ResultsStrip.tsx';
import { RoundBets } from './RoundBets.tsx';
import { STATE_WORDS, useWindowOpen, WindowCountdown } from './RoundClock.tsx';
import { stakeToPaise } from './stake.ts';
import { usePlaceCasinoBet } from './usePlaceCasinoBet.ts';
import { addBet, useRefreshWallet, useTableLive } from './useTableLive.ts';
import './casino.css';

/** A seed hash as the header shows it: its first and last characters. */
export const shortHash = (hash: string): string =>
  hash.length > 16 ? `${hash.slice(0, 8)}…${hash.slice(-6)}` : hash;

/** The screen's frame while there is no round to show: it keeps its h1 (axe, screen readers). */
function NoTable({ children, hidden = false }: { children: React.ReactNode; hidden?: boolean }) {
  const t = useT();
  return (
    <div className="casino">
      <h1 className={hidden ? 'visually-hidden' : 'page-title'}>{t('casino.table.title')}</h1>
      {children}
    </div>
  );
}

/** casino/match/{matchId}: one in-house table, its round live, the options, the slip and my bets. */
export function CasinoTableScreen() {
  const t = useT();
  const params = useParams();
  const matchId = Number(params.matchId);
  const valid = Number.isInteger(matchId) && matchId > 0;
  const round = useCasinoRound(valid ? matchId : 0, valid);
  useTableLive(matchId, valid);
  if (!valid) return <NoTable>{<EmptyState>{t('casino.table.noSuchTable')}</EmptyState>}</NoTable>;
  if (round.isPending) {
    return (
      <NoTable hidden>
        <Spinner />
      </NoTable>
    );
  }
  if (round.isError) {
    return (
      <NoTable>
        <p className="form-error" role="alert">
          {translateAnswer(round.error.message)}
        </p>
      </NoTable>
    );
  }
  return <CasinoTable data={round.data} matchId={matchId} />;
}

/** What the bettor means by a casino bet: any change of it is a new intent. */
const intentKey = (roundId: number, optionId: string | null, stake: string) =>
  JSON.stringify([roundId, optionId, stake]);

function CasinoTable({ data, matchId }: { data: CasinoRound; matchId: number }) {
  const t = useT();
  const { round, limits } = data;
  const queryClient = useQueryClient();
  const open = useWindowOpen(round);
  const [slip, setSlip] = useState<CasinoSlipState>({ option_id: null, stake: '' });
  const [peek, setPeek] = useState<number | null>(null);
  const refreshWallet = useRefreshWallet(matchId);
  const placer = usePlaceCasinoBet(refreshWallet);
  const option = round.options.find((o) => o.option_id === slip.option_id);
  const key = intentKey(round.round_id, slip.option_id, slip.stake);

  const place = () => {
    const paise = stakeToPaise(slip.stake);
    if (!option || paise == null) return;
    void placer.place(
      key,
      (request_id, signal) =>
        placeCasinoBet(
          {
            match_id: matchId,
            round_id: round.round_id,
            option_id: option.option_id,
            stack: paise / 100,
            request_id,
          },
          signal ? { signal } : undefined,
        ),
      ({ bet }) => {
        queryClient.setQueryData<CasinoRound>(casinoRoundKey(matchId), (old) =>
          old ? addBet(old, bet) : old,
        );
        toast.success(
          t('casino.table.betPlaced', {
            amount: formatMoney(bet.stake),
            option: bet.option_label,
            payout: bet.payout.toFixed(2),
          }),
        );
      },
    );
  };

  return (
    <div className="casino">
      <header className="casino__head">
        <div className="casino__title">
          <h1>{round.table_name}</h1>
          <CasinoLiveIndicator />
          <Link className="casino__back" to={`/casino/list/${round.series_id}`}>
            {t('casino.table.allTables')}
          </Link>
        </div>
        <dl className="casino__facts">
          <div>
            <dt>{t('casino.table.roundId')}</dt>
            <dd>
              <span data-testid="round-id">{round.round_id}</span>{' '}
              <CopyButton
                text={String(round.round_id)}
                label={t('casino.table.roundId')}
                className="casino__copy"
              />
            </dd>
          </div>
          <div>
            <dt>{t('casino.table.seedHash')}</dt>
            <dd>
              <code title={round.server_seed_hash}>{shortHash(round.server_seed_hash)}</code>
            </dd>
          </div>
        </dl>
      </header>
      <ConnectionLost />
      <div className="casino__body">
        <section className="casino__stage" aria-label={t('casino.table.stage')}>
          <div className="casino__clock">
            <WindowCountdown head={round} className="casino__count" />
            <p className={`casino__state casino__state--${round.state.toLowerCase()}`} aria-live="polite">
              {t(STATE_WORDS[round.state])}
            </p>
          </div>
          <ResultBanner round={round} bets={data.my_bets} />
          <RoundDeal gameId={round.game_id} steps={round.dealt} options={round.options} state={round.state} />
        </section>
        <div className="casino__options">
          <OptionsGrid
            options={round.options}
            open={open}
            picked={slip.option_id}
            winners={round.state === 'RESULT' ? (round.result?.winners ?? []) : []}
            onPick={(option_id) => setSlip((s) => ({ ...s, option_id }))}
          />
        </div>
        <aside className="casino__side">
          <CasinoSlip
            option={option}
            slip={slip}
            limits={limits}
            open={open}
            placing={placer.placing}
            notice={placer.noticeFor(key)}
            onChange={setSlip}
            onPlace={place}
          />
          <RoundBets bets={data.my_bets} />
        </aside>
        <section className="casino__results" aria-labelledby="casino-results-title">
          <h2 id="casino-results-title" className="casino__subtitle">
            {t('casino.results.last')}
          </h2>
          <ResultsStrip
            results={data.last_results}
            onOpen={setPeek}
            chip={(summary) => chipFor(round.game_id, summary)}
          />
        </section>
      </div>
      {/* A chip of the strip opens that round's result, with Verify (features/casino/result/). */}
      {peek != null ? (
        <CasinoResultModal match_id={matchId} round_id={peek} onClose={() => setPeek(null)} />
      ) : null}
    </div>
  );
}
