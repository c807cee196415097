// Issue 25, fantasy contests on the server (docs/fantasy.md): contests made for an upcoming cricket
// match, team rules refused in words, join with the fee through the ledger (idempotent on
// request_id, refused over the balance), teams and joining locked at the match's start (the
// store's clock), a contest short of its minimum refunded, points from the scoreboard the cricket
// module publishes, prizes at the end with a tie split to the paisa, the statement's lines, and an
// abandoned match refunded. The ledger check runs after each step.
import type { AddressInfo } from 'node:net';
import type {
  AccountStatement,
  FantasyContest,
  FantasyLeaderboard,
  FantasyMyContests,
  FantasyPlayers,
  FantasyTeam,
  Scoreboard,
  WsServerMessage,
} from '@backlay/contract';
import { eq, sql } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { matches } from '../src/modules/catalog/schema.ts';
import { checkLedger } from '../src/modules/admin/ledger-check.ts';
import { FINAL_SCORE_MESSAGE, publishScore } from '../src/modules/cricket/plugin.ts';
import { createCricketPort } from '../src/modules/fantasy/cricket-port.ts';
import type { Api } from './helpers/api.ts';
import { createBettor } from './helpers/exchange.ts';
import { upcomingMatch, validTeam } from './helpers/fantasy.ts';
import { describeStores } from './helpers/stores.ts';
import { WsClient } from './helpers/ws-client.ts';

let rid = 0;
const requestId = () => `fy-${++rid}-${Math.random().toString(36).slice(2, 8)}`;

type Pick = { player_ids: number[]; captain_id: number; vice_captain_id: number };

