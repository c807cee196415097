import type { CricketDetail } from '@backlay/contract';
import { oversOf } from './kind-slip.ts';
import { ScorePlayers } from './ScorePlayers.tsx';
import { msgId } from '../../../lib/i18n/catalog.ts';
import { useT } from '../i18n.ts';

/** The match's state in words (message ids), when it is not play or the result. */
const STATUS_TEXT = {
  NOT_STARTED: msgId('market.score.notStarted'),
  IN_PROGRESS: null,
  INNINGS_BREAK: msgId('market.score.inningsBreak'),
  COMPLETE: null,
} as const;

function ballClass(ball: string): string {
  const b = ball.trim().toUpperCase();
  if (b === 'W' || b.startsWith('W')) return 'ball ball--wicket';
  if (b === '4') return 'ball ball--four';
  if (b === '6') return 'ball ball--six';
  return 'ball';
}

/** The strip above the markets: both teams' runs/wickets (overs), target, the last balls, the result. */
export function Scoreboard({ detail, now }: { detail: CricketDetail; now: number }) {
  const t = useT();
  const sb = detail.scoreboard;
  if (!sb) return null;
  const running = sb.ball_running_until_ms != null && sb.ball_running_until_ms > now;
  const status = STATUS_TEXT[sb.status];
  // No ball for longer than the match's quiet limit: the server suspends the fancies and bookmaker.
  const stale = detail.stale === true;
  return (
    <section className={`score${stale ? ' score--stale' : ''}`} aria-label={t('market.score.label')}>
      <div className="score__teams">
        {detail.teams.map((team, i) => {
          const total = sb.totals[i];
          const batting = sb.status === 'IN_PROGRESS' && sb.batting === i;
          const yetToBat =
            !total || (total.balls === 0 && total.runs === 0 && total.wickets === 0 && !batting);
          return (
            <div
              key={`${i}-${team}`}
              className={`score__team${batting ? ' score__team--batting' : ''}`}
              data-testid="score-team"
            >
              <span className="score__name">{team}</span>
              {yetToBat ? (
                <span className="score__yet">{t('market.score.yetToBat')}</span>
              ) : (
                <span className="score__runs">
                  {total.runs}/{total.wickets} <span className="score__overs">({oversOf(total.balls)})</span>
                </span>
              )}
            </div>
          );
        })}
      </div>
      <div className="score__info">
        {status ? <span className="score__state">{t(status)}</span> : null}
        {/* i18n-exempt: the server's match state, compared */}
        {sb.target != null && sb.status !== 'COMPLETE' ? (
          <span className="score__target">{t('market.score.target', { target: String(sb.target) })}</span>
        ) : null}
        {stale ? (
          <span className="score__stale" role="status">
            {t('market.score.stale')}
          </span>
        ) : null}
        {running && !stale ? (
          <span className="score__ball-running" role="status">
            {t('market.status.ballRunning')}
          </span>
        ) : null}
        {sb.recent.length > 0 ? (
          <ol className="score__recent" aria-label={t('market.score.recent')}>
            {sb.recent.map((b, i) => (
              <li key={i} className={ballClass(b)}>
                {b}
              </li>
            ))}
          </ol>
        ) : null}
      </div>
      <ScorePlayers detail={detail} />
      {/* i18n-exempt: the server's match state, compared; its result text is the server's */}
      {sb.status === 'COMPLETE' && sb.result_text ? <p className="score__result">{sb.result_text}</p> : null}
    </section>
  );
}
