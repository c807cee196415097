import { BINARY_INSTRUMENTS, ROUND_GAMES } from '@backlay/engine';
import { count } from 'drizzle-orm';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { users } from '../src/modules/account/schema.ts';
import { matches } from '../src/modules/catalog/schema.ts';
import { ledgerAccounts } from '../src/modules/wallet/schema.ts';
import { seedDemo } from '../src/seed/seed.ts';
import type { Db } from '../src/db/store.ts';
import { expectLedgerBalanced } from './helpers/ledger.ts';
import { describeStores } from './helpers/stores.ts';

const rows = async (ctx: { app: { db: Db } }, table: typeof users | typeof matches) =>
  (await ctx.app.db.select({ n: count() }).from(table))[0]!.n;

// A stand-in for apps/web/dist.
const webDist = mkdtempSync(path.join(tmpdir(), 'backlay-web-'));
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><script type="module" src="./assets/app.js"></script>',
);
writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log(1);');
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

describeStores(
  'first start without demo data (SEED_DEMO=0), serving the client',
  (ctx) => {
    it('serves the built client at / next to the API', async () => {
      const index = await ctx.app.inject({ method: 'GET', url: '/' });
      expect(index.statusCode).toBe(200);
      expect(index.headers['content-type']).toContain('text/html');
      expect(index.headers['content-security-policy']).toContain("script-src 'self'");
      const js = await ctx.app.inject({ method: 'GET', url: '/assets/app.js' });
      expect(js.statusCode).toBe(200);
      expect(js.headers['content-type']).toContain('javascript');
      for (const url of ['/api/nope', '/missing.js', '/../package.json', '/%2e%2e/package.json']) {
        const r = await ctx.app.inject({ method: 'GET', url });
        expect(r.statusCode, url).toBe(404);
        expect(r.json(), url).toMatchObject({ status: false });
      }
      expect((await ctx.api.call('getGlobalSetting')).statusCode).toBe(200);
    });

    it('has the base data only: sports, casino sports, settings with images, the house account', async () => {
      expect(await rows(ctx, users)).toBe(0);
      // The in-house casino tables are base data: a match of sport -1 per game of the registry; and
      // the binary instruments, a match of sport -17 each.
      expect(await rows(ctx, matches)).toBe(ROUND_GAMES.length + BINARY_INSTRUMENTS.length);
      const settings = await ctx.app.settings.get();
      expect(settings.logo).toBe('/api/upload/image/logo.svg');
      expect(settings.payment_gateway).toBe('0');
      expect((await ctx.app.catalog.sports({})).length).toBe(10);
      expect((await ctx.app.casino.sports()).map((s) => s.sport_id)).toEqual([
        'ourcasino',
        'virtual',
        'worldcasino',
      ]);
      expect(await ctx.app.db.select().from(ledgerAccounts)).toMatchObject([
        { kind: 'house', code: 'HOUSE_CASH' },
      ]);
      const login = await ctx.api.call('login', { user_name: 'demo', password: 'demo1234' });
      expect(login.body).toEqual({ status: false, message: 'Invalid user name or password' });
    });

    it('seeds the demo data once into the empty store, and never again', async () => {
      expect(await seedDemo(ctx.app)).toBe(true);
      expect(await rows(ctx, users)).toBe(8);
      const matchCount = await rows(ctx, matches);
      expect(matchCount).toBeGreaterThan(50);
      expect(await seedDemo(ctx.app)).toBe(false);
      expect(await rows(ctx, matches)).toBe(matchCount);
      await ctx.api.login('demo', 'demo1234');
      expect((await ctx.api.call('getUserBalance')).body.data).toEqual({
        total_balance: 100000,
        liability: 0,
      });
      expect((await ctx.app.settings.get()).payment_gateway).toBe('1');
      await expectLedgerBalanced(ctx.app);
    });
  },
  { seedDemo: false, webDistDir: webDist },
);
