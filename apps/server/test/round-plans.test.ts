// The round's statements keep their plans (docs/performance.md, "The round's reads planned
// once"). A named statement gets five custom plans from PostgreSQL, then the generic one if that
// costs no more than the custom ones did. A statement whose estimates follow its parameters'
// values (an array's length, generate_series's upper bound) costs differently with each, and is
// planned again at every call: 0.35–0.55 ms of the backend's CPU a round for the round's reads,
// which no data changes. The app here runs on one connection, so pg_prepared_statements (one
// session's) shows every statement it has named.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { Api } from './helpers/api.ts';
import {
  createBettor,
  createMarket,
  expectExchangeInvariants,
  marketBet,
  placedBet,
} from './helpers/exchange.ts';
import { openStore, TEST_RATE_LIMITS, TEST_SECRET_HASH_COST } from './helpers/stores.ts';

type Prepared = { statement: string; generic: number; custom: number };

describe.runIf(process.env.TEST_DATABASE_URL)('the round’s statements on PostgreSQL', () => {
  let app: FastifyInstance;
  let cleanup = async () => {};
  beforeAll(async () => {
    const opened = await openStore('postgres');
    cleanup = opened.cleanup;
    app = await buildApp({
      seedDemo: true,
      rateLimits: TEST_RATE_LIMITS,
      secretHashCost: TEST_SECRET_HASH_COST,
      store: { ...opened.options, poolMax: 1 } as typeof opened.options,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await cleanup();
  });

  /** The statements this connection has named, with their plans so far. */
  async function prepared(): Promise<Prepared[]> {
    const r = await app.db.execute(
      sql`select statement, generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements`,
    );
    return (r as unknown as { rows: Prepared[] }).rows;
  }

  it('the round’s statements are planned once, whatever the round’s size, markets and bettors', async () => {
    const markets = [await createMarket(app), await createMarket(app)];
    const bettors: Api[] = [];
    for (let i = 0; i < 3; i++) {
      const b = await createBettor(app, 1_000_000);
      const api = new Api(app);
      await api.login(b.userName, b.password);
      bettors.push(api);
    }
    // Sixteen rounds, one at a time, of one bet each (the ids asked and the bettors vary little),
    // then rounds of several bets of several bettors on both markets at once.
    for (let i = 0; i < 16; i++) {
      const m = markets[i % 2]!;
      await placedBet(bettors[i % 3]!, marketBet(m, i % 3, i % 2 === 0, 3 + (i % 5) * 0.5, 10));
    }
    for (let round = 0; round < 4; round++) {
      await Promise.all(
        Array.from({ length: 6 }, (_, k) =>
          placedBet(bettors[k % 3]!, marketBet(markets[k % 2]!, k % 3, k < 3, 2 + k * 0.5, 10 + round)),
        ),
      );
    }
    const all = await prepared();
    // The reads (batchReadsMany) are the statement that asks for the round's fresh bet ids.
    const reads = all.filter((p) => p.statement.includes("pg_get_serial_sequence('bets'"));
    expect(reads.length, 'the round’s reads ran as a named statement').toBeGreaterThan(0);
    expect(Math.max(...reads.map((p) => p.generic)), 'the reads’ generic plan').toBeGreaterThan(0);
    // Five custom plans, then the generic one for every later call: no statement the app has named
    // (the round's and the rest this scenario ran) planned again at every call.
    const replanned = all.filter((p) => p.generic === 0 && p.custom > 5).map((p) => p.statement);
    expect(replanned).toEqual([]);
    await expectExchangeInvariants(app);
  });
});
