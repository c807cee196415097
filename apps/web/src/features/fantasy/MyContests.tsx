import { Link } from 'react-router';
import { Spinner } from '../../components/index.ts';
import { useFantasyMyContests } from './api/fantasy-my-contests.ts';
import { points, rupees, stateText } from './format.ts';

/** The caller's entries, newest first: contest, team, rank, points, prize. */
export function MyContests() {
  const q = useFantasyMyContests();
  if (q.isPending) return <Spinner label="Loading your contests…" />;
  if (q.isError) return <p role="alert">Your contests could not be loaded: {q.error.message}</p>;
  if (q.data.entries.length === 0) return <p>You have not joined a contest yet.</p>;
  return (
    <ul className="fantasy-contests">
      {q.data.entries.map((e) => (
        <li key={e.entry_id} className="fantasy-contest">
          <div className="fantasy-contest__head">
            <Link to={`/fantasy/contest/${e.contest.contest_id}`} className="fantasy-contest__name">
              {e.contest.name}
            </Link>
            <span>{e.team_name}</span>
          </div>
          <p className="fantasy-contest__state">
            {e.contest.match_name} · {stateText(e.contest)}
          </p>
          <dl className="fantasy-contest__facts">
            <div>
              <dt>Rank</dt>
              <dd>{e.rank ?? '–'}</dd>
            </div>
            <div>
              <dt>Points</dt>
              <dd>{points(e.points)}</dd>
            </div>
            <div>
              <dt>{e.contest.state === 'SETTLED' ? 'Won' : 'Prize now'}</dt>
              <dd>{e.prize > 0 ? rupees(e.prize) : '–'}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
