// Issue 42: cricket names no market kind. The match list the cricket feed and the fantasy game
// read (modules/cricket/reads.ts) calls a match in play when the match is, or when one of its
// markets with runners is (match odds, the bookmaker table: the match-odds feed turns them in play
// before the first ball), asking the kind registry which kinds have runners. A fancy in play alone
// does not make the match in play. Both stores.
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { matches } from '../src/modules/catalog/schema.ts';
import { createCricketReads } from '../src/modules/cricket/reads.ts';
import { markets } from '../src/modules/markets/schema.ts';
import { expectExchangeInvariants } from './helpers/exchange.ts';
import { cricketTestMatch } from './helpers/people.ts';
import { describeStores } from './helpers/stores.ts';

describeStores("cricket's match list", (ctx) => {
  it('is in play with the match, or with a market that has runners; a fancy alone is not enough', async () => {
    const m = await cricketTestMatch(ctx.app);
    const reads = createCricketReads(ctx.app.db, ctx.app.kinds);
    const inPlay = async () =>
      (await reads.listCricketMatches()).find((x) => x.match_id === m.matchId)?.in_play;
    const setMarket = (marketId: number, on: boolean) =>
      ctx.app.db.update(markets).set({ inPlay: on }).where(eq(markets.marketId, marketId));

    await ctx.app.db.update(matches).set({ inPlay: false }).where(eq(matches.matchId, m.matchId));
    await ctx.app.db.update(markets).set({ inPlay: false }).where(eq(markets.matchId, m.matchId));
    expect(await inPlay()).toBe(false);

    await setMarket(m.fancyIds[0]!, true);
    expect(await inPlay()).toBe(false);

    await setMarket(m.bookmakerMarketId, true);
    expect(await inPlay()).toBe(true);
    await setMarket(m.bookmakerMarketId, false);
    await setMarket(m.exchange.marketId, true);
    expect(await inPlay()).toBe(true);

    await setMarket(m.exchange.marketId, false);
    await ctx.app.db.update(matches).set({ inPlay: true }).where(eq(matches.matchId, m.matchId));
    expect(await inPlay()).toBe(true);
    await expectExchangeInvariants(ctx.app);
  });
});
