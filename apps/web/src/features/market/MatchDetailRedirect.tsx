import { Navigate, useParams } from 'react-router';
import { useMatchDetail } from './api/match-detail.ts';
import { MatchNotFound, NoMatch } from './GameDetailsScreen.tsx';
import { Loading } from './Loading.tsx';
import { matchPath } from '../../lib/match-path.ts';

/**
 * match/matchdetail/{matchId} (spec §2, "other navigation targets"): the match's markets live on
 * game-details/{sportId}/{matchId} (a casino table's on casino/match/{id}, a binary instrument's
 * on binary/{id}: lib/match-path.ts), so this asks the match its sport and goes there — one
 * screen, one address for a match's markets.
 */
export function MatchDetailRedirect() {
  const matchId = Number(useParams().matchId);
  const valid = Number.isInteger(matchId) && matchId > 0;
  const detail = useMatchDetail(valid ? matchId : 0);
  if (!valid || detail.isError) {
    return (
      <NoMatch>
        <MatchNotFound />
      </NoMatch>
    );
  }
  if (!detail.data) {
    return (
      <NoMatch hidden>
        <Loading />
      </NoMatch>
    );
  }
  return <Navigate to={matchPath(detail.data.sport_id, matchId)} replace />;
}