describeStores('fantasy contests (issue 25)', (ctx) => {
  async function bettor(balanceRupees = 1_000): Promise<Api & { userId: number }> {
    const u = await createBettor(ctx.app, balanceRupees * 100, 'fan');
    const api = ctx.api.fork();
    await api.login(u.userName, u.password);
    return Object.assign(api, { userId: u.userId });
  }
  const balance = async (b: Api) => (await b.call('getUserBalance')).body.data as { total_balance: number };
  const expectLedgerClean = async () => expect((await checkLedger(ctx.app)).problems).toEqual([]);
  const contestsOf = async (b: Api, match_id: number) =>
    ((await b.call('getFantasyContests', { match_id })).body.data as { contests: FantasyContest[] }).contests;
  const named = (cs: FantasyContest[], name: string) => cs.find((c) => c.name === name)!;
  /** Saves a team of `ids` (captain and vice the first two) and joins `contest_id` with it. */
  async function enter(api: Api, match_id: number, ids: number[], contest_id: number) {
    const t = (
      await api.call('saveFantasyTeam', {
        match_id,
        player_ids: ids,
        captain_id: ids[0],
        vice_captain_id: ids[1],
      })
    ).body.data as { team: FantasyTeam };
    const r = await api.call('joinFantasyContest', {
      contest_id,
      team_id: t.team.team_id,
      request_id: requestId(),
    });
    expect(r.body.status, JSON.stringify(r.body)).toBe(true);
  }
  /** The match starts now (the catalog's start moved into the past); the runner takes a pass. */
  async function startMatch(match_id: number) {
    await ctx.app.db
      .update(matches)
      .set({ startTime: sql`now() - interval '1 second'` })
      .where(eq(matches.matchId, match_id));
    await ctx.app.fantasy.step(null);
  }
  /** A scoreboard the cricket feed would publish, with the innings' batting and bowling lines. */
  const score = (
    over: Partial<Scoreboard>,
    batters: { player_id: number; runs: number; balls: number; fours: number; sixes: number }[],
    bowler: { player_id: number; balls: number; runs: number; wickets: number; maidens: number },
  ): Scoreboard => ({
    innings: 1,
    batting: 0,
    totals: [
      {
        runs: batters.reduce((a, b) => a + b.runs, 0),
        wickets: 0,
        balls: bowler.balls,
        players: {
          striker_id: batters[0]!.player_id,
          non_striker_id: batters[1]?.player_id ?? null,
          bowler_id: bowler.player_id,
          last_over_bowler_id: null,
          batters: batters.map((b) => ({ ...b, out: null })),
          bowlers: [bowler],
          fall: [],
          over_runs_conceded: 0,
        },
      },
    ],
    recent: [],
    target: null,
    status: 'IN_PROGRESS',
    ball_running_until_ms: null,
    result_text: null,
    ...over,
  });

  it('a pass skips a live match whose score has not moved, and says when it is busy (issue 48)', async () => {
    // First in the suite: no contest of another test is live.
    const m = await upcomingMatch(ctx.app);
    await ctx.app.fantasy.step(null);
    const [a, b] = [await bettor(), await bettor()];
    const h2h = named(await contestsOf(a, m.matchId), 'Head to Head');
    // Starting in about a day: busy only when "soon" reaches that far.
    const starts_in_ms = Date.parse(h2h.starts_at) - Date.now();
    expect(starts_in_ms).toBeGreaterThan(60_000);
    // The suite's first contests: none is live yet.
    expect(await ctx.app.fantasy.step(null, 0)).toEqual({ busy: false });
    const { players } = (await a.call('getFantasyPlayers', { match_id: m.matchId })).body
      .data as FantasyPlayers;
    await enter(a, m.matchId, validTeam(players), h2h.contest_id);
    await enter(b, m.matchId, validTeam(players), h2h.contest_id);
    expect(await ctx.app.fantasy.step(null, starts_in_ms + 60_000)).toEqual({ busy: true });
    await startMatch(m.matchId);
    expect(named(await contestsOf(a, m.matchId), 'Head to Head').state).toBe('LIVE');
    const bowler = players.find((p) => p.side === 1 && p.role === 'BOWL')!.player_id;
    const bat = players.filter((p) => p.side === 0 && p.role === 'BAT').map((p) => p.player_id);
    const ball = (runs: number) =>
      score({}, [{ player_id: bat[0]!, runs, balls: runs, fours: 0, sixes: 0 }], {
        player_id: bowler,
        balls: runs,
        runs,
        wickets: 0,
        maidens: 0,
      });
    // The fantasy module's transactions during one pass.
    const transactionsIn = async (pass: () => Promise<unknown>) => {
      const transaction = ctx.app.db.transaction.bind(ctx.app.db);
      let n = 0;
      const spy = vi.spyOn(ctx.app.db, 'transaction').mockImplementation(((
        ...args: Parameters<typeof transaction>
      ) => {
        if (/modules[\\/]fantasy[\\/]/.test(new Error().stack ?? '')) n += 1;
        return transaction(...args);
      }) as typeof transaction);
      try {
        await pass();
      } finally {
        spy.mockRestore();
      }
      return n;
    };
    expect(await publishScore(ctx.app, m.matchId, ball(4))).toMatchObject({ ok: true });
    let busy: unknown;
    expect(await transactionsIn(async () => (busy = await ctx.app.fantasy.step(null)))).toBeGreaterThan(0);
    expect(busy).toEqual({ busy: true });
    const points = async () =>
      (
        (await a.call('getFantasyLeaderboard', { contest_id: h2h.contest_id })).body
          .data as FantasyLeaderboard
      ).rows[0]!.points;
    const after4 = await points();
    // No ball since: nothing to write, no transaction.
    expect(await transactionsIn(() => ctx.app.fantasy.step(null))).toBe(0);
    // The next ball moves the points again.
    expect(await publishScore(ctx.app, m.matchId, ball(10))).toMatchObject({ ok: true });
    expect(await transactionsIn(() => ctx.app.fantasy.step(null))).toBeGreaterThan(0);
    expect(await points()).toBeGreaterThan(after4);
    await expectLedgerClean();
  });

  it('teams, joining, the lock at the start, points from the scoreboard, prizes with a tie, refunds and the statement', async () => {
    const m = await upcomingMatch(ctx.app);
    await ctx.app.fantasy.step(null);
    const [a, b, c, poor] = [await bettor(), await bettor(), await bettor(), await bettor(10)];
    const cs = await contestsOf(a, m.matchId);
    expect(cs.map((x) => [x.name, x.entry_fee, x.size, x.min_entries, x.state])).toEqual([
      ['Head to Head', 50, 2, 2, 'OPEN'],
      ['Small League', 100, 10, 3, 'OPEN'],
      ['Mega Contest', 25, 100, 5, 'OPEN'],
    ]);
    // Prizes if full plus the rake are the fees: Small League 10 × ₹100 less 15 % = ₹850 in 50/30/20.
    expect(named(cs, 'Small League').prizes_if_full).toEqual([425, 255, 170]);

    const players = (await a.call('getFantasyPlayers', { match_id: m.matchId })).body.data as FantasyPlayers;
    expect(players.players).toHaveLength(22);
    expect(players.locked).toBe(false);
    // X: the dearest batter, who will score; A picks and captains X, B and C leave X out.
    const x = [...players.players].filter((p) => p.role === 'BAT').sort((p, q) => q.credits - p.credits)[0]!;
    const teamA = validTeam(players.players, [x.player_id]);
    const teamB = validTeam(players.players, [], [x.player_id]);

    // Refusals name the rule and change nothing.
    const save = (api: Api, pick: Pick, team_id?: number) =>
      api.call('saveFantasyTeam', { match_id: m.matchId, ...pick, ...(team_id ? { team_id } : {}) });
    expect(
      (await save(a, { player_ids: teamA.slice(0, 10), captain_id: teamA[0]!, vice_captain_id: teamA[1]! }))
        .body,
    ).toEqual({
      status: false,
      message: 'Pick exactly 11 players (you picked 10)',
    });
    expect(
      (await save(a, { player_ids: teamA, captain_id: teamA[0]!, vice_captain_id: teamA[0]! })).body.message,
    ).toBe('The captain and the vice-captain must be two different players');
    const outsider = 999_999;
    expect(
      (
        await save(a, {
          player_ids: [...teamA.slice(0, 10), outsider],
          captain_id: teamA[0]!,
          vice_captain_id: teamA[1]!,
        })
      ).body.message,
    ).toBe(`Player ${outsider} is not in either playing eleven`);
    expect(
      ((await a.call('getFantasyPlayers', { match_id: m.matchId })).body.data as FantasyPlayers).my_teams,
    ).toEqual([]);

    const made = async (api: Api, pick: Pick) => {
      const r = await save(api, pick);
      expect(r.body, JSON.stringify(r.body)).toMatchObject({ status: true, message: 'Team saved' });
      return (r.body.data as { team: FantasyTeam }).team;
    };
    const other = (ids: number[]) => ids.find((id) => id !== x.player_id)!;
    const tA = await made(a, { player_ids: teamA, captain_id: x.player_id, vice_captain_id: other(teamA) });
    const pickB = { player_ids: teamB, captain_id: teamB[0]!, vice_captain_id: teamB[1]! };
    const tB = await made(b, pickB);
    const tC = await made(c, pickB);
    const tPoor = await made(poor, pickB);
    expect(tA).toMatchObject({ name: 'Team 1', points: 0, locked: false });
    // An edit before the start is taken.
    const edited = await save(b, pickB, tB.team_id);
    expect(edited.body).toMatchObject({ status: true, message: 'Team updated' });

    const join = (api: Api, contest: FantasyContest, team: FantasyTeam, request_id = requestId()) =>
      api.call('joinFantasyContest', { contest_id: contest.contest_id, team_id: team.team_id, request_id });
    const h2h = named(cs, 'Head to Head');
    const league = named(cs, 'Small League');
    const mega = named(cs, 'Mega Contest');
    const once = requestId();
    const first = await join(a, h2h, tA, once);
    expect(first.body).toMatchObject({ status: true, message: 'Joined' });
    const again = await join(a, h2h, tA, once);
    expect(again.body).toMatchObject({ status: true, message: 'Already joined' });
    expect((again.body.data as { entry_id: number }).entry_id).toBe(
      (first.body.data as { entry_id: number }).entry_id,
    );
    expect((await join(a, h2h, tA)).body).toEqual({
      status: false,
      message: 'Team 1 is already in this contest',
    });
    expect((await join(b, h2h, tA)).body).toEqual({
      status: false,
      message: `You have no team ${tA.team_id}`,
    });
    expect((await join(b, h2h, tB)).body.status).toBe(true);
    expect((await join(c, h2h, tC)).body).toEqual({ status: false, message: 'This contest is full' });
    for (const [api, t] of [
      [a, tA],
      [b, tB],
      [c, tC],
    ] as const)
      expect((await join(api, league, t)).body.status).toBe(true);
    expect((await join(a, mega, tA)).body.status).toBe(true);
    // Over the balance: refused, nothing taken.
    expect((await join(poor, league, tPoor)).body).toEqual({
      status: false,
      message: 'The entry fee of ₹100.00 is more than your available balance of ₹10.00',
    });
    expect(await balance(poor)).toMatchObject({ total_balance: 10 });
    expect(await balance(a)).toMatchObject({ total_balance: 1_000 - 50 - 100 - 25 });
    await expectLedgerClean();

    // The match starts: teams and joining are locked; the Mega Contest (1 of 5) is refunded.
    await startMatch(m.matchId);
    expect(
      (
        await save(
          a,
          { player_ids: teamA, captain_id: x.player_id, vice_captain_id: other(teamA) },
          tA.team_id,
        )
      ).body,
    ).toEqual({
      status: false,
      message: 'The match has started: teams are locked',
    });
    expect((await join(c, mega, tC)).body).toEqual({
      status: false,
      message: 'The match has started: this contest is closed to new entries',
    });
    const started = await contestsOf(a, m.matchId);
    expect(started.map((x) => [x.name, x.state, x.refund_reason])).toEqual([
      ['Head to Head', 'LIVE', null],
      ['Small League', 'LIVE', null],
      ['Mega Contest', 'REFUNDED', 'did not fill its minimum of 5 entries'],
    ]);
    expect(await balance(a)).toMatchObject({ total_balance: 1_000 - 50 - 100 });
    await expectLedgerClean();

    // A ball: X 30 off 20 (2 fours, 1 six) → 4 + 30 + 2 + 2 + 4 (30 runs) + 2 (strike rate 150) = 44;
    // everyone else in the elevens 4 (played). A: X captain 2 × 44 + VC 1.5 × 4 + 9 × 4 = 130.
    // B and C: 2 × 4 + 1.5 × 4 + 9 × 4 = 50.
    const bowlerId = players.players.find((p) => p.side === 1 && p.role === 'BOWL')!.player_id;
    const live = score({}, [{ player_id: x.player_id, runs: 30, balls: 20, fours: 2, sixes: 1 }], {
      player_id: bowlerId,
      balls: 20,
      runs: 30,
      wickets: 0,
      maidens: 0,
    });
    expect(await publishScore(ctx.app, m.matchId, live)).toMatchObject({ ok: true });
    await ctx.app.fantasy.step(null);
    const board = (await a.call('getFantasyLeaderboard', { contest_id: league.contest_id })).body
      .data as FantasyLeaderboard;
    expect(board.rows.map((r) => [r.rank, r.points, r.prize, r.mine])).toEqual([
      [1, 130, 127.5, true],
      [2, 50, 63.75, false],
      [2, 50, 63.75, false],
    ]);
    expect(board.rows[1]!.user).toMatch(/^fa\*\*\*$/);

    // The match ends with a result: prizes paid, the tie for 2nd and 3rd split (₹76.50 + ₹51.00).
    const done = {
      ...live,
      status: 'COMPLETE' as const,
      result: { kind: 'WIN' as const, winner: 0 as const },
      result_text: 'AUS won',
    };
    expect(await publishScore(ctx.app, m.matchId, done)).toMatchObject({ ok: true });
    await ctx.app.fantasy.step(null);
    await ctx.app.fantasy.step(null); // a second pass pays nothing twice
    // The final score stands: a later one (here: abandoned) is refused, so the match cannot read
    // abandoned under contests that paid prizes on its result (the soak's seed 1505661091).
    const abandoned = {
      ...done,
      stopped: 'RAIN' as const,
      result: { kind: 'NO_RESULT' as const, winner: null },
      result_text: null,
    };
    expect(await publishScore(ctx.app, m.matchId, abandoned)).toEqual({
      ok: false,
      message: FINAL_SCORE_MESSAGE,
    });
    const stored = await ctx.app.cricket.matchOf(ctx.app.db, m.matchId);
    expect((stored?.score as typeof done | null)?.result).toEqual(done.result);
    await ctx.app.fantasy.step(null);
    expect(await balance(a)).toMatchObject({ total_balance: 1_000 - 50 - 100 + 127.5 + 90 });
    expect(await balance(b)).toMatchObject({ total_balance: 1_000 - 50 - 100 + 63.75 });
    expect(await balance(c)).toMatchObject({ total_balance: 1_000 - 100 + 63.75 });
    await expectLedgerClean();
    const mine = (await b.call('getFantasyMyContests')).body.data as FantasyMyContests;
    expect(mine.entries.map((e) => [e.contest.name, e.contest.state, e.rank, e.points, e.prize])).toEqual([
      ['Small League', 'SETTLED', 2, 50, 63.75],
      ['Head to Head', 'SETTLED', 2, 50, 0],
    ]);

    // The statement names each movement.
    const today = new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10);
    const st = (await a.call('getAccountStatement', { from_date: today, to_date: today })).body
      .data as AccountStatement;
    const lines = st.rows.map((r) => [r.description.replace(/ · .*? (—|\()/, ' · … $1'), r.credit, r.debit]);
    expect(lines.filter(([d]) => String(d).startsWith('Fantasy'))).toEqual([
      ['Fantasy entry — Head to Head · … (Team 1)', 0, 50],
      ['Fantasy entry — Small League · … (Team 1)', 0, 100],
      ['Fantasy entry — Mega Contest · … (Team 1)', 0, 25],
      ['Fantasy refund — Mega Contest · … — did not fill its minimum of 5 entries', 25, 0],
      ['Fantasy prize — Head to Head · … — rank 1', 90, 0],
      ['Fantasy prize — Small League · … — rank 1', 127.5, 0],
    ]);
    // Fantasy rows are a game's, by their own kinds: under the Game filter, not Deposit/Withdraw.
    expect(st.rows.filter((r) => r.description.startsWith('Fantasy')).map((r) => r.kind)).toEqual([
      'fantasy_entry',
      'fantasy_entry',
      'fantasy_entry',
      'fantasy_refund',
      'fantasy_prize',
      'fantasy_prize',
    ]);
    const filtered = async (account_type: string) =>
      (
        (await a.call('getAccountStatement', { from_date: today, to_date: today, account_type })).body
          .data as AccountStatement
      ).rows.filter((r) => r.description.startsWith('Fantasy')).length;
    expect(await filtered('game')).toBe(6);
    expect(await filtered('deposit_withdraw')).toBe(0);
  });

  it('an abandoned match refunds every entry fee', async () => {
    const m = await upcomingMatch(ctx.app);
    await ctx.app.fantasy.step(null);
    const [a, b] = [await bettor(), await bettor()];
    const players = (await a.call('getFantasyPlayers', { match_id: m.matchId })).body.data as FantasyPlayers;
    const ids = validTeam(players.players);
    const h2h = named(await contestsOf(a, m.matchId), 'Head to Head');
    for (const api of [a, b]) await enter(api, m.matchId, ids, h2h.contest_id);
    await startMatch(m.matchId);
    const stopped = score(
      { status: 'COMPLETE', stopped: 'RAIN', result: { kind: 'NO_RESULT', winner: null } },
      [{ player_id: ids[0]!, runs: 5, balls: 4, fours: 1, sixes: 0 }],
      { player_id: ids[5]!, balls: 4, runs: 5, wickets: 0, maidens: 0 },
    );
    expect(await publishScore(ctx.app, m.matchId, stopped)).toMatchObject({ ok: true });
    await ctx.app.fantasy.step(null);
    const after = named(await contestsOf(a, m.matchId), 'Head to Head');
    expect([after.state, after.refund_reason]).toEqual(['REFUNDED', 'match abandoned']);
    expect(await balance(a)).toMatchObject({ total_balance: 1_000 });
    expect(await balance(b)).toMatchObject({ total_balance: 1_000 });
    await expectLedgerClean();
  });

  it('the WebSocket fantasy topic: the leaderboard at once, again when an entry joins; unknown and too many refused', async () => {
    const m = await upcomingMatch(ctx.app);
    await ctx.app.fantasy.step(null);
    const [a, b] = [await bettor(), await bettor()];
    const players = (await a.call('getFantasyPlayers', { match_id: m.matchId })).body.data as FantasyPlayers;
    const ids = validTeam(players.players);
    const league = named(await contestsOf(a, m.matchId), 'Small League');
    await enter(a, m.matchId, ids, league.contest_id);
    if (!ctx.app.server.listening) await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const ws = await WsClient.open(`ws://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}/ws`);
    type BoardMsg = { type: 'fantasy'; board: FantasyLeaderboard };
    const isBoard = (msg: WsServerMessage) => msg.type === 'fantasy';
    ws.send({ op: 'subscribe_fantasy', contest_ids: [league.contest_id] });
    const first = (await ws.next<BoardMsg>(isBoard)).board;
    expect(first.contest.contest_id).toBe(league.contest_id);
    expect(first.rows).toHaveLength(1);
    // Read without a viewer: no row is anyone's own on the shared topic.
    expect(first.rows.every((r) => !r.mine)).toBe(true);
    await enter(b, m.matchId, ids, league.contest_id);
    expect((await ws.next<BoardMsg>(isBoard)).board.rows).toHaveLength(2);
    ws.send({ op: 'subscribe_fantasy', contest_ids: [999_999_999] });
    expect(await ws.next((msg) => msg.type === 'error')).toMatchObject({
      message: 'Unknown fantasy contest 999999999',
    });
    ws.send({ op: 'subscribe_fantasy', contest_ids: Array.from({ length: 50 }, (_, i) => 1_000_000 + i) });
    // One followed and 50 more asked for: over the limit, refused before any read.
    expect(await ws.next((msg) => msg.type === 'error')).toMatchObject({
      message: 'At most 50 fantasy contests per connection',
    });
    await ws.close();
  });

  it('the runner’s list reads no elevens of a match still to start, only whether it has them; get and a started match read them (issue 48)', async () => {
    const { matchId } = await upcomingMatch(ctx.app);
    const port = createCricketPort(ctx.app);
    const listed = async () => (await port.list()).find((m) => m.match_id === matchId)!;
    expect(await listed()).toMatchObject({ has_elevens: true, elevens: null, in_play: false });
    expect((await port.get(matchId))!.elevens).toHaveLength(2);
    // Its contests are made all the same (they need elevens).
    await ctx.app.fantasy.step(null);
    const b = await bettor();
    expect((await contestsOf(b, matchId)).length).toBeGreaterThan(0);
    // Started (turned in play): the runner needs its elevens for the points.
    await ctx.app.db.update(matches).set({ inPlay: true }).where(eq(matches.matchId, matchId));
    const started = await listed();
    expect(started.elevens).toHaveLength(2);
    expect(started.has_elevens).toBe(true);
  });
});

