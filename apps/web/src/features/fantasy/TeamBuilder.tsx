import type { FantasyPlayers, FantasyTeam } from '@backlay/contract';
import {
  FANTASY_CREDITS_MAX_TENTHS,
  FANTASY_ROLE_BANDS,
  FANTASY_ROLES,
  FANTASY_TEAM_SIZE,
  pickRefusal,
  summarizeTeam,
  teamRefusal,
  type FantasyPlayer,
  type FantasyRole,
} from '@backlay/engine';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { msgId } from '../../lib/i18n/catalog.ts';
import { translateAnswer } from '../../lib/i18n/index.ts';
import { toast } from '../../lib/toast.ts';
import { saveFantasyTeam } from './api/save-fantasy-team.ts';
import { fantasyPlayersKey } from './api/fantasy-players.ts';
import { points } from './format.ts';
import { useT } from './i18n.ts';

/** Each role's name (a message id). */
const ROLE_LABEL: Record<FantasyRole, string> = {
  WK: msgId('fantasy.role.wk'),
  BAT: msgId('fantasy.role.bat'),
  AR: msgId('fantasy.role.ar'),
  BOWL: msgId('fantasy.role.bowl'),
};
// i18n-exempt: the roles' codes, shown as fantasy apps in India show them in every language
const ROLE_SHORT: Record<FantasyRole, string> = { WK: 'WK', BAT: 'BAT', AR: 'AR', BOWL: 'BOWL' };

type Props = { data: FantasyPlayers; team: FantasyTeam | null; onDone: () => void };

/**
 * Pick 11 of the two elevens (credits left, per-side and per-role counts shown as you go), then a
 * captain (2×) and a vice-captain (1.5×). The engine's own rules say what is missing; the server
 * checks the same rules again on Save.
 */
