import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { Spinner } from '../../components/index.ts';
import { translateAnswer } from '../../lib/i18n/index.ts';
import { useLaunchGame } from './api/launch-game.ts';
import type { PlayState } from './GameTile.tsx';
import { useT } from './i18n.ts';
import { isBalanceNotice } from './notices.ts';
import './world-casino.css';
import { frameableGameUrl } from './frame-url.ts';

const LOBBY = '/world-casino';
/** The header's balance query (features/header); refetched when the game moves money. */
const BALANCE_KEY = ['userBalance'] as const;
/**
 * While a game is open the header asks for the balance this often (it polls every 5 s elsewhere):
 * a spin is a debit and a credit within a second, and a page that posts no notice should still be
 * followed closely. The server answers the balance from its per-node cache.
 */
export const GAME_BALANCE_POLL_MS = 2_000;

/**
 * #/world-casino/play/{gameId}: launches the game (a one-time token, worldCasino/userAuthentication)
 * and opens the provider's page in a frame. The header balance follows the game: the page tells us
 * after each wallet call (a postMessage, docs/decisions.md "Live Casino & Slots in the browser") and
 * the header asks the server again; for a page that does not, the header asks every 2 s while the
 * game is open.
 */
export function GamePlayScreen() {
  const t = useT();
  const { gameId } = useParams();
  const id = Number(gameId);
  const valid = Number.isSafeInteger(id) && id > 0;
  const state = (useLocation().state ?? null) as PlayState | null;
  const lobby = state?.lobby?.startsWith(LOBBY) ? state.lobby : LOBBY;
  const launch = useLaunchGame(valid ? id : null);
  const name = launch.data?.name ?? state?.name ?? t('world-casino.play.game');

  return (
    <div className="wc-play">
      <div className="wc-play__bar">
        <Link className="btn btn--small wc-play__back" to={lobby}>
          <span aria-hidden="true">←</span> {t('world-casino.play.lobby')}
        </Link>
        <h1 className="wc-play__title">{name}</h1>
        {state?.provider ? <span className="wc-play__provider">{state.provider}</span> : null}
      </div>
      {!valid ? (
        <Refused lobby={lobby} message={t('world-casino.play.noSuchGame')} />
      ) : launch.isPending ? (
        <div className="wc-play__status">
          <Spinner label={t('world-casino.play.opening', { name })} />
        </div>
      ) : launch.isError ? (
        <Refused
          lobby={lobby}
          message={translateAnswer(launch.error.message)}
          onRetry={() => void launch.refetch()}
        />
      ) : !frameableGameUrl(launch.data.url, window.location.origin) ? (
        <Refused lobby={lobby} message={t('world-casino.play.notAProvider')} />
      ) : (
        <GameFrame url={launch.data.url} title={name} />
      )}
    </div>
  );
}

/** The launch was refused (game or provider off, provider down): why, and where to go. */
function Refused({ lobby, message, onRetry }: { lobby: string; message: string; onRetry?: () => void }) {
  const t = useT();
  return (
    <div className="wc-play__refused" role="alert">
      <h2 className="wc-play__refused-title">{t('world-casino.play.refused')}</h2>
      <p>{message}</p>
      <div className="wc-play__actions">
        {onRetry ? (
          <button type="button" className="btn btn--primary" onClick={onRetry}>
            {t('world-casino.play.tryAgain')}
          </button>
        ) : null}
        <Link className="btn" to={lobby}>
          {t('world-casino.play.backToLobby')}
        </Link>
      </div>
    </div>
  );
}

/**
 * The provider's page. Sandboxed: it runs its scripts on its own origin and may open a popup (its
 * rules), but cannot navigate this page away. A notice from it refetches the header balance; so
 * does leaving the game (a round that ended while the notice was lost is counted at once).
 */
function GameFrame({ url, title }: { url: string; title: string }) {
  const t = useT();
  const frame = useRef<HTMLIFrameElement>(null);
  const queryClient = useQueryClient();
  useEffect(() => {
    const origin = new URL(url, window.location.href).origin;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: BALANCE_KEY });
    const onMessage = (e: MessageEvent) => {
      // Only this frame's page, from the provider's origin; what it says is a cue, never a figure.
      if (e.source !== frame.current?.contentWindow || e.origin !== origin) return;
      if (isBalanceNotice(e.data)) refresh();
    };
    window.addEventListener('message', onMessage);
    const poll = setInterval(() => {
      if (document.visibilityState === 'visible') refresh();
    }, GAME_BALANCE_POLL_MS);
    return () => {
      window.removeEventListener('message', onMessage);
      clearInterval(poll);
      refresh();
    };
  }, [url, queryClient]);
  return (
    <iframe
      ref={frame}
      className="wc-play__frame"
      src={url}
      title={t('world-casino.play.frameTitle', { name: title })}
      allow="autoplay; fullscreen"
      allowFullScreen
      // allow-same-origin: the provider's page keeps its own origin (never ours: frameableGameUrl);
      // a popup it opens (its rules) stays sandboxed like the frame.
      sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
      referrerPolicy="no-referrer"
    />
  );
}
