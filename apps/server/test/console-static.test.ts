// The operator console's files: /admin redirects to /admin/, which answers its index.html; its
// assets are served under /admin/; the bettor's app stays at /.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openStore } from './helpers/stores.ts';

let app: FastifyInstance;
let dir: string;
let cleanup = async () => {};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'backlay-dists-'));
  for (const [name, title] of [
    ['admin', 'Console'],
    ['web', 'Bettor'],
  ] as const) {
    mkdirSync(join(dir, name, 'assets'), { recursive: true });
    writeFileSync(join(dir, name, 'index.html'), `<!doctype html><title>${title}</title>`);
    writeFileSync(join(dir, name, 'assets', 'app.js'), `console.log('${title}')`);
  }
  const store = await openStore('pglite', true);
  cleanup = store.cleanup;
  app = await buildApp({
    store: store.options,
    adminDistDir: join(dir, 'admin'),
    webDistDir: join(dir, 'web'),
  });
});

afterAll(async () => {
  await app?.close();
  await cleanup();
  rmSync(dir, { recursive: true, force: true });
});

it('serves the console at /admin/ and the bettor app at /', async () => {
  const bare = await app.inject({ url: '/admin' });
  expect(bare.statusCode).toBe(301);
  expect(bare.headers.location).toBe('/admin/');
  const index = await app.inject({ url: '/admin/' });
  expect(index.statusCode).toBe(200);
  expect(index.headers['content-type']).toContain('text/html');
  expect(index.body).toContain('<title>Console</title>');
  const asset = await app.inject({ url: '/admin/assets/app.js' });
  expect(asset.statusCode).toBe(200);
  expect(asset.body).toContain("console.log('Console')");
  const web = await app.inject({ url: '/' });
  expect(web.body).toContain('<title>Bettor</title>');
  expect((await app.inject({ url: '/admin/nothing.js' })).statusCode).toBe(404);
});
