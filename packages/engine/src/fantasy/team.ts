// A fantasy team's rules (issue 25, docs/fantasy.md): 11 players from the two playing elevens
// within 100 credits, at most 7 from one side, role counts within their bands, a captain (2×) and
// a vice-captain (1.5×) who are two different players of the eleven. Each refusal says what to fix.

export type FantasyRole = 'WK' | 'BAT' | 'AR' | 'BOWL';
export const FANTASY_ROLES: readonly FantasyRole[] = ['WK', 'BAT', 'AR', 'BOWL'];

/** Names a bettor reads in a refusal. */
export const FANTASY_ROLE_NAMES: Readonly<Record<FantasyRole, string>> = {
  WK: 'wicket-keepers',
  BAT: 'batters',
  AR: 'all-rounders',
  BOWL: 'bowlers',
};

export const FANTASY_TEAM_SIZE = 11;
/** 100 credits, kept in tenths so a player's 8.5 is exact. */
export const FANTASY_CREDITS_MAX_TENTHS = 1000;
export const FANTASY_SIDE_MAX = 7;
/** Inclusive bands per role. */
export const FANTASY_ROLE_BANDS: Readonly<Record<FantasyRole, readonly [number, number]>> = {
  WK: [1, 4],
  BAT: [3, 6],
  AR: [1, 4],
  BOWL: [3, 6],
};

/** A player a team may pick: one of the match's two playing elevens. */
export interface FantasyPlayer {
  readonly player_id: number;
  readonly name: string;
  /** 0 or 1: the team in the match's order. */
  readonly side: 0 | 1;
  readonly role: FantasyRole;
  readonly credits_tenths: number;
}

export interface FantasyPick {
  readonly player_ids: readonly number[];
  readonly captain_id: number;
  readonly vice_captain_id: number;
}

export interface TeamSummary {
  readonly credits_tenths: number;
  readonly per_side: readonly [number, number];
  readonly per_role: Readonly<Record<FantasyRole, number>>;
}

/** Credits, side and role counts of the picked players found in the pool (unknown ids skipped). */
export function summarizeTeam(pool: readonly FantasyPlayer[], player_ids: readonly number[]): TeamSummary {
  const byId = new Map(pool.map((p) => [p.player_id, p]));
  const per_role: Record<FantasyRole, number> = { WK: 0, BAT: 0, AR: 0, BOWL: 0 };
  const per_side: [number, number] = [0, 0];
  let credits_tenths = 0;
  for (const id of player_ids) {
    const p = byId.get(id);
    if (!p) continue;
    per_role[p.role] += 1;
    per_side[p.side] += 1;
    credits_tenths += p.credits_tenths;
  }
  return { credits_tenths, per_side, per_role };
}

const credits = (tenths: number): string => (tenths / 10).toFixed(1).replace(/\.0$/, '');

/**
 * Why the pick is not a valid team, in words, or null when it is. `sides` names the two teams for
 * the messages. Checks run in a fixed order, so one pick always gets the same first refusal.
 */
export function teamRefusal(
  pool: readonly FantasyPlayer[],
  pick: FantasyPick,
  sides: readonly [string, string],
): string | null {
  const ids = pick.player_ids;
  if (ids.length !== FANTASY_TEAM_SIZE)
    return `Pick exactly ${FANTASY_TEAM_SIZE} players (you picked ${ids.length})`;
  if (new Set(ids).size !== ids.length) return 'A player is picked twice';
  const byId = new Map(pool.map((p) => [p.player_id, p]));
  const unknown = ids.find((id) => !byId.has(id));
  if (unknown !== undefined) return `Player ${unknown} is not in either playing eleven`;
  const s = summarizeTeam(pool, ids);
  if (s.credits_tenths > FANTASY_CREDITS_MAX_TENTHS)
    return `The team costs ${credits(s.credits_tenths)} credits; the limit is ${credits(FANTASY_CREDITS_MAX_TENTHS)}`;
  for (const side of [0, 1] as const) {
    if (s.per_side[side] > FANTASY_SIDE_MAX)
      return `At most ${FANTASY_SIDE_MAX} players from one side (${s.per_side[side]} from ${sides[side]})`;
  }
  for (const role of FANTASY_ROLES) {
    const [lo, hi] = FANTASY_ROLE_BANDS[role];
    const n = s.per_role[role];
    if (n < lo || n > hi) return `Pick ${lo}–${hi} ${FANTASY_ROLE_NAMES[role]} (you picked ${n})`;
  }
  if (!ids.includes(pick.captain_id)) return 'Pick a captain from your eleven';
  if (!ids.includes(pick.vice_captain_id)) return 'Pick a vice-captain from your eleven';
  if (pick.captain_id === pick.vice_captain_id)
    return 'The captain and the vice-captain must be two different players';
  return null;
}
