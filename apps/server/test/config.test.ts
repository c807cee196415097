import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';

describe('config', () => {
  it('defaults: port 8080, PGlite under ./data with demo data, 12 h tokens', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      store: { kind: 'pglite', dataDir: path.resolve('./data') },
      seedDemo: true,
      tokenTtlHours: 12,
      logLevel: 'info',
      feed: 'demo',
    });
  });

  it('game providers: the demo on 127.0.0.1:8090 by default, off, its secret required in production, PROVIDERS checked', () => {
    expect(loadConfig({}).providers).toEqual([
      {
        id: 'demo',
        name: 'Backlay Demo Games',
        base_url: 'http://127.0.0.1:8090',
        secret: 'backlay-demo-provider-secret',
      },
    ]);
    expect(loadConfig({ PROVIDER_DEMO_URL: 'off' }).providers).toEqual([]);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PROVIDER_DEMO_SECRET is required/);
    expect(
      loadConfig({
        NODE_ENV: 'production',
        PROVIDER_DEMO_SECRET: 's'.repeat(16),
        PROVIDER_DEMO_URL: 'https://games.example/',
      }).providers[0],
    ).toMatchObject({ base_url: 'https://games.example', secret: 's'.repeat(16) });
    expect(() => loadConfig({ PROVIDER_DEMO_SECRET: 'short' })).toThrow(/PROVIDER_DEMO_SECRET/);
    const more = [
      { id: 'evo', name: 'Evo Live', base_url: 'https://evo.example/api', secret: 'e'.repeat(20) },
    ];
    expect(loadConfig({ PROVIDER_DEMO_URL: 'off', PROVIDERS: JSON.stringify(more) }).providers).toEqual(more);
    expect(() => loadConfig({ PROVIDERS: '[{' })).toThrow(/PROVIDERS must be a JSON array/);
    expect(() => loadConfig({ PROVIDERS: JSON.stringify([{ ...more[0], secret: 'x' }]) })).toThrow(
      /PROVIDERS\.0\.secret/,
    );
    expect(() => loadConfig({ PROVIDERS: JSON.stringify([{ ...more[0], id: 'demo' }]) })).toThrow(
      /id demo twice/,
    );
  });

  it('DATABASE_URL switches to PostgreSQL with demo data off unless SEED_DEMO=1', () => {
    const url = 'postgres://u@db:5432/backlay';
    expect(loadConfig({ DATABASE_URL: url })).toMatchObject({
      store: { kind: 'postgres', url },
      seedDemo: false,
    });
    expect(loadConfig({ DATABASE_URL: url, SEED_DEMO: '1' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
  });

  it('TRUST_PROXY: off by default, a number of proxy hops (1: the balancer), or a list of addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    // One hop: the address the balancer added, never the client's own X-Forwarded-For (issue 33).
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16' }).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
    ]);
    // 'true' (trust every hop) would let a client write its own address: refused, naming the variable.
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: .*number of proxy hops/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.1, balancer' })).toThrow(/TRUST_PROXY: .*balancer/);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });

  it('BUS_URL selects NATS (one server or several) under BUS_PREFIX; unset, the in-process bus', () => {
    expect(loadConfig({}).bus).toBeNull();
    expect(loadConfig({ BUS_URL: 'nats://127.0.0.1:4222' }).bus).toEqual({
      url: 'nats://127.0.0.1:4222',
      prefix: 'backlay',
    });
    const token = 'bus-token-0123456789';
    expect(
      loadConfig({ BUS_URL: 'nats://a:4222,nats://b:4222', BUS_PREFIX: 'prod.eu', BUS_TOKEN: token }).bus,
    ).toEqual({ url: 'nats://a:4222,nats://b:4222', prefix: 'prod.eu', token });
    expect(() => loadConfig({ BUS_URL: 'redis://127.0.0.1:6379' })).toThrow(/BUS_URL/);
    expect(() => loadConfig({ BUS_URL: 'nats://x:1', BUS_PREFIX: 'a b' })).toThrow(/BUS_PREFIX/);
  });

  it('a bus on the network needs credentials (BUS_USER and BUS_PASSWORD, or BUS_TOKEN); on loopback they are optional', () => {
    // On this machine (development, the tests): none needed.
    for (const url of ['nats://127.0.0.1:4222', 'nats://localhost:4222', 'nats://[::1]:4222']) {
      expect(loadConfig({ BUS_URL: url }).bus).toEqual({ url, prefix: 'backlay' });
    }
    // Anywhere else the node refuses to start, naming what is missing.
    expect(() => loadConfig({ BUS_URL: 'nats://nats-1:4222' })).toThrow(
      /BUS_URL: NATS at nats-1 .*BUS_TOKEN/,
    );
    expect(() => loadConfig({ BUS_URL: 'nats://127.0.0.1:4222,nats://10.0.0.5:4222' })).toThrow(
      /10\.0\.0\.5/,
    );
    expect(
      loadConfig({ BUS_URL: 'nats://nats-1:4222', BUS_USER: 'backlay', BUS_PASSWORD: 'secret' }).bus,
    ).toEqual({
      url: 'nats://nats-1:4222',
      prefix: 'backlay',
      user: 'backlay',
      password: 'secret',
    });
    expect(() => loadConfig({ BUS_URL: 'nats://nats-1:4222', BUS_USER: 'backlay' })).toThrow(/BUS_PASSWORD/);
    expect(() => loadConfig({ BUS_URL: 'nats://127.0.0.1:4222', BUS_PASSWORD: 'secret' })).toThrow(
      /BUS_USER/,
    );
    expect(() =>
      loadConfig({
        BUS_URL: 'nats://h:4222',
        BUS_USER: 'u',
        BUS_PASSWORD: 'p',
        BUS_TOKEN: 'bus-token-0123456789',
      }),
    ).toThrow(/BUS_TOKEN.*not both/);
    expect(() => loadConfig({ BUS_URL: 'nats://h:4222', BUS_TOKEN: 'short' })).toThrow(/BUS_TOKEN/);
  });

  it('REDIS_URL puts the limits in Redis under REDIS_PREFIX; unset, each node counts in memory', () => {
    expect(loadConfig({}).rateLimitStore).toBeNull();
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).rateLimitStore).toEqual({
      redisUrl: 'redis://127.0.0.1:6379',
      prefix: 'backlay:rl',
    });
    expect(loadConfig({ REDIS_URL: 'rediss://r:6380', REDIS_PREFIX: 'prod:rl' }).rateLimitStore).toEqual({
      redisUrl: 'rediss://r:6380',
      prefix: 'prod:rl',
    });
    expect(() => loadConfig({ REDIS_URL: 'nats://127.0.0.1:4222' })).toThrow(/REDIS_URL/);
  });

  it('METRICS_TOKEN and METRICS_PORT (bound to METRICS_HOST); neither: /metrics is not served', () => {
    expect(loadConfig({}).metrics).toEqual({});
    expect(loadConfig({ METRICS_TOKEN: 'a'.repeat(16), METRICS_PORT: '9464' }).metrics).toEqual({
      token: 'a'.repeat(16),
      listen: { host: '127.0.0.1', port: 9464 },
    });
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });

  it('accepts fractional TOKEN_TTL_HOURS and empty values as unset', () => {
    expect(loadConfig({ TOKEN_TTL_HOURS: '0.001', PORT: '' }).tokenTtlHours).toBe(0.001);
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ TOKEN_TTL_HOURS: '-1' }, /TOKEN_TTL_HOURS/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must start with postgres/],
    [{ SEED_DEMO: 'yes' }, /SEED_DEMO/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
