// A race's PLACE market holds over its real outcome space (issue 40): any k of n runners placed,
// not one winner. The review's scenario: a ₹200 account laid three runners of a 3-place race at 3.0
// for ₹100 each (₹600 at risk); all three were accepted with ₹0 held, all three placed and the
// balance ended at −₹400 (−₹600 after a withdrawal the empty hold allowed).
import type { RaceCard } from '@backlay/contract';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { markets } from '../src/modules/markets/schema.ts';
import { checkLedger } from '../src/modules/admin/ledger-check.ts';
import { checkExchangeResult } from '../src/modules/exchange/non-runners.ts';
import { placesPaidFor } from '../src/modules/racing/places.ts';
import type { Api } from './helpers/api.ts';
import { expectLedgerBalanced } from './helpers/ledger.ts';
import { bettorOf, operatorOf, type Bettor } from './helpers/people.ts';
import { describeStores } from './helpers/stores.ts';

let rid = 0;
const nextId = (p: string) => `${p}-${++rid}-${Math.random().toString(36).slice(2, 8)}`;
const HOUR = 3_600_000;

describeStores('place markets: exposure over any k of n placed', (ctx) => {
  let operator: Api;
  const op = async () => (operator ??= await operatorOf(ctx));
  let races = 0;

  async function race(n: number): Promise<RaceCard> {
    races += 1;
    const made = await ctx.app.racing.createRace({
      sport_id: 7,
      venue: `Placebury ${races}`,
      country: 'GB',
      race_name: `P${races} 6f Handicap`,
      off_time_ms: Date.now() + HOUR,
      distance: '6f',
      going: 'Good',
      surface: 'Turf',
      places_paid: placesPaidFor(n),
      runners: Array.from({ length: n }, (_, i) => ({
        number: i + 1,
        name: `Placer ${races}-${i + 1}`,
        colours: ['#004d40', '#ffffff', '#ffab00'],
        jockey: `Jockey ${i + 1}`,
        trainer: `Trainer ${i + 1}`,
        weight: '9-0',
        draw: i + 1,
        form: '2-11',
        age: 5,
      })),
    });
    if (!made.ok) throw new Error(made.message);
    return (await ctx.app.racing.card(made.matchId))!;
  }

  const placeBet = (
    card: RaceCard,
    who: Bettor,
    number: number,
    isBack: boolean,
    odds: number,
    stake: number,
  ) => {
    const r = card.runners.find((x) => x.number === number)!;
    return who.call('placeMarketBet', {
      match_id: card.match_id,
      market_id: card.place_market_id!,
      selection_id: r.place_selection_id!,
      odds,
      stack: stake,
      is_back: isBack ? '1' : '0',
      request_id: nextId('bet'),
    });
  };

  async function ledgerClean() {
    const check = await checkLedger(ctx.app);
    expect(check.problems).toEqual([]);
    expect(check.ok).toBe(true);
    await expectLedgerBalanced(ctx.app);
  }

  async function operatorStep(name: Parameters<Api['call']>[0], body: Record<string, unknown>) {
    const r = await (await op()).call(name, { ...body, request_id: nextId(name) });
    expect(r.statusCode, JSON.stringify(r.body)).toBe(200);
    expect(r.body.status, JSON.stringify(r.body)).toBe(true);
  }

  it('three lays of a 3-place race at 3.0 hold all three liabilities: a ₹200 account gets one, never a negative balance', async () => {
    const card = await race(8);
    expect(card.places_paid).toBe(3);
    const layer = await bettorOf(ctx, 20_000);
    const backer = await bettorOf(ctx, 1_000_000);
    const first = await placeBet(card, layer, 1, false, 3, 100);
    expect(first.body.status, JSON.stringify(first.body)).toBe(true);
    for (const n of [2, 3]) {
      const more = await placeBet(card, layer, n, false, 3, 100);
      expect(more.body.status, JSON.stringify(more.body)).toBe(false);
      expect(String(more.body.message)).toMatch(/balance/i);
    }
    expect(await ctx.app.wallet.liabilityPaise(layer.userId)).toBe(20_000);
    // The hold covers the one lay: nothing is left to withdraw.
    const out = await ctx.app.wallet.withdraw(layer.userId, 20_000, nextId('wd'));
    expect(out.ok).toBe(false);
    const back = await placeBet(card, backer, 1, true, 3, 100);
    expect((back.body.data as { status: string }).status).toBe('MATCHED');
    await ledgerClean();
    await operatorStep('adminRaceOff', { match_id: card.match_id });
    await operatorStep('adminRaceFinish', { match_id: card.match_id });
    await operatorStep('adminRaceResult', { match_id: card.match_id, placings: [[1], [2], [3], [4]] });
    expect(await ctx.app.wallet.balancePaise(layer.userId)).toBe(0);
    await ledgerClean();
  });

  it('a ₹600 account lays all three and holds ₹600; all three place and it ends at ₹0', async () => {
    const card = await race(8);
    const layer = await bettorOf(ctx, 60_000);
    const backer = await bettorOf(ctx, 1_000_000);
    for (const n of [1, 2, 3]) {
      const lay = await placeBet(card, layer, n, false, 3, 100);
      expect(lay.body.status, JSON.stringify(lay.body)).toBe(true);
      const back = await placeBet(card, backer, n, true, 3, 100);
      expect((back.body.data as { status: string }).status).toBe('MATCHED');
    }
    expect(await ctx.app.wallet.liabilityPaise(layer.userId)).toBe(60_000);
    await ledgerClean();
    await operatorStep('adminRaceOff', { match_id: card.match_id });
    await operatorStep('adminRaceFinish', { match_id: card.match_id });
    await operatorStep('adminRaceResult', { match_id: card.match_id, placings: [[3], [2], [1]] });
    expect(await ctx.app.wallet.balancePaise(layer.userId)).toBe(0);
    expect(await ctx.app.wallet.liabilityPaise(layer.userId)).toBe(0);
    await ledgerClean();
  });

  it('a result must place exactly the places paid (what the holds were taken over)', async () => {
    const card = await race(8);
    const [market] = await ctx.app.db
      .select()
      .from(markets)
      .where(eq(markets.marketId, card.place_market_id!));
    const sel = (n: number) => card.runners.find((r) => r.number === n)!.place_selection_id!;
    const two = { winners: [sel(1), sel(2)], dead_heat_count: 1 };
    expect(checkExchangeResult(market!, two, 8)).toMatch(/pays 3 places: the result names 2/);
    const four = { winners: [sel(1), sel(2), sel(3), sel(4)], dead_heat_count: 1 };
    expect(checkExchangeResult(market!, four, 8)).toMatch(/pays 3 places: the result names 4/);
    const shared = { ...four, dead_heats: [{ selection_ids: [sel(3), sel(4)], places: 1 }] };
    expect(checkExchangeResult(market!, shared, 8)).toBeNull();
    expect(checkExchangeResult(market!, { ...four, dead_heat_count: 4 }, 8)).toMatch(/dead_heats/);
    // Fewer running than places: every runner left places.
    expect(checkExchangeResult(market!, two, 2)).toBeNull();
  });

  it('cash out on a place market is refused in words (a hedge evened over one winner is not even over k placed)', async () => {
    const card = await race(8);
    const a = await bettorOf(ctx, 100_000);
    const b = await bettorOf(ctx, 100_000);
    await placeBet(card, b, 1, false, 3, 100);
    const back = await placeBet(card, a, 1, true, 3, 100);
    expect((back.body.data as { status: string }).status).toBe('MATCHED');
    await placeBet(card, b, 1, true, 2, 100); // a price to lay at
    const quote = await a.call('getCashOut', { market_id: card.place_market_id! });
    expect(quote.body.status).toBe(true);
    const q = quote.body.data as { available: boolean; message?: string };
    expect(q.available).toBe(false);
    expect(q.message).toMatch(/place market/i);
    const done = await a.call('cashOut', {
      market_id: card.place_market_id!,
      request_id: nextId('co'),
      profit: -1000,
    });
    expect(done.statusCode).toBe(200);
    expect(done.body.status).toBe(false);
    expect(String(done.body.message)).toMatch(/place market/i);
    await ledgerClean();
  });
});
