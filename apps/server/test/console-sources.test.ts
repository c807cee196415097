// Issue 42: the console's dashboard asks the products for their own alerts (modules/console/
// sources.ts) instead of reading their tables. A cricket scoreboard in progress that stopped moving
// and the demo feed's makers gone quiet while markets are in play are each an alert that ends
// when the feed moves again. Through the server, both stores.
import { DEFAULT_FEED_OPTIONS } from '@backlay/feed';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { createCricketFeedApi } from '../src/feeds/cricket-port.ts';
import { cricketMatches } from '../src/modules/cricket/schema.ts';
import { bets } from '../src/modules/exchange/schema.ts';
import type { Api } from './helpers/api.ts';
import {
  createBettor,
  createMarket,
  expectExchangeInvariants,
  marketBet,
  placedBet,
} from './helpers/exchange.ts';
import { termOf } from './helpers/casino.ts';
import { cricketTestMatch, inProgress, operatorOf } from './helpers/people.ts';
import { describeStores } from './helpers/stores.ts';

type Alert = { kind: string; match_id: number | null; message: string };

describeStores("the products' own dashboard alerts", (ctx) => {
  const alerts = async (o: Api) => ((await o.call('adminDashboard')).body.data as { alerts: Alert[] }).alerts;

  it('a scoreboard in progress that has not moved for 10 minutes is an alert until the next ball', async () => {
    const o = await operatorOf(ctx);
    const m = await cricketTestMatch(ctx.app);
    const api = createCricketFeedApi(ctx.app);
    // A score is a leader's write (the feed's term): each waits for this node's term first, so a
    // lease check that was late on a loaded box (plugins/leader.ts, in doubt) does not refuse it.
    const publish = async (balls: number) => {
      await termOf(ctx.app);
      expect(await api.publishScore(m.matchId, inProgress(balls))).toBe(true);
    };
    await publish(3);
    const stopped = (list: Alert[]) =>
      list.filter((a) => a.kind === 'FEED_STOPPED' && a.match_id === m.matchId);
    expect(stopped(await alerts(o))).toEqual([]);

    await ctx.app.db
      .update(cricketMatches)
      .set({ scoreUpdatedAt: sql`now() - make_interval(mins => 10)` })
      .where(eq(cricketMatches.matchId, m.matchId));
    const [alert] = stopped(await alerts(o));
    expect(alert?.message).toMatch(/: the scoreboard has not moved since \d\d:\d\d UTC$/);

    await publish(4);
    expect(stopped(await alerts(o))).toEqual([]);
    await expectExchangeInvariants(ctx.app);
  });

  it("the makers' last quote 10 minutes old while a market is in play is an alert until they quote again", async () => {
    const o = await operatorOf(ctx);
    const maker = await createBettor(ctx.app, 1_000_000_00, 'maker');
    // The demo feed's makers are users of these names; this store has no demo feed running.
    const name = DEFAULT_FEED_OPTIONS.makers[0]!;
    await ctx.app.db.execute(sql`update users set user_name = ${name} where user_id = ${maker.userId}`);
    const api = ctx.api.fork();
    await api.login(name, maker.password);
    const quoted = await createMarket(ctx.app);
    await createMarket(ctx.app, { inPlay: true });
    const quote = async () => placedBet(api, marketBet(quoted, 0, true, 2, 10));
    const feedStopped = (list: Alert[]) =>
      list.filter(
        (a) => a.kind === 'FEED_STOPPED' && a.match_id === null && a.message.startsWith('The price feed'),
      );

    await quote();
    expect(feedStopped(await alerts(o))).toEqual([]);

    await ctx.app.db
      .update(bets)
      .set({ placedAt: sql`now() - make_interval(mins => 10)` })
      .where(eq(bets.userId, maker.userId));
    const [alert] = feedStopped(await alerts(o));
    expect(alert?.message).toMatch(
      /^The price feed has not quoted for 10 minutes while \d+ markets are in play$/,
    );

    await quote();
    expect(feedStopped(await alerts(o))).toEqual([]);
    await expectExchangeInvariants(ctx.app);
  });
});
