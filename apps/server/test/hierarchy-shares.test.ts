// Issue 41, shares of the result (docs/hierarchy.md "Shares"): master M 30 % → agent A 20 % → bettor
// B. On a settled market the house's gain or loss on B (commission included) is split: A 20 %, M
// 30 %, the house the rest; a void moves nothing; an unsettle takes every share back and a
// re-settlement applies them again, exactly. Every account's money after each step, nothing
// created, the ledger check clean. On both stores.
import { expect, it } from 'vitest';
import { checkLedger } from '../src/modules/admin/ledger-check.ts';
import type { Api } from './helpers/api.ts';
import { createBettor, createMarket, marketBet, nextRequestId, placedBet } from './helpers/exchange.ts';
import { TREE_PASSWORD as PASSWORD, treeName as uname, treeOf } from './helpers/hierarchy.ts';
import { describeStores, type StoreContext } from './helpers/stores.ts';

const rid = (p = 'sh') => nextRequestId(p);
/** An India day `offsetDays` from today. */
const day = (offsetDays: number) =>
  new Date(Date.now() + 5.5 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);

async function ledgerClean(ctx: StoreContext) {
  const check = await checkLedger(ctx.app);
  expect(check.problems).toEqual([]);
  expect(check.ok).toBe(true);
}

describeStores('hierarchy: shares of the result through settlement', (ctx) => {
  const tree = treeOf(ctx);
  const as = tree.as;
  const create = (by: Api, role: 'master' | 'agent' | 'bettor', share_pct?: number) =>
    tree.create(by, role, share_pct === undefined ? {} : { share_pct });
  const give = async (by: Api, user_id: number, amount: number) => {
    const r = await by.call('adminWalletDeposit', {
      user_id,
      amount,
      request_id: rid('give'),
      memo: 'credit',
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ status: true });
  };
  const rupeesOf = async (userId: number) => (await ctx.app.wallet.balancePaise(userId)) / 100;

  it('a chain of shares adds up to at most 100 %: a share over what is left is refused in words', async () => {
    const operator = await as('operator', 'operator123');
    const m = await create(operator, 'master', 30);
    const master = await as(m.userName);
    const r = await master.call('adminUserCreate', {
      user_name: uname('agent'),
      password: PASSWORD,
      role: 'agent',
      must_change_password: false,
      share_pct: 70.01,
      request_id: rid(),
    });
    expect(r.body).toEqual({
      status: false,
      message: 'The shares above this account already add up to 30 %: its share may be at most 70 %',
    });
    await create(master, 'agent', 70);
  });

  it("win, loss, void, unsettle and resettle across three levels: each upline's share to the paisa, commission shared, nothing created", async () => {
    const operator = await as('operator', 'operator123');
    const m = await create(operator, 'master', 30);
    const master = await as(m.userName);
    const a = await create(master, 'agent', 20);
    const agent = await as(a.userName);
    const b = await create(agent, 'bettor');
    await give(operator, m.userId, 1_000);
    await give(master, a.userId, 600);
    await give(agent, b.userId, 300);
    // The counterparty, straight under the operator: no uplines, no shares.
    const x = await createBettor(ctx.app, 100_000);
    const bettor = await as(b.userName);
    const layer = await as(x.userName, x.password);

    const mk = await createMarket(ctx.app);
    await placedBet(bettor, marketBet(mk, 0, true, 2, 100)); // B backs runner 1 at 2.0 for ₹100
    await placedBet(layer, marketBet(mk, 0, false, 2, 100)); // X lays it
    const all = async () => ({
      m: await rupeesOf(m.userId),
      a: await rupeesOf(a.userId),
      b: await rupeesOf(b.userId),
      x: await rupeesOf(x.userId),
    });
    const total = async () => Object.values(await all()).reduce((t, v) => t + v, 0);
    const before = await total();
    const call = async (
      name: 'adminMarketResult' | 'adminMarketUnsettle' | 'adminMarketVoid',
      body: object,
    ) => {
      const r = await operator.call(name, { market_id: mk.marketId, request_id: rid(name), ...body });
      expect(r.body, JSON.stringify(r.body)).toMatchObject({ status: true });
      await ledgerClean(ctx);
    };

    // B loses ₹100: A gets ₹20, M ₹30 (the house keeps ₹50); X wins ₹100 less 2 % commission.
    await call('adminMarketResult', { winners: [mk.selectionIds[1]] });
    expect(await all()).toEqual({ m: 430, a: 320, b: 200, x: 1_098 });

    // Unsettled: every share back.
    await call('adminMarketUnsettle', {});
    expect(await all()).toEqual({ m: 400, a: 300, b: 300, x: 1_000 });

    // B wins ₹100 less ₹2 commission: the house lost ₹98 on B, A pays 20 % of it (₹19.60), M 30 % (₹29.40).
    await call('adminMarketResult', { winners: [mk.selectionIds[0]] });
    expect(await all()).toEqual({ m: 370.6, a: 280.4, b: 398, x: 900 });

    // Voided while settled: settled again on the void, nothing moves for anyone.
    await call('adminMarketVoid', {});
    expect(await all()).toEqual({ m: 400, a: 300, b: 300, x: 1_000 });

    // What the tree and X hold changed only by what moved to and from the house.
    expect(await total()).toBe(before);

    // Each level's statement shows its share.
    const stmt = await agent.call('getAccountStatement', { from_date: day(-1), to_date: day(0), page: 1 });
    expect(JSON.stringify(stmt.body)).toMatch(/share of the downline’s loss/);
  });
});
