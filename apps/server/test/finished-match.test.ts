// Issue 47, item 4: a finished match is not In Play. A match is in play while it has begun (one of
// its markets went in play) and one of its markets is not CLOSED yet; once every market is closed
// (settled, voided or closed: a cricket match won, a race resulted) the lists, the match page and
// its market cards stop saying In Play, on both stores.
import type { Match, Scoreboard } from '@backlay/contract';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { closeMarkets } from '../src/modules/markets/lifecycle.ts';
import { markets } from '../src/modules/markets/schema.ts';
import { matches } from '../src/modules/catalog/schema.ts';
import { publishScore } from '../src/modules/cricket/plugin.ts';
import { setUpCricketMatch } from '../src/seed/cricket-match.ts';
import { createMarket } from './helpers/exchange.ts';
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

  it('a cricket match won shows its result in place of In Play: the lists and the match page', async () => {
    const b = await bettorOf(ctx, 0);
    const m = await createMarket(ctx.app, { inPlay: true });
    const [match] = await ctx.app.db.select().from(matches).where(eq(matches.matchId, m.matchId));
    await ctx.app.db.transaction((tx) =>
      setUpCricketMatch(tx, {
        matchId: m.matchId,
        format: 'T20',
        competition: 'T20',
        teams: ['India', 'Australia'],
        startTime: match!.startTime,
        inPlay: true,
        at: new Date(),
      }),
    );
    const listed = async () =>
      ((await b.call('getMatches', { sport_id: match!.sportId, is_active: 1 })).body.data as Match[]).find(
        (x) => x.match_id === m.matchId,
      )!;
    const detail = async () =>
      (await b.call('getMatchDetail', { match_id: m.matchId })).body.data as Detail & {
        result?: string | null;
      };
    const score = (status: Scoreboard['status'], result_text: string | null): Scoreboard => ({
      innings: 2,
      batting: 0,
      totals: [
        { runs: 150, wickets: 6, balls: 120 },
        { runs: 154, wickets: 4, balls: 110 },
      ],
      recent: [],
      target: 151,
      status,
      ball_running_until_ms: null,
      result_text,
    });
    await publishScore(ctx.app, m.matchId, score('IN_PROGRESS', null));
    expect((await listed()).result ?? null).toBeNull();
    await publishScore(ctx.app, m.matchId, score('COMPLETE', 'India won by 6 wickets'));
    expect((await listed()).result).toBe('India won by 6 wickets');
    expect((await detail()).result).toBe('India won by 6 wickets');
  });
});
