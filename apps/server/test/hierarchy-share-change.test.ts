// Issue 41, changing a share (docs/hierarchy.md "Changing a share"): a share changed later applies
// to bets placed after the change. Master M 30 % → agent A 20 % → bettor B. B stakes on market X,
// then M lowers A's share to 10 %, then B stakes on market Y (and once more on X). Both settled as
// B's losses: X is shared at 20 % (B's first stake on X came before the change), Y at 10 %; an
// unsettle and a re-settlement of X move the very same figures. Every account's money after each
// step, the ledger check clean. On both stores.
import { expect, it } from 'vitest';
import type { AdminUser } from '@backlay/contract';
import { checkLedger } from '../src/modules/admin/ledger-check.ts';
import type { Api } from './helpers/api.ts';
import { createBettor, createMarket, marketBet, nextRequestId, placedBet } from './helpers/exchange.ts';
import { treeOf } from './helpers/hierarchy.ts';
import { describeStores, type StoreContext } from './helpers/stores.ts';

const rid = (p = 'shc') => nextRequestId(p);

async function ledgerClean(ctx: StoreContext) {
  const check = await checkLedger(ctx.app);
  expect(check.problems).toEqual([]);
}

describeStores('hierarchy: a share changed later applies to bets placed after the change', (ctx) => {
  const { as, create } = treeOf(ctx);
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
  const share = (by: Api, user_id: number, share_pct: number) =>
    by.call('adminUserShare', { user_id, share_pct, request_id: rid('share') });

  it('who may change a share, and to what: refused in words', async () => {
    const operator = await as('operator', 'operator123');
    const m = await create(operator, 'master', { share_pct: 30 });
    const master = await as(m.userName);
    const a = await create(master, 'agent', { share_pct: 20 });
    const agent = await as(a.userName);
    const b = await create(agent, 'bettor');
    // Over 100 % down the chain, counting the shares below as well as above.
    expect((await share(operator, m.userId, 85)).body).toEqual({
      status: false,
      message:
        'The shares above this account add up to 0 % and below it up to 20 %: its share may be at most 80 %',
    });
    expect((await share(master, a.userId, 70.5)).body).toEqual({
      status: false,
      message:
        'The shares above this account add up to 30 % and below it up to 0 %: its share may be at most 70 %',
    });
    expect((await share(agent, a.userId, 5)).body).toEqual({
      status: false,
      message: 'Your own share is set by your upline',
    });
    expect((await share(agent, b.userId, 5)).body).toEqual({
      status: false,
      message: 'A bettor has no share: shares are for masters and agents',
    });
    const bad = await share(master, a.userId, 101);
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/share_pct/);
    const ok = await share(operator, m.userId, 80);
    expect(ok.body).toMatchObject({ status: true });
    expect((ok.body.data as AdminUser).share_pct).toBe(80);
  });

  it('X staked before the change is shared at the old figure, Y after at the new one, through unsettle and resettle', async () => {
    const operator = await as('operator', 'operator123');
    const m = await create(operator, 'master', { share_pct: 30 });
    const master = await as(m.userName);
    const a = await create(master, 'agent', { share_pct: 20 });
    const agent = await as(a.userName);
    const b = await create(agent, 'bettor');
    await give(operator, m.userId, 1_000);
    await give(master, a.userId, 600);
    await give(agent, b.userId, 500);
    const x = await createBettor(ctx.app, 100_000);
    const bettor = await as(b.userName);
    const layer = await as(x.userName, x.password);

    const mx = await createMarket(ctx.app);
    await placedBet(bettor, marketBet(mx, 0, true, 2, 100));
    await placedBet(layer, marketBet(mx, 0, false, 2, 100));
    // The master lowers the agent's share: from now on, 10 %.
    expect((await share(master, a.userId, 10)).body).toMatchObject({ status: true });
    const my = await createMarket(ctx.app);
    await placedBet(bettor, marketBet(my, 0, true, 2, 100));
    await placedBet(layer, marketBet(my, 0, false, 2, 100));
    // Another stake on X after the change: X's chain is still the one of B's first stake on it.
    await placedBet(bettor, marketBet(mx, 0, true, 2, 50));
    await placedBet(layer, marketBet(mx, 0, false, 2, 50));

    const all = async () => ({
      m: await rupeesOf(m.userId),
      a: await rupeesOf(a.userId),
      b: await rupeesOf(b.userId),
    });
    const settle = async (mk: typeof mx, name: 'adminMarketResult' | 'adminMarketUnsettle', body: object) => {
      const r = await operator.call(name, { market_id: mk.marketId, request_id: rid(name), ...body });
      expect(r.body, JSON.stringify(r.body)).toMatchObject({ status: true });
      await ledgerClean(ctx);
    };
    expect(await all()).toEqual({ m: 400, a: 100, b: 500 });
    // X: B loses ₹150 — A 20 % (₹30), M 30 % (₹45).
    await settle(mx, 'adminMarketResult', { winners: [mx.selectionIds[1]] });
    expect(await all()).toEqual({ m: 445, a: 130, b: 350 });
    // Y: B loses ₹100 — A 10 % (₹10), M 30 % (₹30).
    await settle(my, 'adminMarketResult', { winners: [my.selectionIds[1]] });
    expect(await all()).toEqual({ m: 475, a: 140, b: 250 });
    // X unsettled and settled again: the same 20 % moves back and forth.
    await settle(mx, 'adminMarketUnsettle', {});
    expect(await all()).toEqual({ m: 430, a: 110, b: 400 });
    await settle(mx, 'adminMarketResult', { winners: [mx.selectionIds[1]] });
    expect(await all()).toEqual({ m: 475, a: 140, b: 250 });
  });
});
