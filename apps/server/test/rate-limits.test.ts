// Request and login limits (plugins/rate-limit.ts): a signed-in caller is counted by user, not by
// address (many bettors behind one carrier-grade NAT address each have their own budget, one
// bettor on many addresses has one); a call without a session by its address (IPv6 by /64);
// login per address and per account name. In memory for one node, and in Redis shared by nodes
// (skipped with one line without Redis; required in CI).
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { freePort } from '../../../scripts/test-ports.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type AppOptions } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { addressKey, clientAddressOf, type RateLimitInput } from '../src/plugins/rate-limit.ts';
import { Api } from './helpers/api.ts';
import { redisAvailable, TEST_REDIS_URL } from './helpers/redis.ts';
import { openStore } from './helpers/stores.ts';

const LIMITS: RateLimitInput = {
  userPerMinute: 5,
  anonymousPerMinute: 4,
  loginPerMinute: 1_000,
  loginPerAccountPerMinute: 3,
};

async function node(options: Partial<AppOptions> = {}) {
  const opened = await openStore('pglite');
  const app = await buildApp({ store: opened.options, seedDemo: true, rateLimits: LIMITS, ...options });
  await app.ready();
  return app;
}

/** A client at a given address; signs in with plenty of room (login has its own limits). */
function client(app: FastifyInstance, address: string) {
  const api = new Api(app);
  return {
    api,
    call: (token: string | null = api.token) =>
      api.call('getGlobalSetting', undefined, { remoteAddress: address, token }),
    async login(user: string, password = 'demo1234') {
      const r = await api.call(
        'login',
        { user_name: user, password },
        { remoteAddress: address, token: null },
      );
      if (r.body.status) api.token = (r.body.data as { token: string }).token;
      return r;
    },
  };
}

const statuses = async (n: number, call: () => Promise<{ statusCode: number }>) => {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await call()).statusCode);
  return out;
};

