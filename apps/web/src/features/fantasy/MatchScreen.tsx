import type { FantasyContest, FantasyPlayers, FantasyTeam } from '@backlay/contract';
import { newRequestId } from '@backlay/ui/intent';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../lib/toast.ts';
import { Spinner } from '../../components/index.ts';
import { useClientStore } from '../../lib/store.ts';
import { ContestList } from './ContestList.tsx';
import { TeamBuilder } from './TeamBuilder.tsx';
import { useFantasyContests } from './api/fantasy-contests.ts';
import { fantasyPlayersKey, useFantasyPlayers } from './api/fantasy-players.ts';
import { joinFantasyContest } from './api/join-fantasy-contest.ts';
import { points, startsAt } from './format.ts';

/** One match: the caller's teams (built or edited until the start), and its contests to join. */
export function MatchScreen({ matchId }: { matchId: number }) {
  const players = useFantasyPlayers(matchId);
  const contests = useFantasyContests(matchId);
  const [editing, setEditing] = useState<FantasyTeam | 'new' | null>(null);
  if (players.isPending) return <Spinner label="Loading players…" />;
  if (players.isError)
    return (
      <div className="fantasy">
        <p role="alert">{players.error.message}</p>
        <Link to="/fantasy">Back to contests</Link>
      </div>
    );
  const data = players.data;
  const building = editing ?? (data.my_teams.length === 0 && !data.locked ? 'new' : null);
  return (
    <div className="fantasy">
      <p className="fantasy__back">
        <Link to="/fantasy">← All contests</Link>
      </p>
      <h1 className="fantasy__title">{data.match_name}</h1>
      <p className="fantasy__sub">
        {data.locked
          ? 'The match has started: teams are locked.'
          : `Teams lock at the start, ${startsAt(data.starts_at)}.`}
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
      <h2 className="fantasy__h2">Contests</h2>
      {contests.isPending ? (
        <Spinner label="Loading contests…" />
      ) : contests.isError ? (
        <p role="alert">{contests.error.message}</p>
      ) : contests.data.contests.length === 0 ? (
        <p>No contests for this match.</p>
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
  const nameOf = new Map(data.players.map((p) => [p.player_id, p.name]));
  return (
    <section className="fantasy-teams" aria-labelledby="my-teams">
      <h2 id="my-teams" className="fantasy__h2">
        My teams
      </h2>
      <ul>
        {data.my_teams.map((t) => (
          <li key={t.team_id} className="fantasy-team">
            <div>
              <strong>{t.name}</strong> · {points(t.points)} pts · {t.credits_used} credits
            </div>
            <div className="fantasy-team__cvc">
              C: {nameOf.get(t.captain_id)} · VC: {nameOf.get(t.vice_captain_id)}
            </div>
            {!t.locked && (
              <button
                type="button"
                className="fantasy-button fantasy-button--plain"
                onClick={() => onEdit(t)}
              >
                Edit {t.name}
              </button>
            )}
          </li>
        ))}
      </ul>
      {!data.locked && (
        <button type="button" className="fantasy-button" onClick={() => onEdit('new')}>
          Create another team
        </button>
      )}
    </section>
  );
}

/** Picks one of the caller's teams not yet in the contest and joins (one request_id per intent). */
function JoinControl({ c, teams }: { c: FantasyContest; teams: FantasyTeam[] }) {
  const queryClient = useQueryClient();
  const bump = useClientStore((s) => s.bumpBetPlaced);
  const free = teams.filter((t) => !c.my_team_ids.includes(t.team_id));
  const [teamId, setTeamId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const intent = useRef<{ key: string; id: string } | null>(null);
  if (c.state !== 'OPEN') return null;
  if (teams.length === 0) return <p className="fantasy-contest__hint">Create a team to join.</p>;
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
        <p className="fantasy-contest__hint">All your teams are in this contest.</p>
        {said}
      </>
    );
  const chosen = teamId != null && free.some((t) => t.team_id === teamId) ? teamId : free[0]!.team_id;
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
        setMessage({ tone: 'ok', text: `Joined ${c.name}` });
        toast.success(`Joined ${c.name}`);
      } else setMessage({ tone: 'error', text: r.message });
    } catch (err) {
      setMessage({
        tone: 'error',
        text: err instanceof Error ? err.message : 'The request failed: press Join again',
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
        Team{' '}
        <select value={chosen} onChange={(e) => setTeamId(Number(e.target.value))}>
          {free.map((t) => (
            <option key={t.team_id} value={t.team_id}>
              {t.name}
            </option>
          ))}
        </select>
      </label>
      <button type="button" className="fantasy-button" disabled={busy} onClick={() => void join()}>
        Join for ₹{c.entry_fee.toFixed(2)}
      </button>
      {said}
    </div>
  );
}
