// One owner node per shard of exchange markets (issue 43; docs/architecture.md, "One owner per
// market"). Markets are grouped into MARKET_SHARDS shards (`market_id mod S`); each shard is a lease
// of its own, named `market-shard-<k>` in `leader_leases`, with the same machinery as the timed
// work's lease (plugins/leader.ts): a session advisory lock per shard, every lock of a node held on
// one dedicated connection, the generation bumped at each takeover, a term's `Fence` checked inside
// the writes of the term.
//
// Spread: each node holds at most ceil(S / nodes alive) shards. The nodes alive are the sessions of
// this lease machinery on the same database (pg_stat_activity, by application name), which is also
// what every tick's liveness check reads; a node over its share gives the surplus up (highest first
// in its own order) and a node under it takes free ones, so shards spread as nodes come and move
// back when one goes. A node that dies loses its connection and so every lock at once.
//
// Handover on notice: a node tells the others on the bus when it has joined, given shards up, or
// is leaving (`ShardNotice`), and each of them ticks at once instead of at its next tick, so a
// planned change moves shards in milliseconds, not up to two ticks (the giver's, then the
// taker's). A leaving node frees its locks before it says so; the others count it gone. A node
// that dies says nothing: its shards are taken at the others' next tick, as before.
//
// In doubt, out: as with the leader, a tick that does not confirm the connection within
// `tickMs + checkTimeoutMs` drops every shard (fences say no at once), and the connection is ended.
//
// Single node (PGlite, or a PostgreSQL node without NATS, which cannot forward): the node holds
// every shard and nothing is forwarded or fenced; `kind` says which.
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { StoreOptions } from '../db/store.ts';
import { LEASE_CHECK_TIMEOUT_MS, leaseClient, type Fence } from './leader.ts';

/** Shards of exchange markets (fixed per deployment: a market's owner is found from its id alone). */
export const MARKET_SHARDS = 64;
/** How often a node checks its shard connection, counts the nodes and takes or gives shards. */
export const SHARD_TICK_MS = 1_000;
/** First key of the two-int advisory locks of shards (the second is the shard's number). */
const SHARD_LOCK_NAMESPACE = 74_142_262;
/** The application name every node's shard connection carries (counted as the nodes alive). */
const SESSION_PREFIX = 'backlay-shards-';
/** The server ends a shard session quiet this long, so a node cut off without a close loses its shards. */
const SHARD_IDLE_SESSION_MS = 10_000;

/** Leaving nodes left out of the count at once, at most (each for SHARD_IDLE_SESSION_MS). */
const MAX_GONE_NODES = 64;

const SHARD_LEASE_PREFIX = 'market-shard-';
export const shardLeaseName = (k: number) => `${SHARD_LEASE_PREFIX}${k}`;
/** The shard a lease name names, or null for another lease. */
export const shardOfLease = (name: string): number | null =>
  name.startsWith(SHARD_LEASE_PREFIX) ? Number(name.slice(SHARD_LEASE_PREFIX.length)) : null;

/** What a node tells the others on the bus: each of them ticks at once (`ShardLeases.nudge`). */
export type ShardNotice = {
  /** The node's shard session (`ShardLeases.node`). */
  node: string;
  /** 'joined': its first tick is done; 'released': it gave shards up; 'left': every lock freed, closing. */
  change: 'joined' | 'released' | 'left';
};

export type ShardStats = {
  /** Shards held now. */
  held: number;
  /** Shards taken and given up since the start (a given-up one: surplus, doubt, close, or a fenced round). */
  taken: number;
  given_up: number;
  /** Times every shard was dropped because the connection was in doubt or failed. */
  doubted: number;
  /** Nodes alive at the last tick (this one included). */
  nodes: number;
};

