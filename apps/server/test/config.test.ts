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

  it('DATABASE_URL switches to PostgreSQL with demo data off unless SEED_DEMO=1', () => {
    const url = 'postgres://u@db:5432/backlay';
    expect(loadConfig({ DATABASE_URL: url })).toMatchObject({
      store: { kind: 'postgres', url },
      seedDemo: false,
    });
    expect(loadConfig({ DATABASE_URL: url, SEED_DEMO: '1' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
  });

  it('TRUST_PROXY: off by default, 1 for any proxy, or a list of addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16' }).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
    ]);
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
