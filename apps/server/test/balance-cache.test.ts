// Balances and sessions from memory (modules/wallet/balance-cache.ts, plugins/auth.ts): every way
// money or exposure moves is seen by the very next getUserBalance, on the node that made it and,
// through the bus, on every other node; a logout or a password change ends the sessions on every
// node. Each test reads the balance first (so it is remembered) and then checks that what the
// endpoint answers after the change equals the store.
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { matches } from '../src/modules/catalog/schema.ts';
import { cricketMatches } from '../src/modules/cricket/schema.ts';
import { ledgerAccounts } from '../src/modules/wallet/schema.ts';
import { setUpCricketMatch } from '../src/seed/cricket-match.ts';
import { checkLedger } from '../src/modules/admin/ledger-check.ts';
import { afterCommit } from '../src/db/commit-hooks.ts';
import { createInProcessBus, createNatsBus, type Bus } from '../src/plugins/bus.ts';
import { Api } from './helpers/api.ts';
import { flakyBus } from './helpers/flaky-bus.ts';
import { createBettor, createMarket } from './helpers/exchange.ts';
import { clusterServices, TEST_BUS_URL } from './helpers/services.ts';
import {
  availableStores,
  describeStores,
  openStore,
  TEST_RATE_LIMITS,
  TEST_SECRET_HASH_COST,
} from './helpers/stores.ts';

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
type Balance = { total_balance: number; liability: number };
type Bettor = Api & { userId: number; userName: string; password: string };

/** What the store holds for the user, in the endpoint's units. */
async function truth(app: FastifyInstance, userId: number): Promise<Balance> {
  return {
    total_balance: (await app.wallet.balancePaise(userId)) / 100,
    liability: (await app.wallet.liabilityPaise(userId)) / 100,
  };
}
const balanceOf = async (api: Api) => (await api.call('getUserBalance')).body.data as Balance;

