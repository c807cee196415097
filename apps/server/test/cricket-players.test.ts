// Players in the cricket feed on the server (issue 25): the elevens stored at set-up, the feed's
// deliveries stored with each score, the scoreboard's batters and bowler on getCricketDetail, and
// the players' lines settled with money: "{batter} runs" on the batter's score when out, Top
// batsman with a two-way dead heat (50 % on the rate), every account's money and the ledger check.
import type { CricketDetail } from '@backlay/contract';
import {
  createCricketFeed,
  mulberry32,
  startBall,
  type CricketFeedApi,
  type Scoreboard,
} from '@backlay/feed';
import { and, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  cricketBalls,
  cricketElevens,
  cricketMatches,
  cricketPlayers,
} from '../src/modules/cricket/schema.ts';
import { checkLedger } from '../src/modules/admin/ledger-check.ts';
import { createCricketFeedApi } from '../src/feeds/cricket-port.ts';
import { publishScore } from '../src/modules/cricket/plugin.ts';
import { cricketTiming } from '../src/feeds/feed.ts';
import type { Api } from './helpers/api.ts';
import { createBettor } from './helpers/exchange.ts';
import { cricketTestMatch } from './helpers/people.ts';
import { describeStores } from './helpers/stores.ts';

let rid = 0;
const nextRequestId = () => `cp-${++rid}-${Math.random().toString(36).slice(2, 8)}`;
const quiet = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

