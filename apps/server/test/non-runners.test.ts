// Issue 21, horse racing non-runners on the exchange (docs/settlement.md "Non-runners"): an
// operator removes a runner with its reduction factor (admin/market/removeRunner); its bets are
// void, the other runners' bets matched before it are reduced (win: at 2.5 % or more; place:
// always; never below 1.01), their unmatched lays cancelled at 2.5 % (win) or 4.0 % (place), the
// version moves. A place market settles on several winners and a dead heat for the last place.
// Through HTTP, on both stores, with every account's money and the ledger check after each step.
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { fills } from '../src/modules/exchange/schema.ts';
import { marketSettlements, markets } from '../src/modules/markets/schema.ts';
import type { Api } from './helpers/api.ts';
import {
  createMarket,
  expectBooksClean,
  marketBet,
  nextRequestId as nextId,
  placedBet as placed,
  type TestMarket as M,
} from './helpers/exchange.ts';
import { bettorOf, operatorOf, type Bettor } from './helpers/people.ts';
import { describeStores } from './helpers/stores.ts';

type BetView = { bet_id: number; selection_id: number; average_price_matched: number; status: string };
type Runner = { selection_id: number; status: string; reduction_factor?: number };
type MarketView = { market_id: number; version: number; runners: Runner[] };

