// Issue 41, the foundation: masters and agents (docs/hierarchy.md). The tree's rules, the console's
// one scope check walked over every console endpoint of the contract, credit moved down and up the
// tree through the ledger (the ledger check clean after each move), the credit reference, the
// downline list, the demo tree; and on PostgreSQL, transfers racing bets.
import {
  consoleScopeOf,
  consoleScopes,
  endpoints,
  type AdminUserRow,
  type EndpointName,
} from '@backlay/contract';
import { expect, it } from 'vitest';
import { registerEndpoint, ok } from '../src/http/route.ts';
import { checkLedger } from '../src/modules/admin/ledger-check.ts';
import { NOT_YOURS, OPERATOR_ONLY } from '../src/modules/hierarchy/scope.ts';
import { BET_LOCKED_MESSAGE } from '../src/modules/wallet/stake-gate.ts';
import type { Api } from './helpers/api.ts';
import { createMarket, expectExchangeInvariants, marketBet, nextRequestId } from './helpers/exchange.ts';
import { TREE_PASSWORD as PASSWORD, treeName as uname, treeOf } from './helpers/hierarchy.ts';
import { describeStores, type StoreContext } from './helpers/stores.ts';
import { z } from 'zod';

const rid = (p = 'h') => nextRequestId(p);
/** A report's last week, in India's days. */
const day = (offsetDays: number) =>
  new Date(Date.now() + 5.5 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);
const WEEK = { from_date: day(-6), to_date: day(0) };

/** Every call of the contract that is the console's (access 'operator'). */
const consoleNames = (Object.keys(endpoints) as EndpointName[]).filter(
  (n) => endpoints[n].access === 'operator',
);

/** A console call mounted by this test without a scope declaration (not in the contract). */
const UNSCOPED = 'adminUnscopedForTest';

async function ledgerClean(ctx: StoreContext) {
  const check = await checkLedger(ctx.app);
  expect(check.problems).toEqual([]);
  expect(check.ok).toBe(true);
}

