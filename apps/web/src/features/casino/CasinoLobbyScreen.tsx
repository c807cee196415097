import type { CasinoLobby, CasinoSeriesId } from '@backlay/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { EmptyState, Spinner } from '../../components/index.ts';
import { translateAnswer } from '../../lib/i18n/index.ts';
import { applyToLobby, casinoLobbyKey, useCasinoLobby } from './api/casino-lobby.ts';
import { ConnectionLost, CasinoLiveIndicator } from './ConnectionLost.tsx';
import { useT } from './i18n.ts';
import { Trans } from '../../lib/i18n/trans.ts';
import { pictureFor } from './pictures.ts';
import { chipFor } from './renderers.ts';
import { ResultsStrip } from './ResultsStrip.tsx';
import { STATE_WORDS, WindowCountdown } from './RoundClock.tsx';
import { useCasinoLive } from './useCasinoLive.ts';
import './casino.css';

/** The casino series the lobby knows (the contract's casinoSeriesId), kept here so the chunk needs no schemas. */
const SERIES: readonly CasinoSeriesId[] = ['ourcasino', 'virtual'];
const isSeries = (id: string | undefined): id is CasinoSeriesId =>
  id != null && (SERIES as readonly string[]).includes(id);

function LobbyFrame({
  title,
  hidden = false,
  live = false,
  children,
}: {
  title: string;
  hidden?: boolean;
  /** The tiles are live: the connection's indicator, and a warning while it is lost. */
  live?: boolean;
  children: React.ReactNode;
}) {
  return (
    <div className="clobby">
      <div className="clobby__head">
        <h1 className={hidden ? 'visually-hidden' : 'page-title'}>{title}</h1>
        {live ? <CasinoLiveIndicator /> : null}
      </div>
      {live ? <ConnectionLost /> : null}
      {children}
    </div>
  );
}

/** A table's picture: decoration beside its name, so read by nobody; loaded when scrolled near. */
function TablePicture({ gameId }: { gameId: string }) {
  const src = pictureFor(gameId);
  if (src === undefined) return null;
  return (
    <img
      className="ctile__pic"
      src={src}
      alt=""
      loading="lazy"
      decoding="async"
      width={320}
      height={160}
      data-game={gameId}
    />
  );
}

/** casino/list/{seriesId}: the series' tables as live tiles (round state, time left, last results). */
export function CasinoLobbyScreen() {
  const t = useT();
  const { seriesId } = useParams();
  if (!isSeries(seriesId)) {
    return (
      <LobbyFrame title={t('casino.lobby.noSuchCasino')}>
        <EmptyState>
          <Trans
            id="casino.lobby.unknownSeries"
            values={{ series: seriesId ?? '' }}
            components={{
              0: <Link to="/casino/list/ourcasino" />,
              1: <Link to="/casino/list/virtual" />,
            }}
          />
        </EmptyState>
      </LobbyFrame>
    );
  }
  return <Lobby key={seriesId} seriesId={seriesId} />;
}

function Lobby({ seriesId }: { seriesId: CasinoSeriesId }) {
  const t = useT();
  const lobby = useCasinoLobby(seriesId);
  const queryClient = useQueryClient();
  const key = casinoLobbyKey(seriesId);
  const ids = lobby.data?.tables.map((table) => table.match_id) ?? [];
  useCasinoLive(
    ids,
    (head) => queryClient.setQueryData<CasinoLobby>(key, (old) => (old ? applyToLobby(old, head) : old)),
    () => void queryClient.invalidateQueries({ queryKey: key }),
  );
  if (lobby.isPending) {
    return (
      <LobbyFrame title={t('casino.lobby.title')} hidden>
        <Spinner />
      </LobbyFrame>
    );
  }
  if (lobby.isError) {
    return (
      <LobbyFrame title={t('casino.lobby.title')}>
        <p className="form-error" role="alert">
          {translateAnswer(lobby.error.message)}
        </p>
      </LobbyFrame>
    );
  }
  const { name, tables } = lobby.data;
  return (
    <LobbyFrame title={name} live>
      {tables.length === 0 ? (
        <EmptyState>{t('casino.lobby.noTables', { name })}</EmptyState>
      ) : (
        <ul className="clobby__tiles">
          {tables.map((table) => (
            <li key={table.match_id} className="ctile" data-testid="casino-tile">
              <TablePicture gameId={table.game_id} />
              <h2 className="ctile__name">
                <Link className="ctile__link" to={`/casino/match/${table.match_id}`}>
                  {table.table_name}
                </Link>
              </h2>
              {table.round ? (
                <div className="ctile__round">
                  <span className={`ctile__state casino__state--${table.round.state.toLowerCase()}`}>
                    {t(STATE_WORDS[table.round.state])}
                  </span>
                  {/* i18n-exempt: the server's round state */}
                  {table.round.state === 'BETTING' ? (
                    <span className="ctile__time">
                      <WindowCountdown head={table.round} className="ctile__count" />{' '}
                      {t('casino.lobby.seconds')}
                    </span>
                  ) : null}
                  <span className="ctile__id">
                    {t('casino.round.number', { roundId: table.round.round_id })}
                  </span>
                </div>
              ) : (
                <p className="ctile__round">{t('casino.lobby.openingSoon')}</p>
              )}
              <ResultsStrip
                results={table.last_results}
                label={t('casino.lobby.tileResults', { table: table.table_name })}
                chip={(summary) => chipFor(table.game_id, summary)}
              />
            </li>
          ))}
        </ul>
      )}
    </LobbyFrame>
  );
}
