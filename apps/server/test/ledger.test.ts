import { DEFAULT_BUTTON_VALUES } from '@backlay/contract';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { users } from '../src/modules/account/schema.ts';
import { markets } from '../src/modules/markets/schema.ts';
import { buttonValues } from '../src/modules/stakes/schema.ts';
import { ledgerAccounts, transfers } from '../src/modules/wallet/schema.ts';
import { DEMO_BALANCE_PAISE, DEMO_TREE_CREDIT_PAISE } from '../src/seed/seed.ts';
import { HOUSE_CASH } from '../src/modules/wallet/service.ts';
import { expectLedgerBalanced } from './helpers/ledger.ts';
import { describeStores } from './helpers/stores.ts';

describeStores('ledger', (ctx) => {
  it("the seed: each demo bettor (demo, demo2) and the master have one deposit from the house; the tree's credit moves between its accounts", async () => {
    const rows = await ctx.app.db.select().from(transfers);
    const [house] = await ctx.app.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.code, HOUSE_CASH));
    const deposits = rows.filter((r) => r.kind === 'deposit');
    expect(deposits.map((r) => r.amountPaise).sort((a, b) => a - b)).toEqual(
      [DEMO_BALANCE_PAISE, DEMO_BALANCE_PAISE, DEMO_TREE_CREDIT_PAISE.master].sort((a, b) => a - b),
    );
    for (const row of deposits) expect(row.debitAccountId).toBe(house!.accountId);
    // The master to the agent, the agent to each of its two bettors: never the house.
    const credit = rows.filter((r) => r.kind !== 'deposit').sort((a, b) => a.transferId - b.transferId);
    expect(credit.map((r) => [r.kind, r.amountPaise])).toEqual([
      ['credit_given', DEMO_TREE_CREDIT_PAISE.agent],
      ['credit_given', DEMO_TREE_CREDIT_PAISE.bettor],
      ['credit_given', DEMO_TREE_CREDIT_PAISE.bettor],
    ]);
    for (const row of credit) {
      expect([row.debitAccountId, row.creditAccountId]).not.toContain(house!.accountId);
    }
    expect(house!.balancePaise).toBe(-(2 * DEMO_BALANCE_PAISE + DEMO_TREE_CREDIT_PAISE.master));
    await expectLedgerBalanced(ctx.app);
  });

  it('a new user gets a cash account at zero and the default buttons', async () => {
    const userId = await ctx.app.account.createUser({ userName: 'fresh', password: 'fresh1234' });
    expect(await ctx.app.wallet.balancePaise(userId)).toBe(0);
    const buttons = await ctx.app.db.select().from(buttonValues).where(eq(buttonValues.userId, userId));
    expect(buttons).toHaveLength(DEFAULT_BUTTON_VALUES.Game.length + DEFAULT_BUTTON_VALUES.Casino.length);
    const api = ctx.api.fork();
    await api.login('FRESH', 'fresh1234');
    expect((await api.call('getUserBalance')).body.data).toEqual({ total_balance: 0, liability: 0 });
  });

  it('user names are unique whatever their case', async () => {
    await expect(ctx.app.account.createUser({ userName: 'Demo', password: 'x1234567' })).rejects.toThrow();
  });

  it('deposits are idempotent on their key and concurrent ones all count', async () => {
    const userId = await ctx.app.account.createUser({ userName: 'saver', password: 'saver1234' });
    const first = await ctx.app.wallet.deposit(userId, 12_345, 'test:dep:1');
    const again = await ctx.app.wallet.deposit(userId, 12_345, 'test:dep:1');
    expect(again).toEqual({ transferId: first.transferId, repeated: true });
    await expect(ctx.app.wallet.deposit(userId, 99, 'test:dep:1')).rejects.toThrow(/already used/);
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => ctx.app.wallet.deposit(userId, 1_001, `test:dep:c${i}`)),
    );
    expect(await ctx.app.wallet.balancePaise(userId)).toBe(12_345 + 10 * 1_001);
    const api = ctx.api.fork();
    await api.login('saver', 'saver1234');
    expect((await api.call('getUserBalance')).body.data).toEqual({ total_balance: 223.55, liability: 0 });
    await expectLedgerBalanced(ctx.app);
  });

  it('refuses zero, negative and fractional amounts', async () => {
    const userId = await ctx.app.account.createUser({ userName: 'zero', password: 'zero12345' });
    for (const amount of [0, -5, 1.5, Number.NaN]) {
      await expect(ctx.app.wallet.deposit(userId, amount, `test:bad:${amount}`)).rejects.toThrow(
        /positive whole/,
      );
    }
    // The database refuses them too, whoever writes.
    const [house] = await ctx.app.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.code, HOUSE_CASH));
    const [account] = await ctx.app.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.userId, userId));
    await expect(
      ctx.app.db.insert(transfers).values({
        debitAccountId: house!.accountId,
        creditAccountId: account!.accountId,
        amountPaise: -1,
        kind: 'deposit',
        idempotencyKey: 'test:raw:neg',
      }),
    ).rejects.toThrow();
    await expectLedgerBalanced(ctx.app);
  });

  it('transfers are immutable: UPDATE and DELETE are refused by the store', async () => {
    await expect(ctx.app.db.update(transfers).set({ amountPaise: 1 })).rejects.toThrow();
    await expect(ctx.app.db.delete(transfers)).rejects.toThrow();
    await expect(ctx.app.db.execute(sql`update transfers set memo = 'x'`)).rejects.toThrow();
    await expectLedgerBalanced(ctx.app);
  });

  it('the audit notices a cached balance that drifted from its transfers', async () => {
    const [house] = await ctx.app.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.code, HOUSE_CASH));
    await ctx.app.db
      .update(ledgerAccounts)
      .set({ balancePaise: sql`${ledgerAccounts.balancePaise} + 1` })
      .where(eq(ledgerAccounts.accountId, house!.accountId));
    const audit = await ctx.app.wallet.audit();
    expect(audit.mismatches).toEqual([
      { accountId: house!.accountId, cachedPaise: expect.any(Number), computedPaise: expect.any(Number) },
    ]);
    await ctx.app.db
      .update(ledgerAccounts)
      .set({ balancePaise: sql`${ledgerAccounts.balancePaise} - 1` })
      .where(eq(ledgerAccounts.accountId, house!.accountId));
    await expectLedgerBalanced(ctx.app);
  });

  it('liability and My Market come from the exposure holds of every market kind, summed', async () => {
    const api = ctx.api.fork();
    await api.login('demo', 'demo1234');
    const [{ userId }] = (await ctx.app.db
      .select({ userId: users.userId })
      .from(users)
      .where(eq(users.userName, 'demo'))) as [{ userId: number }];
    const two = await ctx.app.db
      .select({ marketId: markets.marketId })
      .from(markets)
      .orderBy(markets.marketId)
      .limit(2);
    expect(two).toHaveLength(2);
    await ctx.app.db.transaction(async (tx) => {
      await ctx.app.wallet.holds.set(tx, two[0]!.marketId, new Map([[userId, 100_000]]), new Date());
      await ctx.app.wallet.holds.set(tx, two[1]!.marketId, new Map([[userId, 23_456]]), new Date());
    });
    try {
      expect((await api.call('getUserBalance')).body.data).toEqual({
        total_balance: 100000,
        liability: 1234.56,
      });
      const detail = (await api.call('getExposureDetail')).body.data as { data: { market_id: number }[] };
      expect(detail.data.map((d) => d.market_id).sort()).toEqual([two[0]!.marketId, two[1]!.marketId].sort());
    } finally {
      await ctx.app.db.transaction(async (tx) => {
        await ctx.app.wallet.holds.clearMarket(tx, two[0]!.marketId);
        await ctx.app.wallet.holds.clearMarket(tx, two[1]!.marketId);
      });
    }
  });
});