describeStores('cricket players on the server', (ctx) => {
  async function bettor(balanceRupees = 10_000): Promise<Api & { userId: number }> {
    const u = await createBettor(ctx.app, balanceRupees * 100);
    const api = ctx.api.fork();
    await api.login(u.userName, u.password);
    return Object.assign(api, { userId: u.userId });
  }
  const balance = async (a: Api) =>
    (await a.call('getUserBalance')).body.data as { total_balance: number; liability: number };

  /** The feed's port on this server, showing it only this match. */
  function feedApiFor(matchId: number): CricketFeedApi {
    const real = createCricketFeedApi(ctx.app);
    return {
      ...real,
      listCricketMatches: async () => (await real.listCricketMatches()).filter((x) => x.match_id === matchId),
    };
  }

  async function detail(a: Api, matchId: number) {
    return (await a.call('getCricketDetail', { match_id: matchId })).body.data as CricketDetail;
  }

  it('a match has two elevens; the feed bowls with them: deliveries stored, batters and bowler on the scoreboard, a line per batter in', async () => {
    const c = await cricketTestMatch(ctx.app);
    const viewer = await bettor(0);
    const d0 = await detail(viewer, c.matchId);
    expect(d0.elevens).toHaveLength(2);
    for (const xi of d0.elevens!) {
      expect(xi.players).toHaveLength(11);
      expect(xi.players.some((p) => p.player_id === xi.wicket_keeper_id)).toBe(true);
      expect(xi.bowler_ids.length).toBeGreaterThanOrEqual(5);
    }
    // Top batsman: a row per player of each eleven.
    expect(d0.fancies.filter((f) => f.name.startsWith('Top batsman AUS: '))).toHaveLength(11);

    let now = Date.now();
    const feed = createCricketFeed(
      feedApiFor(c.matchId),
      { now: () => new Date(now) },
      mulberry32(11),
      quiet,
      cricketTiming(1000),
    );
    // One over: six legal balls, then the upkeep after it.
    const scoreNow = async () =>
      (await ctx.app.db.select().from(cricketMatches).where(eq(cricketMatches.matchId, c.matchId)))[0]!
        .score as Scoreboard | null;
    for (let i = 0; i < 200; i++) {
      const r = await feed.tick();
      expect(r.failures).toBe(0);
      now += 500;
      const s = await scoreNow();
      if ((s?.totals[0]?.balls ?? 0) >= 6 && s?.ball_running_until_ms === null) break;
    }
    await feed.tick();
    const d = await detail(viewer, c.matchId);
    const tot = d.scoreboard!.totals[0]!;
    const p = tot.players!;
    expect(tot.balls).toBe(6);
    // The over's bowler: six balls, the runs off the bat and the extras he gave; then he rests.
    expect(p.bowlers).toHaveLength(1);
    expect(p.bowlers[0]!.balls).toBe(6);
    expect(p.bowler_id).toBeNull();
    expect(p.last_over_bowler_id).toBe(p.bowlers[0]!.player_id);
    expect(p.batters.reduce((n, b) => n + b.runs, 0)).toBeLessThanOrEqual(tot.runs);
    // Every delivery stored once, in order, with the score that bowled it.
    const rows = await ctx.app.db.select().from(cricketBalls).where(eq(cricketBalls.matchId, c.matchId));
    expect(rows.length).toBe(d.scoreboard!.last_ball!.seq + 1);
    expect(rows.filter((r) => (r.event as { legal: boolean }).legal).length).toBe(6);
    expect((await ctx.app.cricket.balls(c.matchId)).length).toBe(rows.length);
    // The two batters in have their lines.
    const names = new Map(d.elevens![0]!.players.map((x) => [x.player_id, x.name]));
    for (const id of [p.striker_id, p.non_striker_id])
      expect(d.fancies.some((f) => f.name === `${names.get(id!)} runs`)).toBe(true);
    expect((await checkLedger(ctx.app)).problems).toEqual([]);
  }, 120_000);

  it('"{batter} runs" settles on the batter\'s score when out: Yes 500 at 25 wins (10,500), No 500 at 24 loses (9,500)', async () => {
    const c = await cricketTestMatch(ctx.app);
    const api = feedApiFor(c.matchId);
    const opener = c.elevens[0].players[0]!;
    const event = { innings: 1 as const, kind: 'PLAYER_RUNS' as const, player_id: opener.player_id };
    await api.openPlayerFancy!(c.matchId, `${opener.name} runs`, event, {
      no_line: 24,
      no_rate: 100,
      yes_line: 25,
      yes_rate: 100,
    });
    // A repeat opens nothing more.
    await api.openPlayerFancy!(c.matchId, `${opener.name} runs`, event, {
      no_line: 24,
      no_rate: 100,
      yes_line: 25,
      yes_rate: 100,
    });
    const yes = await bettor();
    const no = await bettor();
    const line = (await detail(yes, c.matchId)).fancies.filter((f) => f.name === `${opener.name} runs`);
    expect(line).toHaveLength(1);
    const place = (a: Api, is_yes: '1' | '0', l: number) =>
      a.call('placeFancyBet', {
        match_id: c.matchId,
        fancy_id: line[0]!.fancy_id,
        is_yes,
        line: l,
        rate: 100,
        stack: 500,
        request_id: nextRequestId(),
      });
    expect((await place(yes, '1', 25)).body.status).toBe(true);
    expect((await place(no, '0', 24)).body.status).toBe(true);
    expect((await balance(yes)).liability).toBe(500);

    // The opener is out for 31 (a hand-made score the feed reads), then the feed's upkeep settles.
    const [a, b] = c.elevens[0].players;
    const score: Scoreboard = {
      innings: 1,
      batting: 0,
      totals: [
        {
          runs: 40,
          wickets: 1,
          balls: 26,
          over_runs: [6, 12, 20, 28],
          end: null,
          reduced_overs: null,
          players: {
            striker_id: c.elevens[0].players[2]!.player_id,
            non_striker_id: b!.player_id,
            bowler_id: null,
            last_over_bowler_id: null,
            batters: [
              {
                player_id: a!.player_id,
                runs: 31,
                balls: 18,
                fours: 4,
                sixes: 1,
                out: {
                  player_out_id: a!.player_id,
                  kind: 'CAUGHT',
                  fielder_id: c.elevens[1].wicket_keeper_id,
                  bowler_wicket: true,
                },
              },
              { player_id: b!.player_id, runs: 9, balls: 8, fours: 1, sixes: 0, out: null },
              {
                player_id: c.elevens[0].players[2]!.player_id,
                runs: 0,
                balls: 0,
                fours: 0,
                sixes: 0,
                out: null,
              },
            ],
            bowlers: [],
            fall: [{ wicket: 1, player_out_id: a!.player_id, runs: 40, balls: 26 }],
            over_runs_conceded: 0,
          },
        },
      ],
      recent: ['1', '4', 'W'],
      target: null,
      status: 'IN_PROGRESS',
      ball_running_until_ms: null,
      result_text: null,
    };
    expect((await publishScore(ctx.app, c.matchId, score)).ok).toBe(true);
    const feed = createCricketFeed(
      api,
      { now: () => new Date() },
      mulberry32(1),
      quiet,
      cricketTiming(60_000),
    );
    await feed.tick();
    expect(await balance(yes)).toEqual({ total_balance: 10500, liability: 0 });
    expect(await balance(no)).toEqual({ total_balance: 9500, liability: 0 });
    expect((await checkLedger(ctx.app)).problems).toEqual([]);
  }, 60_000);

  it("Top batsman, two tied at the top: a dead heat pays 50 % on the rate (Yes 1,000 at 300 → +1,500; No 1,000 at 300 → −1,500); a loser's Yes loses 1,000", async () => {
    const c = await cricketTestMatch(ctx.app);
    const xi = c.elevens[0];
    const [a, b, third] = xi.players;
    const row = async (pid: number) => {
      const d = await detail(await bettor(0), c.matchId);
      const name = `Top batsman AUS: ${xi.players.find((p) => p.player_id === pid)!.name}`;
      return d.fancies.find((f) => f.name === name)!;
    };
    const rowA = await row(a!.player_id);
    const rowC = await row(third!.player_id);
    for (const f of [rowA, rowC]) {
      expect(
        (await ctx.app.fancy.quote(f.fancy_id, { no_line: 1, no_rate: 300, yes_line: 1, yes_rate: 300 })).ok,
      ).toBe(true);
    }
    const yesA = await bettor();
    const noA = await bettor();
    const yesC = await bettor();
    const place = (u: Api, fancy_id: number, is_yes: '1' | '0') =>
      u.call('placeFancyBet', {
        match_id: c.matchId,
        fancy_id,
        is_yes,
        line: 1,
        rate: 300,
        stack: 1000,
        request_id: nextRequestId(),
      });
    expect((await place(yesA, rowA.fancy_id, '1')).body.status).toBe(true);
    expect((await place(noA, rowA.fancy_id, '0')).body.status).toBe(true);
    expect((await place(yesC, rowC.fancy_id, '1')).body.status).toBe(true);

    // The innings over (20 overs): A and B both made 41, the top score; C made 12.
    const bat = (pid: number, runs: number, out: boolean) => ({
      player_id: pid,
      runs,
      balls: runs,
      fours: 0,
      sixes: 0,
      out: out
        ? { player_out_id: pid, kind: 'BOWLED' as const, fielder_id: null, bowler_wicket: true }
        : null,
    });
    const score: Scoreboard = {
      innings: 1,
      batting: 0,
      totals: [
        {
          runs: 94,
          wickets: 1,
          balls: 120,
          end: 'OVERS',
          reduced_overs: null,
          over_runs: Array.from({ length: 20 }, (_, k) => Math.round((94 * (k + 1)) / 20)),
          players: {
            striker_id: b!.player_id,
            non_striker_id: third!.player_id,
            bowler_id: null,
            last_over_bowler_id: null,
            batters: [
              bat(a!.player_id, 41, true),
              bat(b!.player_id, 41, false),
              bat(third!.player_id, 12, false),
            ],
            bowlers: [],
            fall: [{ wicket: 1, player_out_id: a!.player_id, runs: 60, balls: 70 }],
            over_runs_conceded: 0,
          },
        },
      ],
      recent: ['1'],
      target: 95,
      status: 'INNINGS_BREAK',
      ball_running_until_ms: null,
      result_text: null,
    };
    expect((await publishScore(ctx.app, c.matchId, score)).ok).toBe(true);
    const feed = createCricketFeed(
      feedApiFor(c.matchId),
      { now: () => new Date() },
      mulberry32(1),
      quiet,
      cricketTiming(60_000),
    );
    await feed.tick();
    const sA = await ctx.app.settlement.view(rowA.fancy_id);
    expect([sA.state, sA.result_value]).toEqual(['SETTLED', 1]);
    expect(await balance(yesA)).toEqual({ total_balance: 11500, liability: 0 });
    expect(await balance(noA)).toEqual({ total_balance: 8500, liability: 0 });
    expect(await balance(yesC)).toEqual({ total_balance: 9000, liability: 0 });
    expect((await checkLedger(ctx.app)).problems).toEqual([]);
  }, 60_000);

  it('a player dropped from the eleven is removed: his Top batsman bets void (10,000 back), the replacement gets a row; refusals change nothing', async () => {
    const c = await cricketTestMatch(ctx.app);
    const operator = ctx.api.fork();
    await operator.login('operator', 'operator123');
    const xi = c.elevens[0];
    const dropped = xi.players.find((p) => p.role === 'BATTER')!;
    const squad = await ctx.app.db.select().from(cricketPlayers).where(eq(cricketPlayers.team, 'AUS'));
    const inXi = new Set(xi.players.map((p) => p.player_id));
    const bench = squad.filter((p) => !inXi.has(p.playerId));
    const batterIn = bench.find((p) => p.role === 'BATTER')!;
    const row = (await detail(await bettor(0), c.matchId)).fancies.find(
      (f) => f.name === `Top batsman AUS: ${dropped.name}`,
    )!;
    const yes = await bettor();
    const no = await bettor();
    const place = (u: Api, is_yes: '1' | '0', rate: number) =>
      u.call('placeFancyBet', {
        match_id: c.matchId,
        fancy_id: row.fancy_id,
        is_yes,
        line: 1,
        rate,
        stack: 1000,
        request_id: nextRequestId(),
      });
    expect((await place(yes, '1', row.yes_rate!)).body.status).toBe(true);
    expect((await place(no, '0', row.no_rate!)).body.status).toBe(true);
    expect((await balance(no)).liability).toBeGreaterThan(0);

    const call = (player_id: number, replacement_id: number) =>
      operator.call('adminCricketReplacePlayer', { match_id: c.matchId, player_id, replacement_id });
    // Refusals: not in the eleven, already in it, another squad's player, a keeper by a batter.
    expect((await call(batterIn.playerId, bench[1]!.playerId)).body).toMatchObject({
      status: false,
      message: expect.stringContaining('not in this match'),
    });
    expect((await call(dropped.player_id, xi.players[1]!.player_id)).body).toMatchObject({
      status: false,
      message: expect.stringContaining('already in'),
    });
    expect((await call(dropped.player_id, c.elevens[1].players[0]!.player_id)).body).toMatchObject({
      status: false,
    });
    const keeperIn = bench.find((p) => p.role !== 'WICKET_KEEPER')!;
    expect((await call(xi.wicket_keeper_id, keeperIn.playerId)).body).toMatchObject({
      status: false,
      message: expect.stringContaining('wicket-keeper'),
    });
    expect(await balance(yes)).toEqual({ total_balance: 10000, liability: 1000 });

    const r = await call(dropped.player_id, batterIn.playerId);
    expect(r.body.status).toBe(true);
    const data = r.body.data as {
      removed_fancy_ids: number[];
      opened_fancy_ids: number[];
      elevens: { players: { player_id: number }[] }[];
    };
    expect(data.removed_fancy_ids).toEqual([row.fancy_id]);
    expect(data.opened_fancy_ids).toHaveLength(1);
    expect(data.elevens[0]!.players.map((p) => p.player_id)).toContain(batterIn.playerId);
    expect(data.elevens[0]!.players.map((p) => p.player_id)).not.toContain(dropped.player_id);
    // Both bets void: every rupee back.
    expect(await balance(yes)).toEqual({ total_balance: 10000, liability: 0 });
    expect(await balance(no)).toEqual({ total_balance: 10000, liability: 0 });
    const after = await detail(yes, c.matchId);
    expect(after.fancies.some((f) => f.fancy_id === row.fancy_id)).toBe(false);
    expect(after.fancies.some((f) => f.name === `Top batsman AUS: ${batterIn.name}`)).toBe(true);
    expect((await ctx.app.fancy.view(row.fancy_id))?.status).toBe('REMOVED');
    // Once the match has started: refused.
    await publishScore(ctx.app, c.matchId, {
      innings: 1,
      batting: 0,
      totals: [{ runs: 0, wickets: 0, balls: 0 }],
      recent: [],
      target: null,
      status: 'IN_PROGRESS',
      ball_running_until_ms: null,
      result_text: null,
    });
    expect((await call(batterIn.playerId, dropped.player_id)).body).toMatchObject({
      status: false,
      message: expect.stringContaining('started'),
    });
    expect((await checkLedger(ctx.app)).problems).toEqual([]);
  }, 60_000);

  it('the feed lists matches as summaries and reads in full only the ones asked for; a started match’s elevens are read once (issue 48)', async () => {
    const c = await cricketTestMatch(ctx.app);
    const api = createCricketFeedApi(ctx.app);
    const listed = (await api.listCricketMatches()).find((m) => m.match_id === c.matchId)!;
    expect(listed).toMatchObject({ match_id: c.matchId, teams: ['AUS', 'IND'], score: null });
    expect('fancies' in listed || 'elevens' in listed || 'bookmaker' in listed).toBe(false);
    const full = async (from = api) => (await from.readCricketMatches([c.matchId]))[0]!;
    const before = await full();
    expect(before.fancies.length).toBeGreaterThan(0);
    expect(before.elevens).toHaveLength(2);
    // The keeper of AUS moved by hand: before the first ball the elevens are read every time.
    const keeperAt = async (position: number) => {
      await ctx.app.db
        .update(cricketElevens)
        .set({ isKeeper: sql`${cricketElevens.position} = ${position}` })
        .where(and(eq(cricketElevens.matchId, c.matchId), eq(cricketElevens.team, 0)));
      return before.elevens![0].players[position - 1]!.player_id;
    };
    const second = await keeperAt(2);
    expect((await full()).elevens![0].wicket_keeper_id).toBe(second);
    // The first ball: from now on the elevens cannot change (replacePlayer refuses), and this port
    // no longer reads them; a port that never read them (another process) reads the stored ones.
    const fence = ctx.app.leader.fence();
    const started = startBall(null, Date.now() + 2_000);
    expect((await publishScore(ctx.app, c.matchId, started, { prevSeq: listed.score_seq, fence })).ok).toBe(
      true,
    );
    expect((await full()).elevens![0].wicket_keeper_id).toBe(second);
    const third = await keeperAt(3);
    expect((await full()).elevens![0].wicket_keeper_id).toBe(second);
    expect((await full(createCricketFeedApi(ctx.app))).elevens![0].wicket_keeper_id).toBe(third);
    // Asked for nothing, or for a match that is not there: nothing read.
    expect(await api.readCricketMatches([])).toEqual([]);
    expect(await api.readCricketMatches([2_000_000_000])).toEqual([]);
  });
});
