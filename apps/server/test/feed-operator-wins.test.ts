// Issue 32, "the operator wins": the cricket feed never settles a fancy the operator suspended (at
// 0.5 overs, the over then ends), and a feed result the operator unsettles to correct it is left
// for the operator (not settled again on the next ball: the feed reads that a result was declared
// from the settlement record, so a new leader knows it too). Through the server, on both stores.
import { createCricketFeed, mulberry32, type CricketFeed, type Scoreboard } from '@backlay/feed';
import { expect, it } from 'vitest';
import { checkLedger } from '../src/modules/admin/ledger-check.ts';
import { createCricketFeedApi } from '../src/feeds/cricket-port.ts';
import { cricketTiming } from '../src/feeds/feed.ts';
import { cricketTestMatch, operatorOf } from './helpers/people.ts';
import { describeStores } from './helpers/stores.ts';

/** Balls bowled through the store: PGlite on a shared machine is slow. */
const SLOW_MS = 120_000;

describeStores('the cricket feed leaves the operator’s calls alone', (ctx) => {
  /** A feed (a process of its own: another seed, no memory) on this match only, on a clock it moves. */
  function feedOn(matchId: number, seed: number) {
    const real = createCricketFeedApi(ctx.app);
    const api = {
      ...real,
      listCricketMatches: async () => (await real.listCricketMatches()).filter((x) => x.match_id === matchId),
    };
    let now = Date.now();
    const clock = { now: () => new Date(now) };
    const warnings: unknown[] = [];
    const log = { debug: () => {}, info: () => {}, warn: (o: unknown) => void warnings.push(o) };
    const feed = createCricketFeed(api, clock, mulberry32(seed), log, cricketTiming(1000));
    // A quarter of a ball per tick: the ball starts, runs and ends within a few ticks.
    return { feed, advance: () => (now += feed.options.ball_interval_ms / 4), warnings };
  }

  /** Ticks until the stored scoreboard between balls shows `legal` legal balls of `innings`. */
  async function bowlTo(
    f: { feed: CricketFeed; advance: () => void },
    matchId: number,
    legal: number,
    innings: 1 | 2 = 1,
  ) {
    const settled: { fancy_id: number; result: number }[] = [];
    for (let i = 0; i < 5_000; i++) {
      const score = (await createCricketFeedApi(ctx.app).listCricketMatches()).find(
        (x) => x.match_id === matchId,
      )!.score as Scoreboard | null;
      if (score && score.ball_running_until_ms === null && (score.totals[innings - 1]?.balls ?? 0) >= legal)
        break;
      const r = await f.feed.tick();
      expect(r.failures).toBe(0);
      settled.push(...r.settled);
      f.advance();
    }
    return settled;
  }

  it(
    'a fancy the operator suspended at 0.5 overs is not settled by the feed when the over ends',
    async () => {
      const m = await cricketTestMatch(ctx.app);
      const firstOver = m.fancyIds[5]!; // "1st over runs AUS"
      const op = await operatorOf(ctx);
      const f = feedOn(m.matchId, 11);
      await bowlTo(f, m.matchId, 5);
      const held = await op.call('adminFancyStatus', { fancy_id: firstOver, status: 'SUSPENDED' });
      expect(held.body.status).toBe(true);
      const settled = await bowlTo(f, m.matchId, 7);
      expect(settled.map((s) => s.fancy_id)).not.toContain(firstOver);
      expect((await ctx.app.settlement.view(firstOver)).state).toBe('OPEN');
      // The operator's call, as ever: their result goes through.
      const r = await op.call('adminFancyResult', { fancy_id: firstOver, result: 9 });
      expect(r.body.status).toBe(true);
      expect((await checkLedger(ctx.app)).problems).toEqual([]);
    },
    SLOW_MS,
  );

  it(
    'a fancy the operator suspended through the generic market status: the same',
    async () => {
      const m = await cricketTestMatch(ctx.app);
      const sixOvers = m.fancyIds[0]!; // "6 over runs AUS"
      const op = await operatorOf(ctx);
      await createCricketFeedApi(ctx.app).publishScore(m.matchId, {
        innings: 1,
        batting: 0,
        totals: [{ runs: 41, wickets: 1, balls: 33 }],
        recent: ['1'],
        target: null,
        status: 'IN_PROGRESS',
        ball_running_until_ms: null,
        result_text: null,
      });
      expect(
        (await op.call('adminMarketStatus', { market_id: sixOvers, status: 'SUSPENDED' })).body.status,
      ).toBe(true);
      const settled = await bowlTo(feedOn(m.matchId, 14), m.matchId, 37);
      expect(settled.map((s) => s.fancy_id)).not.toContain(sixOvers);
      expect((await ctx.app.settlement.view(sixOvers)).state).toBe('OPEN');
    },
    SLOW_MS,
  );

  it(
    'a feed result the operator unsettles is left for the operator: not settled again on the next balls, nor by a new leader',
    async () => {
      const m = await cricketTestMatch(ctx.app);
      const lambi = m.fancyIds[4]!; // "AUS innings runs (Lambi)": decided at the innings' end, on the scoreboard all chase long
      const op = await operatorOf(ctx);
      // The first innings' last ball is next.
      await createCricketFeedApi(ctx.app).publishScore(m.matchId, {
        innings: 1,
        batting: 0,
        totals: [{ runs: 158, wickets: 5, balls: 119 }],
        recent: ['1'],
        target: null,
        status: 'IN_PROGRESS',
        ball_running_until_ms: null,
        result_text: null,
      });
      const f = feedOn(m.matchId, 12);
      const settled = await bowlTo(f, m.matchId, 120);
      const first = settled.find((s) => s.fancy_id === lambi);
      expect(first, 'the feed settled the lambi').toBeDefined();
      const un = await op.call('adminMarketUnsettle', { market_id: lambi });
      expect(un.body.status).toBe(true);
      // The total is still on the scoreboard through the chase. Its balls, and a new leader (another
      // process, nothing in memory) on the next ones: never settled again.
      const again = [
        ...(await bowlTo(f, m.matchId, 3, 2)),
        ...(await bowlTo(feedOn(m.matchId, 13), m.matchId, 5, 2)),
      ];
      expect(again.map((s) => s.fancy_id)).not.toContain(lambi);
      expect((await ctx.app.settlement.view(lambi)).state).toBe('UNSETTLED');
      // The operator's corrected result is taken.
      const fixed = await op.call('adminFancyResult', { fancy_id: lambi, result: first!.result + 2 });
      expect(fixed.body.status).toBe(true);
      expect(await ctx.app.settlement.view(lambi)).toMatchObject({
        state: 'SETTLED',
        result_value: first!.result + 2,
      });
      expect((await checkLedger(ctx.app)).problems).toEqual([]);
    },
    SLOW_MS,
  );
});