describeStores(
  'hierarchy: roles and tree, the scope check, credit through the ledger',
  (ctx) => {
    let operator: Api;
    const { as, create } = treeOf(ctx);
    const money = async (
      by: Api,
      call: 'adminWalletDeposit' | 'adminWalletWithdraw',
      user_id: number,
      amount: number,
    ) => by.call(call, { user_id, amount, request_id: rid('money'), memo: 'credit' });
    const balanceOf = async (userId: number) => (await ctx.app.wallet.balancePaise(userId)) / 100;

    /**
     * A tree: master M (30 %) → agent A (20 %) → bettor B, and beside it master M2 → agent A2 →
     * bettor B2 (the outsiders), each signed in.
     */
    async function tree() {
      operator ??= await as('operator', 'operator123');
      const m = await create(operator, 'master', { share_pct: 30 });
      const m2 = await create(operator, 'master', { share_pct: 25 });
      const master = await as(m.userName);
      const master2 = await as(m2.userName);
      const a = await create(master, 'agent', { share_pct: 20 });
      const a2 = await create(master2, 'agent', { share_pct: 10 });
      const agent = await as(a.userName);
      const agent2 = await as(a2.userName);
      const b = await create(agent, 'bettor');
      const b2 = await create(agent2, 'bettor');
      return { m, m2, a, a2, b, b2, master, master2, agent, agent2 };
    }

    it('who creates whom: the operator masters, a master agents and bettors, an agent bettors; refused in words otherwise', async () => {
      const t = await tree();
      const refused = async (by: Api, body: object) => {
        const r = await by.call('adminUserCreate', {
          user_name: uname('x'),
          password: PASSWORD,
          request_id: rid('create'),
          ...body,
        });
        expect(r.statusCode).toBe(200);
        expect(r.body.status).toBe(false);
        return r.body.message;
      };
      expect(await refused(t.master, { role: 'master' })).toBe(
        'A master cannot create a master: it creates agent and bettor accounts',
      );
      expect(await refused(t.agent, { role: 'agent' })).toBe(
        'An agent cannot create an agent: it creates bettor accounts',
      );
      expect(await refused(operator, { role: 'master', parent_id: t.m.userId })).toBe(
        `User ${t.m.userId} is a master: a master cannot be under it`,
      );
      expect(await refused(operator, { role: 'bettor', parent_id: t.b.userId })).toBe(
        `User ${t.b.userId} is a bettor: a bettor cannot be under it`,
      );
      expect(await refused(t.agent, { role: 'bettor', share_pct: 5 })).toBe(
        'A bettor has no share: share_pct is for masters and agents',
      );
      // A master creates a bettor under its agent; the operator an agent under a master.
      const under = await create(t.master, 'bettor', { parent_id: t.a.userId });
      const agentB = await create(operator, 'agent', { parent_id: t.m.userId, share_pct: 12.5 });
      const list = (await t.master.call('adminUsers', { page: 1 })).body.data as { rows: AdminUserRow[] };
      const row = (id: number) => list.rows.find((r) => r.user_id === id);
      expect(row(under.userId)).toMatchObject({ role: 'bettor', parent_id: t.a.userId, share_pct: null });
      expect(row(agentB.userId)).toMatchObject({ role: 'agent', parent_id: t.m.userId, share_pct: 12.5 });
      expect(row(t.a.userId)).toMatchObject({ role: 'agent', share_pct: 20, credit_reference: 0 });
      // A parent outside the caller's subtree: 403, the same for one that does not exist.
      for (const parent_id of [t.a2.userId, t.m2.userId, 9_999_999]) {
        const r = await t.master.call('adminUserCreate', {
          user_name: uname('x'),
          password: PASSWORD,
          role: 'bettor',
          parent_id,
          request_id: rid('create'),
        });
        expect(r.statusCode).toBe(403);
        expect(r.body).toEqual({ status: false, message: NOT_YOURS });
      }
    });

    it("admin/users lists the caller's subtree (role, parent, share, balance, exposure, credit reference); the operator's lists everyone", async () => {
      const t = await tree();
      const ids = async (api: Api, q: object = {}) =>
        ((await api.call('adminUsers', { page: 1, ...q })).body.data as { rows: AdminUserRow[] }).rows.map(
          (r) => r.user_id,
        );
      expect((await ids(t.master)).sort()).toEqual([t.m.userId, t.a.userId, t.b.userId].sort());
      expect((await ids(t.agent)).sort()).toEqual([t.a.userId, t.b.userId].sort());
      expect(await ids(t.agent, { search: t.b2.userName })).toEqual([]);
      expect(await ids(operator, { search: t.b2.userName })).toEqual([t.b2.userId]);
      expect(await ids(t.master, { parent_id: t.a.userId })).toEqual([t.b.userId]);
      // Its audit: the actions of its subtree only.
      const audit = (await t.agent.call('adminAudit', { page: 1 })).body.data as {
        rows: { operator_id: number }[];
      };
      expect(audit.rows.length).toBeGreaterThan(0);
      expect(new Set(audit.rows.map((r) => r.operator_id))).toEqual(new Set([t.a.userId]));
      // The console's session names the role.
      expect((await t.agent.call('adminSession')).body.data).toMatchObject({ role: 'agent' });
    });

    it('the walk: every console endpoint of the contract, as a master and as an agent, against someone outside their subtree answers 403', async () => {
      const t = await tree();
      // Every console call declares its scope (a new one without fails here, by name).
      const unscoped = consoleNames.filter((n) => consoleScopeOf(n) === undefined);
      expect(unscoped).toEqual([]);
      expect(Object.keys(consoleScopes).sort()).toEqual([...consoleNames].sort());
      const operatorId = ((await operator.call('adminSession')).body.data as { user_id: number }).user_id;
      const outsiders = [t.m2.userId, t.a2.userId, t.b2.userId, operatorId, 9_999_999];
      let walked = 0;
      for (const [who, api] of [
        ['master', t.master],
        ['agent', t.agent],
      ] as const) {
        for (const name of consoleNames) {
          const scope = consoleScopeOf(name)!;
          if (scope.kind === 'operator') {
            const r = await api.call(name, {});
            expect(r.statusCode, `${who} ${name}`).toBe(403);
            expect(r.body, `${who} ${name}`).toEqual({ status: false, message: OPERATOR_ONLY });
            walked += 1;
            continue;
          }
          for (const field of scope.users) {
            for (const outsider of outsiders) {
              const r = await api.call(name, { [field]: outsider, request_id: rid('walk') });
              expect(r.statusCode, `${who} ${name} ${field}=${outsider}`).toBe(403);
              expect(r.body, `${who} ${name}`).toEqual({ status: false, message: NOT_YOURS });
            }
            // Anything but an id in a field that names a user: 403 too, never a lookup.
            const odd = await api.call(name, { [field]: 'abc' });
            expect(odd.statusCode, `${who} ${name} ${field}=abc`).toBe(403);
            walked += 1;
          }
          if (scope.users.length === 0) {
            // adminSession: it names nobody; it answers the caller.
            expect((await api.call(name)).statusCode).toBe(200);
            walked += 1;
          }
        }
        // A console call mounted without a scope declaration: refused below the operator.
        const r = await api.raw('POST', `/api/admin/unscopedForTest`, {});
        expect(r.statusCode).toBe(403);
      }
      expect(walked).toBeGreaterThanOrEqual(consoleNames.length * 2);
      // A bettor: every console call 403.
      const bettor = await as(t.b.userName);
      for (const name of consoleNames) expect((await bettor.call(name, {})).statusCode, name).toBe(403);
      // The operator reaches the unscoped call.
      expect((await operator.raw('POST', `/api/admin/unscopedForTest`, {})).statusCode).toBe(200);
    });

    it('inside their subtree: a master reads and changes its own downline (view, statement, lock)', async () => {
      const t = await tree();
      const view = await t.master.call('adminUser', { user_id: t.b.userId });
      expect(view.body).toMatchObject({ status: true, data: { user_id: t.b.userId, role: 'bettor' } });
      const statement = await t.master.call('adminUserStatement', {
        user_id: t.b.userId,
        ...WEEK,
      });
      expect(statement.statusCode).toBe(200);
      const lock = await t.master.call('adminUserLock', {
        user_id: t.a.userId,
        locked: true,
        request_id: rid(),
      });
      expect(lock.body).toMatchObject({ status: true, data: { lock: 'LOCKED' } });
      const unlock = await t.master.call('adminUserLock', {
        user_id: t.a.userId,
        locked: false,
        request_id: rid(),
      });
      expect(unlock.body).toMatchObject({ status: true, data: { lock: 'NONE' } });
      const own = await t.master.call('adminUserLock', {
        user_id: t.m.userId,
        locked: true,
        request_id: rid(),
      });
      expect(own.body).toEqual({ status: false, message: 'You cannot do this to your own account' });
    });

    it("credit moves down and up through the ledger, from and to the caller's own cash; refused in words when short; the ledger check clean after each", async () => {
      const t = await tree();
      const step = async (
        by: Api,
        call: 'adminWalletDeposit' | 'adminWalletWithdraw',
        to: number,
        amount: number,
      ) => {
        const r = await money(by, call, to, amount);
        expect(r.body, JSON.stringify(r.body)).toMatchObject({ status: true });
        await ledgerClean(ctx);
        return r;
      };
      // The operator's deposit comes from the house.
      await step(operator, 'adminWalletDeposit', t.m.userId, 1000);
      expect(await balanceOf(t.m.userId)).toBe(1000);
      // The master's from its own cash.
      await step(t.master, 'adminWalletDeposit', t.a.userId, 600);
      expect([await balanceOf(t.m.userId), await balanceOf(t.a.userId)]).toEqual([400, 600]);
      const short = await money(t.master, 'adminWalletDeposit', t.a.userId, 500);
      expect(short.body).toEqual({
        status: false,
        message: 'Your available balance is ₹400.00: not enough to give ₹500.00',
      });
      await step(t.agent, 'adminWalletDeposit', t.b.userId, 300);
      await step(t.agent, 'adminWalletWithdraw', t.b.userId, 100);
      expect([await balanceOf(t.a.userId), await balanceOf(t.b.userId)]).toEqual([400, 200]);
      await step(t.master, 'adminWalletWithdraw', t.a.userId, 50);
      expect([await balanceOf(t.m.userId), await balanceOf(t.a.userId)]).toEqual([450, 350]);
      const over = await money(t.master, 'adminWalletWithdraw', t.a.userId, 351);
      expect(over.body).toEqual({
        status: false,
        message: 'Withdrawal of ₹351.00 is more than the available ₹350.00',
      });
      // One level at a time: the master does not reach past its agent; nobody its own account.
      expect((await money(t.master, 'adminWalletDeposit', t.b.userId, 1)).body).toEqual({
        status: false,
        message: `User ${t.b.userId} is not directly under you: deposits go one level at a time, through its parent`,
      });
      expect((await money(t.agent, 'adminWalletDeposit', t.a.userId, 1)).body).toMatchObject({
        status: false,
        message: expect.stringMatching(/^Not your own account/),
      });
      // A repeated request_id moves nothing twice.
      const again = { user_id: t.b.userId, amount: 10, request_id: rid('again') };
      await t.agent.call('adminWalletDeposit', again);
      await t.agent.call('adminWalletDeposit', again);
      expect(await balanceOf(t.b.userId)).toBe(210);
      // Nothing was created: the tree holds what the house gave.
      const sum = (await Promise.all([t.m, t.a, t.b].map((u) => balanceOf(u.userId)))).reduce(
        (a, b) => a + b,
      );
      expect(sum).toBe(1000);
      // Each level's statement shows the movements.
      const stmt = await t.agent.call('getAccountStatement', {
        ...WEEK,
        page: 1,
      });
      expect(JSON.stringify(stmt.body)).toContain('Credit given');
      await ledgerClean(ctx);
    });

    it('a bet lock set by an upline stops the account and everything below it; only the locker or one above lifts it', async () => {
      const t = await tree();
      await money(operator, 'adminWalletDeposit', t.m.userId, 1000);
      await money(t.master, 'adminWalletDeposit', t.a.userId, 600);
      await money(t.agent, 'adminWalletDeposit', t.b.userId, 300);
      const bettor = await as(t.b.userName);
      const market = await createMarket(ctx.app);
      const bet = () => bettor.call('placeMarketBet', marketBet(market, 0, true, 2, 10));
      const lock = (by: Api, user_id: number, locked: boolean) =>
        by.call('adminUserBetLock', { user_id, locked, request_id: rid('betlock') });
      const refusedLocked = { status: false, message: BET_LOCKED_MESSAGE };

      // The master locks its bettor: refused in words, shown in the downline list.
      expect((await lock(t.master, t.b.userId, true)).body).toMatchObject({
        status: true,
        data: { bet_locked: true },
      });
      expect((await bet()).body).toEqual(refusedLocked);
      // The agent, below the master, cannot lift the master's lock; nor lock or unlock itself.
      expect((await lock(t.agent, t.b.userId, false)).body).toEqual({
        status: false,
        message: `Betting was locked by ${t.m.userName}, above you: only they or their upline can unlock it`,
      });
      expect((await lock(t.agent, t.a.userId, false)).body).toEqual({
        status: false,
        message: 'Your own betting is set by your upline',
      });
      await lock(t.master, t.b.userId, false);
      expect((await bet()).body, 'unlocked, the bet is taken').toMatchObject({ status: true });

      // A lock on the agent stops every bettor below it.
      await lock(t.master, t.a.userId, true);
      expect((await bet()).body).toEqual(refusedLocked);
      await lock(t.master, t.a.userId, false);
      expect((await bet()).body).toMatchObject({ status: true });

      // The agent's own lock, taken over by its master: the agent can no longer lift it.
      await lock(t.agent, t.b.userId, true);
      await lock(t.master, t.b.userId, true);
      expect((await lock(t.agent, t.b.userId, false)).body).toMatchObject({ status: false });
      expect((await bet()).body).toEqual(refusedLocked);
      // The operator lifts anyone's.
      await lock(operator, t.b.userId, false);
      expect((await bet()).body).toMatchObject({ status: true });
      // Outside its subtree: 403 like every console call.
      expect((await lock(t.master2, t.b.userId, true)).statusCode).toBe(403);
      await ledgerClean(ctx);
    });

    it('a withdrawal leaves what a bettor has at stake: at most the available balance', async () => {
      const t = await tree();
      await money(operator, 'adminWalletDeposit', t.m.userId, 500);
      await money(t.master, 'adminWalletDeposit', t.a.userId, 500);
      await money(t.agent, 'adminWalletDeposit', t.b.userId, 500);
      const market = await createMarket(ctx.app);
      const bettor = await as(t.b.userName);
      const bet = await bettor.call('placeMarketBet', marketBet(market, 0, true, 2, 200));
      expect(bet.body).toMatchObject({ status: true });
      const r = await money(t.agent, 'adminWalletWithdraw', t.b.userId, 400);
      expect(r.body).toEqual({
        status: false,
        message: 'Withdrawal of ₹400.00 is more than the available ₹300.00',
      });
      expect((await money(t.agent, 'adminWalletWithdraw', t.b.userId, 300)).body).toMatchObject({
        status: true,
      });
      await ledgerClean(ctx);
    });

    it('a credit reference per child, set by its parent, shown beside its balance', async () => {
      const t = await tree();
      const set = (by: Api, user_id: number, credit_reference: number) =>
        by.call('adminUserCreditReference', { user_id, credit_reference, request_id: rid('cr') });
      const r = await set(t.master, t.a.userId, 600);
      expect(r.body).toMatchObject({ status: true, data: { user_id: t.a.userId, credit_reference: 600 } });
      expect((await set(t.agent, t.b.userId, 250)).body).toMatchObject({ data: { credit_reference: 250 } });
      expect((await set(t.master, t.b.userId, 1)).body).toMatchObject({
        status: false,
        message: expect.stringMatching(/is not directly under you/),
      });
      expect((await set(t.agent, t.b2.userId, 1)).statusCode).toBe(403);
      // The operator sets anyone's below it.
      expect((await set(operator, t.m.userId, 1000)).body).toMatchObject({
        data: { credit_reference: 1000 },
      });
      const rows = ((await t.master.call('adminUsers', { page: 1 })).body.data as { rows: AdminUserRow[] })
        .rows;
      expect(rows.find((x) => x.user_id === t.a.userId)).toMatchObject({ credit_reference: 600, balance: 0 });
      expect(rows.find((x) => x.user_id === t.m.userId)).toMatchObject({ credit_reference: 1000 });
    });

    it('the demo tree: master over agent over bettor1 and bettor2, each funded by its parent', async () => {
      const master = await as('master', 'master123');
      expect((await master.call('adminSession')).body.data).toMatchObject({
        role: 'master',
        user_name: 'master',
      });
      const rows = ((await master.call('adminUsers', { page: 1 })).body.data as { rows: AdminUserRow[] })
        .rows;
      const by = new Map(rows.map((r) => [r.user_name, r]));
      expect([...by.keys()].sort()).toEqual(['agent', 'bettor1', 'bettor2', 'master']);
      expect(by.get('master')).toMatchObject({
        role: 'master',
        share_pct: 30,
        credit_reference: 1_000_000,
        balance: 800_000,
      });
      expect(by.get('agent')).toMatchObject({
        role: 'agent',
        share_pct: 20,
        credit_reference: 200_000,
        balance: 150_000,
      });
      expect(by.get('bettor1')).toMatchObject({ role: 'bettor', credit_reference: 25_000, balance: 25_000 });
      const agent = await as('agent', 'agent123');
      expect((await agent.call('adminSession')).body.data).toMatchObject({ role: 'agent' });
      await as('bettor1', 'bettor123');
      await ledgerClean(ctx);
    });

    it.runIf(ctx.store === 'postgres')(
      'concurrency: a master gives to two agents while they give to their bettors and the bettors bet: no balance below zero, nothing created',
      async () => {
        operator ??= await as('operator', 'operator123');
        const m = await create(operator, 'master');
        const master = await as(m.userName);
        await money(operator, 'adminWalletDeposit', m.userId, 10_000);
        const agents = await Promise.all([create(master, 'agent'), create(master, 'agent')]);
        const agentApis = await Promise.all(agents.map((a) => as(a.userName)));
        const bettors = await Promise.all(
          agents.flatMap((a, i) => [create(agentApis[i]!, 'bettor'), create(agentApis[i]!, 'bettor')]),
        );
        const bettorApis = await Promise.all(bettors.map((b) => as(b.userName)));
        const market = await createMarket(ctx.app);
        const tasks: Promise<unknown>[] = [];
        // The master gives to both agents, 40 moves of ₹200 to ₹400 (more than it has, in all).
        for (let i = 0; i < 40; i++)
          tasks.push(money(master, 'adminWalletDeposit', agents[i % 2]!.userId, 200 + (i % 3) * 100));
        // Each agent gives to its bettors and takes some back, faster than it is given to.
        for (let i = 0; i < 60; i++) {
          const k = i % 2;
          const b = bettors[k * 2 + (i % 4 < 2 ? 0 : 1)]!;
          tasks.push(
            money(agentApis[k]!, i % 5 === 4 ? 'adminWalletWithdraw' : 'adminWalletDeposit', b.userId, 150),
          );
        }
        // The bettors back and lay all the while.
        for (let i = 0; i < 60; i++) {
          const api = bettorApis[i % 4]!;
          tasks.push(
            api.call('placeMarketBet', marketBet(market, i % 3, i % 2 === 0, 2 + (i % 4) * 0.5, 100)),
          );
        }
        // Shuffled, then all at once.
        for (let i = tasks.length - 1; i > 0; i--) {
          const j = Math.floor(Math.random() * (i + 1));
          [tasks[i], tasks[j]] = [tasks[j]!, tasks[i]!];
        }
        const answers = (await Promise.all(tasks)) as {
          statusCode: number;
          body: { status: boolean; message?: string };
        }[];
        expect(
          answers.filter((a) => a.statusCode !== 200).map((a) => `${a.statusCode} ${JSON.stringify(a.body)}`),
        ).toEqual([]);
        // Some moves were refused for want of money (the master gives more than it has), some taken.
        expect(answers.some((a) => /^Your available balance is/.test(a.body.message ?? ''))).toBe(true);
        expect(answers.filter((a) => a.body.status).length).toBeGreaterThan(60);
        const ids = [m.userId, ...agents.map((a) => a.userId), ...bettors.map((b) => b.userId)];
        for (const id of ids) {
          const [balance, liability] = await Promise.all([
            ctx.app.wallet.balancePaise(id),
            ctx.app.wallet.liabilityPaise(id),
          ]);
          expect(balance, `user ${id}`).toBeGreaterThanOrEqual(0);
          expect(balance - liability, `user ${id} available`).toBeGreaterThanOrEqual(0);
        }
        // Nothing created: the tree holds the house's ₹10,000 (no bet is settled).
        const total = (await Promise.all(ids.map((id) => ctx.app.wallet.balancePaise(id)))).reduce(
          (a, b) => a + b,
        );
        expect(total).toBe(1_000_000);
        await ledgerClean(ctx);
        await expectExchangeInvariants(ctx.app);
      },
      120_000,
    );
  },
  {},
  (app) =>
    registerEndpoint(
      app,
      UNSCOPED,
      {
        method: 'POST',
        path: 'admin/unscopedForTest',
        access: 'operator',
        request: z.object({}),
        response: z.object({}),
      },
      async () => ok({}),
    ),
);
