import { Link } from 'react-router';
import { Spinner } from '../../components/index.ts';
import { translateAnswer } from '../../lib/i18n/index.ts';
import { useFantasyLeaderboard } from './api/fantasy-leaderboard.ts';
import { points, rupees, stateText } from './format.ts';
import { useT } from './i18n.ts';
import { useFantasyLive } from './useFantasyLive.ts';

/** A contest's leaderboard: rank, who, team, points, prize; live while the match is played. */
export function Leaderboard({ contestId }: { contestId: number }) {
  const t = useT();
  const q = useFantasyLeaderboard(contestId);
  useFantasyLive(contestId);
  if (q.isPending) return <Spinner label={t('fantasy.board.loading')} />;
  if (q.isError)
    return (
      <div className="fantasy">
        <p role="alert">{translateAnswer(q.error.message)}</p>
        <Link to="/fantasy">{t('fantasy.common.backToContests')}</Link>
      </div>
    );
  const { contest: c, rows } = q.data;
  const caption =
    c.state === 'SETTLED'
      ? t('fantasy.board.captionSettled')
      : c.state === 'LIVE'
        ? t('fantasy.board.captionLive')
        : t('fantasy.board.captionEntries');
  const refunded = c.state === 'REFUNDED';
  return (
    <div className="fantasy">
      <p className="fantasy__back">
        <Link to={`/fantasy/match/${c.match_id}`}>← {c.match_name}</Link>
      </p>
      <h1 className="fantasy__title">{c.name}</h1>
      <p className="fantasy__sub">
        {t('fantasy.board.sub', {
          match: c.match_name,
          state: stateText(c),
          fee: rupees(c.entry_fee),
          entries: c.entries,
          size: c.size,
          pool: rupees(c.prize_pool),
        })}
      </p>
      {rows.length === 0 ? (
        <p>{t('fantasy.board.empty')}</p>
      ) : (
        <table className="fantasy-board">
          <caption className="fantasy-board__caption">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">{t('fantasy.board.team')}</th>
              <th scope="col" className="num">
                {t('fantasy.board.points')}
              </th>
              <th scope="col" className="num">
                {t('fantasy.board.prize')}
              </th>
            </tr>
          </thead>
          <tbody aria-live="polite">
            {rows.map((r) => (
              <tr key={r.entry_id} className={r.mine ? 'fantasy-board__mine' : undefined}>
                <td>{refunded ? '–' : r.rank}</td>
                <th scope="row">
                  {r.user} <span className="fantasy-player__team">{r.team_name}</span>
                  {r.mine && <span className="fantasy-board__you"> {t('fantasy.board.you')}</span>}
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
