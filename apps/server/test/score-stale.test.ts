// Issue 32, "a quiet feed suspends": no ball for longer than the format's quiet limit (T20 at the
// default 5 s a ball: 30 s between balls, 120 s in an innings break) and the match's fancies and
// bookmaker refuse bets with a readable message, are listed SUSPENDED, and the scoreboard is
// marked stale; the next ball reopens them. Computed from the stored score time by the database's
// clock, so it holds with no feed running at all (a dead leader). Through the server, both stores.
import type { CricketDetail } from '@backlay/contract';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { cricketMatches } from '../src/modules/cricket/schema.ts';
import { checkLedger } from '../src/modules/admin/ledger-check.ts';
import { createCricketFeedApi } from '../src/feeds/cricket-port.ts';
import { SCORE_STALE_MESSAGE } from '@backlay/feed';
import type { Api } from './helpers/api.ts';
import { bettorOf, cricketTestMatch, inProgress } from './helpers/people.ts';
import { describeStores } from './helpers/stores.ts';

let rid = 0;
const requestId = () => `ss-${++rid}-${Math.random().toString(36).slice(2, 8)}`;

describeStores('a quiet scoreboard suspends fancies and bookmaker', (ctx) => {
  async function detail(api: Api, matchId: number) {
    const r = await api.call('getCricketDetail', { match_id: matchId });
    expect(r.body.status).toBe(true);
    return r.body.data as CricketDetail;
  }
  /** The last ball came `seconds` ago, by the database's clock. */
  async function ageScore(matchId: number, seconds: number) {
    await ctx.app.db
      .update(cricketMatches)
      .set({ scoreUpdatedAt: sql`now() - make_interval(secs => ${seconds})` })
      .where(eq(cricketMatches.matchId, matchId));
  }

  it('no ball for 40 s in a T20 (limit 30 s): bets refused "Scoreboard is delayed", shown suspended and stale; the next ball reopens', async () => {
    const m = await cricketTestMatch(ctx.app);
    const feed = createCricketFeedApi(ctx.app);
    const a = await bettorOf(ctx, 10_000_00);
    const firstOver = m.fancyIds[5]!; // "1st over runs AUS": No 6 / Yes 7 @100
    const fancyBet = () =>
      a.call('placeFancyBet', {
        match_id: m.matchId,
        fancy_id: firstOver,
        is_yes: '1',
        line: 7,
        rate: 100,
        stack: 100,
        request_id: requestId(),
      });
    const bookmakerBet = () =>
      a.call('placeBookmakerBet', {
        match_id: m.matchId,
        market_id: m.bookmakerMarketId,
        selection_id: m.selectionIds[0]!,
        is_back: '1',
        rate: 85,
        stack: 100,
        request_id: requestId(),
      });

    await feed.publishScore(m.matchId, inProgress(3));
    await ageScore(m.matchId, 15);
    expect((await fancyBet()).body.status).toBe(true);
    expect((await bookmakerBet()).body.status).toBe(true);
    expect((await detail(a, m.matchId)).stale).toBe(false);
    const before = (await a.call('getUserBalance')).body.data;

    await ageScore(m.matchId, 40);
    expect((await fancyBet()).body).toMatchObject({ status: false, message: SCORE_STALE_MESSAGE });
    expect((await bookmakerBet()).body).toMatchObject({ status: false, message: SCORE_STALE_MESSAGE });
    expect((await a.call('getUserBalance')).body.data).toEqual(before);
    const quiet = await detail(a, m.matchId);
    expect(quiet.stale).toBe(true);
    expect(quiet.bookmakers[0]!.status).toBe('SUSPENDED');
    expect(quiet.fancies.find((f) => f.fancy_id === firstOver)!.status).toBe('SUSPENDED');
    expect(quiet.fancies.every((f) => f.status !== 'ACTIVE')).toBe(true);

    // The next ball: open again, nothing to undo.
    await feed.publishScore(m.matchId, inProgress(4));
    expect((await fancyBet()).body.status).toBe(true);
    expect((await bookmakerBet()).body.status).toBe(true);
    const live = await detail(a, m.matchId);
    expect(live.stale).toBe(false);
    expect(live.bookmakers[0]!.status).toBe('ACTIVE');
    expect(live.fancies.find((f) => f.fancy_id === firstOver)!.status).toBe('ACTIVE');
    expect((await checkLedger(ctx.app)).problems).toEqual([]);
  });

  it('an innings break waits four times longer; a finished match or one with no ball yet is never stale', async () => {
    const m = await cricketTestMatch(ctx.app);
    const feed = createCricketFeedApi(ctx.app);
    const a = await bettorOf(ctx, 10_000_00);
    // No ball yet: the operator's opening lines, however old.
    expect((await detail(a, m.matchId)).stale).toBe(false);
    await feed.publishScore(m.matchId, {
      ...inProgress(120),
      totals: [{ runs: 160, wickets: 6, balls: 120 }],
      status: 'INNINGS_BREAK',
      target: 161,
    });
    await ageScore(m.matchId, 90);
    expect((await detail(a, m.matchId)).stale).toBe(false);
    await ageScore(m.matchId, 130);
    expect((await detail(a, m.matchId)).stale).toBe(true);
  });
});