// Issue 48: the runner passes every `step_ms` while a contest is live or starting, every
// `idle_step_ms` otherwise (an idle demo node ran ten statements a second on the fantasy runner).
describeStores(
  'fantasy runner pace (issue 48)',
  (ctx) => {
    it('with nothing live or starting, it passes at the idle pace', async () => {
      const app = ctx.app;
      for (let i = 0; i < 200 && !app.leader.fence(); i++) await new Promise((r) => setTimeout(r, 20));
      expect(app.leader.fence()).not.toBeNull();
      const step = app.fantasy.step.bind(app.fantasy);
      const seen: boolean[] = [];
      const spy = vi.spyOn(app.fantasy, 'step').mockImplementation(async (...args) => {
        const r = await step(...args);
        seen.push(r.busy);
        return r;
      });
      try {
        await new Promise((r) => setTimeout(r, 1_600));
      } finally {
        spy.mockRestore();
      }
      expect(seen.every((b) => !b)).toBe(true);
      // 1.6 s at one pass per 500 ms; at `step_ms` (50 ms) it would be about 30.
      expect(seen.length).toBeGreaterThanOrEqual(2);
      expect(seen.length).toBeLessThanOrEqual(4);
    });
  },
  { fantasy: { run: true, step_ms: 50, idle_step_ms: 500 } },
);
