// Issue 32: a match that did not run its course, on the real server (both stores). A stopped or
// cut-short innings is not settled as if it had finished: the feed settles its fancies by the
// same incomplete rules the operator's `admin/fancy/incomplete` applies (void, average, Meter
// midpoint); the bookmaker's rain comparison reads the runs at the mark ball by ball and refuses a
// finished match. Bettors start with ₹10,000 (a Meter bettor ₹100,000); balances are stated in rupees.
import type { AdminFancyIncompleteResult, CricketDetail, Scoreboard } from '@backlay/contract';
import { createCricketFeed, mulberry32, type CricketTickReport } from '@backlay/feed';
import { expect, it } from 'vitest';
import { checkLedger } from '../src/modules/admin/ledger-check.ts';
import { createCricketFeedApi } from '../src/feeds/cricket-port.ts';
import { publishScore } from '../src/modules/cricket/plugin.ts';
import { cricketTiming } from '../src/feeds/feed.ts';
import type { Api } from './helpers/api.ts';
import { bettorOf, cricketTestMatch, operatorOf } from './helpers/people.ts';
import { describeStores } from './helpers/stores.ts';

let rid = 0;
const nextRequestId = () => `rain-${++rid}-${Math.random().toString(36).slice(2, 8)}`;

/** The demo T20 fancies of innings 1 (seed/cricket-match.ts order). */
const RUNS_20 = 3; // "20 over runs AUS", No 160 / Yes 161
const LAMBI = 4; // "AUS innings runs (Lambi)", No 160 / Yes 161
const METER_20 = 8; // "20 over runs AUS Meter", No 160 / Yes 161

/** Runs after each of `overs` overs at `perOver` a over (a per-over record). */
const overRuns = (overs: number, perOver: number) =>
  Array.from({ length: overs }, (_, k) => (k + 1) * perOver);

/** AUS batting, 14.0 overs, 120/4 (the scoreboard), between balls. */
const AUS_120_4_AT_14: Scoreboard = {
  innings: 1,
  batting: 0,
  totals: [
    {
      runs: 120,
      wickets: 4,
      balls: 84,
      over_runs: [...overRuns(13, 9), 120],
      end: null,
      reduced_overs: null,
    },
  ],
  recent: ['1', '4', '0', '1', '2', '1'],
  target: null,
  status: 'IN_PROGRESS',
  ball_running_until_ms: null,
  result_text: null,
  stopped: null,
  result: null,
};

