// Issue 28's exchange findings, each as it was found (through HTTP, on both stores): a void
// raises the holds it must in the void's own transaction, a voided bet can never match, an
// exchange order goes only to an exchange market, a liability is rounded once per outcome, a
// settled market cannot be reopened, and a bettor who owes after a void does not block settlement.
import { and, eq, gt } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { bets, fills } from '../src/modules/exchange/schema.ts';
import { marketSettlements, marketVoids, markets } from '../src/modules/markets/schema.ts';
import { checkLedger } from '../src/modules/admin/ledger-check.ts';
import type { Api } from './helpers/api.ts';
import { createBettor, createMarket } from './helpers/exchange.ts';
import { describeStores } from './helpers/stores.ts';

let rid = 0;
const nextId = (p = 'r') => `${p}-${++rid}-${Math.random().toString(36).slice(2, 8)}`;

type M = Awaited<ReturnType<typeof createMarket>>;
const bet = (m: M, runner: number, isBack: boolean, odds: number, stack: number) => ({
  match_id: m.matchId,
  market_id: m.marketId,
  selection_id: m.selectionIds[runner]!,
  is_back: isBack ? '1' : '0',
  odds,
  stack,
  request_id: nextId('bet'),
});

describeStores('money: voids, kinds, rounding', (ctx) => {
  let operator: Api;
  async function op() {
    if (!operator) {
      operator = ctx.api.fork();
      await operator.login('operator', 'operator123');
    }
    return operator;
  }
  async function bettor(balanceRupees = 10_000): Promise<Api & { userId: number }> {
    const u = await createBettor(ctx.app, balanceRupees * 100);
    const api = ctx.api.fork();
    await api.login(u.userName, u.password);
    return Object.assign(api, { userId: u.userId });
  }
  const balanceOf = async (api: Api) =>
    (await api.call('getUserBalance')).body.data as { total_balance: number; liability: number };
  const placed = async (api: Api, body: ReturnType<typeof bet>) => {
    const r = await api.call('placeMarketBet', body);
    expect(r.statusCode, JSON.stringify(r.body)).toBe(200);
    expect(r.body.status, JSON.stringify(r.body)).toBe(true);
    return r.body.data as { bet_id: number; status: string };
  };
  async function ledgerClean() {
    const check = await checkLedger(ctx.app);
    expect(check.problems).toEqual([]);
    expect(check.ok).toBe(true);
    return check;
  }

  /** A lays Rover ₹1000 @ 1.01 and Sable ₹1000 @ 2.0, both matched by B: A's hold is ₹0. */
  async function hedge() {
    const m = await createMarket(ctx.app);
    const a = await bettor(5_000);
    const b = await bettor(10_000);
    await placed(b, bet(m, 0, true, 1.01, 1000));
    await placed(b, bet(m, 1, true, 2, 1000));
    expect((await placed(a, bet(m, 0, false, 1.01, 1000))).status).toBe('MATCHED');
    expect((await placed(a, bet(m, 1, false, 2, 1000))).status).toBe('MATCHED');
    expect(await balanceOf(a)).toEqual({ total_balance: 5_000, liability: 0 });
    return { m, a, b };
  }

  it('a runner void raises the hold of a hedge at once: nothing owed can be withdrawn, the market settles', async () => {
    const o = await op();
    const { m, a } = await hedge();
    const v = await o.call('adminMarketVoid', {
      market_id: m.marketId,
      selection_id: m.selectionIds[0],
      request_id: nextId('void'),
    });
    expect(v.body.status, JSON.stringify(v.body)).toBe(true);
    // Rover's lay is void: if Sable wins A pays ₹1000.
    expect(await balanceOf(a)).toEqual({ total_balance: 5_000, liability: 1_000 });
    const w = await o.call('adminWalletWithdraw', { user_id: a.userId, amount: 4_500, request_id: nextId() });
    expect(w.body.status).toBe(false);
    await ledgerClean();
    const r = await o.call('adminMarketResult', { market_id: m.marketId, winners: [m.selectionIds[1]] });
    expect(r.body.status, JSON.stringify(r.body)).toBe(true);
    expect(await balanceOf(a)).toEqual({ total_balance: 4_000, liability: 0 });
    await ledgerClean();
  });

  it('a window void raises the hold of a hedge whose other leg it voids', async () => {
    const o = await op();
    const m = await createMarket(ctx.app);
    const a = await bettor(5_000);
    const b = await bettor(10_000);
    await placed(b, bet(m, 0, false, 2, 1000));
    const from = new Date();
    await placed(a, bet(m, 0, true, 2, 1000)); // A backs at 2 inside the window …
    const to = new Date();
    await new Promise((r) => setTimeout(r, 15));
    await placed(b, bet(m, 0, true, 2, 1000));
    await placed(a, bet(m, 0, false, 2, 1000)); // … and lays at 2 after it: hold ₹0.
    expect((await balanceOf(a)).liability).toBe(0);
    const v = await o.call('adminMarketVoidWindow', {
      market_id: m.marketId,
      from: from.toISOString(),
      to: to.toISOString(),
    });
    expect(v.body.status, JSON.stringify(v.body)).toBe(true);
    expect((await balanceOf(a)).liability).toBe(1_000);
    await ledgerClean();
  });

  it('a bet voided by id never matches: its rest is cancelled under the market lock', async () => {
    const o = await op();
    const m = await createMarket(ctx.app);
    const a = await bettor(5_000);
    const b = await bettor(5_000);
    const resting = await placed(a, bet(m, 0, true, 3, 100));
    expect(resting.status).toBe('UNMATCHED');
    const v = await o.call('adminMarketVoidBets', {
      market_id: m.marketId,
      bet_ids: [resting.bet_id],
      request_id: nextId('vb'),
    });
    expect(v.body.status, JSON.stringify(v.body)).toBe(true);
    // Cancelled in the void's transaction: nothing rests, nothing is held.
    const [row] = await ctx.app.db.select().from(bets).where(eq(bets.betId, resting.bet_id));
    expect(row).toMatchObject({ remainingPaise: 0, cancelledPaise: 10_000 });
    expect(await balanceOf(a)).toEqual({ total_balance: 5_000, liability: 0 });
    expect((await placed(b, bet(m, 0, false, 3, 100))).status).toBe('UNMATCHED');
    await ledgerClean();
  });

  it('racing bets never match a bet once its void has committed', async () => {
    const o = await op();
    const m = await createMarket(ctx.app);
    const a = await bettor(5_000);
    const b = await bettor(50_000);
    for (let round = 0; round < 6; round++) {
      const resting = await placed(a, bet(m, 0, true, 3, 100));
      const lays = Array.from({ length: 4 }, (_, i) =>
        new Promise((r) => setTimeout(r, i)).then(() => b.call('placeMarketBet', bet(m, 0, false, 3, 30))),
      );
      const [v] = await Promise.all([
        o.call('adminMarketVoidBets', {
          market_id: m.marketId,
          bet_ids: [resting.bet_id],
          request_id: nextId(),
        }),
        ...lays,
      ]);
      expect(v.body.status, JSON.stringify(v.body)).toBe(true);
      const [voided] = await ctx.app.db
        .select({ at: marketVoids.createdAt })
        .from(marketVoids)
        .where(eq(marketVoids.betId, resting.bet_id));
      const late = await ctx.app.db
        .select()
        .from(fills)
        .where(and(eq(fills.backBetId, resting.bet_id), gt(fills.createdAt, voided!.at)));
      expect(late, `round ${round}: fills after the void`).toEqual([]);
      const [row] = await ctx.app.db.select().from(bets).where(eq(bets.betId, resting.bet_id));
      expect(row!.remainingPaise).toBe(0);
      await o.call('adminMarketVoidBets', {
        market_id: m.marketId,
        bet_ids: (await ctx.app.db.select().from(bets).where(eq(bets.userId, b.userId))).map((x) => x.betId),
        request_id: nextId(),
      });
    }
    await ledgerClean();
  });

  it('an exchange order naming a bookmaker (or fancy) market is refused and changes nothing', async () => {
    const a = await bettor(5_000);
    for (const kind of ['BOOKMAKER', 'FANCY'] as const) {
      const [mk] = await ctx.app.db.select().from(markets).where(eq(markets.marketKind, kind)).limit(1);
      expect(mk, `a seeded ${kind} market`).toBeDefined();
      const r = await a.call('placeMarketBet', {
        match_id: mk!.matchId,
        market_id: mk!.marketId,
        selection_id: 1,
        is_back: '1',
        odds: 2,
        stack: 100,
        request_id: nextId(),
      });
      expect(r.statusCode).toBe(200);
      expect(r.body).toEqual({
        status: false,
        message: 'This market does not take this kind of bet; use its own bet slip',
      });
      const mine = await ctx.app.db.select().from(bets).where(eq(bets.userId, a.userId));
      expect(mine).toEqual([]);
    }
    expect(await balanceOf(a)).toEqual({ total_balance: 5_000, liability: 0 });
    await ledgerClean();
  });

  it('a liability is rounded once per outcome: ₹100 covers a ₹200 lay at 1.5 matched in two parts', async () => {
    const m = await createMarket(ctx.app);
    const a = await bettor(100);
    const b = await bettor(1_000);
    await placed(b, bet(m, 0, true, 1.5, 100.01));
    const r = await placed(a, bet(m, 0, false, 1.5, 200));
    expect(r.status).toBe('PARTIAL');
    expect(await balanceOf(a)).toEqual({ total_balance: 100, liability: 100 });
    await ledgerClean();
  });

  it('a settled market cannot be reopened by a status call, before or racing the settlement', async () => {
    const o = await op();
    for (let round = 0; round < 4; round++) {
      const m = await createMarket(ctx.app);
      const a = await bettor(1_000);
      await placed(a, bet(m, 0, true, 2, 10));
      const [settle, reopen] = await Promise.all([
        o.call('adminMarketResult', { market_id: m.marketId, winners: [m.selectionIds[0]] }),
        o.call('adminMarketStatus', { market_id: m.marketId, status: 'OPEN', request_id: nextId() }),
      ]);
      expect(settle.statusCode).toBe(200);
      expect(reopen.statusCode).toBe(200);
      const [mk] = await ctx.app.db.select().from(markets).where(eq(markets.marketId, m.marketId));
      const [st] = await ctx.app.db
        .select()
        .from(marketSettlements)
        .where(and(eq(marketSettlements.marketId, m.marketId), eq(marketSettlements.state, 'SETTLED')));
      if (st) expect(mk!.status, `round ${round}: a settled market is closed`).toBe('CLOSED');
      const again = await o.call('adminMarketStatus', {
        market_id: m.marketId,
        status: 'OPEN',
        request_id: nextId(),
      });
      if (st) {
        expect(again.body).toEqual({
          status: false,
          message: 'Market is settled; unsettle it before opening it again',
        });
      }
    }
    await ledgerClean();
  });

  it('a settled win voided after it was spent on another bet: the debt is listed, not a fault', async () => {
    const o = await op();
    const m = await createMarket(ctx.app);
    const a = await bettor(1_000);
    const b = await bettor(1_000);
    await placed(b, bet(m, 0, false, 2, 500));
    const from = new Date();
    await placed(a, bet(m, 0, true, 2, 500));
    const to = new Date();
    const r = await o.call('adminMarketResult', { market_id: m.marketId, winners: [m.selectionIds[0]] });
    expect(r.body.status, JSON.stringify(r.body)).toBe(true);
    // a won ₹500 (less 2% commission) and stakes everything on another market…
    const total = (await balanceOf(a)).total_balance;
    const other = await createMarket(ctx.app);
    await placed(a, bet(other, 0, true, 2, total));
    // … then the winning bet is voided (wrong rate): the win goes back, the stake stays held.
    const v = await o.call('adminMarketVoidWindow', {
      market_id: m.marketId,
      from: from.toISOString(),
      to: to.toISOString(),
    });
    expect(v.body.status, JSON.stringify(v.body)).toBe(true);
    expect(await balanceOf(a)).toEqual({ total_balance: 1_000, liability: total });
    const check = await ledgerClean();
    expect(check.owed).toEqual([{ user_id: a.userId, user_name: expect.any(String), amount: total - 1_000 }]);
  });

  it('a void after the money left: the hold shows the debt, the ledger lists it, the market still settles', async () => {
    const o = await op();
    const { m, a } = await hedge();
    const w = await o.call('adminWalletWithdraw', { user_id: a.userId, amount: 4_500, request_id: nextId() });
    expect(w.body.status).toBe(true);
    const v = await o.call('adminMarketVoid', {
      market_id: m.marketId,
      selection_id: m.selectionIds[0],
      request_id: nextId('void'),
    });
    expect(v.body.status, JSON.stringify(v.body)).toBe(true);
    expect(await balanceOf(a)).toEqual({ total_balance: 500, liability: 1_000 });
    const mine = (check: Awaited<ReturnType<typeof ledgerClean>>) =>
      check.owed.filter((o) => o.user_id === a.userId);
    expect(mine(await ledgerClean())).toEqual([
      { user_id: a.userId, user_name: expect.any(String), amount: 500 },
    ]);
    // Nothing can be bet from a debt.
    const more = await a.call('placeMarketBet', bet(m, 2, true, 2, 10));
    expect(more.body.status).toBe(false);
    const r = await o.call('adminMarketResult', { market_id: m.marketId, winners: [m.selectionIds[1]] });
    expect(r.body.status, JSON.stringify(r.body)).toBe(true);
    expect(await balanceOf(a)).toEqual({ total_balance: -500, liability: 0 });
    expect(mine(await ledgerClean())).toEqual([
      { user_id: a.userId, user_name: expect.any(String), amount: 500 },
    ]);
  });
});
