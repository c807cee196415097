// What the fantasy tests start from: an upcoming cricket match with its playing elevens (so the
// runner makes its contests), a valid team from its players, and a bettor's team saved.
import type { FantasyPlayers, FantasyTeam } from '@backlay/contract';
import { FANTASY_ROLE_BANDS, FANTASY_ROLES, teamRefusal, type FantasyPlayer } from '@backlay/engine';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { matches } from '../../src/modules/catalog/schema.ts';
import { setUpCricketMatch } from '../../src/seed/cricket-match.ts';
import type { Api } from './api.ts';
import { createMarket } from './exchange.ts';

/** A valid team: the role minimums from the cheapest players, then the cheapest that fit. */
export function validTeam(
  players: FantasyPlayers['players'],
  must: number[] = [],
  never: number[] = [],
): number[] {
  const pool: FantasyPlayer[] = players.map((p) => ({ ...p, credits_tenths: Math.round(p.credits * 10) }));
  const byCost = [...pool]
    .filter((p) => !never.includes(p.player_id))
    .sort((a, b) => a.credits_tenths - b.credits_tenths);
  const ids = [...must];
  const count = (f: (p: FantasyPlayer) => boolean) =>
    ids.filter((id) => f(pool.find((p) => p.player_id === id)!)).length;
  const fits = (p: FantasyPlayer, cap: (r: FantasyPlayer['role']) => number) =>
    !ids.includes(p.player_id) &&
    count((q) => q.role === p.role) < cap(p.role) &&
    count((q) => q.side === p.side) < 7;
  for (const role of FANTASY_ROLES)
    for (const p of byCost)
      if (p.role === role && fits(p, (r) => FANTASY_ROLE_BANDS[r][0])) ids.push(p.player_id);
  for (const p of byCost)
    if (ids.length < 11 && fits(p, (r) => FANTASY_ROLE_BANDS[r][1])) ids.push(p.player_id);
  expect(
    teamRefusal(pool, { player_ids: ids, captain_id: ids[0]!, vice_captain_id: ids[1]! }, ['A', 'B']),
  ).toBeNull();
  return ids;
}

/** A demo-like T20 an hour away, not in play (people.ts's cricketTestMatch is in play). */
export async function upcomingMatch(app: FastifyInstance) {
  const exchange = await createMarket(app);
  const [match] = await app.db.select().from(matches).where(eq(matches.matchId, exchange.matchId));
  await app.db.transaction((tx) =>
    setUpCricketMatch(tx, {
      matchId: exchange.matchId,
      format: 'T20',
      competition: 'IPL',
      teams: ['AUS', 'IND'],
      startTime: match!.startTime,
      inPlay: false,
      at: new Date(),
    }),
  );
  return { matchId: exchange.matchId };
}

/** The match's contests by name, as `api` lists them. */
export async function contestsByName(api: Api, match_id: number) {
  const r = await api.call('getFantasyContests', { match_id });
  const cs = (r.body.data as { contests: { name: string; contest_id: number; entry_fee: number }[] })
    .contests;
  return new Map(cs.map((c) => [c.name, c]));
}

/** Saves a valid team of the match for `api` (captain and vice the first two): the team. */
export async function savedTeam(api: Api, match_id: number): Promise<FantasyTeam> {
  const players = (await api.call('getFantasyPlayers', { match_id })).body.data as FantasyPlayers;
  const ids = validTeam(players.players);
  const r = await api.call('saveFantasyTeam', {
    match_id,
    player_ids: ids,
    captain_id: ids[0],
    vice_captain_id: ids[1],
  });
  expect(r.body.status, JSON.stringify(r.body)).toBe(true);
  return (r.body.data as { team: FantasyTeam }).team;
}
