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

/**
 * Why `candidate` cannot join the partial team `picked` as it is being built, in words, or null
 * when it can: the team would go over 11 players, the credits, 7 from one side or its role's
 * most, or leave too few places for the roles still short of their least. A team that is valid
 * once complete is never refused on the way, whatever the order of its picks (the property test).
 */
export function pickRefusal(
  pool: readonly FantasyPlayer[],
  picked: readonly number[],
  candidate: number,
  sides: readonly [string, string],
): string | null {
  const p = pool.find((x) => x.player_id === candidate);
  if (!p) return `Player ${candidate} is not in either playing eleven`;
  if (picked.includes(candidate)) return `${p.name} is already in your team`;
  if (picked.length >= FANTASY_TEAM_SIZE)
    return `Your team has ${FANTASY_TEAM_SIZE} players: remove one to add ${p.name}`;
  const s = summarizeTeam(pool, picked);
  const left = FANTASY_CREDITS_MAX_TENTHS - s.credits_tenths;
  if (p.credits_tenths > left)
    return `${p.name} costs ${credits(p.credits_tenths)} credits and ${credits(left)} are left (100 in all)`;
  if (s.per_side[p.side] + 1 > FANTASY_SIDE_MAX)
    return `At most ${FANTASY_SIDE_MAX} players from one side: you have ${s.per_side[p.side]} from ${sides[p.side]}`;
  const [, hi] = FANTASY_ROLE_BANDS[p.role];
  if (s.per_role[p.role] + 1 > hi) return `At most ${hi} ${FANTASY_ROLE_NAMES[p.role]}: you have ${hi}`;
  const places = FANTASY_TEAM_SIZE - picked.length - 1;
  const short = FANTASY_ROLES.map((r) => {
    const n = s.per_role[r] + (r === p.role ? 1 : 0);
    return { role: r, missing: Math.max(0, FANTASY_ROLE_BANDS[r][0] - n) };
  }).filter((x) => x.missing > 0);
  const needed = short.reduce((a, x) => a + x.missing, 0);
  if (needed > places) {
    // "1 more all-rounder", "3 more bowlers".
    const name = (x: { role: FantasyRole; missing: number }) =>
      x.missing === 1 ? FANTASY_ROLE_NAMES[x.role].replace(/s$/, '') : FANTASY_ROLE_NAMES[x.role];
    const what = short.map((x) => `${x.missing} more ${name(x)}`).join(' and ');
    return `Your team still needs ${what}: adding ${p.name} would leave ${places} ${places === 1 ? 'place' : 'places'}`;
  }
  return null;
}
