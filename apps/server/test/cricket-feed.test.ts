// The cricket simulator on the real server: it bowls through the operator's quoting calls, a bet
// during a ball is refused, and the first over's fancy settles on the runs the scoreboard showed,
// with every bettor's money and the ledger checked afterwards.
import type { CricketDetail, KindBet } from '@backlay/contract';
import { createCricketFeed, mulberry32, type Scoreboard } from '@backlay/feed';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { matches } from '../src/modules/catalog/schema.ts';
import { cricketMatches } from '../src/modules/cricket/schema.ts';
import { checkLedger } from '../src/modules/admin/ledger-check.ts';
import { createCricketFeedApi } from '../src/feeds/cricket-port.ts';
import { setUpCricketMatch } from '../src/seed/cricket-match.ts';
import { cricketTiming } from '../src/feeds/feed.ts';
import type { Api } from './helpers/api.ts';
import { createBettor, createMarket } from './helpers/exchange.ts';
import { cricketTestMatch, operatorOf } from './helpers/people.ts';
import { describeStores } from './helpers/stores.ts';

let rid = 0;
const nextRequestId = () => `cf-${++rid}-${Math.random().toString(36).slice(2, 8)}`;

describeStores('cricket feed on the server', (ctx) => {
  async function bettor(balanceRupees = 10_000): Promise<Api & { userId: number }> {
    const u = await createBettor(ctx.app, balanceRupees * 100);
    const api = ctx.api.fork();
    await api.login(u.userName, u.password);
    return Object.assign(api, { userId: u.userId });
  }

  it('bowls the first over through the quoting calls; a ball refuses bets; the 1st-over fancy settles on the scoreboard', async () => {
    const c = await cricketTestMatch(ctx.app);
    const m = { ...c.exchange, matchId: c.matchId };
    const firstOver = c.fancyIds[5]!; // "1st over runs AUS": No 6 / Yes 7, both @100
    const yes = await bettor();
    const no = await bettor();
    const book = await bettor();
    const placeFancy = (api: Api, is_yes: '1' | '0', line: number) =>
      api.call('placeFancyBet', {
        match_id: m.matchId,
        fancy_id: firstOver,
        is_yes,
        line,
        rate: 100,
        stack: 500,
        request_id: nextRequestId(),
      });
    expect((await placeFancy(yes, '1', 7)).body.status).toBe(true);
    expect((await placeFancy(no, '0', 6)).body.status).toBe(true);
    const bm = await book.call('placeBookmakerBet', {
      match_id: m.matchId,
      market_id: c.bookmakerMarketId,
      selection_id: c.selectionIds[0]!,
      is_back: '1',
      rate: 85,
      stack: 1000,
      request_id: nextRequestId(),
    });
    expect(bm.body.status).toBe(true);

    // Only this test's match (the store has other demo matches), on a clock the test moves.
    const real = createCricketFeedApi(ctx.app);
    const published: Scoreboard[] = [];
    const api = {
      ...real,
      listCricketMatches: async () =>
        (await real.listCricketMatches()).filter((x) => x.match_id === m.matchId),
      publishScore: async (id: number, score: Scoreboard, prevSeq?: number) => {
        published.push(structuredClone(score));
        return real.publishScore(id, score, prevSeq);
      },
    };
    let now = Date.now();
    const clock = { now: () => new Date(now) };
    const warnings: unknown[] = [];
    const log = {
      debug: () => {},
      info: () => {},
      warn: (o: unknown) => void warnings.push(o),
      error: (o: unknown) => void warnings.push(o),
    };
    const feed = createCricketFeed(api, clock, mulberry32(7), log, cricketTiming(1000));

    // Tick until a ball is being bowled: every fancy is BALL_RUNNING and a bet is refused.
    let sawBallRunningRefusal = false;
    let settled: { fancy_id: number; result: number } | undefined;
    for (let i = 0; i < 2_000 && !settled; i++) {
      const report = await feed.tick();
      expect(report.failures).toBe(0);
      settled = report.settled.find((s) => s.fancy_id === firstOver);
      if (!sawBallRunningRefusal && report.balls_started.length > 0) {
        const late = await bettor();
        const before = (await late.call('getUserBalance')).body.data;
        const r = await placeFancy(late, '1', 7);
        expect(r.body).toMatchObject({ status: false, message: 'Ball running' });
        expect((await late.call('getUserBalance')).body.data).toEqual(before);
        sawBallRunningRefusal = true;
      }
      now += feed.options.tick_ms;
    }
    expect(sawBallRunningRefusal).toBe(true);
    expect(settled, 'the 1st-over fancy settled').toBeDefined();

    // The value it settled on is the innings' runs on the first scoreboard after six legal balls.
    const afterOver = published.find((s) => s.ball_running_until_ms === null && s.totals[0]!.balls === 6);
    expect(settled!.result).toBe(afterOver!.totals[0]!.runs);
    const runs = settled!.result;
    const rupees = async (api: Api) =>
      (await api.call('getUserBalance')).body.data as { total_balance: number; liability: number };
    // Yes 7 @100 wins 500 when runs ≥ 7; No 6 @100 wins 500 when runs < 6.
    expect(await rupees(yes)).toMatchObject({ total_balance: runs >= 7 ? 10_500 : 9_500 });
    expect(await rupees(no)).toMatchObject({ total_balance: runs < 6 ? 10_500 : 9_500 });
    // The bookmaker bet is still open (the match is not over): its liability stays held.
    expect(await rupees(book)).toEqual({ total_balance: 10_000, liability: 1000 });
    const detail = (await yes.call('getCricketDetail', { match_id: m.matchId })).body.data as CricketDetail;
    expect(detail.scoreboard?.totals[0]!.balls).toBeGreaterThanOrEqual(6);
    expect(detail.fancies.map((f) => f.fancy_id)).not.toContain(firstOver);
    // The exchange's match page lists its own market only, settled fancies included in none.
    const md = (await yes.call('getMatchDetail', { match_id: m.matchId })).body.data as {
      markets: { market_id: number }[];
    };
    expect(md.markets.map((x) => x.market_id)).toEqual([m.marketId]);
    const bets = (await yes.call('getCricketBets', { match_id: m.matchId })).body.data as { bets: KindBet[] };
    expect(bets.bets).toHaveLength(1);
    // The bookmaker was quoted by the feed after each ball and is open between balls.
    const bmView = await ctx.app.bookmaker.view(c.bookmakerMarketId);
    expect(bmView?.status).toBe('ACTIVE');
    expect(warnings).toEqual([]);
    expect((await checkLedger(ctx.app)).problems).toEqual([]);
  }, 90_000); // a match has 22 Top batsman rows more to suspend and reopen every ball since issue 25

  it('a match won on the field: the feed settles its match-winner bookmaker on the winner, once', async () => {
    const c = await cricketTestMatch(ctx.app);
    const m = { ...c.exchange, matchId: c.matchId };
    const backAus = await bettor();
    const backInd = await bettor();
    const view = (await ctx.app.bookmaker.view(c.bookmakerMarketId))!;
    const rateOf = (k: 0 | 1) => view.runners.find((r) => r.selection_id === c.selectionIds[k])!.back_rate!;
    const back = (api: Api, k: 0 | 1) =>
      api.call('placeBookmakerBet', {
        match_id: m.matchId,
        market_id: c.bookmakerMarketId,
        selection_id: c.selectionIds[k]!,
        is_back: '1',
        rate: rateOf(k),
        stack: 1000,
        request_id: nextRequestId(),
      });
    expect((await back(backAus, 0)).body).toMatchObject({ status: true });
    expect((await back(backInd, 1)).body).toMatchObject({ status: true });
    // The chase needs 2 off the last 6 balls with a wicket in hand: a few balls decide it.
    const chase: Scoreboard = {
      innings: 2,
      batting: 1,
      totals: [
        { runs: 150, wickets: 6, balls: 120 },
        { runs: 149, wickets: 9, balls: 114 },
      ],
      recent: [],
      target: 151,
      status: 'IN_PROGRESS',
      ball_running_until_ms: null,
      result_text: null,
    };
    await ctx.app.db
      .update(cricketMatches)
      .set({ score: chase })
      .where(eq(cricketMatches.matchId, m.matchId));
    const real = createCricketFeedApi(ctx.app);
    const api = {
      ...real,
      listCricketMatches: async () =>
        (await real.listCricketMatches()).filter((x) => x.match_id === m.matchId),
    };
    let now = Date.now();
    const log = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };
    const feed = createCricketFeed(
      api,
      { now: () => new Date(now) },
      mulberry32(3),
      log,
      cricketTiming(1000),
    );
    for (
      let i = 0;
      i < 400 && (await ctx.app.settlement.view(c.bookmakerMarketId)).state !== 'SETTLED';
      i++
    ) {
      await feed.tick();
      now += feed.options.tick_ms;
    }
    const [cm] = await ctx.app.db.select().from(cricketMatches).where(eq(cricketMatches.matchId, m.matchId));
    const final = cm!.score as Scoreboard;
    expect(final.status).toBe('COMPLETE');
    expect(final.result?.kind).toBe('WIN');
    expect((await ctx.app.settlement.view(c.bookmakerMarketId)).state).toBe('SETTLED');
    const total = async (api: Api) =>
      ((await api.call('getUserBalance')).body.data as { total_balance: number }).total_balance;
    // A back at rate r on ₹1000: the winner's backer +₹10·r, the loser's −₹1000.
    const w = final.result!.winner as 0 | 1;
    const [won, lost] = w === 0 ? [backAus, backInd] : [backInd, backAus];
    expect(await total(won)).toBe(10_000 + 10 * rateOf(w));
    expect(await total(lost)).toBe(9_000);
    // Once: the operator unsettles it to look again, and no feed (this one, or a new leader's with
    // nothing in memory) settles it over them.
    const op = await operatorOf(ctx);
    expect((await op.call('adminMarketUnsettle', { market_id: c.bookmakerMarketId })).body.status).toBe(true);
    const fresh = createCricketFeed(
      api,
      { now: () => new Date(now) },
      mulberry32(4),
      log,
      cricketTiming(1000),
    );
    for (let i = 0; i < 20; i++) {
      await Promise.all([feed.tick(), fresh.tick()]);
      now += feed.options.tick_ms;
    }
    expect((await ctx.app.settlement.view(c.bookmakerMarketId)).state).not.toBe('SETTLED');
    expect((await checkLedger(ctx.app)).problems).toEqual([]);
  }, 90_000);

  it('one writer per match: two feeds ticking one match cannot fork it; a deposed term’s ball is refused', async () => {
    const c = await cricketTestMatch(ctx.app);
    const m = { ...c.exchange, matchId: c.matchId };
    const onlyThis = (api: ReturnType<typeof createCricketFeedApi>) => ({
      ...api,
      listCricketMatches: async () =>
        (await api.listCricketMatches()).filter((x) => x.match_id === m.matchId),
    });
    let now = Date.now();
    const clock = { now: () => new Date(now) };
    const log = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };
    // Two feeds on one match with different dice: a deposed leader finishing its step while the new
    // one bowls. Ticked side by side, both read the same score, both bowl a ball.
    const a = createCricketFeed(
      onlyThis(createCricketFeedApi(ctx.app)),
      clock,
      mulberry32(1),
      log,
      cricketTiming(1000),
    );
    const b = createCricketFeed(
      onlyThis(createCricketFeedApi(ctx.app)),
      clock,
      mulberry32(2),
      log,
      cricketTiming(1000),
    );
    let bowled = 0;
    let stale = 0;
    for (let i = 0; i < 400 && bowled < 4; i++) {
      const [ra, rb] = await Promise.all([a.tick(), b.tick()]);
      bowled += ra.balls.length + rb.balls.length;
      stale += ra.stale.length + rb.stale.length;
      // Never both: one ball per step of the game.
      expect(ra.balls.length + rb.balls.length).toBeLessThanOrEqual(1);
      now += 250;
    }
    expect(bowled).toBeGreaterThanOrEqual(4);
    expect(stale).toBeGreaterThan(0);
    // The stored game is one line: as many balls on the scoreboard as were bowled and accepted.
    const [cm] = await ctx.app.db.select().from(cricketMatches).where(eq(cricketMatches.matchId, m.matchId));
    const score = cm!.score as Scoreboard;
    expect(
      score.totals[0]!.balls + score.recent.filter((x) => x === 'wd' || x === 'nb').length,
    ).toBeGreaterThan(0);
    expect(score.recent.length).toBe(Math.min(bowled, score.recent.length));

    // A feed of a term that is over: its ball is refused in the write's own transaction.
    const fence = ctx.app.leader.fence()!;
    const deposed = createCricketFeedApi(ctx.app, { lease: fence.lease, generation: fence.generation - 1 });
    const listed = (await deposed.listCricketMatches()).find((x) => x.match_id === m.matchId)!;
    expect(await deposed.publishScore(m.matchId, listed.score!, listed.score_seq)).toBe(false);
    expect(
      await createCricketFeedApi(ctx.app, fence).publishScore(m.matchId, listed.score!, listed.score_seq),
    ).toBe(true);
    // A stale sequence is refused too.
    expect(
      await createCricketFeedApi(ctx.app, fence).publishScore(m.matchId, listed.score!, listed.score_seq),
    ).toBe(false);
  }, 90_000);

  it('the operator starts a match: its match-odds markets go in play and the feed sees it in play', async () => {
    const m = await createMarket(ctx.app);
    const [match] = await ctx.app.db.select().from(matches).where(eq(matches.matchId, m.matchId));
    await ctx.app.db.transaction((tx) =>
      setUpCricketMatch(tx, {
        matchId: m.matchId,
        format: 'ODI',
        competition: 'ODI',
        teams: ['AUS', 'IND'],
        startTime: match!.startTime,
        inPlay: false,
        at: new Date(),
      }),
    );
    const feedApi = createCricketFeedApi(ctx.app);
    const listed = async () => (await feedApi.listCricketMatches()).find((x) => x.match_id === m.matchId)!;
    expect((await listed()).in_play).toBe(false);
    const b = await bettor();
    expect((await b.call('adminMatchInPlay', { match_id: m.matchId })).statusCode).toBe(403);
    expect((await listed()).in_play).toBe(false);
    const op = ctx.api.fork();
    await op.login('operator', 'operator123');
    const r = await op.call('adminMatchInPlay', { match_id: m.matchId });
    expect(r.body).toMatchObject({ status: true, data: { in_play: true, market_ids: [m.marketId] } });
    expect((await listed()).in_play).toBe(true);
    expect((await op.call('adminMatchInPlay', { match_id: m.matchId })).body.status).toBe(true);
    expect((await op.call('adminMatchInPlay', { match_id: 2_000_000_000 })).body).toMatchObject({
      status: false,
      message: 'Match 2000000000 has no match-odds market',
    });
  });
});
