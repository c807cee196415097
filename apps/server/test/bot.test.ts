// Issue 46: examples/bot run as a bettor would run it (its own process, `tsx src/main.ts`) against a
// real listening server. It finds the market, keeps the book from the stream, quotes a back/lay pair
// inside the best prices, is matched in part by another bettor, cancels what rests at the end and
// prints its position, which must be what the store says its matched bets make.
import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { MarketStream } from '../../../examples/bot/src/stream.ts';
import { buildApp } from '../src/app.ts';
import { bets } from '../src/modules/exchange/schema.ts';
import { SYSTEM_STAKER } from '../src/modules/wallet/stake-gate.ts';
import { Api } from './helpers/api.ts';
import { createBettor, createMarket, expectExchangeInvariants } from './helpers/exchange.ts';
import { expectLedgerBalanced } from './helpers/ledger.ts';
import { ONE_STORE, openStore, TEST_RATE_LIMITS, TEST_SECRET_HASH_COST } from './helpers/stores.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

describe(`examples/bot against a real server [${ONE_STORE}]`, () => {
  let app: FastifyInstance;
  let cleanup: () => Promise<void> = async () => {};
  beforeAll(async () => {
    const opened = await openStore(ONE_STORE);
    cleanup = opened.cleanup;
    app = await buildApp({
      store: opened.options,
      seedDemo: true,
      rateLimits: TEST_RATE_LIMITS,
      secretHashCost: TEST_SECRET_HASH_COST,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
    await cleanup();
  });

  it('quotes inside the best prices, is matched in part, cancels at the end and prints the store’s position', async () => {
    const m = await createMarket(app);
    const other = await createBettor(app, 10_000_000, 'counter');
    const place = (side: 'BACK' | 'LAY', price: number, size_paise: number) =>
      app.exchange.placeBet(
        other.userId,
        {
          market_id: m.marketId,
          selection_id: m.selectionIds[0]!,
          side,
          price,
          size_paise,
          request_id: `counter-${side}-${price}-${Math.random()}`,
        },
        { staker: SYSTEM_STAKER },
      );
    // The book the bot finds: a back resting at 2.10, a lay at 1.90.
    await place('BACK', 210, 20_000);
    await place('LAY', 190, 20_000);

    const u = await createBettor(app, 1_000_000, 'bot');
    const api = new Api(app);
    await api.login(u.userName, u.password);
    const made = await api.call('createApiKey', { name: 'example bot', scopes: ['read', 'trade'] });
    const key = made.body.data as { key_id: string; secret: string };

    const port = (app.server.address() as AddressInfo).port;
    const child = spawn(process.execPath, ['--import', 'tsx', 'examples/bot/src/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        BACKLAY_URL: `http://127.0.0.1:${port}`,
        BACKLAY_KEY: `${key.key_id}:${key.secret}`,
        BACKLAY_MARKET: String(m.marketId),
        BOT_STAKE: '100',
        BOT_STEPS: '5',
        BOT_STEP_MS: '300',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const lines: string[] = [];
    let errors = '';
    let hit: Promise<unknown> | null = null;
    child.stderr.on('data', (d: Buffer) => (errors += d.toString()));
    child.stdout.on('data', (d: Buffer) => {
      for (const line of d.toString().split('\n').filter(Boolean)) {
        lines.push(line);
        // Its first quote: another bettor lays ₹50 at its back price (a part of its ₹100).
        const q = /quoting back ([\d.]+) \/ lay ([\d.]+)/.exec(line);
        if (q && !hit) hit = place('LAY', Math.round(Number(q[1]) * 100), 5_000);
      }
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code, `${errors}\n${lines.join('\n')}`).toBe(0);
    await hit;

    expect(lines).toContain('step 1: quoting back 2.08 / lay 1.91');
    const resultLine = lines.find((l) => l.startsWith('result '));
    const result = JSON.parse(resultLine!.slice('result '.length)) as {
      position: { if_wins: number; if_loses: number; matched_back: number; matched_lay: number };
      placed: number;
      cancelled: number;
    };
    expect(result.position).toEqual({ if_wins: 54, if_loses: -50, matched_back: 50, matched_lay: 0 });
    expect(lines.at(-2)).toBe(
      'final position: if it wins ₹54.00, if it loses ₹-50.00 (matched: back ₹50.00, lay ₹0.00)',
    );
    expect(result.placed).toBeGreaterThanOrEqual(2);
    expect(result.cancelled).toBeGreaterThanOrEqual(1);

    // What the store says: nothing of the bot's rests, and its matched bets make what it printed.
    const mine = await app.db
      .select()
      .from(bets)
      .where(and(eq(bets.userId, u.userId), eq(bets.marketId, m.marketId)));
    expect(mine.filter((b) => b.remainingPaise > 0)).toEqual([]);
    const matchedBack = mine.filter((b) => b.side === 'BACK').reduce((s, b) => s + b.matchedPaise, 0);
    const wins = mine.reduce(
      (s, b) => s + (b.side === 'BACK' ? 1 : -1) * Math.round((b.matchedValue - 100 * b.matchedPaise) / 100),
      0,
    );
    expect(matchedBack).toBe(5_000);
    expect(wins).toBe(5_400);
    await expectExchangeInvariants(app);
    await expectLedgerBalanced(app);
  }, 90_000);

  it('its stream, dropped, opens again and resumes from its clocks: the book is the store’s, with no image', async () => {
    const m = await createMarket(app);
    const other = await createBettor(app, 10_000_000, 'counter');
    const u = await createBettor(app, 0, 'reader');
    const api = new Api(app);
    await api.login(u.userName, u.password);
    const key = (await api.call('createApiKey', { name: 'reader', scopes: ['read'] })).body.data as {
      key_id: string;
      secret: string;
    };
    const port = (app.server.address() as AddressInfo).port;
    const stream = new MarketStream(`http://127.0.0.1:${port}`, `${key.key_id}:${key.secret}`);
    await stream.open();
    stream.subscribeMarkets(1, { market_ids: [m.marketId] });
    const back = (price: number) =>
      app.exchange.placeBet(
        other.userId,
        {
          market_id: m.marketId,
          selection_id: m.selectionIds[1]!,
          side: 'BACK',
          price,
          size_paise: 10_000,
          request_id: `r-${price}-${Math.random()}`,
        },
        { staker: SYSTEM_STAKER },
      );
    const agrees = () =>
      expect
        .poll(
          async () =>
            JSON.stringify(stream.books.get(m.marketId)) ===
            JSON.stringify(await app.exchange.getMarketImage(m.marketId)),
          {
            timeout: 10_000,
          },
        )
        .toBe(true);
    await agrees();
    await back(300);
    await agrees();
    const imagesBefore = stream.images;
    stream.drop();
    for (const price of [290, 280, 270]) await back(price);
    await expect.poll(() => stream.reconnects, { timeout: 10_000 }).toBe(1);
    await agrees();
    expect(stream.images).toBe(imagesBefore);
    await stream.close();
  }, 60_000);
});