describeStores('balances from memory, one node', (ctx) => {
  async function bettor(rupees = 10_000): Promise<Bettor> {
    const u = await createBettor(ctx.app, rupees * 100);
    const api = ctx.api.fork();
    await api.login(u.userName, u.password);
    return Object.assign(api, u);
  }
  let operator: Api | null = null;
  async function op() {
    if (!operator) {
      operator = ctx.api.fork();
      await operator.login('operator', 'operator123');
    }
    return operator;
  }
  /** The endpoint now, which must equal the store (and, to mean anything, be remembered first). */
  async function expectFresh(...apis: Bettor[]) {
    for (const a of apis) expect(await balanceOf(a), a.userName).toEqual(await truth(ctx.app, a.userId));
  }
  const remembered = (a: Bettor) => ctx.app.balances.cache.get(a.userId) !== undefined;

  it('answers from memory: a change made behind the wallet’s back is not seen (so the tests below mean something)', async () => {
    const a = await bettor(1_000);
    expect(await balanceOf(a)).toEqual({ total_balance: 1_000, liability: 0 });
    expect(remembered(a)).toBe(true);
    const bump = (paise: number) =>
      ctx.app.db
        .update(ledgerAccounts)
        .set({ balancePaise: sql`${ledgerAccounts.balancePaise} + ${paise}` })
        .where(eq(ledgerAccounts.userId, a.userId));
    await bump(500);
    expect(await balanceOf(a)).toEqual({ total_balance: 1_000, liability: 0 });
    await bump(-500);
  });

  it('a bet, a fill of a resting bet (its maker did nothing) and a cancel are seen at once', async () => {
    const maker = await bettor();
    const taker = await bettor();
    const m = await createMarket(ctx.app);
    await expectFresh(maker, taker);
    expect((await maker.call('placeMarketBet', bet(m, 0, false, 3, 100))).body.status).toBe(true);
    expect(await balanceOf(maker)).toEqual({ total_balance: 10_000, liability: 200 });
    await expectFresh(taker);
    expect(remembered(maker) && remembered(taker)).toBe(true);
    // The taker's back matches half the maker's lay: both positions move, the maker's by a batch
    // of someone else's command.
    expect((await taker.call('placeMarketBet', bet(m, 0, true, 3, 50))).body.data).toMatchObject({
      status: 'MATCHED',
    });
    await expectFresh(maker, taker);
    expect((await taker.call('placeMarketBet', bet(m, 1, true, 5, 70))).body.status).toBe(true);
    await expectFresh(taker);
    expect((await taker.call('cancelBet', { market_id: m.marketId })).body.status).toBe(true);
    await expectFresh(maker, taker);
    expect(await balanceOf(taker)).toEqual({ total_balance: 10_000, liability: 50 });
  });

  it('bookmaker and fancy bets are seen at once', async () => {
    const m = await createMarket(ctx.app);
    const [match] = await ctx.app.db.select().from(matches).where(eq(matches.matchId, m.matchId));
    expect(
      await ctx.app.db.select().from(cricketMatches).where(eq(cricketMatches.matchId, m.matchId)),
    ).toEqual([]);
    const made = await ctx.app.db.transaction((tx) =>
      setUpCricketMatch(tx, {
        matchId: m.matchId,
        format: 'T20',
        competition: 'IPL',
        teams: ['AUS', 'IND'],
        startTime: match!.startTime,
        inPlay: true,
        at: new Date(),
      }),
    );
    const a = await bettor();
    const d = (await a.call('getCricketDetail', { match_id: m.matchId })).body.data as {
      bookmakers: { market_id: number; runners: { selection_id: number; back_rate: number }[] }[];
    };
    await expectFresh(a);
    const bm = d.bookmakers[0]!;
    const placed = await a.call('placeBookmakerBet', {
      match_id: m.matchId,
      market_id: bm.market_id,
      selection_id: bm.runners[0]!.selection_id,
      is_back: '1',
      rate: bm.runners[0]!.back_rate,
      stack: 1000,
      request_id: nextId('bm'),
    });
    expect(placed.body.status, placed.body.message).toBe(true);
    await expectFresh(a);
    expect(await balanceOf(a)).toEqual({ total_balance: 10_000, liability: 1000 });
    const fancyId = made.fancyIds[0]!;
    await (
      await op()
    ).call('adminFancyQuote', {
      fancy_id: fancyId,
      no_line: 45,
      no_rate: 100,
      yes_line: 46,
      yes_rate: 100,
    });
    const fancy = await a.call('placeFancyBet', {
      match_id: m.matchId,
      fancy_id: fancyId,
      is_yes: '0',
      line: 45,
      rate: 100,
      stack: 300,
      request_id: nextId('fy'),
    });
    expect(fancy.body.status, fancy.body.message).toBe(true);
    await expectFresh(a);
    expect(await balanceOf(a)).toEqual({ total_balance: 10_000, liability: 1300 });
  });

  it('a settlement, its unsettling and a void are seen at once by every bettor of the market', async () => {
    const o = await op();
    const layer = await bettor();
    const backer = await bettor();
    const m = await createMarket(ctx.app);
    await layer.call('placeMarketBet', bet(m, 0, false, 2.5, 1000));
    await backer.call('placeMarketBet', bet(m, 0, true, 2.5, 400));
    await expectFresh(layer, backer);
    const r = await o.call('adminMarketResult', { market_id: m.marketId, winners: [m.selectionIds[0]] });
    expect(r.body.status).toBe(true);
    await expectFresh(layer, backer);
    expect(await balanceOf(backer)).toEqual({ total_balance: 10_588, liability: 0 });
    expect((await o.call('adminMarketUnsettle', { market_id: m.marketId })).body.status).toBe(true);
    await expectFresh(layer, backer);
    expect(await balanceOf(backer)).toEqual({ total_balance: 10_000, liability: 400 });
    // Voided: no money moves, only the holds are released.
    expect((await o.call('adminMarketVoid', { market_id: m.marketId })).body.status).toBe(true);
    await expectFresh(layer, backer);
    expect(await balanceOf(backer)).toEqual({ total_balance: 10_000, liability: 0 });
  });

  it('an operator’s deposit and withdrawal are seen at once; so is closing a market (its unmatched bets lapse)', async () => {
    const o = await op();
    const a = await bettor(1_000);
    await expectFresh(a);
    const dep = await o.call('adminWalletDeposit', {
      user_id: a.userId,
      amount: 250,
      request_id: nextId('d'),
    });
    expect(dep.body.status).toBe(true);
    expect(await balanceOf(a)).toEqual({ total_balance: 1_250, liability: 0 });
    const wd = await o.call('adminWalletWithdraw', {
      user_id: a.userId,
      amount: 50,
      request_id: nextId('w'),
    });
    expect(wd.body.status).toBe(true);
    expect(await balanceOf(a)).toEqual({ total_balance: 1_200, liability: 0 });
    const m = await createMarket(ctx.app);
    await a.call('placeMarketBet', bet(m, 2, true, 4, 100));
    expect(await balanceOf(a)).toEqual({ total_balance: 1_200, liability: 100 });
    expect((await o.call('adminMarketStatus', { market_id: m.marketId, status: 'CLOSED' })).body.status).toBe(
      true,
    );
    expect(await balanceOf(a)).toEqual({ total_balance: 1_200, liability: 0 });
  });

  it('a change is forgotten when its transaction commits, not before, and not at all when it rolls back', async () => {
    const a = await bettor(1_000);
    await balanceOf(a);
    expect(remembered(a)).toBe(true);
    await ctx.app.db.transaction(async (tx) => {
      await ctx.app.wallet.deposit(a.userId, 100, nextId('in-tx'), undefined, tx);
      // Not committed yet: nobody may see it, and what other readers may remember stays.
      expect(remembered(a)).toBe(true);
    });
    expect(remembered(a)).toBe(false);
    expect(await balanceOf(a)).toEqual({ total_balance: 1_001, liability: 0 });
    await expect(
      ctx.app.db.transaction(async (tx) => {
        await ctx.app.wallet.deposit(a.userId, 100, nextId('rolled-back'), undefined, tx);
        throw new Error('roll it back');
      }),
    ).rejects.toThrow('roll it back');
    expect(remembered(a)).toBe(true);
    expect(await balanceOf(a)).toEqual({ total_balance: 1_001, liability: 0 });
  });

  it('from the moment a change is sent to commit until the wallet has heard of it, its users are not answered from memory', async () => {
    // The window: PostgreSQL makes a commit visible before this node reads commit's answer and
    // runs the wallet's hooks. A reader on another connection can see the change (a round read
    // VOID) in between and then ask for the balance: memory must not answer it with the old one.
    const a = await bettor(1_000);
    const cache = ctx.app.balances.cache;
    const stale = { balancePaise: 100_000, liabilityPaise: 0 };
    await balanceOf(a);
    expect(remembered(a)).toBe(true);
    const seen: { remembered: boolean; kept: boolean }[] = [];
    await ctx.app.db.transaction(async (tx) => {
      // Registered before the wallet's: it runs after the commit, before the wallet's own hooks.
      afterCommit(tx, () =>
        seen.push({ remembered: remembered(a), kept: cache.set(a.userId, a.userId, stale, cache.begin()) }),
      );
      await ctx.app.wallet.deposit(a.userId, 100, nextId('window'), undefined, tx);
      expect(remembered(a)).toBe(true);
    });
    // Neither the old value nor a read finished in the window (it may be either) was used or kept.
    expect(seen).toEqual([{ remembered: false, kept: false }]);
    expect(remembered(a)).toBe(false);
    expect(await balanceOf(a)).toEqual({ total_balance: 1_001, liability: 0 });
    expect(remembered(a)).toBe(true);
  });

  it('the ledger is still clean', async () => {
    expect((await checkLedger(ctx.app)).problems).toEqual([]);
  });
});

