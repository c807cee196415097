// Behind HTTPS (PUBLIC_URL https://…): Strict-Transport-Security on every answer and the Secure
// flag on every cookie the server sets; served over plain http (development, tests), neither.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openStore } from './helpers/stores.ts';

async function node(publicUrl: string | undefined) {
  const opened = await openStore('pglite', true);
  const config = loadConfig(publicUrl ? { PUBLIC_URL: publicUrl } : {});
  const app = await buildApp({ store: opened.options, seedDemo: false, https: config.https });
  await app.ready();
  return app;
}

/** Every Set-Cookie of an answer, as sent. */
const setCookies = (headers: Record<string, unknown>) => {
  const raw = headers['set-cookie'];
  return Array.isArray(raw) ? raw.map(String) : raw ? [String(raw)] : [];
};

describe('behind HTTPS (PUBLIC_URL https://…)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await node('https://bet.example.com');
  });
  afterAll(async () => {
    await app?.close();
  });

  it('PUBLIC_URL https turns it on; http or unset, off; anything else is refused naming it', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://bet.example.com' }).https).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:8080' }).https).toBe(false);
    expect(loadConfig({}).https).toBe(false);
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://x' })).toThrow(/PUBLIC_URL/);
  });

  it('every answer carries Strict-Transport-Security, the API and the rest', async () => {
    for (const url of ['/api/globalSetting/getGlobalSetting', '/healthz', '/nothing-here']) {
      const r = await app.inject({ method: 'GET', url });
      expect(r.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
    }
  });

  it('every cookie it sets is Secure, though the balancer speaks plain http to the node', async () => {
    const r = await app.inject({ method: 'GET', url: '/api/globalSetting/getGlobalSetting' });
    const cookies = setCookies(r.headers);
    expect(cookies.length).toBeGreaterThan(0);
    for (const c of cookies) expect(c).toMatch(/;\s*Secure(;|$)/i);
  });
});

describe('over plain http (no PUBLIC_URL)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await node(undefined);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('no Strict-Transport-Security (a browser would then refuse http to the host for a year)', async () => {
    const r = await app.inject({ method: 'GET', url: '/api/globalSetting/getGlobalSetting' });
    expect(r.headers['strict-transport-security']).toBeUndefined();
  });

  it('cookies are not Secure (a browser on http would drop them)', async () => {
    const r = await app.inject({ method: 'GET', url: '/api/globalSetting/getGlobalSetting' });
    const cookies = setCookies(r.headers);
    expect(cookies.length).toBeGreaterThan(0);
    for (const c of cookies) expect(c).not.toMatch(/;\s*Secure(;|$)/i);
  });
});