export function TeamBuilder({ data, team, onDone }: Props) {
  const t = useT();
  const queryClient = useQueryClient();
  const pool: FantasyPlayer[] = useMemo(
    () =>
      data.players.map((p) => ({
        player_id: p.player_id,
        name: p.name,
        side: p.side,
        role: p.role,
        credits_tenths: Math.round(p.credits * 10),
      })),
    [data.players],
  );
  const [picked, setPicked] = useState<number[]>(team?.player_ids ?? []);
  const [captain, setCaptain] = useState<number | null>(team?.captain_id ?? null);
  const [vice, setVice] = useState<number | null>(team?.vice_captain_id ?? null);
  const [role, setRole] = useState<FantasyRole>('WK');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A pick the rules refuse, as it was made: which player and which rule (issue 47).
  const [refused, setRefused] = useState<string | null>(null);
  const s = summarizeTeam(pool, picked);
  const left = (FANTASY_CREDITS_MAX_TENTHS - s.credits_tenths) / 10;
  const refusal =
    picked.length < FANTASY_TEAM_SIZE
      ? null
      : teamRefusal(
          pool,
          { player_ids: picked, captain_id: captain ?? -1, vice_captain_id: vice ?? -1 },
          data.teams,
        );
  const toggle = (id: number) => {
    setError(null);
    if (picked.includes(id)) {
      setRefused(null);
      setPicked(picked.filter((x) => x !== id));
      if (captain === id) setCaptain(null);
      if (vice === id) setVice(null);
      return;
    }
    // Refused as it is made, saying which rule, not left for Save to find.
    const why = pickRefusal(pool, picked, id, data.teams);
    if (why !== null) {
      setRefused(t('fantasy.builder.notAdded', { why: translateAnswer(why) }));
      return;
    }
    setRefused(null);
    setPicked([...picked, id]);
  };
  const save = async () => {
    if (busy || refusal || picked.length !== FANTASY_TEAM_SIZE || captain == null || vice == null) return;
    setBusy(true);
    try {
      const r = await saveFantasyTeam({
        match_id: data.match_id,
        ...(team ? { team_id: team.team_id } : {}),
        player_ids: picked,
        captain_id: captain,
        vice_captain_id: vice,
      });
      if (!r.status) {
        setError(translateAnswer(r.message));
        return;
      }
      toast.success(t('fantasy.builder.saved', { team: r.data.team.name }));
      await queryClient.invalidateQueries({ queryKey: fantasyPlayersKey(data.match_id) });
      onDone();
    } catch (err) {
      setError(err instanceof Error ? translateAnswer(err.message) : t('fantasy.builder.saveFailed'));
    } finally {
      setBusy(false);
    }
  };
  const shown = data.players.filter((p) => p.role === role);
  const chosen = data.players.filter((p) => picked.includes(p.player_id));
  return (
    <section className="fantasy-builder" aria-labelledby="builder-title">
      <h2 id="builder-title" className="fantasy__h2">
        {team ? t('fantasy.team.edit', { team: team.name }) : t('fantasy.builder.create')}
      </h2>
      <div className="fantasy-builder__bar" role="status" aria-live="polite">
        <span>
          {t('fantasy.builder.players')} <strong>{picked.length}/11</strong>
        </span>
        <span>
          {t('fantasy.builder.creditsLeft')} <strong>{left}</strong>
        </span>
        <span>
          {data.teams[0]} <strong>{s.per_side[0]}</strong>
        </span>
        <span>
          {data.teams[1]} <strong>{s.per_side[1]}</strong>
        </span>
      </div>
      <div className="fantasy-builder__roles" role="group" aria-label={t('fantasy.builder.byRole')}>
        {FANTASY_ROLES.map((r) => {
          const [lo, hi] = FANTASY_ROLE_BANDS[r];
          return (
            <button
              key={r}
              type="button"
              aria-pressed={role === r}
              className="fantasy-role"
              onClick={() => setRole(r)}
            >
              {ROLE_SHORT[r]} {s.per_role[r]}
              <span className="fantasy-role__band">
                {' '}
                ({lo}–{hi})
              </span>
            </button>
          );
        })}
      </div>
      {refused ? (
        <p className="fantasy-builder__refused" role="alert">
          {refused}
        </p>
      ) : null}
      <p className="fantasy-builder__hint">
        {t('fantasy.builder.hint', {
          lo: FANTASY_ROLE_BANDS[role][0],
          hi: FANTASY_ROLE_BANDS[role][1],
          role: t(ROLE_LABEL[role]).toLowerCase(),
        })}
      </p>
      <ul className="fantasy-players" aria-label={t(ROLE_LABEL[role])}>
        {shown.map((p) => {
          const on = picked.includes(p.player_id);
          // Shown dimmed when the rules would refuse it; a click says why (a disabled button cannot).
          const blocked = !on && pickRefusal(pool, picked, p.player_id, data.teams) !== null;
          return (
            <li
              key={p.player_id}
              className={`fantasy-player${on ? ' fantasy-player--on' : ''}${blocked ? ' fantasy-player--blocked' : ''}`}
            >
              <span className="fantasy-player__name">{p.name}</span>
              <span className="fantasy-player__team">{p.team}</span>
              <span className="fantasy-player__credits">
                {t('fantasy.player.credits', { credits: p.credits })}
              </span>
              <span className="fantasy-player__points">
                {t('fantasy.player.points', { points: points(p.points) })}
              </span>
              <button
                type="button"
                className="fantasy-button fantasy-button--small"
                aria-pressed={on}
                aria-label={
                  on
                    ? t('fantasy.builder.removePlayer', { player: p.name })
                    : t('fantasy.builder.addPlayer', { player: p.name })
                }
                disabled={data.locked}
                onClick={() => toggle(p.player_id)}
              >
                {on ? t('fantasy.builder.remove') : t('fantasy.builder.add')}
              </button>
            </li>
          );
        })}
      </ul>
      {picked.length === FANTASY_TEAM_SIZE && (
        <fieldset className="fantasy-cvc">
          <legend>{t('fantasy.builder.captains')}</legend>
          <table className="fantasy-cvc__table">
            <thead>
              <tr>
                <th scope="col">{t('fantasy.builder.player')}</th>
                <th scope="col">{t('fantasy.builder.captainCol')}</th>
                <th scope="col">{t('fantasy.builder.viceCol')}</th>
              </tr>
            </thead>
            <tbody>
              {chosen.map((p) => (
                <tr key={p.player_id}>
                  <th scope="row">
                    {p.name} <span className="fantasy-player__team">{ROLE_SHORT[p.role]}</span>
                  </th>
                  <td>
                    <input
                      type="radio"
                      name="captain"
                      aria-label={t('fantasy.builder.captainOf', { player: p.name })}
                      checked={captain === p.player_id}
                      onChange={() => {
                        setCaptain(p.player_id);
                        if (vice === p.player_id) setVice(null);
                      }}
                    />
                  </td>
                  <td>
                    <input
                      type="radio"
                      name="vice"
                      aria-label={t('fantasy.builder.viceOf', { player: p.name })}
                      checked={vice === p.player_id}
                      onChange={() => {
                        setVice(p.player_id);
                        if (captain === p.player_id) setCaptain(null);
                      }}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </fieldset>
      )}
      {(error ?? refusal) && (
        <p role="alert" className="fantasy-msg fantasy-msg--error">
          {error ?? (refusal ? translateAnswer(refusal) : null)}
        </p>
      )}
      <div className="fantasy-builder__actions">
        <button
          type="button"
          className="fantasy-button"
          disabled={busy || data.locked || picked.length !== FANTASY_TEAM_SIZE || refusal !== null}
          onClick={() => void save()}
        >
          {t('fantasy.builder.save')}
        </button>
        {(team || data.my_teams.length > 0) && (
          <button type="button" className="fantasy-button fantasy-button--plain" onClick={onDone}>
            {t('fantasy.builder.cancel')}
          </button>
        )}
      </div>
    </section>
  );
}