export interface ShardLeases {
  /** 'single-node': this node holds every shard, nothing is fenced or forwarded. */
  readonly kind: 'single-node' | 'postgres';
  readonly count: number;
  /** This node's shard session (its name in pg_stat_activity); '' for a single node. */
  readonly node: string;
  shardOf(marketId: number): number;
  /** Shard k's term while this node holds it (confirmed), else null. */
  fence(k: number): Fence | null;
  /** The shards this node holds now. */
  held(): number[];
  /** `handler(k, true)` when this node takes shard k, `(k, false)` when it stops holding it. */
  onChange(handler: (k: number, held: boolean) => void): () => void;
  /** A write found shard k's term over (another node took it): stop holding it now. */
  lost(k: number): void;
  /** Another node's notice: tick now (once more after a tick in flight), not at the next tick. */
  nudge(notice: ShardNotice): void;
  readonly stats: ShardStats;
  /** The first tick, awaited (the node knows its shards before it answers), then one every tick. */
  start(): Promise<void>;
  close(): Promise<void>;
}

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

function shardStats(): ShardStats {
  return { held: 0, taken: 0, given_up: 0, doubted: 0, nodes: 1 };
}

export function createSingleNodeShards(count: number = MARKET_SHARDS): ShardLeases {
  const all = Array.from({ length: count }, (_, k) => k);
  return {
    kind: 'single-node',
    count,
    node: '',
    shardOf: (marketId) => marketId % count,
    fence: (k) => ({ lease: shardLeaseName(k), generation: 0 }),
    held: () => all,
    onChange: () => () => {},
    lost: () => {},
    nudge: () => {},
    stats: { ...shardStats(), held: count },
    start: async () => {},
    close: async () => {},
  };
}

export type PostgresShardOptions = {
  url: string;
  log: Log;
  count?: number;
  tickMs?: number;
  checkTimeoutMs?: number;
  /** Tells the other nodes (the bus's `shards` channel); nothing is told without it. */
  announce?: (notice: ShardNotice) => void;
};

/**
 * Long because it is a factory: its inner functions, each short, share one PostgreSQL session
 * holding every advisory lock of this node's shards and their terms.
 */
