import type { CasinoLobby, CasinoSeriesId } from '@backlay/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { EmptyState, Spinner } from '../../components/index.ts';
import { applyToLobby, casinoLobbyKey, useCasinoLobby } from './api/casino-lobby.ts';
import { ConnectionLost, CasinoLiveIndicator } from './ConnectionLost.tsx';
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
  const { seriesId } = useParams();
  if (!isSeries(seriesId)) {
    return (
      <LobbyFrame title="No such casino">
        <EmptyState>
          There is no casino called “{seriesId}”. Try <Link to="/casino/list/ourcasino">Our Casino</Link> or{' '}
          <Link to="/casino/list/virtual">Our Virtual</Link>.
        </EmptyState>
      </LobbyFrame>
    );
  }
  return <Lobby key={seriesId} seriesId={seriesId} />;
}

function Lobby({ seriesId }: { seriesId: CasinoSeriesId }) {
  const lobby = useCasinoLobby(seriesId);
  const queryClient = useQueryClient();
  const key = casinoLobbyKey(seriesId);
  const ids = lobby.data?.tables.map((t) => t.match_id) ?? [];
  useCasinoLive(
    ids,
    (head) => queryClient.setQueryData<CasinoLobby>(key, (old) => (old ? applyToLobby(old, head) : old)),
    () => void queryClient.invalidateQueries({ queryKey: key }),
  );
  if (lobby.isPending) {
    return (
      <LobbyFrame title="Casino" hidden>
        <Spinner />
      </LobbyFrame>
    );
  }
  if (lobby.isError) {
    return (
      <LobbyFrame title="Casino">
        <p className="form-error" role="alert">
          {lobby.error.message}
        </p>
      </LobbyFrame>
    );
  }
  const { name, tables } = lobby.data;
  return (
    <LobbyFrame title={name} live>
      {tables.length === 0 ? (
        <EmptyState>No tables are open in {name} right now.</EmptyState>
      ) : (
        <ul className="clobby__tiles">
          {tables.map((t) => (
            <li key={t.match_id} className="ctile" data-testid="casino-tile">
              <TablePicture gameId={t.game_id} />
              <h2 className="ctile__name">
                <Link className="ctile__link" to={`/casino/match/${t.match_id}`}>
                  {t.table_name}
                </Link>
              </h2>
              {t.round ? (
                <div className="ctile__round">
                  <span className={`ctile__state casino__state--${t.round.state.toLowerCase()}`}>
                    {STATE_WORDS[t.round.state]}
                  </span>
                  {t.round.state === 'BETTING' ? (
                    <span className="ctile__time">
                      <WindowCountdown head={t.round} className="ctile__count" /> s
                    </span>
                  ) : null}
                  <span className="ctile__id">Round {t.round.round_id}</span>
                </div>
              ) : (
                <p className="ctile__round">Opening soon</p>
              )}
              <ResultsStrip
                results={t.last_results}
                label={`${t.table_name}: last results`}
                chip={(summary) => chipFor(t.game_id, summary)}
              />
            </li>
          ))}
        </ul>
      )}
    </LobbyFrame>
  );
}
