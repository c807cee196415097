// An exchange market's price history (issue 45, market/getPriceHistory): the last traded price
// and the stake matched per runner in each step, from the market's fills.
import { PRICE_HISTORY_STEPS_MAX, type PriceHistory } from '@backlay/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { markets } from '../src/modules/markets/schema.ts';
import { stepFor } from '../src/modules/exchange/price-history.ts';
import { createBettor, createMarket, expectBooksClean, marketBet, placedBet } from './helpers/exchange.ts';
import { describeStores } from './helpers/stores.ts';

describe('price history steps', () => {
  it('a minute while the market traded for at most PRICE_HISTORY_STEPS_MAX minutes, then wider', () => {
    expect(stepFor(0)).toBe(60);
    expect(stepFor(PRICE_HISTORY_STEPS_MAX * 60 - 1)).toBe(60);
    expect(stepFor(PRICE_HISTORY_STEPS_MAX * 60)).toBe(120);
    // However long: never more steps than the limit.
    for (const span of [1, 59, 3_599, 86_399, 86_400 * 30]) {
      expect(Math.floor(span / stepFor(span)) + 1).toBeLessThanOrEqual(PRICE_HISTORY_STEPS_MAX);
    }
  });
});

describeStores('market price history', (ctx) => {
  async function bettor() {
    const u = await createBettor(ctx.app, 100_000_00);
    const api = ctx.api.fork();
    await api.login(u.userName, u.password);
    return api;
  }

  it('each runner: the last traded price and the stake matched in each step; a runner never traded has none', async () => {
    const m = await createMarket(ctx.app);
    const [backer, layer] = [await bettor(), await bettor()];
    await placedBet(layer, marketBet(m, 0, false, 2.5, 600));
    await placedBet(backer, marketBet(m, 0, true, 2.5, 400));
    await placedBet(layer, marketBet(m, 0, false, 3, 300));
    await placedBet(backer, marketBet(m, 0, true, 3, 300));
    const r = await backer.call('getPriceHistory', { market_id: m.marketId });
    expect(r.body.status).toBe(true);
    const h = r.body.data as PriceHistory;
    expect(h.market_id).toBe(m.marketId);
    expect(h.step_s).toBe(60);
    expect(h.runners.map((x) => x.selection_id)).toEqual(m.selectionIds);
    const traded = h.runners[0]!.points;
    // Within a minute or two: the last step's price is the last fill's, the volumes add up.
    expect(traded.at(-1)!.price).toBe(3);
    expect(traded.reduce((n, p) => n + p.volume, 0)).toBe(700);
    for (const p of traded) expect(new Date(p.at).getUTCSeconds()).toBe(0);
    expect(h.runners[1]!.points).toEqual([]);
    await expectBooksClean(ctx.app);
  });

  it('an unknown market, or one of another kind, is refused in words; bad input is a 400 naming the field', async () => {
    const b = await bettor();
    expect((await b.call('getPriceHistory', { market_id: 987_654_321 })).body).toEqual({
      status: false,
      message: 'Unknown market',
    });
    const [bookmaker] = await ctx.app.db
      .select({ id: markets.marketId })
      .from(markets)
      .where(eq(markets.marketKind, 'BOOKMAKER'))
      .limit(1);
    expect(bookmaker, 'the demo seed has a bookmaker market').toBeDefined();
    expect((await b.call('getPriceHistory', { market_id: bookmaker!.id })).body).toEqual({
      status: false,
      message: 'Unknown market',
    });
    const bad = await b.call('getPriceHistory', { market_id: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('market_id');
  });
});
