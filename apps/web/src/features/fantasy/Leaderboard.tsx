import { Link } from 'react-router';
import { Spinner } from '../../components/index.ts';
import { useFantasyLeaderboard } from './api/fantasy-leaderboard.ts';
import { points, rupees, stateText } from './format.ts';
import { useFantasyLive } from './useFantasyLive.ts';

/** A contest's leaderboard: rank, who, team, points, prize; live while the match is played. */
export function Leaderboard({ contestId }: { contestId: number }) {
  const q = useFantasyLeaderboard(contestId);
  useFantasyLive(contestId);
  if (q.isPending) return <Spinner label="Loading the leaderboard…" />;
  if (q.isError)
    return (
      <div className="fantasy">
        <p role="alert">{q.error.message}</p>
        <Link to="/fantasy">Back to contests</Link>
      </div>
    );
  const { contest: c, rows } = q.data;
  const settled = c.state === 'SETTLED';
  return (
    <div className="fantasy">
      <p className="fantasy__back">
        <Link to={`/fantasy/match/${c.match_id}`}>← {c.match_name}</Link>
      </p>
      <h1 className="fantasy__title">{c.name}</h1>
      <p className="fantasy__sub">
        {c.match_name} · {stateText(c)} · entry {rupees(c.entry_fee)} · {c.entries}/{c.size} entries · pool{' '}
        {rupees(c.prize_pool)}
      </p>
      {rows.length === 0 ? (
        <p>No entries yet.</p>
      ) : (
        <table className="fantasy-board">
          <caption className="fantasy-board__caption">
            {settled
              ? 'Final standings and prizes paid'
              : c.state === 'LIVE'
                ? 'Live standings (prizes if it ended now)'
                : 'Entries'}
          </caption>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Team</th>
              <th scope="col" className="num">
                Points
              </th>
              <th scope="col" className="num">
                Prize
              </th>
            </tr>
          </thead>
          <tbody aria-live="polite">
            {rows.map((r) => (
              <tr key={r.entry_id} className={r.mine ? 'fantasy-board__mine' : undefined}>
                <td>{c.state === 'REFUNDED' ? '–' : r.rank}</td>
                <th scope="row">
                  {r.user} <span className="fantasy-player__team">{r.team_name}</span>
                  {r.mine && <span className="fantasy-board__you"> (you)</span>}
                </th>
                <td className="num">{points(r.points)}</td>
                <td className="num">{r.prize > 0 ? rupees(r.prize) : '–'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
