// The leader lease's fencing token and its timeouts (docs/reliability.md, "Leader lease and
// fencing"): two leaders in one process on one PostgreSQL, one of them behind the fault proxy
// (test/helpers/fault-proxy.ts). A leader cut off by a network that goes silent stops its work at
// once, the server frees its lease, another node takes over with a higher generation, and a late
// write of the old term is refused in its own transaction; a stuck PostgreSQL never hangs the
// lease or close(). PGlite: the single-node leader's generation lives in the store too.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore as openDb, type Store } from '../src/db/store.ts';
import {
  checkFence,
  createPostgresLeader,
  createSingleNodeLeader,
  fencedStatement,
  FencedOut,
  type Fence,
  type Leader,
} from '../src/plugins/leader.ts';
import { startFaultProxy, type FaultProxy } from './helpers/fault-proxy.ts';
import { clusterServices } from './helpers/services.ts';
import { openStore } from './helpers/stores.ts';
import { settle } from './helpers/ws-client.ts';

const ready = clusterServices('lease fencing tests (PostgreSQL)');
const quiet = { info() {}, warn() {}, error() {} };
const waitFor = async (what: string, ok: () => boolean, timeoutMs = 5_000) => {
  const end = Date.now() + timeoutMs;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await settle(10);
  }
};
/** The time `p` took, or a failure when it took longer than `limitMs`. */
const within = async (limitMs: number, p: Promise<unknown>) => {
  const t0 = Date.now();
  let t: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    p,
    new Promise((_, reject) => {
      t = setTimeout(() => reject(new Error(`did not finish within ${limitMs} ms`)), limitMs);
    }),
  ]).finally(() => clearTimeout(t));
  return Date.now() - t0;
};

/** A fenced write: one transaction that checks the fence (and would write after it). */
const fencedWrite = (store: Store, fence: Fence | null) =>
  store.db.transaction(async (tx) => {
    await checkFence(tx, fence);
    await tx.execute(sql`select 1`);
  });

