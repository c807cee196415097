import { Spinner, Tabs } from '../../components/index.ts';
import { useNavigate, useParams } from 'react-router';
import { ContestList } from './ContestList.tsx';
import { Leaderboard } from './Leaderboard.tsx';
import { MatchScreen } from './MatchScreen.tsx';
import { MyContests } from './MyContests.tsx';
import { useFantasyContests } from './api/fantasy-contests.ts';
import './fantasy.css';

/**
 * Fantasy Game (#/fantasy): the contests of upcoming matches and the caller's contests;
 * #/fantasy/match/:matchId builds a team and joins that match's contests;
 * #/fantasy/contest/:contestId is a contest's live leaderboard.
 */
export function FantasyScreen() {
  const { matchId, contestId, tab } = useParams();
  const navigate = useNavigate();
  if (matchId && /^\d+$/.test(matchId)) return <MatchScreen matchId={Number(matchId)} />;
  if (contestId && /^\d+$/.test(contestId)) return <Leaderboard contestId={Number(contestId)} />;
  const selected = tab === 'mine' ? 'mine' : 'contests';
  return (
    <div className="fantasy">
      <h1 className="fantasy__title">Fantasy Game</h1>
      <Tabs
        label="Fantasy"
        selected={selected}
        onSelect={(id) => void navigate(id === 'mine' ? '/fantasy/tab/mine' : '/fantasy')}
        items={[
          { id: 'contests', label: 'Contests', panel: <AllContests /> },
          { id: 'mine', label: 'My Contests', panel: <MyContests /> },
        ]}
      />
    </div>
  );
}

function AllContests() {
  const q = useFantasyContests(null);
  if (q.isPending) return <Spinner label="Loading contests…" />;
  if (q.isError) return <p role="alert">The contests could not be loaded: {q.error.message}</p>;
  if (q.data.contests.length === 0)
    return <p>No contests yet: they open for each cricket match once its playing elevens are announced.</p>;
  return <ContestList contests={q.data.contests} byMatch />;
}
