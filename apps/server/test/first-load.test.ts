// The first load (issue 19): the built clients' files go out precompressed (brotli or gzip, written
// at build time) with `vary: accept-encoding`; hashed assets are cached for a year, index.html is
// revalidated; JSON answers above 1 kB are compressed on the fly, smaller ones are not.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { IMMUTABLE_CACHE, REVALIDATE_CACHE } from '../src/plugins/static-files.ts';
import { openStore } from './helpers/stores.ts';

let app: FastifyInstance;
let dir: string;
let cleanup = async () => {};

/** A file and its .br and .gz siblings, as the build writes them. */
function writeCompressed(path: string, text: string) {
  writeFileSync(path, text);
  writeFileSync(`${path}.br`, brotliCompressSync(text));
  writeFileSync(`${path}.gz`, gzipSync(text));
}

const script = (title: string) => `console.log(${JSON.stringify(title.repeat(200))});\n`;
const page = (title: string) => `<!doctype html><title>${title}</title><p>${'x'.repeat(2000)}</p>`;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'backlay-first-load-'));
  for (const [name, title] of [
    ['admin', 'Console'],
    ['web', 'Bettor'],
  ] as const) {
    mkdirSync(join(dir, name, 'assets'), { recursive: true });
    writeCompressed(join(dir, name, 'index.html'), page(title));
    writeCompressed(join(dir, name, 'assets', 'app-Ab12Cd34.js'), script(title));
  }
  // A hashed asset the build left uncompressed (an image): served as it is.
  writeFileSync(join(dir, 'web', 'assets', 'logo-Ef56Gh78.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
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

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe('built assets', () => {
  for (const [url, title] of [
    ['/assets/app-Ab12Cd34.js', 'Bettor'],
    ['/admin/assets/app-Ab12Cd34.js', 'Console'],
  ] as const) {
    it(`${url}: brotli, gzip or identity as asked, cached for a year`, async () => {
      const br = await get(url, 'gzip, deflate, br');
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toContain('javascript');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script(title));
      expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
      expect(br.rawPayload.length).toBeLessThan(script(title).length / 4);
      expect(br.headers['cache-control']).toBe(IMMUTABLE_CACHE);

      const gz = await get(url, 'gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gz.headers.vary).toMatch(/accept-encoding/i);
      expect(gunzipSync(gz.rawPayload).toString()).toBe(script(title));
      expect(gz.headers['cache-control']).toBe(IMMUTABLE_CACHE);

      const plain = await get(url);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      expect(plain.body).toBe(script(title));
      expect(plain.headers['cache-control']).toBe(IMMUTABLE_CACHE);

      const identity = await get(url, 'identity');
      expect(identity.headers['content-encoding']).toBeUndefined();
      expect(identity.body).toBe(script(title));
    });
  }

  it('an asset without a compressed copy is sent as it is, still immutable', async () => {
    const res = await get('/assets/logo-Ef56Gh78.png', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.length).toBe(4);
    expect(res.headers['cache-control']).toBe(IMMUTABLE_CACHE);
  });

  it('a hashed asset carries only the headers a script or image uses, not the document ones', async () => {
    for (const url of [
      '/assets/app-Ab12Cd34.js',
      '/admin/assets/app-Ab12Cd34.js',
      '/assets/logo-Ef56Gh78.png',
    ]) {
      const res = await get(url, 'br');
      expect(res.statusCode).toBe(200);
      // What a subresource uses: no sniffing of its type, no loading by other sites.
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      // Document-only headers (CSP, framing, referrer, …) do nothing on a script or an image, and
      // each file of the first load paid about 0.7 kB for them; no XSRF cookie either.
      for (const h of [
        'content-security-policy',
        'x-frame-options',
        'referrer-policy',
        'cross-origin-opener-policy',
        'origin-agent-cluster',
        'x-dns-prefetch-control',
        'x-download-options',
        'x-permitted-cross-domain-policies',
        'x-xss-protection',
        'set-cookie',
      ]) {
        expect(res.headers[h], `${url}: ${h}`).toBeUndefined();
      }
    }
    // The page itself keeps them all.
    const index = await get('/', 'br');
    expect(index.headers['content-security-policy']).toContain("script-src 'self'");
    expect(index.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(String(index.headers['set-cookie'])).toContain('XSRF-TOKEN');
  });

  it('a missing asset is a 404, not a cached answer', async () => {
    const res = await get('/assets/nothing-00000000.js', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control']).not.toBe(IMMUTABLE_CACHE);
  });
});

describe('index.html', () => {
  for (const [url, title] of [
    ['/', 'Bettor'],
    ['/index.html', 'Bettor'],
    ['/admin/', 'Console'],
    ['/admin/index.html', 'Console'],
  ] as const) {
    it(`${url}: revalidated on every load, compressed when asked`, async () => {
      const br = await get(url, 'br, gzip');
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-type']).toContain('text/html');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(page(title));
      expect(br.headers['cache-control']).toBe(REVALIDATE_CACHE);

      const plain = await get(url);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(page(title));
      expect(plain.headers['cache-control']).toBe(REVALIDATE_CACHE);
    });
  }

  it('/admin (the console fallback) redirects to /admin/, never cached for long', async () => {
    const res = await get('/admin', 'br');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/admin/');
    expect(res.headers['cache-control'] ?? '').not.toContain('immutable');
  });
});

describe('JSON answers', () => {
  it('above 1 kB: compressed when asked, identity when not', async () => {
    const plain = await get('/api/openapi.json');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await get('/api/openapi.json', 'gzip, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);

    const gz = await get('/api/openapi.json', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it('below 1 kB: sent as it is even when compression is asked for', async () => {
    const res = await get('/healthz', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ status: true });
  });
});
