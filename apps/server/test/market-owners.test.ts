// One owner per shard of exchange markets (issue 43; plugins/shard-leases.ts, modules/exchange/
// owners.ts): shards spread over the nodes and never held by two; a bet taken by a node that does
// not own its market is forwarded to the owner over NATS and answered from there; a deposed
// owner's round is refused by its fence and nothing of it is written; a closing owner's shards are
// taken over and no bet is lost or doubled. PostgreSQL and NATS (skipped in one line without them).
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openStore as openDb } from '../src/db/store.ts';
import { bets } from '../src/modules/exchange/schema.ts';
import { SYSTEM_STAKER } from '../src/modules/wallet/stake-gate.ts';
import {
  createPostgresShards,
  shardLeaseName,
  type ShardLeases,
  type ShardNotice,
} from '../src/plugins/shard-leases.ts';
import { Api } from './helpers/api.ts';
import {
  aroundTransactions,
  createBettor,
  createMarket,
  expectBooksClean,
  marketBet,
  placedBet,
} from './helpers/exchange.ts';
import { FORWARD_TIMEOUT_MS } from '../src/modules/exchange/owners.ts';
import { clusterServices, TEST_BUS_URL } from './helpers/services.ts';
import { openStore, TEST_RATE_LIMITS, TEST_SECRET_HASH_COST } from './helpers/stores.ts';
import pg from 'pg';
import { settle } from './helpers/ws-client.ts';

const ready = clusterServices('market owner tests (shard leases in PostgreSQL, forwarding over NATS)');
const quiet = { info() {}, warn() {}, error() {} };
const SHARD_TICK_MS = 100;

const waitFor = async (what: string, ok: () => boolean | Promise<boolean>, timeoutMs = 5_000) => {
  const end = Date.now() + timeoutMs;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await settle(20);
  }
};

type OpenedStore = Awaited<ReturnType<typeof openStore>>;
const overlap = (a: readonly number[], b: readonly number[]) => a.filter((k) => b.includes(k));

/** A PostgreSQL store of the describe's own, migrated (leader_leases made) as a node's start makes it. */
function migratedStore(): { url: () => string; options: () => OpenedStore['options'] } {
  let store: OpenedStore | undefined;
  beforeAll(async () => {
    store = await openStore('postgres');
    await (await openDb({ ...(store.options as { kind: 'postgres'; url: string }), poolMax: 1 })).close();
  });
  afterAll(async () => {
    await store?.cleanup();
  });
  return { url: () => (store!.options as { url: string }).url, options: () => store!.options };
}

describe.skipIf(!ready)('shard leases', () => {
  const store = migratedStore();

  it('spread over the nodes alive, never held by two at once, taken back when a node goes', async () => {
    const url = store.url();
    const open = async () => {
      const s = createPostgresShards({ url, log: quiet, count: 16, tickMs: 50 });
      await s.start();
      return s;
    };
    const a = await open();
    expect(a.held()).toHaveLength(16);
    const b = await open();
    const c = await open();
    const seen: string[] = [];
    const watch = async (ms: number) => {
      for (const end = Date.now() + ms; Date.now() < end; await settle(5)) {
        const [ha, hb, hc] = [a.held(), b.held(), c.held()];
        const both = [...overlap(ha, hb), ...overlap(ha, hc), ...overlap(hb, hc)];
        if (both.length > 0) seen.push(`shards ${both.join(',')} held twice`);
      }
    };
    const watching = watch(2_000);
    // At most ceil(16 / 3) = 6 each, every shard held.
    await waitFor(
      'three nodes with at most 6 shards each, 16 in all',
      () =>
        [a, b, c].every((s) => s.held().length <= 6) &&
        a.held().length + b.held().length + c.held().length === 16,
    );
    await watching;
    expect(seen).toEqual([]);
    expect(a.held().length + b.held().length + c.held().length).toBe(16);
    expect(a.stats.nodes).toBe(3);

    // Each takeover is a new term: generations only go up.
    const generations = async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const r = await client.query<{ name: string; g: number }>(
          `select name, generation::int as g from leader_leases where name like 'market-shard-%'`,
        );
        return new Map(r.rows.map((x) => [x.name, x.g]));
      } finally {
        await client.end();
      }
    };
    const before = await generations();
    const moving = c.held();
    await c.close();
    await waitFor('the two left holding every shard', () => a.held().length + b.held().length === 16);
    expect(overlap(a.held(), b.held())).toEqual([]);
    const after = await generations();
    for (const k of moving) expect(after.get(shardLeaseName(k))).toBe(before.get(shardLeaseName(k))! + 1);
    await a.close();
    await b.close();
  });
});

