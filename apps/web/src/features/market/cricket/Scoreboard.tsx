import type { CricketDetail } from '@backlay/contract';
import { oversOf } from './kind-slip.ts';
import { ScorePlayers } from './ScorePlayers.tsx';

const STATUS_TEXT = {
  NOT_STARTED: 'Not started',
  IN_PROGRESS: null,
  INNINGS_BREAK: 'Innings break',
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
  const sb = detail.scoreboard;
  if (!sb) return null;
  const running = sb.ball_running_until_ms != null && sb.ball_running_until_ms > now;
  const status = STATUS_TEXT[sb.status];
  // No ball for longer than the match's quiet limit: the server suspends the fancies and bookmaker.
  const stale = detail.stale === true;
  return (
    <section className={`score${stale ? ' score--stale' : ''}`} aria-label="Scoreboard">
      <div className="score__teams">
        {detail.teams.map((team, i) => {
          const t = sb.totals[i];
          const batting = sb.status === 'IN_PROGRESS' && sb.batting === i;
          const yetToBat = !t || (t.balls === 0 && t.runs === 0 && t.wickets === 0 && !batting);
          return (
            <div
              key={`${i}-${team}`}
              className={`score__team${batting ? ' score__team--batting' : ''}`}
              data-testid="score-team"
            >
              <span className="score__name">{team}</span>
              {yetToBat ? (
                <span className="score__yet">Yet to bat</span>
              ) : (
                <span className="score__runs">
                  {t.runs}/{t.wickets} <span className="score__overs">({oversOf(t.balls)})</span>
                </span>
              )}
            </div>
          );
        })}
      </div>
      <div className="score__info">
        {status ? <span className="score__state">{status}</span> : null}
        {sb.target != null && sb.status !== 'COMPLETE' ? (
          <span className="score__target">Target {sb.target}</span>
        ) : null}
        {stale ? (
          <span className="score__stale" role="status">
            Scoreboard delayed: fancy and bookmaker suspended
          </span>
        ) : null}
        {running && !stale ? (
          <span className="score__ball-running" role="status">
            Ball running
          </span>
        ) : null}
        {sb.recent.length > 0 ? (
          <ol className="score__recent" aria-label="Recent balls">
            {sb.recent.map((b, i) => (
              <li key={i} className={ballClass(b)}>
                {b}
              </li>
            ))}
          </ol>
        ) : null}
      </div>
      <ScorePlayers detail={detail} />
      {sb.status === 'COMPLETE' && sb.result_text ? <p className="score__result">{sb.result_text}</p> : null}
    </section>
  );
}
