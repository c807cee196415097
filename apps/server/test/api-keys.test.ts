// Issue 46, API keys: a bettor's keys for programs. The lifecycle (the secret shown once, stored
// hashed), a key call with no cookie and no XSRF pair, scopes, the calls no key may make, expiry,
// the IP allow-list, every account gate (lock, self-exclusion; a password change leaves keys
// working), revocation at once on this node and another, idempotent placing, the console's list and
// revoke, and the keys' own rate limits. Every scenario on both stores, through HTTP (app.inject).
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { apiKeys } from '../src/modules/api-keys/schema.ts';
import { createApiKeysService } from '../src/modules/api-keys/service.ts';
import { createInProcessBus } from '../src/plugins/bus.ts';
import type { Api } from './helpers/api.ts';
import { TestClock } from './helpers/clock.ts';
import { createBettor, createMarket, expectExchangeInvariants } from './helpers/exchange.ts';
import { expectLedgerBalanced } from './helpers/ledger.ts';
import { describeStores, TEST_RATE_LIMITS } from './helpers/stores.ts';

const clock = new TestClock();
let rid = 0;
const requestId = () => `key-${++rid}-${Math.random().toString(36).slice(2, 8)}`;

type Created = { key_id: string; secret: string; scopes: string[]; ip_allow: string[] | null };
type M = Awaited<ReturnType<typeof createMarket>>;

const backBet = (m: M, stack: number, request_id = requestId()) => ({
  match_id: m.matchId,
  market_id: m.marketId,
  selection_id: m.selectionIds[0]!,
  is_back: '1',
  odds: 2,
  stack,
  request_id,
});