describe.skipIf(!ready)('shard handover on notice', () => {
  const store = migratedStore();

  // Ticks 20 s apart: only the notices can move a shard within the test's bounds.
  const LONG_TICK_MS = 20_000;
  const HANDOVER_BOUND_MS = 3_000;

  it('a joining node gets its share and a leaving one hands every shard over, without waiting for a tick', async () => {
    const url = store.url();
    const all: ShardLeases[] = [];
    // What the bus does between nodes: every notice reaches every node (each ignores its own).
    const announce = (notice: ShardNotice) => {
      for (const s of all) s.nudge(notice);
    };
    const open = async () => {
      const s = createPostgresShards({ url, log: quiet, count: 16, tickMs: LONG_TICK_MS, announce });
      all.push(s);
      await s.start();
      return s;
    };
    try {
      await handOver(await open(), open);
    } finally {
      // Every lock freed even when a wait failed, so the next test counts only its own nodes.
      for (const s of all) await s.close();
    }
  });

  async function handOver(a: ShardLeases, open: () => Promise<ShardLeases>) {
    const url = store.url();
    expect(a.held()).toHaveLength(16);
    const joinedAt = Date.now();
    const b = await open();
    await waitFor(
      'eight shards each',
      () => a.held().length === 8 && b.held().length === 8,
      HANDOVER_BOUND_MS,
    );
    const join_ms = Date.now() - joinedAt;
    expect(overlap(a.held(), b.held())).toEqual([]);
    // A's session still listed when its notice arrives (its server process not yet gone): b must
    // not count it, or b would keep its share of two nodes until its next tick.
    const lingering = new pg.Client({ connectionString: url, application_name: a.node });
    await lingering.connect();
    const leftAt = Date.now();
    try {
      await a.close();
      await waitFor('b holding every shard', () => b.held().length === 16, HANDOVER_BOUND_MS);
    } finally {
      await lingering.end();
    }
    console.log(
      `shard handover on notice: join ${join_ms} ms, leave ${Date.now() - leftAt} ms (ticks ${LONG_TICK_MS} ms apart)`,
    );
  }

  it('two apps on NATS: the notices travel on the bus', async () => {
    const prefix = `handover_${randomBytes(4).toString('hex')}`;
    const build = async () => {
      const app = await buildApp({
        store: store.options(),
        seedDemo: false,
        rateLimits: TEST_RATE_LIMITS,
        secretHashCost: TEST_SECRET_HASH_COST,
        logger: false,
        bus: { url: TEST_BUS_URL, prefix, reconnectTimeWaitMs: 100 },
        shardTickMs: LONG_TICK_MS,
      });
      await app.ready();
      return app;
    };
    const a = await build();
    const b = await build();
    try {
      await waitFor(
        'the shards spread over both apps',
        () => a.shards.held().length === 32 && b.shards.held().length === 32,
        HANDOVER_BOUND_MS,
      );
      await a.close();
      await waitFor('b holding every shard', () => b.shards.held().length === 64, HANDOVER_BOUND_MS);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe.skipIf(!ready)('two nodes, one owner per market', () => {
  const nodes: FastifyInstance[] = [];
  let store: OpenedStore;

  beforeAll(async () => {
    store = await openStore('postgres');
    const prefix = `owners_${randomBytes(4).toString('hex')}`;
    for (let i = 0; i < 2; i++) {
      const app = await buildApp({
        store: store.options,
        seedDemo: i === 0,
        rateLimits: TEST_RATE_LIMITS,
        secretHashCost: TEST_SECRET_HASH_COST,
        logger: false,
        bus: { url: TEST_BUS_URL, prefix, reconnectTimeWaitMs: 100 },
        shardTickMs: SHARD_TICK_MS,
      });
      await app.ready();
      nodes.push(app);
    }
    const [a, b] = nodes as [FastifyInstance, FastifyInstance];
    await waitFor(
      'the shards spread over both nodes',
      () => a.shards.held().length === 32 && b.shards.held().length === 32,
    );
  });
  afterAll(async () => {
    for (const n of nodes) await n.close();
    await store?.cleanup();
  });

  /** A market whose shard `owner` holds now. */
  async function marketOwnedBy(owner: FastifyInstance) {
    for (;;) {
      const m = await createMarket(owner);
      if (owner.shards.fence(owner.shards.shardOf(m.marketId))) return m;
    }
  }

  it('a bet taken by node B on a market node A owns is run by A and answered on B', async () => {
    const [a, b] = nodes as [FastifyInstance, FastifyInstance];
    const m = await marketOwnedBy(a);
    expect(b.shards.fence(b.shards.shardOf(m.marketId))).toBeNull();
    const u = await createBettor(a, 1_000_000);
    const onB = new Api(b);
    await onB.login(u.userName, u.password);
    const before = { served: a.exchange.owners.stats.served, forwarded: b.exchange.owners.stats.forwarded };
    const ranHere = b.exchange.owners.stats.ran_here;

    const placed = await placedBet(onB, marketBet(m, 0, true, 2.5, 100));
    expect(placed.status).toBe('UNMATCHED');
    // A lay on node A matches it in A's memory: the back rests there, the same book.
    const v = await createBettor(a, 1_000_000);
    const onA = new Api(a);
    await onA.login(v.userName, v.password);
    const lay = await placedBet(onA, marketBet(m, 0, false, 2.5, 100));
    expect(lay.status).toBe('MATCHED');

    expect(a.exchange.owners.stats.served - before.served).toBe(1);
    expect(b.exchange.owners.stats.forwarded - before.forwarded).toBe(1);
    expect(b.exchange.owners.stats.ran_here).toBe(ranHere);
    // A cancel sent to B goes the same way: nothing left to cancel, answered in words.
    const cancel = await onB.call('cancelBet', { bet_id: placed.bet_id });
    expect(cancel.statusCode).toBe(200);
    expect(b.exchange.owners.stats.forwarded - before.forwarded).toBe(2);
    const rows = await a.db.select().from(bets).where(eq(bets.marketId, m.marketId));
    expect(rows).toHaveLength(2);

    // Node B knows the owner now: ten bets taken in one tick travel in one request.
    const sent = { forwarded: b.exchange.owners.stats.forwarded, requests: b.exchange.owners.stats.requests };
    const ten = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        b.exchange.placeBet(
          u.userId,
          {
            market_id: m.marketId,
            selection_id: m.selectionIds[1]!,
            side: 'BACK',
            price: 500 + i * 10,
            size_paise: 1_000,
            request_id: `tick-${i}-${randomBytes(3).toString('hex')}`,
          },
          { staker: SYSTEM_STAKER },
        ),
      ),
    );
    expect(ten.every((o) => o.ok)).toBe(true);
    expect(b.exchange.owners.stats.forwarded - sent.forwarded).toBe(10);
    expect(b.exchange.owners.stats.requests - sent.requests).toBe(1);
    await expectBooksClean(a);
  });

  it("a deposed owner's round is refused by its fence: nothing of it written, the bet placed once", async () => {
    const [a] = nodes as [FastifyInstance, FastifyInstance];
    const m = await marketOwnedBy(a);
    const k = a.shards.shardOf(m.marketId);
    const u = await createBettor(a, 1_000_000);
    // Another node's takeover, which node A has not heard of yet: the shard's term moves on.
    await a.db.execute(
      sql`update leader_leases set generation = generation + 1 where name = ${shardLeaseName(k)}`,
    );
    const fenced = a.exchange.owners.stats.fenced_rounds;
    const outcome = await a.exchange.placeBet(
      u.userId,
      {
        market_id: m.marketId,
        selection_id: m.selectionIds[0]!,
        side: 'BACK',
        price: 300,
        size_paise: 10_000,
        request_id: `fenced-${randomBytes(3).toString('hex')}`,
      },
      { staker: SYSTEM_STAKER },
    );
    expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
    expect(a.exchange.owners.stats.fenced_rounds - fenced).toBe(1);
    const rows = await a.db.select().from(bets).where(eq(bets.marketId, m.marketId));
    expect(rows).toHaveLength(1);
    // The node gave the shard up at once, and takes it again (a new term) at a later tick.
    await waitFor('node A to hold the shard again', () => a.shards.fence(k) !== null);
    await expectBooksClean(a);
  });

  it('an owner too slow to answer: the bet runs on the node that took it, and is placed once', async () => {
    const [a, b] = nodes as [FastifyInstance, FastifyInstance];
    const m = await marketOwnedBy(a);
    const u = await createBettor(a, 1_000_000);
    const onB = new Api(b);
    await onB.login(u.userName, u.password);
    // Node A's next round starts only after B has stopped waiting for its answer.
    let slowed = false;
    const restore = aroundTransactions(a.db, async (run) => {
      if (!slowed) {
        slowed = true;
        await settle(FORWARD_TIMEOUT_MS + 300);
      }
      return run();
    });
    const ranHere = b.exchange.owners.stats.ran_here;
    try {
      const body = marketBet(m, 1, false, 3, 50);
      const r = await onB.call('placeMarketBet', body);
      expect(r.body.status, JSON.stringify(r.body)).toBe(true);
      expect(b.exchange.owners.stats.ran_here - ranHere).toBe(1);
      // A's round runs it too, late: it finds the bet and answers it as a repeat.
      await settle(FORWARD_TIMEOUT_MS);
    } finally {
      restore();
    }
    const rows = await a.db.select().from(bets).where(eq(bets.marketId, m.marketId));
    expect(rows).toHaveLength(1);
    await expectBooksClean(a);
  });

  it('an owner that closes hands its shards over: bets on the other node go on, none lost or doubled', async () => {
    const [a, b] = nodes as [FastifyInstance, FastifyInstance];
    const m = await marketOwnedBy(a);
    const u = await createBettor(b, 5_000_000);
    const onB = new Api(b);
    await onB.login(u.userName, u.password);
    const ids: string[] = [];
    let stop = false;
    const betting = (async () => {
      while (!stop) {
        const body = marketBet(m, ids.length % 2, true, 4, 10);
        ids.push(body.request_id);
        const r = await onB.call('placeMarketBet', body);
        expect(r.body.status, JSON.stringify(r.body)).toBe(true);
      }
    })();
    await settle(300);
    const warmedBefore = b.exchange.warming.stats.markets;
    const closedAt = Date.now();
    await a.close();
    nodes.splice(0, 1);
    await waitFor('node B to hold every shard', () => b.shards.held().length === 64);
    const takeover_ms = Date.now() - closedAt;
    // The shards taken are read before their markets' first bets (exchange/warm.ts): the demo's
    // markets of node A's shards, kept on node B.
    await b.exchange.warming.idle();
    const warm_ms = Date.now() - closedAt;
    const warmed = b.exchange.warming.stats.markets - warmedBefore;
    expect(warmed).toBeGreaterThan(0);
    expect(b.exchange.warming.stats.failed).toBe(0);
    await settle(300);
    stop = true;
    await betting;
    console.log(
      `shard takeover after an owner closed: ${takeover_ms} ms, its markets read by ${warm_ms} ms (${warmed}); ${ids.length} bets placed meanwhile`,
    );
    const rows = await b.db.select().from(bets).where(eq(bets.marketId, m.marketId));
    expect(rows.map((r) => r.requestId).sort()).toEqual([...ids].sort());
    await expectBooksClean(b);
  });
});
