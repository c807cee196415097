import { Link } from 'react-router';
import { formatDateTime } from '../lib/time.ts';

/** One match in a list: name (opens game-details), competition, start time in IST, in-play mark. */
export function MatchRow({
  sportId,
  matchId,
  name,
  series,
  date,
  inPlay,
}: {
  sportId: number;
  matchId: number;
  name: string;
  series?: string;
  date: string;
  inPlay: boolean;
}) {
  return (
    <li className="match-row">
      <Link to={`/game-details/${sportId}/${matchId}`} className="match-row__link">
        <span className="match-row__main">
          <span className="match-row__name">{name}</span>
          {series ? <span className="match-row__series">{series}</span> : null}
        </span>
        <span className="match-row__meta">
          {inPlay ? <span className="badge badge--live">In Play</span> : null}
          <time className="match-row__date" dateTime={date}>
            {formatDateTime(date)}
          </time>
        </span>
      </Link>
    </li>
  );
}