describe('client addresses', () => {
  it('IPv4 as it is, IPv4-mapped IPv6 as IPv4, IPv6 by its /64', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('a port a balancer wrote after the address is not part of it; an entry that is no address counts the peer (issue 40)', () => {
    expect(addressKey('203.0.113.9:40001')).toBe('203.0.113.9');
    expect(addressKey(' 203.0.113.9 ')).toBe('203.0.113.9');
    expect(addressKey('[2001:db8:1:2::5]:443')).toBe('2001:db8:1:2::/64');
    expect(addressKey('[::ffff:203.0.113.9]')).toBe('203.0.113.9');
    const peer = { remoteAddress: '192.0.2.1' };
    expect(clientAddressOf({ ip: '203.0.113.9:40001', socket: peer })).toBe('203.0.113.9');
    expect(clientAddressOf({ ip: 'client-7', socket: peer })).toBe('192.0.2.1');
    expect(clientAddressOf({ ip: '999.1.1.1:80', socket: peer })).toBe('192.0.2.1');
  });
});

describe('limits in this node’s memory (no Redis)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await node();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('counts in memory', () => {
    expect(app.limits.store).toBe('memory');
  });

  it('a signed-in user is counted by user: one budget over several addresses', async () => {
    const one = client(app, '198.51.100.1');
    const token = ((await one.login('demo')).body.data as { token: string }).token;
    const two = client(app, '198.51.100.2');
    two.api.token = token;
    expect(await statuses(3, () => one.call())).toEqual([200, 200, 200]);
    const r = await statuses(3, () => two.call());
    expect(r).toEqual([200, 200, 429]);
    const refused = await two.call();
    expect(refused.body.message).toMatch(/^Too many requests; try again in \d+ seconds?$/);
    expect(Number(refused.res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('many signed-in users behind one address (a carrier-grade NAT) each have their own budget', async () => {
    const shared = '198.51.100.50';
    const a = client(app, shared);
    const b = client(app, shared);
    await a.login('demo2');
    await b.login('operator', 'operator123');
    expect(await statuses(5, () => a.call())).toEqual([200, 200, 200, 200, 200]);
    expect(await statuses(5, () => b.call())).toEqual([200, 200, 200, 200, 200]);
    expect((await a.call()).statusCode).toBe(429);
    // Without a session the address is counted on its own: the two logins and two more calls
    // fill its 4 (a bad token counts as none).
    const anon = client(app, shared);
    expect(await statuses(3, () => anon.call(null))).toEqual([200, 200, 429]);
    expect((await anon.call('x'.repeat(43))).statusCode).toBe(429);
  });

  it('calls without a session are counted by address; IPv6 by its /64', async () => {
    const v4 = client(app, '192.0.2.10');
    expect(await statuses(5, () => v4.call(null))).toEqual([200, 200, 200, 200, 429]);
    expect((await client(app, '192.0.2.11').call(null)).statusCode).toBe(200);
    const v6 = (host: string) => client(app, `2001:db8:aa:bb:${host}`);
    expect(await statuses(4, () => v6('1::1').call(null))).toEqual([200, 200, 200, 200]);
    // Another address of the same /64: the same budget.
    expect((await v6('ffff::2').call(null)).statusCode).toBe(429);
    expect((await client(app, '2001:db8:aa:cc::1').call(null)).statusCode).toBe(200);
  });

  it('made-up tokens count as calls without a session, and once the address is over, cost no store read', async () => {
    const ip = '192.0.2.150';
    const lookups: string[] = [];
    const lookup = app.auth.lookup.bind(app.auth);
    app.auth.lookup = async (token: string) => {
      lookups.push(token);
      return lookup(token);
    };
    try {
      const fake = (i: number) => `${'Z'.repeat(40)}${String(i).padStart(3, '0')}`;
      const c = client(app, ip);
      const got: number[] = [];
      for (let i = 0; i < 6; i++) got.push((await c.call(fake(i))).statusCode);
      expect(got).toEqual([200, 200, 200, 200, 429, 429]); // a public call: the token is ignored
      expect(lookups).toHaveLength(4);
    } finally {
      app.auth.lookup = lookup;
    }
  });

  it('login is counted per account name (any case) from every address, before the password is checked', async () => {
    const at = (i: number) => client(app, `203.0.113.${i}`);
    const wrong = async (i: number, name: string) =>
      (
        await at(i).api.call(
          'login',
          { user_name: name, password: 'wrong-pass1' },
          { remoteAddress: `203.0.113.${i}`, token: null },
        )
      ).statusCode;
    expect([await wrong(1, 'ghost'), await wrong(2, 'Ghost'), await wrong(3, 'GHOST')]).toEqual([
      200, 200, 200,
    ]);
    const r = await at(4).api.call(
      'login',
      { user_name: 'ghost', password: 'wrong-pass1' },
      { remoteAddress: '203.0.113.4', token: null },
    );
    expect(r.statusCode).toBe(429);
    expect(r.body.message).toMatch(/^Too many login attempts for this account; try again in \d+ seconds?$/);
    // Another account from the same address is not affected.
    expect(await wrong(4, 'someone-else')).toBe(200);
  });
});

describe('login per address', () => {
  it('is a route limit of its own, on top of the per-address limit of calls without a session', async () => {
    const app = await node({ rateLimits: { ...LIMITS, anonymousPerMinute: 1_000, loginPerMinute: 2 } });
    try {
      const c = client(app, '192.0.2.77');
      const names = ['p1', 'p2', 'p3'];
      const got = [];
      for (const n of names)
        got.push(
          (
            await c.api.call(
              'login',
              { user_name: n, password: 'x' },
              { remoteAddress: '192.0.2.77', token: null },
            )
          ).statusCode,
        );
      expect(got).toEqual([200, 200, 429]);
      expect((await c.call(null)).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('behind one proxy (TRUST_PROXY=1)', () => {
  /** A call without a session through the balancer at 10.0.0.5, with this X-Forwarded-For. */
  const via = (app: FastifyInstance, xff: string | null) =>
    app.inject({
      method: 'GET',
      url: '/api/globalSetting/getGlobalSetting',
      remoteAddress: '10.0.0.5',
      headers: xff === null ? {} : { 'x-forwarded-for': xff },
    });

  it('counts the address the balancer appended, never one the client wrote before it', async () => {
    const app = await node({ trustProxy: loadConfig({ TRUST_PROXY: '1' }).trustProxy });
    try {
      // One client (203.0.113.9) writing a new address of its own each time: one budget of 4.
      const spoofed = await statuses(5, () =>
        via(app, `198.51.100.${Math.floor(Math.random() * 250)}, 203.0.113.9`),
      );
      expect(spoofed).toEqual([200, 200, 200, 200, 429]);
      // Several hops written by the client change nothing either.
      expect((await via(app, '1.1.1.1, 2.2.2.2, 3.3.3.3, 203.0.113.9')).statusCode).toBe(429);
      // Another client naming the limited address as its own is counted as itself.
      expect((await via(app, '203.0.113.9, 198.51.100.7')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('without TRUST_PROXY, X-Forwarded-For is not read: every call is the balancer’s', async () => {
    const app = await node();
    try {
      const got = await statuses(5, () => via(app, `198.51.100.${Math.floor(Math.random() * 250)}`));
      expect(got).toEqual([200, 200, 200, 200, 429]);
    } finally {
      await app.close();
    }
  });
});

const withRedis = await redisAvailable('limits shared across nodes in Redis');

describe.skipIf(!withRedis)('limits shared by two nodes in Redis', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  beforeAll(async () => {
    // Both nodes start from the same seeded template, so the demo users have the same ids.
    const prefix = `test:rl:${randomBytes(5).toString('hex')}`;
    const store = { redisUrl: TEST_REDIS_URL, prefix };
    a = await node({ rateLimitStore: store });
    b = await node({ rateLimitStore: store });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('count in Redis', () => {
    expect([a.limits.store, b.limits.store]).toEqual(['redis', 'redis']);
  });

  it('a user’s calls on both nodes draw on one budget', async () => {
    const onA = client(a, '198.51.100.1');
    const onB = client(b, '198.51.100.2');
    await onA.login('demo');
    await onB.login('demo');
    expect(await statuses(3, () => onA.call())).toEqual([200, 200, 200]);
    expect(await statuses(3, () => onB.call())).toEqual([200, 200, 429]);
    // demo2 on the same nodes is not affected.
    const other = client(b, '198.51.100.2');
    await other.login('demo2');
    expect((await other.call()).statusCode).toBe(200);
  });

  it('an address without a session, and login attempts per account, are counted across nodes', async () => {
    const ip = '192.0.2.200';
    expect(await statuses(2, () => client(a, ip).call(null))).toEqual([200, 200]);
    expect(await statuses(3, () => client(b, ip).call(null))).toEqual([200, 200, 429]);
    const attempt = (app: FastifyInstance, i: number) =>
      new Api(app).call(
        'login',
        { user_name: 'nobody-here', password: 'wrong-pass1' },
        { remoteAddress: `203.0.113.${100 + i}`, token: null },
      );
    const codes = [
      (await attempt(a, 1)).statusCode,
      (await attempt(b, 2)).statusCode,
      (await attempt(a, 3)).statusCode,
    ];
    expect(codes).toEqual([200, 200, 200]);
    expect((await attempt(b, 4)).statusCode).toBe(429);
  });
});

describe.skipIf(!withRedis)('when Redis does not answer', () => {
  it('the node starts, answers, and counts in its own memory until Redis is back', async () => {
    // A port nothing listens on.
    const free = await freePort();
    const app = await node({
      rateLimitStore: { redisUrl: `redis://127.0.0.1:${free}`, prefix: 'test:down' },
    });
    try {
      const c = client(app, '192.0.2.99');
      const t0 = Date.now();
      expect(await statuses(5, () => c.call(null))).toEqual([200, 200, 200, 200, 429]);
      expect(Date.now() - t0).toBeLessThan(2_000);
    } finally {
      await app.close();
    }
  });
});
