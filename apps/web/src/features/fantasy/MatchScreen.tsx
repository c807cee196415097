import type { FantasyContest, FantasyPlayers, FantasyTeam } from '@backlay/contract';
import { newRequestId } from '@backlay/ui/intent';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../lib/toast.ts';
import { Spinner } from '../../components/index.ts';
import { translateAnswer } from '../../lib/i18n/index.ts';
import { useClientStore } from '../../lib/store.ts';
import { ContestList } from './ContestList.tsx';
import { TeamBuilder } from './TeamBuilder.tsx';
import { useFantasyContests } from './api/fantasy-contests.ts';
import { fantasyPlayersKey, useFantasyPlayers } from './api/fantasy-players.ts';
import { joinFantasyContest } from './api/join-fantasy-contest.ts';
import { points, startsAt } from './format.ts';
import { useT } from './i18n.ts';

/** One match: the caller's teams (built or edited until the start), and its contests to join. */
export function MatchScreen({ matchId }: { matchId: number }) {
  const t = useT();
  const players = useFantasyPlayers(matchId);
  const contests = useFantasyContests(matchId);
  const [editing, setEditing] = useState<FantasyTeam | 'new' | null>(null);
  if (players.isPending) return <Spinner label={t('fantasy.match.loadingPlayers')} />;
  if (players.isError)
    return (
      <div className="fantasy">
        <p role="alert">{translateAnswer(players.error.message)}</p>
        <Link to="/fantasy">{t('fantasy.common.backToContests')}</Link>
      </div>
    );
  const data = players.data;
  const building = editing ?? (data.my_teams.length === 0 && !data.locked ? 'new' : null);
  return (
    <div className="fantasy">
      <p className="fantasy__back">
        <Link to="/fantasy">{t('fantasy.match.allContests')}</Link>
      </p>
      <h1 className="fantasy__title">{data.match_name}</h1>
      <p className="fantasy__sub">
        {data.locked
          ? t('fantasy.match.locked')
          : t('fantasy.match.locksAt', { at: startsAt(data.starts_at) })}
      </p>
      {building ? (
        <TeamBuilder
          key={building === 'new' ? 'new' : building.team_id}
          data={data}
          team={building === 'new' ? null : building}
          onDone={() => setEditing(null)}
        />
      ) : (
        <MyTeams data={data} onEdit={setEditing} />
      )}
      <h2 className="fantasy__h2">{t('fantasy.match.contests')}</h2>
      {contests.isPending ? (
        <Spinner label={t('fantasy.contests.loading')} />
      ) : contests.isError ? (
        <p role="alert">{translateAnswer(contests.error.message)}</p>
      ) : contests.data.contests.length === 0 ? (
        <p>{t('fantasy.match.noContests')}</p>
      ) : (
        <ContestList
          contests={contests.data.contests}
          join={(c) => <JoinControl c={c} teams={data.my_teams} />}
        />
      )}
    </div>
  );
}

function MyTeams({ data, onEdit }: { data: FantasyPlayers; onEdit: (t: FantasyTeam | 'new') => void }) {
  const t = useT();
  const nameOf = new Map(data.players.map((p) => [p.player_id, p.name]));
  return (
    <section className="fantasy-teams" aria-labelledby="my-teams">
      <h2 id="my-teams" className="fantasy__h2">
        {t('fantasy.match.myTeams')}
      </h2>
      <ul>
        {data.my_teams.map((team) => (
          <li key={team.team_id} className="fantasy-team">
            <div>
              <strong>{team.name}</strong> ·{' '}
              {t('fantasy.team.figures', { points: points(team.points), credits: team.credits_used })}
            </div>
            <div className="fantasy-team__cvc">
              {t('fantasy.team.captains', {
                captain: nameOf.get(team.captain_id),
                vice: nameOf.get(team.vice_captain_id),
              })}
            </div>
            {!team.locked && (
              <button
                type="button"
                className="fantasy-button fantasy-button--plain"
                onClick={() => onEdit(team)}
              >
                {t('fantasy.team.edit', { team: team.name })}
              </button>
            )}
          </li>
        ))}
      </ul>
      {!data.locked && (
        <button type="button" className="fantasy-button" onClick={() => onEdit('new')}>
          {t('fantasy.match.anotherTeam')}
        </button>
      )}
    </section>
  );
}

/** Picks one of the caller's teams not yet in the contest and joins (one request_id per intent). */
function JoinControl({ c, teams }: { c: FantasyContest; teams: FantasyTeam[] }) {
  const t = useT();
  const queryClient = useQueryClient();
  const bump = useClientStore((s) => s.bumpBetPlaced);
  const free = teams.filter((team) => !c.my_team_ids.includes(team.team_id));
  const [teamId, setTeamId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const intent = useRef<{ key: string; id: string } | null>(null);
  if (c.state !== 'OPEN') return null;
  if (teams.length === 0) return <p className="fantasy-contest__hint">{t('fantasy.join.createFirst')}</p>;
  const said = message && (
    <p
      role={message.tone === 'error' ? 'alert' : 'status'}
      className={`fantasy-msg fantasy-msg--${message.tone}`}
    >
      {message.text}
    </p>
  );
  // The join's own answer stays on screen after the contests refetch shows every team in.
  if (free.length === 0)
    return (
      <>
        <p className="fantasy-contest__hint">{t('fantasy.join.allIn')}</p>
        {said}
      </>
    );
  const chosen = teamId != null && free.some((team) => team.team_id === teamId) ? teamId : free[0]!.team_id;
  const join = async () => {
    if (busy) return;
    const key = `${c.contest_id}:${chosen}`;
    if (intent.current?.key !== key) intent.current = { key, id: newRequestId() };
    setBusy(true);
    try {
      const r = await joinFantasyContest({
        contest_id: c.contest_id,
        team_id: chosen,
        request_id: intent.current.id,
      });
      intent.current = null;
      if (r.status) {
        const joined = t('fantasy.join.joined', { contest: c.name });
        setMessage({ tone: 'ok', text: joined });
        toast.success(joined);
      } else setMessage({ tone: 'error', text: translateAnswer(r.message) });
    } catch (err) {
      setMessage({
        tone: 'error',
        text: err instanceof Error ? translateAnswer(err.message) : t('fantasy.join.failed'),
      });
    } finally {
      setBusy(false);
      bump();
      void queryClient.invalidateQueries({ queryKey: ['fantasyContests'] });
      void queryClient.invalidateQueries({ queryKey: ['fantasyMyContests'] });
      void queryClient.invalidateQueries({ queryKey: fantasyPlayersKey(c.match_id) });
    }
  };
  return (
    <div className="fantasy-join">
      <label>
        {t('fantasy.join.team')}{' '}
        <select value={chosen} onChange={(e) => setTeamId(Number(e.target.value))}>
          {free.map((team) => (
            <option key={team.team_id} value={team.team_id}>
              {team.name}
            </option>
          ))}
        </select>
      </label>
      <button type="button" className="fantasy-button" disabled={busy} onClick={() => void join()}>
        {t('fantasy.join.button', { fee: c.entry_fee.toFixed(2) })}
      </button>
      {said}
    </div>
  );
}