export function createPostgresShards(options: PostgresShardOptions): ShardLeases {
  const count = options.count ?? MARKET_SHARDS;
  const tickMs = options.tickMs ?? SHARD_TICK_MS;
  const checkTimeoutMs = options.checkTimeoutMs ?? LEASE_CHECK_TIMEOUT_MS;
  const { log } = options;
  const session = `${SESSION_PREFIX}${process.pid}-${randomBytes(4).toString('hex')}`;
  // Where this node starts looking for free shards: nodes start apart, so they seldom race for one.
  const offset = parseInt(session.slice(-8), 16) % count;
  const order = Array.from({ length: count }, (_, i) => (offset + i) % count);
  const stats = shardStats();
  /** Generation of each shard held, by shard. */
  const held = new Map<number, number>();
  const handlers = new Set<(k: number, held: boolean) => void>();
  let client: pg.Client | null = null;
  let confirmed = false;
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let doubtTimer: ReturnType<typeof setTimeout> | null = null;
  let ticking: Promise<void> | null = null;
  /** A notice came during a tick: run another when it ends. */
  let tickAgain = false;
  /** Nodes that said they are leaving, until their session is surely gone from the count. */
  const gone = new Map<string, number>();
  const announce = (change: ShardNotice['change']) => options.announce?.({ node: session, change });

  function emit(k: number, isHeld: boolean) {
    for (const h of [...handlers]) {
      try {
        h(k, isHeld);
      } catch (err) {
        log.error({ err, shard: k }, 'shards: a change handler failed');
      }
    }
  }
  function take(k: number, generation: number) {
    held.set(k, generation);
    stats.held = held.size;
    stats.taken += 1;
    emit(k, true);
  }
  function giveUp(k: number) {
    if (!held.delete(k)) return false;
    stats.held = held.size;
    stats.given_up += 1;
    emit(k, false);
    return true;
  }

  /**
   * Every shard given up and the connection ended: the server frees every lock with it. `unlockFirst`
   * (closing): the locks are freed by a statement first, so they are free when this resolves.
   */
  async function dropAll(reason: string, unlockFirst = false) {
    const c = client;
    client = null;
    confirmed = false;
    if (doubtTimer) clearTimeout(doubtTimer);
    doubtTimer = null;
    if (held.size > 0) log.warn({ shards: held.size, reason }, 'shards: giving every shard up');
    for (const k of [...held.keys()]) giveUp(k);
    if (c && unlockFirst) await c.query('select pg_advisory_unlock_all()').catch(() => {});
    if (c) await c.end().catch(() => {});
  }

  function confirm(sentAt: number) {
    confirmed = true;
    if (doubtTimer) clearTimeout(doubtTimer);
    doubtTimer = setTimeout(
      () => {
        doubtTimer = null;
        if (closed || held.size === 0) return;
        stats.doubted += 1;
        void dropAll('shard connection in doubt');
      },
      Math.max(0, sentAt + tickMs + checkTimeoutMs - Date.now()),
    );
    doubtTimer.unref?.();
  }

  async function open(): Promise<pg.Client> {
    const c = leaseClient(options.url, session, SHARD_IDLE_SESSION_MS);
    c.on('error', (err) => {
      if (client !== c) return;
      log.warn({ err }, 'shards: the shard connection failed');
      void dropAll('shard connection failed');
    });
    try {
      await c.connect();
    } catch (err) {
      await c.end().catch(() => {});
      throw err;
    }
    return c;
  }

  /** The nodes alive: the shard sessions on this database (this one included), less those leaving. */
  async function countNodes(c: pg.Client): Promise<number> {
    const now = Date.now();
    for (const [node, until] of gone) if (until <= now) gone.delete(node);
    const r = await c.query<{ nodes: number }>(
      `select count(distinct application_name)::int as nodes from pg_stat_activity
        where datname = current_database() and application_name like $1
          and application_name <> all($2::text[])`,
      [`${SESSION_PREFIX}%`, [...gone.keys()]],
    );
    return Math.max(1, r.rows[0]?.nodes ?? 1);
  }

  /** Gives up the shards beyond `target`, the last in this node's own order first. */
  async function shed(c: pg.Client, target: number) {
    const surplus = order.filter((k) => held.has(k)).slice(target);
    for (const k of surplus) {
      // Fences say no before the lock goes, so no new round starts under it; a round already past
      // its fence check holds the lease row FOR SHARE, and the next owner's bump waits for it.
      giveUp(k);
      await c.query('select pg_advisory_unlock($1, $2)', [SHARD_LOCK_NAMESPACE, k]);
    }
    if (surplus.length > 0) announce('released');
  }

  /** Takes free shards up to `target` and starts their terms (the generation bumped in one statement). */
  async function claim(c: pg.Client, target: number) {
    const got: number[] = [];
    for (const k of order) {
      if (held.size + got.length >= target) break;
      if (held.has(k)) continue;
      const r = await c.query<{ ok: boolean }>('select pg_try_advisory_lock($1, $2) as ok', [
        SHARD_LOCK_NAMESPACE,
        k,
      ]);
      if (r.rows[0]?.ok) got.push(k);
    }
    if (got.length === 0) return;
    // The takeover: new generations, after the rounds in flight of the terms before (they hold
    // their rows FOR SHARE).
    const bumped = await c.query<{ name: string; generation: string }>(
      `insert into leader_leases (name, generation, holder, acquired_at)
         select n, 1, $2, now() from unnest($1::text[]) n
       on conflict (name) do update set generation = leader_leases.generation + 1,
         holder = excluded.holder, acquired_at = excluded.acquired_at
       returning name, generation::text as generation`,
      [got.map(shardLeaseName), session],
    );
    if (client !== c || closed) return;
    const generations = new Map(bumped.rows.map((r) => [r.name, Number(r.generation)]));
    for (const k of got) take(k, generations.get(shardLeaseName(k))!);
  }

  async function tick() {
    if (closed) return;
    try {
      if (!client) client = await open();
      const c = client;
      const sentAt = Date.now();
      const nodes = await countNodes(c);
      if (client !== c || closed) return;
      confirm(sentAt);
      stats.nodes = nodes;
      const target = Math.ceil(count / nodes);
      if (held.size > target) await shed(c, target);
      else if (held.size < target) await claim(c, target);
    } catch (err) {
      if (!closed) log.warn({ err }, 'shards: a shard tick failed');
      await dropAll('shard tick failed');
    }
  }

  /** A tick now; then another at once if a notice came meanwhile, else the next one in tickMs. */
  function runTick() {
    ticking = tick().finally(() => {
      ticking = null;
      if (tickAgain && !closed) {
        tickAgain = false;
        runTick();
      } else schedule();
    });
  }

  function schedule() {
    if (closed) return;
    timer = setTimeout(() => {
      timer = null;
      runTick();
    }, tickMs);
    timer.unref?.();
  }

  return {
    kind: 'postgres',
    count,
    node: session,
    shardOf: (marketId) => marketId % count,
    fence(k) {
      const generation = held.get(k);
      return confirmed && generation !== undefined ? { lease: shardLeaseName(k), generation } : null;
    },
    held: () => [...held.keys()].sort((a, b) => a - b),
    onChange(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    lost(k) {
      if (!giveUp(k)) return;
      log.warn({ shard: k }, 'shards: a round found this shard taken over; giving it up');
      const c = client;
      void c?.query('select pg_advisory_unlock($1, $2)', [SHARD_LOCK_NAMESPACE, k]).catch(() => {});
    },
    nudge(notice) {
      if (closed || typeof notice?.node !== 'string' || notice.node === session) return;
      if (notice.change === 'left' && gone.size < MAX_GONE_NODES)
        gone.set(notice.node, Date.now() + SHARD_IDLE_SESSION_MS);
      if (ticking) {
        tickAgain = true;
        return;
      }
      // Before start() (no timer yet) the first tick is still to come and will count it.
      if (!timer) return;
      clearTimeout(timer);
      timer = null;
      runTick();
    },
    stats,
    async start() {
      ticking = tick();
      await ticking;
      ticking = null;
      announce('joined');
      if (tickAgain) {
        tickAgain = false;
        runTick();
      } else schedule();
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      if (ticking) await ticking;
      await dropAll('closing', true);
      announce('left');
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    shards: ShardLeases;
  }
}

declare module './bus.ts' {
  interface BusChannels {
    /** A node joined, gave shards up or is leaving: the others tick now (plugins/shard-leases.ts). */
    shards: ShardNotice;
  }
}

/**
 * Decorates `app.shards`: shard leases in PostgreSQL when the store is PostgreSQL and the bus is
 * NATS (a node can forward to another), else one node holding every shard. The first tick runs
 * before the app is ready; closed (every lock released) with the app. The nodes' notices travel on
 * the bus's `shards` channel.
 */
export const shardLeasesPlugin = fp<{
  store: StoreOptions;
  owners?: boolean;
  count?: number;
  tickMs?: number;
}>(
  async (app, { store, owners = true, count, tickMs }) => {
    if (!owners || store.kind !== 'postgres' || app.bus.kind !== 'nats') {
      app.decorate('shards', createSingleNodeShards(count));
      return;
    }
    const shards = createPostgresShards({
      url: store.url,
      log: app.log,
      ...(count === undefined ? {} : { count }),
      ...(tickMs === undefined ? {} : { tickMs }),
      announce: (notice) => app.bus.publish('shards', notice),
    });
    app.decorate('shards', shards);
    const unsubscribe = app.bus.subscribe('shards', (notice) => shards.nudge(notice));
    app.addHook('onReady', async () => {
      await shards.start();
    });
    app.addHook('preClose', async () => {
      await shards.close();
      unsubscribe();
    });
  },
  { name: 'shard-leases', dependencies: ['bus'] },
);
