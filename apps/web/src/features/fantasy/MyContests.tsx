import { Link } from 'react-router';
import { Spinner } from '../../components/index.ts';
import { translateAnswer } from '../../lib/i18n/index.ts';
import { useFantasyMyContests } from './api/fantasy-my-contests.ts';
import { points, rupees, stateText } from './format.ts';
import { useT } from './i18n.ts';

/** The caller's entries, newest first: contest, team, rank, points, prize. */
export function MyContests() {
  const t = useT();
  const q = useFantasyMyContests();
  if (q.isPending) return <Spinner label={t('fantasy.mine.loading')} />;
  if (q.isError)
    return <p role="alert">{t('fantasy.mine.loadFailed', { reason: translateAnswer(q.error.message) })}</p>;
  if (q.data.entries.length === 0) return <p>{t('fantasy.mine.none')}</p>;
  const prizeLabel = (state: string) =>
    state === 'SETTLED' ? t('fantasy.mine.won') : t('fantasy.mine.prizeNow');
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
              <dt>{t('fantasy.mine.rank')}</dt>
              <dd>{e.rank ?? '–'}</dd>
            </div>
            <div>
              <dt>{t('fantasy.mine.points')}</dt>
              <dd>{points(e.points)}</dd>
            </div>
            <div>
              <dt>{prizeLabel(e.contest.state)}</dt>
              <dd>{e.prize > 0 ? rupees(e.prize) : '–'}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