describeStores('cricket: a match that did not run its course (issue 32)', (ctx) => {
  const rupees = async (api: Api) =>
    (await api.call('getUserBalance')).body.data as { total_balance: number; liability: number };

  async function fancyBet(
    api: Api,
    matchId: number,
    fancyId: number,
    isYes: boolean,
    line: number,
    stack: number,
  ) {
    const r = await api.call('placeFancyBet', {
      match_id: matchId,
      fancy_id: fancyId,
      is_yes: isYes ? '1' : '0',
      line,
      rate: 100,
      stack,
      request_id: nextRequestId(),
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ status: true });
  }

  /** The feed on this match only, on a clock the test moves; ticks until `done` (at most `max`). */
  async function feedFor(matchId: number) {
    const real = createCricketFeedApi(ctx.app);
    const api = {
      ...real,
      listCricketMatches: async () => (await real.listCricketMatches()).filter((x) => x.match_id === matchId),
    };
    let now = Date.now();
    const warnings: unknown[] = [];
    const log = {
      debug: () => {},
      info: () => {},
      warn: (o: unknown, msg?: string) => void warnings.push([o, msg]),
      error: (o: unknown) => void warnings.push(o),
    };
    const feed = createCricketFeed(api, { now: () => new Date(now) }, mulberry32(5), log, {
      ...cricketTiming(1000),
      rain_chance_per_over: 0,
    });
    const reports: CricketTickReport[] = [];
    return {
      warnings,
      reports,
      async tick(n: number) {
        for (let i = 0; i < n; i++) {
          reports.push(await feed.tick());
          now += feed.options.tick_ms;
        }
      },
    };
  }

  it('T20, rain at 14.0 overs, AUS 120/4: the Lambi and "20 over runs AUS" are void and the 20-over Meter settles on its midpoint 160 — as the operator’s incomplete call decides', async () => {
    const op = await operatorOf(ctx);
    const c = await cricketTestMatch(ctx.app);
    const noLambi = await bettorOf(ctx, 1_000_000);
    const noRuns = await bettorOf(ctx, 1_000_000);
    // A Meter's exposure runs to its largest result (999): these two start with ₹100,000.
    const meterNo = await bettorOf(ctx, 10_000_000);
    const meterYes = await bettorOf(ctx, 10_000_000);
    await fancyBet(noLambi, c.matchId, c.fancyIds[LAMBI]!, false, 160, 1000);
    await fancyBet(noRuns, c.matchId, c.fancyIds[RUNS_20]!, false, 160, 1000);
    await fancyBet(meterNo, c.matchId, c.fancyIds[METER_20]!, false, 160, 100);
    await fancyBet(meterYes, c.matchId, c.fancyIds[METER_20]!, true, 161, 100);
    await publishScore(ctx.app, c.matchId, AUS_120_4_AT_14);

    // The operator stops the match for rain: the scoreboard says no result.
    const stop = await op.call('adminCricketStop', { match_id: c.matchId, reason: 'RAIN' });
    expect(stop.body).toMatchObject({
      status: true,
      data: {
        scoreboard: {
          status: 'COMPLETE',
          stopped: 'RAIN',
          result: { kind: 'NO_RESULT', winner: null },
          result_text: 'No result (rain)',
          totals: [{ runs: 120, wickets: 4, balls: 84, end: 'RAIN' }],
        },
      },
    });
    // The feed bowls no more and settles what is left by the incomplete rules.
    const feed = await feedFor(c.matchId);
    await feed.tick(3);
    expect(feed.reports.flatMap((r) => r.balls)).toEqual([]);
    expect(feed.reports.flatMap((r) => r.balls_started)).toEqual([]);
    const decided = new Map(feed.reports.flatMap((r) => r.incomplete).map((x) => [x.fancy_id, x]));
    expect(decided.get(c.fancyIds[LAMBI]!)).toMatchObject({ decision: 'VOID', value: null });
    expect(decided.get(c.fancyIds[RUNS_20]!)).toMatchObject({ decision: 'VOID', value: null });
    expect(decided.get(c.fancyIds[METER_20]!)).toMatchObject({ decision: 'MIDPOINT', value: 160 });
    // Nothing settled as if the innings had finished (the old behaviour: 120 on all three).
    expect(feed.reports.flatMap((r) => r.settled).filter((s) => s.result === 120)).toEqual([]);

    // The money: the voids give every stake back (not +₹1000 each); Meter at 160: No 160 ±0,
    // Yes 161 −₹100 (not +₹4000 / −₹4100 at 120).
    expect(await rupees(noLambi)).toEqual({ total_balance: 10_000, liability: 0 });
    expect(await rupees(noRuns)).toEqual({ total_balance: 10_000, liability: 0 });
    expect(await rupees(meterNo)).toEqual({ total_balance: 100_000, liability: 0 });
    expect(await rupees(meterYes)).toEqual({ total_balance: 99_900, liability: 0 });
    // The bookmaker: IND never reached the 10-over mark, so no comparison: void.
    const bm = await ctx.app.settlement.view(c.bookmakerMarketId);
    expect(bm).toMatchObject({ state: 'SETTLED', void_market: true });
    // The only fancy left to the operator: a wicket that fell on this hand-written scoreboard
    // before a feed ever saw it (which ball, the score cannot tell).
    expect(feed.warnings).toEqual([
      [
        expect.objectContaining({ name: 'Wicket before 6 over AUS' }),
        'cricket feed: fancy left to the operator: its result is no longer on the scoreboard',
      ],
    ]);

    // The operator's own call on the same facts decides the same.
    const c2 = await cricketTestMatch(ctx.app);
    const same = await op.call('adminFancyIncomplete', {
      match_id: c2.matchId,
      overs_bowled: 14,
      fancy_ids: [c2.fancyIds[LAMBI]!, c2.fancyIds[RUNS_20]!, c2.fancyIds[METER_20]!],
    });
    expect(
      (same.body.data as AdminFancyIncompleteResult).fancies.map((f) => [f.name, f.decision, f.value]),
    ).toEqual([
      ['20 over runs AUS', 'VOID', null],
      ['AUS innings runs (Lambi)', 'VOID', null],
      ['20 over runs AUS Meter', 'MIDPOINT', 160],
    ]);
    expect((await checkLedger(ctx.app)).problems).toEqual([]);
  });

  it('overs reduced: the innings plays to its new limit and the chase starts with the revised target; sessions past the limit go to the rules', async () => {
    const op = await operatorOf(ctx);
    const c = await cricketTestMatch(ctx.app);
    await publishScore(ctx.app, c.matchId, AUS_120_4_AT_14);
    const cut = await op.call('adminCricketReduce', { match_id: c.matchId, overs: 15 });
    expect(cut.body).toMatchObject({ status: true, data: { scoreboard: { status: 'IN_PROGRESS' } } });
    const feed = await feedFor(c.matchId);
    // Before the next ball the 20-over session (now unreachable) and the Meter are decided by the rules.
    await feed.tick(1);
    const decided = new Map(feed.reports.flatMap((r) => r.incomplete).map((x) => [x.fancy_id, x]));
    expect(decided.get(c.fancyIds[RUNS_20]!)).toMatchObject({ decision: 'VOID' });
    expect(decided.get(c.fancyIds[METER_20]!)).toMatchObject({ decision: 'MIDPOINT', value: 160 });
    // One more over: the innings ends at 15.0, and the chase's target is AUS's total + 1 (same overs).
    for (let i = 0; i < 200; i++) {
      await feed.tick(1);
      const detail = (await op.call('getCricketDetail', { match_id: c.matchId })).body.data as CricketDetail;
      if (detail.scoreboard?.status === 'INNINGS_BREAK') break;
    }
    const detail = (await op.call('getCricketDetail', { match_id: c.matchId })).body.data as CricketDetail;
    const first = detail.scoreboard!.totals[0]!;
    expect(detail.scoreboard).toMatchObject({ status: 'INNINGS_BREAK', target: first.runs + 1 });
    expect(first).toMatchObject({ reduced_overs: 15, end: first.wickets >= 10 ? 'ALL_OUT' : 'OVERS' });
    // The Lambi of a reduced innings: the rules (no average for it: void), not its total.
    const lambi = feed.reports.flatMap((r) => r.incomplete).find((x) => x.fancy_id === c.fancyIds[LAMBI]!);
    expect(lambi).toMatchObject({ decision: 'VOID' });
    // The chase cut at the break to 10 overs: the target revised by the run rate (floor(R·10/15) + 1).
    const chase = await op.call('adminCricketReduce', { match_id: c.matchId, overs: 10 });
    expect(chase.body).toMatchObject({
      status: true,
      data: { scoreboard: { target: Math.floor((first.runs * 10) / 15) + 1 } },
    });
    // Refusals in words; bad input 400 naming the field.
    expect((await op.call('adminCricketReduce', { match_id: c.matchId, overs: 12 })).body).toEqual({
      status: false,
      message: 'overs must be fewer than the 10 the innings has now',
    });
    const bad = await op.call('adminCricketStop', { match_id: c.matchId, reason: 'SNOW' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body.message).toContain('reason must be RAIN, BAD_LIGHT or ABANDONED');
    expect((await op.call('adminCricketStop', { match_id: 2_000_000_000, reason: 'RAIN' })).body).toEqual({
      status: false,
      message: 'Unknown cricket match 2000000000',
    });
    expect(
      (await op.call('adminCricketStop', { match_id: c.matchId, reason: 'BAD_LIGHT' })).body.status,
    ).toBe(true);
    expect((await op.call('adminCricketStop', { match_id: c.matchId, reason: 'RAIN' })).body).toEqual({
      status: false,
      message: 'The match is already complete',
    });
    expect((await checkLedger(ctx.app)).problems).toEqual([]);
  });

  it('the rain comparison reads runs at the mark ball by ball: AUS 70 all out, IND 69/3 at 10.0 then a wide, then rain → AUS wins', async () => {
    const op = await operatorOf(ctx);
    const c = await cricketTestMatch(ctx.app);
    const back = await bettorOf(ctx, 1_000_000);
    const r = await back.call('placeBookmakerBet', {
      match_id: c.matchId,
      market_id: c.bookmakerMarketId,
      selection_id: c.selectionIds[0]!,
      is_back: '1',
      rate: 85,
      stack: 1000,
      request_id: nextRequestId(),
    });
    expect(r.body.status).toBe(true);
    await publishScore(ctx.app, c.matchId, {
      innings: 2,
      batting: 1,
      totals: [
        { runs: 70, wickets: 10, balls: 56, over_runs: overRuns(9, 7), end: 'ALL_OUT', reduced_overs: null },
        {
          runs: 70,
          wickets: 3,
          balls: 60,
          over_runs: [...overRuns(9, 7), 69],
          end: null,
          reduced_overs: null,
        },
      ],
      recent: ['1', '1', '0', '2', '1', '1', 'wd'],
      target: 71,
      status: 'IN_PROGRESS',
      ball_running_until_ms: null,
      result_text: null,
      stopped: null,
      result: null,
    });
    expect((await op.call('adminCricketStop', { match_id: c.matchId, reason: 'RAIN' })).body.status).toBe(
      true,
    );
    const settled = await op.call('adminBookmakerIncomplete', { market_id: c.bookmakerMarketId });
    expect(settled.body).toMatchObject({
      status: true,
      data: { runs_at_mark: [70, 69], decision: 'WIN', winner: 'AUS', source: 'SCOREBOARD' },
    });
    // Back AUS ₹1000 at 85: +₹850 (a dead heat at 70–70 would have been −₹75).
    expect(await rupees(back)).toEqual({ total_balance: 10_850, liability: 0 });
    expect((await checkLedger(ctx.app)).problems).toEqual([]);
  });

  it('the rain comparison refuses a finished match in words: IND chased 71 in 8 overs; the IND backer’s bet stands', async () => {
    const op = await operatorOf(ctx);
    const c = await cricketTestMatch(ctx.app);
    const back = await bettorOf(ctx, 1_000_000);
    const r = await back.call('placeBookmakerBet', {
      match_id: c.matchId,
      market_id: c.bookmakerMarketId,
      selection_id: c.selectionIds[1]!,
      is_back: '1',
      rate: 110,
      stack: 1000,
      request_id: nextRequestId(),
    });
    expect(r.body.status).toBe(true);
    const finished: Scoreboard = {
      innings: 2,
      batting: 1,
      totals: [
        { runs: 70, wickets: 10, balls: 56, over_runs: overRuns(9, 7), end: 'ALL_OUT', reduced_overs: null },
        { runs: 71, wickets: 2, balls: 48, over_runs: overRuns(8, 8), end: 'TARGET', reduced_overs: null },
      ],
      recent: ['4'],
      target: 71,
      status: 'COMPLETE',
      ball_running_until_ms: null,
      result_text: 'IND won by 8 wickets',
      stopped: null,
      result: { kind: 'WIN', winner: 1 },
    };
    await publishScore(ctx.app, c.matchId, finished);
    const message =
      'The match is finished (IND won by 8 wickets): settle the market on its result, not on the rain comparison';
    expect((await op.call('adminBookmakerIncomplete', { market_id: c.bookmakerMarketId })).body).toEqual({
      status: false,
      message,
    });
    // With scores given too, and on a score written before `result` was kept (inferred: the target).
    expect(
      (await op.call('adminBookmakerIncomplete', { market_id: c.bookmakerMarketId, runs_at_mark: [70, 69] }))
        .body,
    ).toEqual({ status: false, message });
    const { stopped: _s, result: _r, ...old } = finished;
    await publishScore(ctx.app, c.matchId, {
      ...old,
      totals: old.totals.map(({ runs, wickets, balls }) => ({ runs, wickets, balls })),
    });
    expect((await op.call('adminBookmakerIncomplete', { market_id: c.bookmakerMarketId })).body).toEqual({
      status: false,
      message,
    });
    expect((await ctx.app.settlement.view(c.bookmakerMarketId)).state).not.toBe('SETTLED');
    // The IND backer's win is still there to be settled on the result.
    expect(await rupees(back)).toEqual({ total_balance: 10_000, liability: 1000 });
    expect((await checkLedger(ctx.app)).problems).toEqual([]);
  });
});
