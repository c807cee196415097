import { Spinner, Tabs } from '../../components/index.ts';
import { useNavigate, useParams } from 'react-router';
import { translateAnswer } from '../../lib/i18n/index.ts';
import { ContestList } from './ContestList.tsx';
import { Leaderboard } from './Leaderboard.tsx';
import { MatchScreen } from './MatchScreen.tsx';
import { MyContests } from './MyContests.tsx';
import { useFantasyContests } from './api/fantasy-contests.ts';
import { useT } from './i18n.ts';
import './fantasy.css';

/**
 * Fantasy Game (#/fantasy): the contests of upcoming matches and the caller's contests;
 * #/fantasy/match/:matchId builds a team and joins that match's contests;
 * #/fantasy/contest/:contestId is a contest's live leaderboard.
 */
export function FantasyScreen() {
  const t = useT();
  const { matchId, contestId, tab } = useParams();
  const navigate = useNavigate();
  if (matchId && /^\d+$/.test(matchId)) return <MatchScreen matchId={Number(matchId)} />;
  if (contestId && /^\d+$/.test(contestId)) return <Leaderboard contestId={Number(contestId)} />;
  const selected = tab === 'mine' ? 'mine' : 'contests';
  return (
    <div className="fantasy">
      <h1 className="fantasy__title">{t('fantasy.screen.title')}</h1>
      <Tabs
        label={t('fantasy.screen.tabs')}
        selected={selected}
        onSelect={(id) => void navigate(id === 'mine' ? '/fantasy/tab/mine' : '/fantasy')}
        items={[
          { id: 'contests', label: t('fantasy.screen.contestsTab'), panel: <AllContests /> },
          { id: 'mine', label: t('fantasy.screen.mineTab'), panel: <MyContests /> },
        ]}
      />
    </div>
  );
}

function AllContests() {
  const t = useT();
  const q = useFantasyContests(null);
  if (q.isPending) return <Spinner label={t('fantasy.contests.loading')} />;
  if (q.isError)
    return (
      <p role="alert">{t('fantasy.contests.loadFailed', { reason: translateAnswer(q.error.message) })}</p>
    );
  if (q.data.contests.length === 0) return <p>{t('fantasy.contests.none')}</p>;
  return <ContestList contests={q.data.contests} byMatch />;
}