describe.skipIf(!ready)('leader lease: fencing token and timeouts (PostgreSQL, fault proxy)', () => {
  let url = '';
  let cleanup = async () => {};
  let store: Store;
  let proxy: FaultProxy;
  const leaders: Leader[] = [];
  beforeAll(async () => {
    const opened = await openStore('postgres', true);
    url = (opened.options as { url: string }).url;
    cleanup = opened.cleanup;
    store = await openDb({ kind: 'postgres', url, poolMax: 4 });
    const u = new URL(url);
    proxy = await startFaultProxy({ host: u.hostname, port: Number(u.port || 5432) });
  });
  afterAll(async () => {
    proxy.heal();
    await Promise.all(leaders.map((l) => l.close()));
    await proxy.close();
    await store.close();
    await cleanup();
  });

  const candidate = (leaseUrl: string, name: string, events: string[], tag: string) => {
    const l = createPostgresLeader({
      url: leaseUrl,
      name,
      log: quiet,
      retryMs: 100,
      checkMs: 200,
      checkTimeoutMs: 300,
      idleSessionMs: 1_500,
    });
    leaders.push(l);
    l.onLeadership(
      () => events.push(`${tag} start`),
      () => events.push(`${tag} stop`),
    );
    return l;
  };

  it('a leader behind a silent network stops at once; another takes over with a new generation; the old term’s write is refused', async () => {
    proxy.heal();
    const events: string[] = [];
    const a = candidate(proxy.url(url), 'fenced-a', events, 'a');
    await waitFor('a to lead', () => a.isLeader());
    const b = candidate(url, 'fenced-a', events, 'b');
    const fenceA = a.fence()!;
    expect(fenceA.generation).toBeGreaterThan(0);
    await fencedWrite(store, fenceA);

    // Never two leaders at once, sampled every 5 ms from here on.
    let overlap = 0;
    const sampler = setInterval(() => {
      if (a.isLeader() && b.isLeader()) overlap += 1;
    }, 5);
    try {
      proxy.silent();
      const t0 = Date.now();
      await waitFor('a to stop leading', () => !a.isLeader(), 2_000);
      const stopped_ms = Date.now() - t0;
      // Within a check interval and its timeout (200 + 300 ms), plus scheduling.
      expect(stopped_ms).toBeLessThan(800);
      expect(a.fence()).toBeNull();
      await waitFor('b to take over', () => b.isLeader(), 6_000);
      const takeover_ms = Date.now() - t0;
      console.log(`lease: silent leader stopped after ${stopped_ms} ms; taken over after ${takeover_ms} ms`);
      const fenceB = b.fence()!;
      expect(fenceB.generation).toBeGreaterThan(fenceA.generation);
      // The deposed leader's late write, in its own transaction: refused.
      await expect(fencedWrite(store, fenceA)).rejects.toBeInstanceOf(FencedOut);
      await fencedWrite(store, fenceB);
      // A stuck PostgreSQL does not hang close().
      expect(await within(2_000, a.close())).toBeLessThan(2_000);
    } finally {
      clearInterval(sampler);
      proxy.heal();
    }
    expect(overlap).toBe(0);
    expect(events.slice(0, 3)).toEqual(['a start', 'a stop', 'b start']);
  });

  it('a takeover waits for the write in flight of the term before it', async () => {
    proxy.heal();
    const events: string[] = [];
    const a = candidate(url, 'fenced-b', events, 'a');
    await waitFor('a to lead', () => a.isLeader());
    const fenceA = a.fence()!;
    // The old term's write is in its transaction, past its check, when the lease is lost.
    let commit!: () => void;
    const committed = new Promise<void>((r) => (commit = r));
    let checked!: () => void;
    const isChecked = new Promise<void>((r) => (checked = r));
    const write = store.db.transaction(async (tx) => {
      await checkFence(tx, fenceA);
      checked();
      await committed;
    });
    await isChecked;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and application_name like 'backlay-leader-%'`,
      );
    } finally {
      await admin.end();
    }
    await waitFor('a to stop', () => !a.isLeader());
    await a.close();
    const b = candidate(url, 'fenced-b', events, 'b');
    await settle(600);
    // b has the advisory lock's chance every 100 ms but its bump waits for the write's FOR SHARE.
    expect(b.isLeader()).toBe(false);
    commit();
    await write;
    await waitFor('b to lead', () => b.isLeader(), 4_000);
    expect(b.fence()!.generation).toBeGreaterThan(fenceA.generation);
    await expect(fencedWrite(store, fenceA)).rejects.toBeInstanceOf(FencedOut);
  });

  it('a PostgreSQL that never answers: no leader, no hang, and close() returns', async () => {
    proxy.silent();
    try {
      const events: string[] = [];
      const l = candidate(proxy.url(url), 'stuck', events, 'l');
      await settle(2_500);
      expect(l.isLeader()).toBe(false);
      expect(events).toEqual([]);
      expect(await within(3_000, l.close())).toBeLessThan(3_000);
    } finally {
      proxy.heal();
    }
  });
});

describe('leader lease on PGlite: one node, its generation in the store', () => {
  it('each term bumps the generation in the store; a fence of an older term is refused', async () => {
    const store = await openDb((await openStore('pglite', true)).options);
    try {
      const l1 = createSingleNodeLeader('timed-work', quiet, store.db);
      l1.onLeadership(
        () => {},
        () => {},
      );
      await waitFor('l1 to lead', () => l1.isLeader());
      const f1 = l1.fence()!;
      await fencedWrite(store, f1);
      await l1.close();
      expect(l1.fence()).toBeNull();
      // The next process on this store (a restart): a new term, the old one's writes refused.
      const l2 = createSingleNodeLeader('timed-work', quiet, store.db);
      l2.onLeadership(
        () => {},
        () => {},
      );
      await waitFor('l2 to lead', () => l2.isLeader());
      expect(l2.fence()!.generation).toBe(f1.generation + 1);
      await expect(fencedWrite(store, f1)).rejects.toBeInstanceOf(FencedOut);
      await expect(fencedWrite(store, null)).rejects.toBeInstanceOf(FencedOut);
      await fencedWrite(store, l2.fence());
      // One fenced statement (fencedStatement, issue 48): the old term's changes nothing and is
      // told so; the current term's writes and answers its rows.
      await store.db.execute(sql`create table fence_probe (id int primary key, v int not null)`);
      await store.db.execute(sql`insert into fence_probe values (1, 0)`);
      const bump = (f: Fence) =>
        fencedStatement<{ v: number }>(
          store.db,
          f,
          (holds) => sql`update fence_probe set v = v + 1 where id = 1 and ${holds} returning v`,
        );
      await expect(bump(f1)).rejects.toBeInstanceOf(FencedOut);
      expect(await bump(l2.fence()!)).toEqual([{ v: 1 }]);
      const probe = await store.db.execute(sql`select v from fence_probe`);
      expect((probe as unknown as { rows: { v: number }[] }).rows).toEqual([{ v: 1 }]);
      await l2.close();
    } finally {
      await store.close();
    }
  });
});
