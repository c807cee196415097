// Issue 47, item 4: a finished match is not In Play. A match is in play while it has begun (one of
// its markets went in play) and one of its markets is not CLOSED yet; once every market is closed
// (settled, voided or closed: a cricket match won, a race resulted) the lists, the match page and
// its market cards stop saying In Play, on both stores.
import type { Match } from '@backlay/contract';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { closeMarkets } from '../src/modules/markets/lifecycle.ts';
import { markets } from '../src/modules/markets/schema.ts';
import { bettorOf } from './helpers/people.ts';
import { describeStores } from './helpers/stores.ts';

type Detail = { in_play: boolean; markets: { market_id: number; in_play: boolean }[] };

describeStores('a finished match is not In Play (issue 47)', (ctx) => {
  it('in play from its first market in play until its last market closes: lists, match page, market cards', async () => {
    const b = await bettorOf(ctx, 0);
    const list = async () => (await b.call('getMatches', { sport_id: 4, is_active: 1 })).body.data as Match[];
    const target = (await list()).find((m) => !m.in_play && m.markets.length > 0);
    expect(target, 'a cricket match not in play, with markets').toBeDefined();
    const matchId = target!.match_id;
    const ids = (
      await ctx.app.db.select({ id: markets.marketId }).from(markets).where(eq(markets.matchId, matchId))
    ).map((r) => r.id);
    const exchangeIds = target!.markets.map((m) => m.market_id);
    for (const id of exchangeIds) await ctx.app.exchange.setInPlay(id);
    const detail = async () => (await b.call('getMatchDetail', { match_id: matchId })).body.data as Detail;
    const listed = async () => (await list()).find((m) => m.match_id === matchId)!;

    expect((await listed()).in_play).toBe(true);
    expect((await detail()).in_play).toBe(true);

    // Every market but one closed: still in play.
    const last = exchangeIds[0]!;
    await ctx.app.db.transaction((tx) =>
      closeMarkets(
        tx,
        ids.filter((id) => id !== last),
      ),
    );
    expect((await listed()).in_play).toBe(true);
    const d1 = await detail();
    expect(d1.in_play).toBe(true);
    for (const m of d1.markets) expect(m.in_play, `market ${m.market_id}`).toBe(m.market_id === last);

    // The last one closed: the match is over.
    await ctx.app.db.transaction((tx) => closeMarkets(tx, [last]));
    const over = await listed();
    expect(over.in_play).toBe(false);
    expect(over.markets.every((m) => !m.in_play)).toBe(true);
    const d2 = await detail();
    expect(d2.in_play).toBe(false);
    expect(d2.markets.every((m) => !m.in_play)).toBe(true);
    // The in-play ordering of the lists follows: a finished match is not listed among those in play.
    const all = await list();
    const firstNotInPlay = all.findIndex((m) => !m.in_play);
    expect(all.slice(firstNotInPlay).every((m) => !m.in_play)).toBe(true);
  });
});
