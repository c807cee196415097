// Issue 40, fantasy's races and its start (docs/fantasy.md): one request_id sent for two contests
// at once, the same join twice at once, three "Save team" calls at once (and at the ten-team cap)
// each answer in words, never a 500; a join once the match's start has passed by the store's clock,
// or once the match is in play, is refused in the join's own transaction, before the runner's next
// pass. The races matter on PostgreSQL (PGlite runs one transaction at a time); the ledger check
// after every scenario, on both stores.
import type { FantasyPlayers } from '@backlay/contract';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { matches } from '../src/modules/catalog/schema.ts';
import { checkLedger } from '../src/modules/admin/ledger-check.ts';
import { TEAMS_PER_MATCH_MAX } from '../src/modules/fantasy/service.ts';
import { contestsByName, savedTeam, upcomingMatch, validTeam } from './helpers/fantasy.ts';
import { expectLedgerBalanced } from './helpers/ledger.ts';
import { bettorOf, type Bettor } from './helpers/people.ts';
import { describeStores } from './helpers/stores.ts';

let seq = 0;
const rid = (p: string) => `${p}-${++seq}-${Math.random().toString(36).slice(2, 8)}`;

describeStores('fantasy: races and the start (issue 40)', (ctx) => {
  async function ledgerClean() {
    expect((await checkLedger(ctx.app)).problems).toEqual([]);
    await expectLedgerBalanced(ctx.app);
  }
  const total = async (u: Bettor) =>
    ((await u.call('getUserBalance')).body.data as { total_balance: number }).total_balance;
  const join = (u: Bettor, contest_id: number, team_id: number, request_id = rid('join')) =>
    u.call('joinFantasyContest', { contest_id, team_id, request_id });
  /** Answers as [HTTP status, status, message]: a 500 shows as itself. */
  const shape = (a: { statusCode: number; body: { status: boolean; message?: string } }) => [
    a.statusCode,
    a.body.status,
    a.body.message,
  ];

  it('one request_id for two contests at once: one entry, the other refused in words; the same join twice: one entry', async () => {
    const m = await upcomingMatch(ctx.app);
    await ctx.app.fantasy.step(null);
    const u = await bettorOf(ctx, 100_000);
    const team = await savedTeam(u, m.matchId);
    const cs = await contestsByName(u, m.matchId);
    const [h2h, league, mega] = ['Head to Head', 'Small League', 'Mega Contest'].map((n) => cs.get(n)!);
    const once = rid('twice');
    const answers = await Promise.all([
      join(u, h2h!.contest_id, team.team_id, once),
      join(u, league!.contest_id, team.team_id, once),
    ]);
    expect(answers.map(shape).sort()).toEqual([
      [200, false, 'request_id was already used for another entry'],
      [200, true, 'Joined'],
    ]);
    const fee = answers[0]!.body.status ? h2h!.entry_fee : league!.entry_fee;
    expect(await total(u)).toBe(1_000 - fee);

    // The same join sent twice at once: one entry, the repeat answers it.
    const again = rid('again');
    const twins = await Promise.all([
      join(u, mega!.contest_id, team.team_id, again),
      join(u, mega!.contest_id, team.team_id, again),
    ]);
    expect(twins.map(shape).sort()).toEqual([
      [200, true, 'Already joined'],
      [200, true, 'Joined'],
    ]);
    const ids = twins.map((a) => (a.body.data as { entry_id: number }).entry_id);
    expect(ids[0]).toBe(ids[1]);
    expect(await total(u)).toBe(1_000 - fee - mega!.entry_fee);
    await ledgerClean();
  });

  it('three "Save team" calls at once make three teams; at the ten-team cap one is taken, the others refused', async () => {
    const m = await upcomingMatch(ctx.app);
    const u = await bettorOf(ctx, 10_000);
    const players = (await u.call('getFantasyPlayers', { match_id: m.matchId })).body.data as FantasyPlayers;
    const ids = validTeam(players.players);
    const save = () =>
      u.call('saveFantasyTeam', {
        match_id: m.matchId,
        player_ids: ids,
        captain_id: ids[0],
        vice_captain_id: ids[1],
      });
    const three = await Promise.all([save(), save(), save()]);
    expect(three.map(shape)).toEqual(Array(3).fill([200, true, 'Team saved']));
    const names = three.map((a) => (a.body.data as { team: { name: string } }).team.name).sort();
    expect(names).toEqual(['Team 1', 'Team 2', 'Team 3']);

    for (let k = 3; k < TEAMS_PER_MATCH_MAX - 1; k++) expect((await save()).body.status).toBe(true);
    const last = await Promise.all([save(), save(), save()]);
    expect(last.map(shape).sort()).toEqual([
      [200, false, `At most ${TEAMS_PER_MATCH_MAX} teams per match`],
      [200, false, `At most ${TEAMS_PER_MATCH_MAX} teams per match`],
      [200, true, 'Team saved'],
    ]);
    const mine = (await u.call('getFantasyPlayers', { match_id: m.matchId })).body.data as FantasyPlayers;
    expect(mine.my_teams).toHaveLength(TEAMS_PER_MATCH_MAX);
    await ledgerClean();
  });

  it("a join once the match's start has passed (the store's clock), or once it is in play, is refused before the runner's pass", async () => {
    const closed = 'The match has started: this contest is closed to new entries';
    for (const how of ['start passed', 'in play'] as const) {
      const m = await upcomingMatch(ctx.app);
      await ctx.app.fantasy.step(null);
      const u = await bettorOf(ctx, 10_000);
      const team = await savedTeam(u, m.matchId);
      const league = (await contestsByName(u, m.matchId)).get('Small League')!;
      // The catalog moves; the runner has not taken a pass since (the contest still says OPEN).
      await ctx.app.db
        .update(matches)
        .set(how === 'start passed' ? { startTime: sql`now() - interval '1 second'` } : { inPlay: true })
        .where(eq(matches.matchId, m.matchId));
      const r = await join(u, league.contest_id, team.team_id);
      expect(shape(r), how).toEqual([200, false, closed]);
      expect(await total(u)).toBe(100);
    }
    await ledgerClean();
  });
});