describeStores(
  'API keys (issue 46)',
  (ctx) => {
    let operator: Api | undefined;
    const op = async () => {
      if (!operator) {
        operator = ctx.api.fork();
        await operator.login('operator', 'operator123');
      }
      return operator;
    };

    async function bettor(balanceRupees = 10_000) {
      const u = await createBettor(ctx.app, balanceRupees * 100, 'key');
      const api = ctx.api.fork();
      await api.login(u.userName, u.password);
      return Object.assign(api, u);
    }

    async function makeKey(api: Api, body: object = {}): Promise<Created & { credential: string }> {
      const r = await api.call('createApiKey', { name: 'bot', scopes: ['read', 'trade'], ...body });
      expect(r.body, r.body.message).toMatchObject({ status: true });
      const k = r.body.data as Created;
      return { ...k, credential: `${k.key_id}:${k.secret}` };
    }

    /** A call with the key alone: no token, no cookie, no XSRF pair. */
    const withKey = (
      api: Api,
      credential: string,
      name: Parameters<Api['call']>[0],
      body?: unknown,
      remoteAddress?: string,
    ) =>
      api.call(name, body, { apiKey: credential, csrf: false, ...(remoteAddress ? { remoteAddress } : {}) });

    it('made, listed and revoked; the secret is shown once and kept only as its hash', async () => {
      const u = await bettor();
      const k = await makeKey(u);
      expect(k.key_id).toMatch(/^bk_[0-9a-f]{16}$/);
      expect(k.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(k.scopes).toEqual(['read', 'trade']);
      const [row] = await ctx.app.db.select().from(apiKeys).where(eq(apiKeys.keyId, k.key_id));
      expect(row!.secretHash).not.toContain(k.secret);
      expect(JSON.stringify(row)).not.toContain(k.secret);

      const list = await u.call('listApiKeys');
      expect(list.body.status).toBe(true);
      const listed = list.body.data as Record<string, unknown>[];
      expect(listed.map((x) => x.key_id)).toEqual([k.key_id]);
      expect(JSON.stringify(listed)).not.toContain(k.secret);
      expect(listed[0]).not.toHaveProperty('secret');

      // The key alone, without the site's cookie or XSRF pair.
      const balance = await withKey(u, k.credential, 'getUserBalance');
      expect(balance.statusCode).toBe(200);
      expect(balance.body.status).toBe(true);
      type Listed = { last_used_at: string | null }[];
      await expect
        .poll(async () => ((await u.call('listApiKeys')).body.data as Listed)[0]!.last_used_at)
        .not.toBeNull();

      const revoked = await u.call('revokeApiKey', { key_id: k.key_id });
      expect(revoked.body).toMatchObject({ status: true, message: 'Key revoked' });
      expect((revoked.body.data as { revoked_at: string | null }).revoked_at).not.toBeNull();
      const refused = await withKey(u, k.credential, 'getUserBalance');
      expect(refused.statusCode).toBe(401);
      expect(refused.body.message).toBe('This API key was revoked');
      expect((await u.call('revokeApiKey', { key_id: k.key_id })).body.message).toBe(
        'That key was already revoked',
      );
      // Another bettor's key is unknown to this one.
      const other = await bettor();
      const theirs = await makeKey(other);
      expect((await u.call('revokeApiKey', { key_id: theirs.key_id })).body).toMatchObject({ status: false });
      expect((await withKey(other, theirs.credential, 'getUserBalance')).statusCode).toBe(200);
    });

    it('a wrong secret, an unknown key or a malformed header: 401, in words', async () => {
      const u = await bettor();
      const k = await makeKey(u);
      for (const credential of [
        `${k.key_id}:${'A'.repeat(43)}`,
        `bk_0000000000000000:${k.secret}`,
        `${k.key_id}`,
        `not-a-key:${k.secret}`,
      ]) {
        const r = await withKey(u, credential, 'getUserBalance');
        expect(r.statusCode, credential).toBe(401);
        expect(r.body.message).toMatch(/API key|log in/);
      }
    });

    it('bad input to create is refused naming the field, and changes nothing', async () => {
      const u = await bettor();
      const cases: [object, RegExp][] = [
        [{ name: '', scopes: ['read'] }, /name/],
        [{ name: 'x'.repeat(41), scopes: ['read'] }, /name/],
        [{ name: 'bot', scopes: [] }, /scopes/],
        [{ name: 'bot', scopes: ['admin'] }, /scopes/],
        [{ name: 'bot', scopes: ['read', 'read'] }, /scopes/],
        [{ name: 'bot', scopes: ['read'], ip_allow: ['1.2.3'] }, /ip_allow/],
        [{ name: 'bot', scopes: ['read'], ip_allow: ['10.0.0.0/33'] }, /ip_allow/],
        [{ name: 'bot', scopes: ['read'], expires_at: 'tomorrow' }, /expires_at/],
      ];
      for (const [body, field] of cases) {
        const r = await u.call('createApiKey', body);
        expect(r.statusCode, JSON.stringify(body)).toBe(400);
        expect(r.body.message, JSON.stringify(body)).toMatch(field);
      }
      const past = await u.call('createApiKey', {
        name: 'bot',
        scopes: ['read'],
        expires_at: new Date(clock.now().getTime() - 1000).toISOString(),
      });
      expect(past.body).toMatchObject({ status: false, message: 'expires_at must be in the future' });
      expect((await u.call('listApiKeys')).body.data).toEqual([]);
    });

    it('scopes: a read key cannot place, a trade key cannot read; no key makes keys, moves money or changes a password', async () => {
      const u = await bettor();
      const m = await createMarket(ctx.app);
      const read = await makeKey(u, { scopes: ['read'] });
      const trade = await makeKey(u, { scopes: ['trade'] });
      const place = await withKey(u, read.credential, 'placeMarketBet', backBet(m, 100));
      expect(place.statusCode).toBe(403);
      expect(place.body.message).toBe('This API key has no trade scope, which placeMarketBet needs');
      const balance = await withKey(u, trade.credential, 'getUserBalance');
      expect(balance.statusCode).toBe(403);
      expect(balance.body.message).toMatch(/no read scope/);
      for (const [name, body] of [
        ['createApiKey', { name: 'more', scopes: ['read'] }],
        ['revokeApiKey', { key_id: read.key_id }],
        ['requestWithdraw', { amount: 100 }],
        [
          'changePassword',
          { master_password: u.password, new_password: 'x12345678', confirm_password: 'x12345678' },
        ],
        ['selfExclude', { kind: 'TIME_OUT', period: '24h', password: u.password }],
      ] as const) {
        const r = await withKey(u, read.credential, name, body);
        expect(r.statusCode, name).toBe(403);
        expect(r.body.message, name).toBe(
          `An API key cannot make this call (${name}): sign in on the site for it`,
        );
      }
      expect((await u.call('listApiKeys')).body.data).toHaveLength(2);
    });

    it('a trade key places and cancels as the site does; the same request_id places once', async () => {
      const u = await bettor();
      const m = await createMarket(ctx.app);
      const k = await makeKey(u);
      const body = backBet(m, 100);
      const first = await withKey(u, k.credential, 'placeMarketBet', body);
      expect(first.body, first.body.message).toMatchObject({ status: true });
      const again = await withKey(u, k.credential, 'placeMarketBet', body);
      expect(again.body.status).toBe(true);
      expect((again.body.data as { bet_id: number }).bet_id).toBe(
        (first.body.data as { bet_id: number }).bet_id,
      );
      const current = await withKey(u, k.credential, 'getCurrentBets', { bet_type: 'U', page: 1 });
      expect(current.statusCode, current.body.message).toBe(200);
      expect(JSON.stringify(current.body.data)).toContain(
        String((first.body.data as { bet_id: number }).bet_id),
      );
      const balance = (await withKey(u, k.credential, 'getUserBalance')).body.data as { liability: number };
      expect(balance.liability).toBe(100);
      const cancel = await withKey(u, k.credential, 'cancelBet', {
        bet_id: (first.body.data as { bet_id: number }).bet_id,
      });
      expect(cancel.body, cancel.body.message).toMatchObject({ status: true });
      await expectExchangeInvariants(ctx.app);
      await expectLedgerBalanced(ctx.app);
    });

    it('a batch: up to 50 orders placed each on its own in one call, placed once per request_id; a batch cancel', async () => {
      const u = await bettor();
      const m = await createMarket(ctx.app);
      const k = await makeKey(u);
      const order = (odds: number, stack: number, selection = m.selectionIds[0]!) => ({
        selection_id: selection,
        is_back: '1',
        odds,
        stack,
        request_id: requestId(),
      });
      const orders = [order(3, 100), order(3.5, 200), order(2, 100, 987_654_321), order(4, 0.001)];
      const body = { match_id: m.matchId, market_id: m.marketId, orders };
      const r = await withKey(u, k.credential, 'placeOrders', body);
      expect(r.statusCode, r.body.message).toBe(200);
      type Placed = {
        request_id: string;
        placed: boolean;
        message: string | null;
        result: { bet_id: number } | null;
      };
      const answers = (r.body.data as { orders: Placed[] }).orders;
      expect(answers.map((a) => a.request_id)).toEqual(orders.map((o) => o.request_id));
      expect(answers.map((a) => a.placed)).toEqual([true, true, false, false]);
      expect(answers[2]!.message).toBeTruthy();
      expect(answers[3]!.message).toBe('Stake must be a positive amount with at most 2 decimals');
      // The same batch again places nothing new.
      const again = (await withKey(u, k.credential, 'placeOrders', body)).body.data as { orders: Placed[] };
      expect(again.orders.slice(0, 2).map((a) => a.result!.bet_id)).toEqual(
        answers.slice(0, 2).map((a) => a.result!.bet_id),
      );
      expect(again.orders[0]!.message).toBe('Bet already placed');
      expect((await withKey(u, k.credential, 'getUserBalance')).body.data).toMatchObject({ liability: 300 });
      // Refused as a whole: a request_id twice, over 50 orders.
      const twice = await withKey(u, k.credential, 'placeOrders', {
        ...body,
        orders: [orders[0], orders[0]],
      });
      expect(twice.body).toMatchObject({
        status: false,
        message: 'Each order of a batch needs a request_id of its own',
      });
      const many = Array.from({ length: 51 }, () => order(3, 100));
      const tooMany = await withKey(u, k.credential, 'placeOrders', { ...body, orders: many });
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.body.message).toMatch(/orders/);

      const ids = answers.slice(0, 2).map((a) => a.result!.bet_id);
      const c = await withKey(u, k.credential, 'cancelOrders', {
        market_id: m.marketId,
        bet_ids: [...ids, 2_000_000_000],
      });
      expect(c.body.data).toEqual({
        bets: [
          { bet_id: ids[0], cancelled: true, size_cancelled: 100, message: null },
          { bet_id: ids[1], cancelled: true, size_cancelled: 200, message: null },
          {
            bet_id: 2_000_000_000,
            cancelled: false,
            size_cancelled: 0,
            message: 'Unknown bet on this market',
          },
        ],
      });
      expect((await withKey(u, k.credential, 'getUserBalance')).body.data).toMatchObject({ liability: 0 });
      // A read key cannot batch.
      const read = await makeKey(u, { scopes: ['read'] });
      expect((await withKey(u, read.credential, 'placeOrders', body)).statusCode).toBe(403);
      await expectExchangeInvariants(ctx.app);
      await expectLedgerBalanced(ctx.app);
    });

    it('expiry: a key is refused from the moment it expires', async () => {
      const u = await bettor();
      const k = await makeKey(u, { expires_at: new Date(clock.now().getTime() + 3_600_000).toISOString() });
      expect((await withKey(u, k.credential, 'getUserBalance')).statusCode).toBe(200);
      clock.advance(3_600_001);
      const r = await withKey(u, k.credential, 'getUserBalance');
      expect(r.statusCode).toBe(401);
      expect(r.body.message).toMatch(/^This API key expired at /);
    });

    it('the IP allow-list: an address or a block in it is taken, any other refused', async () => {
      const u = await bettor();
      const k = await makeKey(u, { ip_allow: ['10.77.0.0/16', '192.0.2.9'] });
      expect((await withKey(u, k.credential, 'getUserBalance', undefined, '10.77.3.4')).statusCode).toBe(200);
      expect((await withKey(u, k.credential, 'getUserBalance', undefined, '192.0.2.9')).statusCode).toBe(200);
      const r = await withKey(u, k.credential, 'getUserBalance', undefined, '10.78.0.1');
      expect(r.statusCode).toBe(403);
      expect(r.body.message).toBe('This API key does not take calls from 10.78.0.1');
    });

    it('gates: a locked or self-excluded bettor’s key cannot trade; a password change leaves keys working', async () => {
      const m = await createMarket(ctx.app);
      // Self-exclusion, from the site: the key is refused in the exclusion's words.
      const a = await bettor();
      const ka = await makeKey(a);
      expect((await withKey(a, ka.credential, 'placeMarketBet', backBet(m, 100))).body.status).toBe(true);
      const ex = await a.call('selfExclude', { kind: 'SELF_EXCLUSION', period: '6m', password: a.password });
      expect(ex.body.status).toBe(true);
      const refused = await withKey(a, ka.credential, 'placeMarketBet', backBet(m, 100));
      expect(refused.statusCode).toBe(403);
      expect(refused.body.message).toMatch(/self-exclu/i);

      // The operator's lock: refused; unlocked: the key works again.
      const b = await bettor();
      const kb = await makeKey(b);
      expect((await withKey(b, kb.credential, 'getUserBalance')).statusCode).toBe(200);
      expect(
        (await (await op()).call('adminUserLock', { user_id: b.userId, locked: true })).body.status,
      ).toBe(true);
      const locked = await withKey(b, kb.credential, 'placeMarketBet', backBet(m, 100));
      expect(locked.statusCode).toBe(403);
      expect(locked.body.message).toMatch(/locked/i);
      expect(
        (await (await op()).call('adminUserLock', { user_id: b.userId, locked: false })).body.status,
      ).toBe(true);
      expect((await withKey(b, kb.credential, 'placeMarketBet', backBet(m, 100))).body.status).toBe(true);

      // A new password ends the site's sessions; the key goes on (the bettor revokes it if they want).
      const c = await bettor();
      const kc = await makeKey(c);
      const otherDevice = ctx.api.fork();
      const oldToken = await otherDevice.login(c.userName, c.password);
      const changed = await c.call('changePassword', {
        master_password: c.password,
        new_password: 'another2024x',
        confirm_password: 'another2024x',
      });
      expect(changed.body.status).toBe(true);
      const c2 = ctx.api.fork();
      expect((await c2.call('getUserBalance', undefined, { token: oldToken })).statusCode).toBe(401);
      expect((await withKey(c2, kc.credential, 'placeMarketBet', backBet(m, 100))).body.status).toBe(true);
      await expectExchangeInvariants(ctx.app);
    });

    it('a new password revokes every key when the bettor asks, and only then', async () => {
      const u = await bettor();
      const [k1, k2] = [await makeKey(u), await makeKey(u)];
      const bad = await u.call('changePassword', {
        master_password: u.password,
        new_password: 'another2024x',
        confirm_password: 'another2024x',
        revoke_api_keys: 'yes',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.body.message).toContain('revoke_api_keys must be true or false');
      expect((await withKey(u, k1.credential, 'getUserBalance')).statusCode).toBe(200);
      const changed = await u.call('changePassword', {
        master_password: u.password,
        new_password: 'another2024x',
        confirm_password: 'another2024x',
        revoke_api_keys: true,
      });
      expect(changed.body, changed.body.message).toMatchObject({ status: true });
      for (const k of [k1, k2]) {
        const r = await withKey(u, k.credential, 'getUserBalance');
        expect(r.statusCode).toBe(401);
        expect(r.body.message).toBe('This API key was revoked');
      }
      const listed = (await u.call('listApiKeys')).body.data as { revoked_at: string | null }[];
      expect(listed.every((k) => k.revoked_at !== null)).toBe(true);
      // Another bettor's keys are untouched.
      const other = await bettor();
      const theirs = await makeKey(other);
      expect((await withKey(other, theirs.credential, 'getUserBalance')).statusCode).toBe(200);
    });

    it('at most 10 live keys; a master or an agent gets none', async () => {
      const u = await bettor();
      for (let i = 0; i < 10; i++) await makeKey(u, { name: `bot ${i}` });
      const eleventh = await u.call('createApiKey', { name: 'one more', scopes: ['read'] });
      expect(eleventh.body).toMatchObject({
        status: false,
        message: 'You have 10 live API keys, the most allowed: revoke one first',
      });
      const first = ((await u.call('listApiKeys')).body.data as { key_id: string }[])[0]!;
      await u.call('revokeApiKey', { key_id: first.key_id });
      await makeKey(u, { name: 'after a revoke' });
      const master = await ctx.app.apiKeys.create(
        { userId: u.userId, role: 'master' },
        { name: 'm', scopes: ['read'] },
        '10.0.0.1',
      );
      expect(master).toEqual({
        ok: false,
        message: 'API keys are for bettors: masters and agents do not bet',
      });
    });

    it('the console lists a bettor’s keys and revokes one, audited; the key is refused at once', async () => {
      const u = await bettor();
      const k = await makeKey(u);
      const o = await op();
      const listed = await o.call('adminUserApiKeys', { user_id: u.userId });
      expect((listed.body.data as { key_id: string }[]).map((x) => x.key_id)).toEqual([k.key_id]);
      expect(JSON.stringify(listed.body)).not.toContain(k.secret);
      const r = await o.call('adminApiKeyRevoke', { user_id: u.userId, key_id: k.key_id });
      expect(r.body).toMatchObject({ status: true, message: 'Key revoked' });
      expect((await withKey(u, k.credential, 'getUserBalance')).statusCode).toBe(401);
      // A bettor cannot make the console's calls.
      expect((await u.call('adminUserApiKeys', { user_id: u.userId })).statusCode).toBe(403);
      expect((await o.call('adminUserApiKeys', { user_id: 2_000_000_000 })).body.status).toBe(false);
    });

    it('a key revoked on one node is refused at once by another that remembered it', async () => {
      const u = await bettor();
      const k = await makeKey(u);
      const bus = createInProcessBus();
      const node = () =>
        createApiKeysService({
          db: ctx.app.db,
          clock,
          auth: ctx.app.auth,
          admitsSessionIn: (tx, userId) => ctx.app.account.admitsSessionIn(tx, userId),
        });
      const a = node();
      const b = node();
      a.useBus(bus);
      b.useBus(bus);
      const credential = { keyId: k.key_id, secret: k.secret };
      expect(await b.resolver.resolve(credential, '10.0.0.1')).toMatchObject({ userId: u.userId });
      expect(b.resolver.inMemory(credential)).toBe(true);
      expect((await a.revoke(u.userId, k.key_id)).ok).toBe(true);
      await expect.poll(() => b.resolver.inMemory(credential)).toBe(false);
      expect(await b.resolver.resolve(credential, '10.0.0.1')).toEqual({
        status: 401,
        message: 'This API key was revoked',
      });
      await bus.close();
    });
  },
  { clock },
);

describeStores(
  'API keys: their own rate limits (issue 46)',
  (ctx) => {
    it('per key, then per bettor, 429 with Retry-After; the site’s own budget is untouched', async () => {
      const u = await createBettor(ctx.app, 0, 'keyrl');
      const api = ctx.api.fork();
      await api.login(u.userName, u.password);
      const make = async () =>
        (await api.call('createApiKey', { name: 'bot', scopes: ['read'] })).body.data as Created;
      const [k1, k2] = [await make(), await make()];
      const call = (k: Created) =>
        api.call('getUserBalance', undefined, { apiKey: `${k.key_id}:${k.secret}`, csrf: false });
      for (let i = 0; i < 3; i++) expect((await call(k1)).statusCode).toBe(200);
      const over = await call(k1);
      expect(over.statusCode).toBe(429);
      expect(over.body.message).toMatch(/^Too many requests with this API key; try again in \d+ seconds?$/);
      expect(Number(over.res.headers['retry-after'])).toBeGreaterThan(0);
      // The bettor's keys together: 5 a minute, 3 spent by the first key (its refused call counted
      // only against itself).
      expect((await call(k2)).statusCode).toBe(200);
      expect((await call(k2)).statusCode).toBe(200);
      const capped = await call(k2);
      expect(capped.statusCode).toBe(429);
      expect(capped.body.message).toMatch(/^Too many requests with this bettor's API keys/);
      // The site's calls count apart.
      expect((await api.call('getUserBalance')).statusCode).toBe(200);
    });
  },
  { rateLimits: { ...TEST_RATE_LIMITS, apiKeyPerMinute: 3, apiKeyUserPerMinute: 5 } },
);