describeStores('non-runners', (ctx) => {
  let operator: Promise<Api> | undefined;
  const op = () => (operator ??= operatorOf(ctx));
  const bettor = (balanceRupees = 10_000): Promise<Bettor> => bettorOf(ctx, balanceRupees * 100);
  /**
   * A racing market of `type` (WIN or PLACE; MATCH_ODDS settles as a win market). A PLACE market
   * pays `places` (its outcome space: any `places` of n placed).
   */
  async function race(type: 'WIN' | 'PLACE' | 'MATCH_ODDS', runners = 4, places = 3) {
    const m = await createMarket(ctx.app, { runners });
    await ctx.app.db
      .update(markets)
      .set({ marketType: type, winners: type === 'PLACE' ? places : 1 })
      .where(eq(markets.marketId, m.marketId));
    return m;
  }
  /** A bet body, with the market `version` the bettor saw when given. */
  const bet = (m: M, runner: number, isBack: boolean, odds: number, stack: number, version?: number) =>
    marketBet(m, runner, isBack, odds, stack, version === undefined ? {} : { version });
  /** `backer` backs runner at odds for stack, matched by `layer`'s lay (placed first). */
  async function matched(m: M, runner: number, odds: number, stack: number, backer: Api, layer: Api) {
    await placed(layer, bet(m, runner, false, odds, stack));
    const b = await placed(backer, bet(m, runner, true, odds, stack));
    expect(b.status).toBe('MATCHED');
    return b.bet_id;
  }
  const balanceOf = async (api: Api) =>
    (await api.call('getUserBalance')).body.data as { total_balance: number; liability: number };
  const betsOf = async (api: Api, m: M) =>
    (await api.call('getMatchBets', { match_id: m.matchId })).body.data as {
      matched: BetView[];
      unmatched: BetView[];
    };
  const oddsOf = async (api: Api, m: M, betId: number) =>
    (await betsOf(api, m)).matched.find((b) => b.bet_id === betId)?.average_price_matched;
  const marketOf = async (api: Api, m: M) =>
    ((await api.call('getMatchDetail', { match_id: m.matchId })).body.data as { markets: MarketView[] })
      .markets[0]!;
  async function remove(m: M, runner: number, reductionFactor: number) {
    const r = await (
      await op()
    ).call('adminMarketRemoveRunner', {
      market_id: m.marketId,
      selection_id: m.selectionIds[runner],
      reduction_factor: reductionFactor,
      request_id: nextId('remove'),
    });
    expect(r.statusCode, JSON.stringify(r.body)).toBe(200);
    expect(r.body.status, JSON.stringify(r.body)).toBe(true);
    return r.body.data as { removals: { selection_id: number; reduction_factor: number }[] };
  }
  async function result(m: M, winners: number[], extra: Record<string, unknown> = {}) {
    return (await op()).call('adminMarketResult', {
      market_id: m.marketId,
      winners: winners.map((i) => m.selectionIds[i]),
      ...extra,
    });
  }
  /** The ledger check and the exchange's invariants (stored holds = recomputed exposure). */
  const ledgerClean = () => expectBooksClean(ctx.app);

  it('win market, one removal at 25 %: 8.0 matched before becomes 6.0, one matched after keeps 8.0; the removed runner’s bets are void and refunded; a stale bet is told', async () => {
    const m = await race('WIN');
    const [a, b, c, d, e, f] = await Promise.all([1, 2, 3, 4, 5, 6].map(() => bettor()));
    const before = await matched(m, 0, 8, 100, a!, b!);
    // E backs the runner to be removed, F lays it; F also has a back resting on it.
    await matched(m, 3, 4, 100, e!, f!);
    const resting = await placed(f!, bet(m, 3, true, 10, 50));
    expect(resting.status).toBe('UNMATCHED');
    expect(await balanceOf(b!)).toEqual({ total_balance: 10_000, liability: 700 });
    await ledgerClean();
    const seen = (await marketOf(a!, m)).version;

    const removal = await remove(m, 3, 25);
    expect(removal.removals).toEqual([{ selection_id: m.selectionIds[3], reduction_factor: 25 }]);
    expect(await oddsOf(a!, m, before)).toBe(6);
    const [fill] = await ctx.app.db.select().from(fills).where(eq(fills.backBetId, before));
    expect(fill!.price).toBe(600);
    // B's lay now risks (6 − 1) × ₹100; E's and F's bets on the removed runner hold nothing.
    expect(await balanceOf(a!)).toEqual({ total_balance: 10_000, liability: 100 });
    expect(await balanceOf(b!)).toEqual({ total_balance: 10_000, liability: 500 });
    expect(await balanceOf(e!)).toEqual({ total_balance: 10_000, liability: 0 });
    expect(await balanceOf(f!)).toEqual({ total_balance: 10_000, liability: 0 });
    expect((await betsOf(f!, m)).unmatched).toEqual([]);
    await ledgerClean();

    // The race card: the runner REMOVED with its RF; a bet on the old version is told why.
    const view = await marketOf(a!, m);
    expect(view.runners[3]).toMatchObject({ status: 'REMOVED', reduction_factor: 25 });
    expect(view.runners[0]!.reduction_factor).toBeUndefined();
    expect(view.version).toBeGreaterThan(seen);
    const stale = await c!.call('placeMarketBet', bet(m, 0, true, 8, 100, seen));
    expect(stale.body).toMatchObject({
      status: false,
      message: 'The market changed (a runner was removed): check the prices and place again',
    });
    const onRemoved = await c!.call('placeMarketBet', bet(m, 3, true, 4, 100));
    expect(onRemoved.body.status).toBe(false);

    // Matched after the removal: keeps its price.
    await placed(d!, bet(m, 0, false, 8, 100, view.version));
    const after = (await placed(c!, bet(m, 0, true, 8, 100, view.version))).bet_id;
    expect(await oddsOf(c!, m, after)).toBe(8);
    await ledgerClean();

    const r = await result(m, [0]);
    expect(r.body.status, JSON.stringify(r.body)).toBe(true);
    // A: +₹500 at 6.0 less 2 % commission; B −₹500; C: +₹700 less ₹14; D −₹700; E, F: nothing.
    expect(await balanceOf(a!)).toEqual({ total_balance: 10_490, liability: 0 });
    expect(await balanceOf(b!)).toEqual({ total_balance: 9_500, liability: 0 });
    expect(await balanceOf(c!)).toEqual({ total_balance: 10_686, liability: 0 });
    expect(await balanceOf(d!)).toEqual({ total_balance: 9_300, liability: 0 });
    expect(await balanceOf(e!)).toEqual({ total_balance: 10_000, liability: 0 });
    expect(await balanceOf(f!)).toEqual({ total_balance: 10_000, liability: 0 });
    await ledgerClean();
  });

  it('win market at 2 %: nothing changes, the unmatched lays stay', async () => {
    const m = await race('WIN');
    const [a, b, g] = await Promise.all([1, 2, 3].map(() => bettor()));
    const before = await matched(m, 0, 8, 100, a!, b!);
    const lay = await placed(g!, bet(m, 1, false, 5, 100));
    expect(lay.status).toBe('UNMATCHED');
    await remove(m, 3, 2);
    expect(await oddsOf(a!, m, before)).toBe(8);
    expect((await betsOf(g!, m)).unmatched.map((x) => x.bet_id)).toEqual([lay.bet_id]);
    expect(await balanceOf(b!)).toEqual({ total_balance: 10_000, liability: 700 });
    expect(await balanceOf(g!)).toEqual({ total_balance: 10_000, liability: 400 });
    await ledgerClean();
  });

  it('win (match odds) market at 25 %: the unmatched lays on the other runners are cancelled, the backs stay', async () => {
    const m = await race('MATCH_ODDS');
    const g = await bettor();
    const lay = await placed(g, bet(m, 1, false, 5, 100));
    const back = await placed(g, bet(m, 2, true, 20, 100));
    await remove(m, 3, 25);
    expect((await betsOf(g, m)).unmatched.map((x) => x.bet_id)).toEqual([back.bet_id]);
    expect(lay.status).toBe('UNMATCHED');
    expect(await balanceOf(g)).toEqual({ total_balance: 10_000, liability: 100 });
    await ledgerClean();
  });

  it('place market: 2 % reduces the price (8.0 → 7.86) and the lays stay; a second removal at 5 % reduces again (→ 7.51) and cancels them', async () => {
    const m = await race('PLACE', 5);
    const [a, b, g] = await Promise.all([1, 2, 3].map(() => bettor()));
    const before = await matched(m, 0, 8, 100, a!, b!);
    const lay = await placed(g!, bet(m, 1, false, 5, 100));
    await remove(m, 4, 2);
    expect(await oddsOf(a!, m, before)).toBe(7.86);
    expect((await betsOf(b!, m)).matched.map((x) => x.average_price_matched)).toEqual([7.86]);
    expect((await betsOf(g!, m)).unmatched.map((x) => x.bet_id)).toEqual([lay.bet_id]);
    expect(await balanceOf(b!)).toEqual({ total_balance: 10_000, liability: 686 });
    await ledgerClean();
    await remove(m, 3, 5);
    // 1 + 6.86 × 0.95 = 7.517 → 7.51 (the winnings part rounded down).
    expect(await oddsOf(a!, m, before)).toBe(7.51);
    expect((await betsOf(g!, m)).unmatched).toEqual([]);
    expect(await balanceOf(b!)).toEqual({ total_balance: 10_000, liability: 651 });
    expect(await balanceOf(g!)).toEqual({ total_balance: 10_000, liability: 0 });
    await ledgerClean();
  });

  it('win market: two removals multiply (8.0 → 6.0 → 4.8) and no price falls below 1.01', async () => {
    const m = await race('WIN', 5);
    const [a, b] = await Promise.all([1, 2].map(() => bettor()));
    const eight = await matched(m, 0, 8, 100, a!, b!);
    const short = await matched(m, 1, 1.05, 1000, a!, b!);
    await remove(m, 4, 25);
    expect(await oddsOf(a!, m, eight)).toBe(6);
    expect(await oddsOf(a!, m, short)).toBe(1.01); // 1.05 × 0.75 = 0.79
    await ledgerClean();
    await remove(m, 3, 20);
    expect(await oddsOf(a!, m, eight)).toBe(4.8);
    expect(await oddsOf(a!, m, short)).toBe(1.01);
    // B's lays: runner 0 wins: −₹380 + ₹1000; runner 1 wins: +₹100 − ₹10; else +₹1100: hold ₹0.
    expect(await balanceOf(b!)).toEqual({ total_balance: 10_000, liability: 0 });
    await ledgerClean();
    const r = await result(m, [1]);
    expect(r.body.status, JSON.stringify(r.body)).toBe(true);
    // A: −₹100 on runner 0, +₹10 on runner 1 = −₹90; B: +₹90 less 2 %.
    expect(await balanceOf(a!)).toEqual({ total_balance: 9_910, liability: 0 });
    expect(await balanceOf(b!)).toEqual({ total_balance: 10_088.2, liability: 0 });
    await ledgerClean();
  });

  it('a plain runner void is a removal at 0 %; a removal repeats only with its factor; bad factors are refused', async () => {
    const m = await race('WIN');
    const [a, b] = await Promise.all([1, 2].map(() => bettor()));
    const before = await matched(m, 0, 8, 100, a!, b!);
    const v = await (
      await op()
    ).call('adminMarketVoid', { market_id: m.marketId, selection_id: m.selectionIds[3] });
    expect(v.body.status, JSON.stringify(v.body)).toBe(true);
    expect((v.body.data as { removals: unknown[] }).removals).toEqual([
      { selection_id: m.selectionIds[3], reduction_factor: 0 },
    ]);
    expect(await oddsOf(a!, m, before)).toBe(8);
    expect((await marketOf(a!, m)).runners[3]).toMatchObject({ status: 'REMOVED', reduction_factor: 0 });
    await remove(m, 2, 12.5);
    expect(await oddsOf(a!, m, before)).toBe(7);
    await remove(m, 2, 12.5); // the same again: nothing more
    expect(await oddsOf(a!, m, before)).toBe(7);
    const o = await op();
    const again = await o.call('adminMarketRemoveRunner', {
      market_id: m.marketId,
      selection_id: m.selectionIds[2],
      reduction_factor: 30,
    });
    expect(again.body).toMatchObject({ status: false });
    expect(again.body.message).toMatch(/already removed with a reduction factor of 12.5 %/);
    for (const reduction_factor of [101, -1, 2.555, 'x']) {
      const bad = await o.call('adminMarketRemoveRunner', {
        market_id: m.marketId,
        selection_id: m.selectionIds[1],
        reduction_factor,
      });
      expect(bad.statusCode, JSON.stringify(bad.body)).toBeLessThan(500);
      expect(bad.body.status).toBe(false);
      expect(JSON.stringify(bad.body)).toMatch(/reduction_factor/);
    }
    expect(await oddsOf(a!, m, before)).toBe(7);
    await ledgerClean();
  });

  it('place market settled with 3 placed runners', async () => {
    const m = await race('PLACE', 6);
    const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map(() => bettor()));
    await matched(m, 0, 4, 100, a!, b!);
    await matched(m, 3, 6, 100, c!, d!);
    await ledgerClean();
    const r = await result(m, [0, 1, 2]);
    expect(r.body.status, JSON.stringify(r.body)).toBe(true);
    expect(await balanceOf(a!)).toEqual({ total_balance: 10_294, liability: 0 });
    expect(await balanceOf(b!)).toEqual({ total_balance: 9_700, liability: 0 });
    expect(await balanceOf(c!)).toEqual({ total_balance: 9_900, liability: 0 });
    expect(await balanceOf(d!)).toEqual({ total_balance: 10_098, liability: 0 });
    const [row] = await ctx.app.db
      .select()
      .from(marketSettlements)
      .where(eq(marketSettlements.marketId, m.marketId));
    expect(row!.result).toEqual({ winners: [0, 1, 2].map((i) => m.selectionIds[i]), dead_heat_count: 1 });
    await ledgerClean();
  });

  it('place market with a dead heat for the last place: half the stake at full odds', async () => {
    const m = await race('PLACE', 6, 2);
    const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map(() => bettor()));
    await matched(m, 2, 4, 100, a!, b!);
    await matched(m, 0, 3, 100, c!, d!);
    const o = await op();
    // Refusals in words before the market closes: a dead heat of a runner that did not place, a
    // group paying more places than it has runners (the engine's rule), several winners on a win market.
    const notWinner = await result(m, [0, 1, 2], {
      dead_heats: [{ selection_ids: [m.selectionIds[2], m.selectionIds[3]], places: 1 }],
    });
    expect(notWinner.body).toMatchObject({ status: false });
    expect(notWinner.body.message).toMatch(/not among the winners/);
    const tooMany = await result(m, [0, 1, 2], {
      dead_heats: [{ selection_ids: [m.selectionIds[1], m.selectionIds[2]], places: 3 }],
    });
    expect(tooMany.statusCode).toBe(200);
    expect(tooMany.body).toMatchObject({ status: false });
    expect(tooMany.body.message).toMatch(/^Cannot settle: /);
    const w = await race('WIN');
    const winMany = await result(w, [0, 1]);
    expect(winMany.body).toMatchObject({ status: false });

    const r = await result(m, [0, 1, 2], {
      dead_heats: [{ selection_ids: [m.selectionIds[1], m.selectionIds[2]], places: 1 }],
    });
    expect(r.body.status, JSON.stringify(r.body)).toBe(true);
    // A: ₹50 wins at 4.0 (+₹150), ₹50 loses (−₹50): +₹100 less ₹2; B −₹100. C: +₹200 less ₹4.
    expect(await balanceOf(a!)).toEqual({ total_balance: 10_098, liability: 0 });
    expect(await balanceOf(b!)).toEqual({ total_balance: 9_900, liability: 0 });
    expect(await balanceOf(c!)).toEqual({ total_balance: 10_196, liability: 0 });
    expect(await balanceOf(d!)).toEqual({ total_balance: 9_800, liability: 0 });
    const [row] = await ctx.app.db
      .select()
      .from(marketSettlements)
      .where(eq(marketSettlements.marketId, m.marketId));
    expect(row!.result).toEqual({
      winners: [0, 1, 2].map((i) => m.selectionIds[i]),
      dead_heat_count: 1,
      dead_heats: [{ selection_ids: [m.selectionIds[1], m.selectionIds[2]], places: 1 }],
    });
    await ledgerClean();
    // Unsettle and settle again: the same money.
    expect((await o.call('adminMarketUnsettle', { market_id: m.marketId })).body.status).toBe(true);
    await ledgerClean();
    const again = await result(m, [0, 1, 2], {
      dead_heats: [{ selection_ids: [m.selectionIds[1], m.selectionIds[2]], places: 1 }],
    });
    expect(again.body.status, JSON.stringify(again.body)).toBe(true);
    expect(await balanceOf(a!)).toEqual({ total_balance: 10_098, liability: 0 });
    await ledgerClean();
  });
});
