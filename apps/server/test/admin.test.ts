import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { adminActions } from '../src/modules/audit/schema.ts';
import { bets } from '../src/modules/exchange/schema.ts';
import { runners } from '../src/modules/markets/schema.ts';
import { checkLedger } from '../src/modules/admin/ledger-check.ts';
import type { Api } from './helpers/api.ts';
import { snapshotStore } from './helpers/api.ts';
import { createBettor, createMarket, expectExchangeInvariants } from './helpers/exchange.ts';
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

describeStores('operator calls', (ctx) => {
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

  /** After every scenario: the operator's invariant check holds, and so do the exchange's. */
  async function invariantsHold() {
    const check = await (await op()).call('adminLedgerCheck');
    expect(check.statusCode).toBe(200);
    expect(check.body.data).toMatchObject({ ok: true, problems: [] });
    await expectExchangeInvariants(ctx.app);
  }

  it('a bettor gets 403 on every operator call, and nothing changes', async () => {
    const b = await bettor();
    const m = await createMarket(ctx.app);
    const before = await snapshotStore(ctx.app);
    const calls = [
      ['adminMarketStatus', { market_id: m.marketId, status: 'SUSPENDED' }],
      ['adminMarketResult', { market_id: m.marketId, winners: [m.selectionIds[0]] }],
      ['adminMarketVoid', { market_id: m.marketId }],
      [
        'adminMarketVoidWindow',
        { market_id: m.marketId, from: new Date().toISOString(), to: new Date().toISOString() },
      ],
      ['adminMarketUnsettle', { market_id: m.marketId }],
      ['adminWalletDeposit', { user_id: b.userId, amount: 100, request_id: 'x' }],
      ['adminWalletWithdraw', { user_id: b.userId, amount: 100, request_id: 'y' }],
      ['adminLedgerCheck', undefined],
    ] as const;
    for (const [name, body] of calls) {
      const r = await b.call(name, body);
      expect(r.statusCode, name).toBe(403);
      expect(r.body).toEqual({ status: false, message: 'This call is for operators only' });
      const anon = await b.call(name, body, { token: null });
      expect(anon.statusCode, name).toBe(401);
    }
    expect(await snapshotStore(ctx.app)).toBe(before);
  });

  it('deposit and withdraw: transfers against the house, idempotent on request_id, audited', async () => {
    const o = await op();
    const b = await bettor(0);
    const dep = await o.call('adminWalletDeposit', {
      user_id: b.userId,
      amount: 2500.5,
      request_id: 'dep-1',
      memo: 'bank ref 42',
    });
    expect(dep.body).toMatchObject({
      status: true,
      data: { user_id: b.userId, balance: 2500.5, liability: 0 },
    });
    const again = await o.call('adminWalletDeposit', {
      user_id: b.userId,
      amount: 2500.5,
      request_id: 'dep-1',
      memo: 'bank ref 42',
    });
    expect(again.body).toEqual(dep.body);
    expect(await balanceOf(b)).toEqual({ total_balance: 2500.5, liability: 0 });
    const wd = await o.call('adminWalletWithdraw', { user_id: b.userId, amount: 500.25, request_id: 'wd-1' });
    expect(wd.body).toMatchObject({ status: true, data: { balance: 2000.25 } });
    expect(
      (await o.call('adminWalletWithdraw', { user_id: b.userId, amount: 500.25, request_id: 'wd-1' })).body,
    ).toEqual(wd.body);
    expect(await balanceOf(b)).toEqual({ total_balance: 2000.25, liability: 0 });
    await o.call('adminLedgerCheck');
    const checks = await ctx.app.db
      .select()
      .from(adminActions)
      .where(eq(adminActions.action, 'ledger/check'));
    expect(checks.at(-1)).toMatchObject({ response: { status: true, data: { ok: true } } });
    const audit = await ctx.app.db.select().from(adminActions).where(eq(adminActions.requestId, 'dep-1'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'wallet/deposit',
      request: { user_id: b.userId, amount: 2500.5 },
    });
    await invariantsHold();
  });

  it('refuses a withdrawal above the available balance (balance − exposure) and bad amounts, changing nothing', async () => {
    const o = await op();
    const b = await bettor(1000);
    const m = await createMarket(ctx.app);
    await b.call('placeMarketBet', bet(m, 0, false, 3, 300)); // lay liability 600
    const before = await snapshotStore(ctx.app);
    const r = await o.call('adminWalletWithdraw', {
      user_id: b.userId,
      amount: 400.01,
      request_id: nextId(),
    });
    expect(r.body).toEqual({
      status: false,
      message: 'Withdrawal of ₹400.01 is more than the available ₹400.00',
    });
    for (const [body, field] of [
      [{ user_id: b.userId, amount: 0, request_id: 'a' }, 'amount'],
      [{ user_id: b.userId, amount: -5, request_id: 'a' }, 'amount'],
      [{ user_id: b.userId, amount: 1.234, request_id: 'a' }, 'amount'],
      [{ user_id: b.userId, amount: 10 }, 'request_id'],
      [{ user_id: 'x', amount: 10, request_id: 'a' }, 'user_id'],
    ] as const) {
      const bad = await o.call('adminWalletWithdraw', body);
      expect(bad.statusCode).toBe(400);
      expect(bad.body.message).toContain(field);
    }
    // Refusals are audited, but nothing else changes.
    const { adminActions: _a, ...rest } = JSON.parse(await snapshotStore(ctx.app)) as Record<string, unknown>;
    const { adminActions: _b, ...restBefore } = JSON.parse(before) as Record<string, unknown>;
    expect(rest).toEqual(restBefore);
    const unknown = await o.call('adminWalletDeposit', {
      user_id: 999_999,
      amount: 10,
      request_id: nextId(),
    });
    expect(unknown.body).toEqual({ status: false, message: 'Unknown user 999999' });
    expect(
      (await o.call('adminWalletWithdraw', { user_id: b.userId, amount: 400, request_id: nextId() })).body
        .status,
    ).toBe(true);
    await invariantsHold();
  });

  it('result: the winner is paid less 2% commission on net winnings, the loser pays, the house balances', async () => {
    const o = await op();
    const layer = await bettor(10_000);
    const backer = await bettor(10_000);
    const m = await createMarket(ctx.app);
    await layer.call('placeMarketBet', bet(m, 0, false, 2.5, 1000));
    expect((await backer.call('placeMarketBet', bet(m, 0, true, 2.5, 400))).body.data).toMatchObject({
      status: 'MATCHED',
    });
    const r = await o.call('adminMarketResult', {
      market_id: m.marketId,
      winners: [m.selectionIds[0]],
      request_id: 'res-1',
    });
    // Backer wins 400 × 1.5 = 600, commission 12; the layer loses 600.
    expect(r.body).toMatchObject({
      status: true,
      data: {
        market_id: m.marketId,
        state: 'SETTLED',
        generation: 1,
        winners: [m.selectionIds[0]],
        bets_settled: 2,
        commission: 12,
        house: 12,
      },
    });
    expect(await balanceOf(backer)).toEqual({ total_balance: 10_588, liability: 0 });
    expect(await balanceOf(layer)).toEqual({ total_balance: 9_400, liability: 0 });
    // The layer's unmatched 600 lapsed when the market closed.
    const [layBet] = await ctx.app.db.select().from(bets).where(eq(bets.userId, layer.userId));
    expect(layBet).toMatchObject({
      result: 'LOST',
      profitLossPaise: -60_000,
      settledStatus: 'SETTLED',
      endReason: 'LAPSED',
    });
    const rs = await ctx.app.db.select().from(runners).where(eq(runners.marketId, m.marketId));
    expect(rs.map((x) => x.status).sort()).toEqual(['LOSER', 'LOSER', 'WINNER']);
    // The same request_id answers the same; a new settle is refused.
    expect(
      (
        await o.call('adminMarketResult', {
          market_id: m.marketId,
          winners: [m.selectionIds[0]],
          request_id: 'res-1',
        })
      ).body,
    ).toEqual(r.body);
    const twice = await o.call('adminMarketResult', { market_id: m.marketId, winners: [m.selectionIds[1]] });
    expect(twice.body).toEqual({
      status: false,
      message: 'Market is already settled; unsettle it first to settle it again',
    });
    // Current bets no longer list it; a settled market cannot reopen.
    expect(
      ((await backer.call('getCurrentBets', { bet_type: 'M' })).body.data as { total: number }).total,
    ).toBe(0);
    expect((await o.call('adminMarketStatus', { market_id: m.marketId, status: 'OPEN' })).body).toEqual({
      status: false,
      message: 'Market is settled; unsettle it before opening it again',
    });
    await invariantsHold();
  });

  it('unsettle reverses every transfer and brings exposure back; a re-settlement pays the new winner', async () => {
    const o = await op();
    const layer = await bettor(10_000);
    const backer = await bettor(10_000);
    const m = await createMarket(ctx.app);
    await layer.call('placeMarketBet', bet(m, 1, false, 4, 200));
    await backer.call('placeMarketBet', bet(m, 1, true, 4, 200));
    await o.call('adminMarketResult', { market_id: m.marketId, winners: [m.selectionIds[1]] });
    expect(await balanceOf(backer)).toEqual({ total_balance: 10_588, liability: 0 }); // 600 − 12
    const un = await o.call('adminMarketUnsettle', { market_id: m.marketId });
    expect(un.body).toMatchObject({
      status: true,
      data: { state: 'UNSETTLED', generation: 1, movements: [] },
    });
    expect(await balanceOf(backer)).toEqual({ total_balance: 10_000, liability: 200 });
    expect(await balanceOf(layer)).toEqual({ total_balance: 10_000, liability: 600 });
    expect((await o.call('adminMarketUnsettle', { market_id: m.marketId })).body).toEqual({
      status: false,
      message: 'Market is not settled',
    });
    await invariantsHold();
    const again = await o.call('adminMarketResult', { market_id: m.marketId, winners: [m.selectionIds[0]] });
    expect(again.body).toMatchObject({
      status: true,
      data: { state: 'SETTLED', generation: 2, commission: 4 },
    });
    expect(await balanceOf(backer)).toEqual({ total_balance: 9_800, liability: 0 });
    expect(await balanceOf(layer)).toEqual({ total_balance: 10_196, liability: 0 }); // 200 − 4
    await invariantsHold();
  });

  it('void: a whole market returns every stake; a runner void voids only its bets, even after settlement', async () => {
    const o = await op();
    const a = await bettor();
    const b = await bettor();
    const m = await createMarket(ctx.app);
    await a.call('placeMarketBet', bet(m, 0, false, 2, 100));
    await b.call('placeMarketBet', bet(m, 0, true, 2, 100));
    await a.call('placeMarketBet', bet(m, 1, false, 3, 100));
    await b.call('placeMarketBet', bet(m, 1, true, 3, 100));
    await o.call('adminMarketResult', { market_id: m.marketId, winners: [m.selectionIds[0]] });
    // b won 100 on runner 0 and lost 100 on runner 1: net 0, no commission.
    expect(await balanceOf(b)).toEqual({ total_balance: 10_000, liability: 0 });
    // Void runner 1 afterwards: only the runner-0 bets stand; b nets +100 − 2.
    const v = await o.call('adminMarketVoid', { market_id: m.marketId, selection_id: m.selectionIds[1] });
    expect(v.body).toMatchObject({
      status: true,
      data: { state: 'SETTLED', generation: 2, void_selections: [m.selectionIds[1]], bets_void: 2 },
    });
    expect(await balanceOf(b)).toEqual({ total_balance: 10_098, liability: 0 });
    expect(await balanceOf(a)).toEqual({ total_balance: 9_900, liability: 0 });
    await invariantsHold();
    // Void the whole market: everybody back to the start.
    const whole = await o.call('adminMarketVoid', { market_id: m.marketId });
    expect(whole.body).toMatchObject({
      status: true,
      data: { void_market: true, generation: 3, movements: [], bets_void: 4 },
    });
    expect(await balanceOf(a)).toEqual({ total_balance: 10_000, liability: 0 });
    expect(await balanceOf(b)).toEqual({ total_balance: 10_000, liability: 0 });
    // Voiding again changes nothing.
    expect((await o.call('adminMarketVoid', { market_id: m.marketId })).body).toMatchObject({
      status: true,
      data: { generation: 3 },
    });
    await invariantsHold();
  });

  it('a runner void on an open market removes the runner and cancels its unmatched bets', async () => {
    const o = await op();
    const a = await bettor();
    const m = await createMarket(ctx.app);
    await a.call('placeMarketBet', bet(m, 2, true, 5, 100));
    const r = await o.call('adminMarketVoid', { market_id: m.marketId, selection_id: m.selectionIds[2] });
    expect(r.body).toMatchObject({
      status: true,
      data: { state: 'OPEN', void_selections: [m.selectionIds[2]] },
    });
    expect(await balanceOf(a)).toEqual({ total_balance: 10_000, liability: 0 });
    const refused = await a.call('placeMarketBet', bet(m, 2, true, 5, 100));
    expect(refused.body).toEqual({ status: false, message: 'Runner 3 is not active' });
    await invariantsHold();
  });

  it('voidWindow: bets placed in the window are void at settlement ("wrong rate")', async () => {
    const o = await op();
    const a = await bettor();
    const b = await bettor();
    const m = await createMarket(ctx.app);
    await a.call('placeMarketBet', bet(m, 0, false, 2, 100));
    await b.call('placeMarketBet', bet(m, 0, true, 2, 100));
    const [first] = await ctx.app.db.select().from(bets).where(eq(bets.userId, b.userId));
    await new Promise((r) => setTimeout(r, 20));
    const windowStart = new Date();
    await a.call('placeMarketBet', bet(m, 0, false, 5, 100));
    await b.call('placeMarketBet', bet(m, 0, true, 5, 100));
    const windowEnd = new Date();
    const w = await o.call('adminMarketVoidWindow', {
      market_id: m.marketId,
      from: windowStart.toISOString(),
      to: windowEnd.toISOString(),
    });
    expect(w.body).toMatchObject({
      status: true,
      data: { state: 'OPEN', void_windows: [{ from: windowStart.toISOString() }] },
    });
    await o.call('adminMarketResult', { market_id: m.marketId, winners: [m.selectionIds[0]] });
    // Only the first pair stands: b wins 100 at 2 → +100 − 2.
    expect(await balanceOf(b)).toEqual({ total_balance: 10_098, liability: 0 });
    expect(await balanceOf(a)).toEqual({ total_balance: 9_900, liability: 0 });
    const results = await ctx.app.db.select().from(bets).where(eq(bets.userId, b.userId));
    expect(results.map((x) => [x.betId === first!.betId, x.result])).toEqual(
      expect.arrayContaining([
        [true, 'WON'],
        [false, 'VOID'],
      ]),
    );
    const bad = await o.call('adminMarketVoidWindow', {
      market_id: m.marketId,
      from: windowEnd.toISOString(),
      to: windowStart.toISOString(),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body.message).toContain('from');
    await invariantsHold();
  });

  it('dead heat: two winners each pay half the stake at full odds', async () => {
    const o = await op();
    const a = await bettor();
    const b = await bettor();
    const m = await createMarket(ctx.app);
    await a.call('placeMarketBet', bet(m, 0, false, 3, 100));
    await b.call('placeMarketBet', bet(m, 0, true, 3, 100));
    const r = await o.call('adminMarketResult', {
      market_id: m.marketId,
      winners: [m.selectionIds[0], m.selectionIds[1]],
      dead_heat_count: 2,
    });
    expect(r.body.status).toBe(true);
    // Half of 100 wins at 3 (+100), half loses (−50): +50 net, commission 1.
    expect(await balanceOf(b)).toEqual({ total_balance: 10_049, liability: 0 });
    expect(await balanceOf(a)).toEqual({ total_balance: 9_950, liability: 0 });
    await invariantsHold();
  });

  it('refuses unknown markets and runners, bad winners, and unsettle of an open market, changing nothing', async () => {
    const o = await op();
    const m = await createMarket(ctx.app);
    const before = await snapshotStore(ctx.app);
    const cases: [Parameters<Api['call']>[0], unknown, string][] = [
      ['adminMarketResult', { market_id: 987_654, winners: [1] }, 'Unknown market 987654'],
      [
        'adminMarketResult',
        { market_id: m.marketId, winners: [987_654] },
        `Selection 987654 is not a runner of market ${m.marketId}`,
      ],
      [
        'adminMarketResult',
        { market_id: m.marketId, winners: [m.selectionIds[0], m.selectionIds[1]] },
        'A match-odds market has one winner; give dead_heat_count for a dead heat',
      ],
      [
        'adminMarketResult',
        { market_id: m.marketId, winners: [m.selectionIds[0], m.selectionIds[0]], dead_heat_count: 2 },
        'A winner is listed twice',
      ],
      ['adminMarketVoid', { market_id: 987_654 }, 'Unknown market 987654'],
      [
        'adminMarketVoid',
        { market_id: m.marketId, selection_id: 987_654 },
        `Selection 987654 is not a runner of market ${m.marketId}`,
      ],
      [
        'adminMarketVoidWindow',
        { market_id: 987_654, from: new Date().toISOString(), to: new Date().toISOString() },
        'Unknown market 987654',
      ],
      ['adminMarketUnsettle', { market_id: m.marketId }, 'Market is not settled'],
      ['adminMarketStatus', { market_id: 987_654, status: 'OPEN' }, 'Unknown market 987654'],
    ];
    for (const [name, body, message] of cases) {
      const r = await o.call(name, body);
      expect(r.body, `${name} ${JSON.stringify(body)}`).toEqual({ status: false, message });
    }
    for (const [name, body, field] of [
      ['adminMarketResult', { market_id: m.marketId, winners: [] }, 'winners'],
      ['adminMarketResult', { market_id: m.marketId }, 'winners'],
      ['adminMarketStatus', { market_id: m.marketId, status: 'PAUSED' }, 'status'],
      [
        'adminMarketVoidWindow',
        { market_id: m.marketId, from: 'yesterday', to: new Date().toISOString() },
        'from',
      ],
    ] as const) {
      const r = await o.call(name, body);
      expect(r.statusCode).toBe(400);
      expect(r.body.message).toContain(field);
    }
    const strip = (s: string) => {
      const { adminActions: _x, ...rest } = JSON.parse(s) as Record<string, unknown>;
      return rest;
    };
    expect(strip(await snapshotStore(ctx.app))).toEqual(strip(before));
  });

  it('market/status suspends and reopens with a new version; closing lapses unmatched bets', async () => {
    const o = await op();
    const a = await bettor();
    const m = await createMarket(ctx.app);
    const s = await o.call('adminMarketStatus', {
      market_id: m.marketId,
      status: 'SUSPENDED',
      request_id: 'st-1',
    });
    expect(s.body).toMatchObject({ status: true, data: { status: 'SUSPENDED', version: 2 } });
    expect((await a.call('placeMarketBet', bet(m, 0, true, 2, 10))).body).toEqual({
      status: false,
      message: 'Market is suspended',
    });
    expect(
      (await o.call('adminMarketStatus', { market_id: m.marketId, status: 'SUSPENDED', request_id: 'st-1' }))
        .body,
    ).toEqual(s.body);
    expect((await o.call('adminMarketStatus', { market_id: m.marketId, status: 'OPEN' })).body).toMatchObject(
      { data: { status: 'OPEN', version: 3 } },
    );
    await a.call('placeMarketBet', bet(m, 0, true, 2, 10));
    expect(await balanceOf(a)).toEqual({ total_balance: 10_000, liability: 10 });
    await o.call('adminMarketStatus', { market_id: m.marketId, status: 'CLOSED' });
    expect(await balanceOf(a)).toEqual({ total_balance: 10_000, liability: 0 });
    await invariantsHold();
  });

  it('unsettle is refused when reversing would leave a bettor below zero available', async () => {
    const o = await op();
    const layer = await bettor(1000);
    const backer = await bettor(1000);
    const m = await createMarket(ctx.app);
    await layer.call('placeMarketBet', bet(m, 0, false, 2, 500));
    await backer.call('placeMarketBet', bet(m, 0, true, 2, 500));
    await o.call('adminMarketResult', { market_id: m.marketId, winners: [m.selectionIds[0]] });
    expect(await balanceOf(backer)).toEqual({ total_balance: 1490, liability: 0 });
    await o.call('adminWalletWithdraw', { user_id: backer.userId, amount: 1490, request_id: nextId() });
    const r = await o.call('adminMarketUnsettle', { market_id: m.marketId });
    expect(r.body.status).toBe(false);
    expect(r.body.message).toMatch(/below zero available/);
    await invariantsHold();
  });

  it('the ledger check finds a broken invariant', async () => {
    const clean = await checkLedger(ctx.app);
    expect(clean.ok).toBe(true);
    expect(clean.checked.accounts).toBeGreaterThan(0);
    // Corrupt one stored exposure, check, and put it back.
    const b = await createBettor(ctx.app, 10_000);
    const m = await createMarket(ctx.app);
    const api = ctx.api.fork();
    await api.login(b.userName, b.password);
    await api.call('placeMarketBet', bet(m, 0, true, 2, 10));
    await ctx.app.db.execute(
      sql`update exposure_holds set exposure_paise = exposure_paise + 1 where user_id = ${b.userId}`,
    );
    const broken = await checkLedger(ctx.app);
    expect(broken.ok).toBe(false);
    expect(broken.problems).toEqual([
      `User ${b.userId} in market ${m.marketId}: stored exposure ₹10.01, recomputed ₹10.00`,
    ]);
    await ctx.app.db.execute(
      sql`update exposure_holds set exposure_paise = exposure_paise - 1 where user_id = ${b.userId}`,
    );
    expect((await checkLedger(ctx.app)).ok).toBe(true);
  });
});