describe.each(availableStores())('balances from memory while the bus is down [%s]', (store) => {
  let app: FastifyInstance;
  let cleanup = async () => {};
  const bus = flakyBus();
  beforeAll(async () => {
    const opened = await openStore(store);
    cleanup = opened.cleanup;
    app = await buildApp({
      store: opened.options,
      seedDemo: true,
      rateLimits: TEST_RATE_LIMITS,
      secretHashCost: TEST_SECRET_HASH_COST,
      bus,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await cleanup();
  });

  it('a node whose bus is down reads the store every time; after the bus is back it has forgotten everything', async () => {
    const u = await createBettor(app, 100_000);
    const api = new Api(app);
    await api.login(u.userName, u.password);
    const bump = (paise: number) =>
      app.db
        .update(ledgerAccounts)
        .set({ balancePaise: sql`${ledgerAccounts.balancePaise} + ${paise}` })
        .where(eq(ledgerAccounts.userId, u.userId));
    expect(await balanceOf(api)).toEqual({ total_balance: 1_000, liability: 0 });
    // Another node's change whose notice is lost while the bus is down (made here by hand).
    bus.drop();
    await bump(700);
    expect(await balanceOf(api)).toEqual({ total_balance: 1_007, liability: 0 });
    bus.restore();
    expect(await balanceOf(api)).toEqual({ total_balance: 1_007, liability: 0 });
    // Remembered again once the bus is back: a change no notice reports is not seen …
    await bump(-700);
    expect(await balanceOf(api)).toEqual({ total_balance: 1_007, liability: 0 });
    // … until the bus says it lost messages.
    bus.drop();
    bus.restore();
    expect(await balanceOf(api)).toEqual({ total_balance: 1_000, liability: 0 });
  });
});

/** Two nodes on one PostgreSQL database. `bus`: what joins them (or nothing, the control). */
async function twoNodes(bus: 'one in-process bus' | 'nats' | 'none') {
  const opened = await openStore('postgres');
  const prefix = `test_${randomBytes(5).toString('hex')}`;
  const busFor = async (): Promise<Bus> =>
    bus === 'nats' ? createNatsBus({ url: TEST_BUS_URL, prefix }) : createInProcessBus();
  const shared = bus === 'one in-process bus' ? createInProcessBus() : null;
  const nodes: FastifyInstance[] = [];
  for (let i = 0; i < 2; i++) {
    const app = await buildApp({
      store: opened.options,
      seedDemo: i === 0,
      rateLimits: TEST_RATE_LIMITS,
      secretHashCost: TEST_SECRET_HASH_COST,
      bus: shared ?? (await busFor()),
    });
    await app.ready();
    nodes.push(app);
  }
  return {
    a: nodes[0]!,
    b: nodes[1]!,
    async close() {
      for (const n of nodes) await n.close();
      await opened.cleanup();
    },
  };
}

/** On `b`, the balance must equal the store: at once on one bus object, within 2 s over NATS. */
async function expectSeen(app: FastifyInstance, api: Api & { userId: number }, viaNats: boolean) {
  const want = await truth(app, api.userId);
  const end = Date.now() + (viaNats ? 2_000 : 0);
  for (;;) {
    const got = await balanceOf(api);
    if (JSON.stringify(got) === JSON.stringify(want) || Date.now() >= end) {
      expect(got).toEqual(want);
      return;
    }
    await new Promise((r) => setTimeout(r, 10));
  }
}

const onPostgres = !!process.env.TEST_DATABASE_URL;
const withNats = onPostgres && (await clusterServices('balance and session notices over NATS'));

describe.skipIf(!onPostgres)('two nodes on one database', () => {
  for (const joined of ['one in-process bus', 'nats'] as const) {
    describe.skipIf(joined === 'nats' && !withNats)(`joined by ${joined}`, () => {
      let nodes: Awaited<ReturnType<typeof twoNodes>>;
      const viaNats = joined === 'nats';
      beforeAll(async () => {
        nodes = await twoNodes(joined);
      });
      afterAll(async () => {
        await nodes?.close();
      });
      const on = async (app: FastifyInstance, u: { userName: string; password: string; userId: number }) => {
        const api = new Api(app);
        await api.login(u.userName, u.password);
        return Object.assign(api, { userId: u.userId });
      };

      it('a bet, a deposit and a settlement made on node A are seen by node B’s next balance call', async () => {
        const { a, b } = nodes;
        const u = await createBettor(a, 1_000_000);
        const other = await createBettor(a, 1_000_000);
        const onA = await on(a, u);
        const onB = await on(b, u);
        const otherOnA = await on(a, other);
        const m = await createMarket(a);
        await expectSeen(b, onB, viaNats);
        expect((await onA.call('placeMarketBet', bet(m, 0, true, 2, 300))).body.status).toBe(true);
        await expectSeen(b, onB, viaNats);
        expect((await balanceOf(onB)).liability).toBe(300);
        // A bet of someone else that fills u's resting back on node A.
        expect((await otherOnA.call('placeMarketBet', bet(m, 0, false, 2, 100))).body.status).toBe(true);
        await expectSeen(b, onB, viaNats);
        const op = new Api(a);
        await op.login('operator', 'operator123');
        await op.call('adminWalletDeposit', { user_id: u.userId, amount: 77, request_id: nextId('d2') });
        await expectSeen(b, onB, viaNats);
        expect((await balanceOf(onB)).total_balance).toBe(10_077);
        await op.call('adminMarketResult', { market_id: m.marketId, winners: [m.selectionIds[0]] });
        await expectSeen(b, onB, viaNats);
        expect((await balanceOf(onB)).liability).toBe(0);
      });

      it('a logout and a password change on node A end the sessions on node B', async () => {
        const { a, b } = nodes;
        const u = await createBettor(a, 0);
        const onA = await on(a, u);
        const onB = new Api(b);
        onB.token = onA.token;
        const second = await on(b, u);
        expect((await onB.call('getUserBalance')).statusCode).toBe(200);
        expect((await second.call('getUserBalance')).statusCode).toBe(200);
        expect((await onA.call('logout', { user_id: u.userId, token: onA.token })).body.status).toBe(true);
        const ended = async (api: Api) => {
          const end = Date.now() + (viaNats ? 2_000 : 0);
          let status = (await api.call('getUserBalance')).statusCode;
          while (status !== 401 && Date.now() < end) {
            await new Promise((r) => setTimeout(r, 10));
            status = (await api.call('getUserBalance')).statusCode;
          }
          expect(status).toBe(401);
        };
        await ended(onB);
        // A password change through a third session ends `second`, remembered on node B.
        const third = await on(a, u);
        const changed = await third.call('changePassword', {
          master_password: u.password,
          new_password: 'another123',
          confirm_password: 'another123',
        });
        expect(changed.body.status, changed.body.message).toBe(true);
        await ended(second);
        expect((await third.call('getUserBalance')).statusCode).toBe(200);
      });
    });
  }

  describe('the control: two nodes with no bus between them', () => {
    let nodes: Awaited<ReturnType<typeof twoNodes>>;
    beforeAll(async () => {
      nodes = await twoNodes('none');
    });
    afterAll(async () => {
      await nodes?.close();
    });
    it('node B keeps serving what it remembers (what the tests above would catch if a notice were missing)', async () => {
      const { a, b } = nodes;
      const u = await createBettor(a, 1_000_000);
      const onA = new Api(a);
      await onA.login(u.userName, u.password);
      const onB = new Api(b);
      onB.token = onA.token;
      expect(await balanceOf(onB)).toEqual({ total_balance: 10_000, liability: 0 });
      const m = await createMarket(a);
      await onA.call('placeMarketBet', bet(m, 0, true, 2, 300));
      expect(await balanceOf(onB)).toEqual({ total_balance: 10_000, liability: 0 });
      await onA.call('logout', { user_id: u.userId, token: onA.token });
      expect((await onB.call('getUserBalance')).statusCode).toBe(200);
    });
  });
});
