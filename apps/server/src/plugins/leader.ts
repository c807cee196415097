// One leader for timed work (the demo feeds now; casino rounds, binary sessions, race schedules
// as they arrive): whoever needs a single runner in the deployment registers
// `app.leader.onLeadership(start, stop)`; `start` runs on the node that holds the lease, `stop`
// when it loses it or shuts down. On PostgreSQL the lease is a session advisory lock held on a
// dedicated connection (not the pool): it goes with the connection, so when the leader's process
// dies the lock is free at once, and every other node tries to take it every
// LEASE_RETRY_MS. With PGlite (one process) the node is always the leader.
//
// The lease makes one node do the work; it does not make the work safe to run twice. Every step
// of timed work must still be safe on its own — inside one transaction that checks the state it
// changes (a settled market refuses a second result; money moves under idempotency keys) —
// because a leader that is cut off finishes the step it is in while another node takes over.
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import type { StoreOptions } from '../db/store.ts';

/** How often a node that is not the leader tries to take the lease. */
export const LEASE_RETRY_MS = 1_000;
/** How often the leader checks its lease connection (a failed or slow check gives leadership up). */
export const LEASE_CHECK_MS = 2_000;
/** A check that takes longer than this counts as failed. */
export const LEASE_CHECK_TIMEOUT_MS = 2_000;
/** The lease everything timed runs under, unless a scheduler asks for a lease of its own. */
export const TIMED_WORK_LEASE = 'timed-work';
/** First key of the two-int advisory locks of leases (the second is a hash of the lease's name). */
const LEASE_LOCK_NAMESPACE = 74_142_261;

type Handlers = { start: () => unknown; stop: () => unknown; started: boolean };

export type LeaderStats = {
  /** Times this node became the leader, and gave it up. */
  acquired: number;
  lost: number;
  /** When this node last became the leader (epoch ms), or null when it is not. */
  leader_since_ms: number | null;
};

export interface Leader {
  /** 'single-node': PGlite, always the leader. 'postgres': an advisory lock in PostgreSQL. */
  readonly kind: 'single-node' | 'postgres';
  readonly name: string;
  isLeader(): boolean;
  /**
   * `start` runs when this node becomes the leader (now, if it is), `stop` when it stops being it
   * (the lease is lost, the app closes, or the returned function is called). Each runs at most once
   * per term, one transition at a time; a `start` that throws gives the lease up (another node, or
   * this one a moment later, tries again).
   */
  onLeadership(start: () => unknown, stop: () => unknown): () => Promise<void>;
  readonly stats: LeaderStats;
  close(): Promise<void>;
}

/** 32-bit FNV-1a of the lease name, as a signed int (the advisory lock's second key). */
function leaseKey(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    h ^= name.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h | 0;
}

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** The handlers, their transitions one at a time, the stats: shared by both kinds. */
function createTerms(name: string, log: Log) {
  const handlers = new Set<Handlers>();
  const stats: LeaderStats = { acquired: 0, lost: 0, leader_since_ms: null };
  let leader = false;
  let chain: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = chain.then(fn, fn);
    chain = next.catch(() => {});
    return next;
  };
  async function startOne(h: Handlers) {
    if (h.started || !leader) return;
    h.started = true;
    await h.start();
  }
  async function stopOne(h: Handlers) {
    if (!h.started) return;
    h.started = false;
    try {
      await h.stop();
    } catch (err) {
      log.error({ err, lease: name }, 'leader: a stop handler failed');
    }
  }
  return {
    handlers,
    stats,
    isLeader: () => leader,
    serial,
    /** Starts every handler; false when one threw (the caller gives the lease up). */
    become: () =>
      serial(async () => {
        if (leader) return true;
        leader = true;
        stats.acquired += 1;
        stats.leader_since_ms = Date.now();
        log.info({ lease: name }, 'leader: this node leads the timed work');
        try {
          for (const h of handlers) await startOne(h);
          return true;
        } catch (err) {
          log.error({ err, lease: name }, 'leader: a start handler failed; giving the lease up');
          return false;
        }
      }),
    /** Stops every started handler (in reverse order of registration). */
    resign: (reason: string) =>
      serial(async () => {
        if (!leader) return;
        leader = false;
        stats.lost += 1;
        stats.leader_since_ms = null;
        log.warn({ lease: name, reason }, 'leader: this node no longer leads the timed work');
        for (const h of [...handlers].reverse()) await stopOne(h);
      }),
    add(start: () => unknown, stop: () => unknown, onError: (err: unknown) => void) {
      const h: Handlers = { start, stop, started: false };
      handlers.add(h);
      void serial(() => startOne(h)).catch(onError);
      return () =>
        serial(async () => {
          handlers.delete(h);
          await stopOne(h);
        });
    },
  };
}

/** PGlite: one process, so this node is the leader from the first registration to close. */
export function createSingleNodeLeader(name: string, log: Log): Leader {
  const terms = createTerms(name, log);
  let closed = false;
  const ready = terms.become();
  return {
    kind: 'single-node',
    name,
    stats: terms.stats,
    isLeader: terms.isLeader,
    onLeadership(start, stop) {
      if (closed) throw new Error('leader: closed');
      return terms.add(start, stop, (err) => {
        log.error({ err, lease: name }, 'leader: a start handler failed');
        // Alone, there is nobody to hand over to: try again shortly.
        setTimeout(() => {
          if (!closed) void terms.resign('start failed').then(() => terms.become());
        }, LEASE_RETRY_MS).unref();
      });
    },
    async close() {
      closed = true;
      await ready;
      await terms.resign('closing');
    },
  };
}

export type PostgresLeaderOptions = {
  url: string;
  name?: string;
  log: Log;
  retryMs?: number;
  checkMs?: number;
};

/**
 * The lease as `pg_try_advisory_lock(namespace, hash(name))` on a connection of its own. The
 * server drops the lock when that connection ends: at once when the process dies on a live host;
 * after the TCP keepalive (5 s idle, then 3 probes 2 s apart) when the host vanishes. The leader
 * checks its connection every LEASE_CHECK_MS and stops its work when a check fails or is slow,
 * which happens before the server can let anyone else in.
 */
export function createPostgresLeader(options: PostgresLeaderOptions): Leader {
  const name = options.name ?? TIMED_WORK_LEASE;
  const { log } = options;
  const retryMs = options.retryMs ?? LEASE_RETRY_MS;
  const checkMs = options.checkMs ?? LEASE_CHECK_MS;
  const key = leaseKey(name);
  const terms = createTerms(name, log);
  let client: pg.Client | null = null;
  let held = false;
  let closed = false;
  let campaigning = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let ticking: Promise<void> | null = null;

  async function open(): Promise<pg.Client> {
    const c = new pg.Client({
      connectionString: options.url,
      keepAlive: true,
      keepAliveInitialDelayMillis: 1_000,
      application_name: `backlay-leader-${process.pid}`,
    });
    c.on('error', (err) => {
      if (client !== c) return;
      log.warn({ err, lease: name }, 'leader: lease connection failed');
      void drop('lease connection failed');
    });
    await c.connect();
    try {
      // So that the server notices a vanished leader host within about 11 s, not hours.
      await c.query(
        'set tcp_keepalives_idle = 5; set tcp_keepalives_interval = 2; set tcp_keepalives_count = 3',
      );
    } catch (err) {
      await c.end().catch(() => {});
      throw err;
    }
    return c;
  }

  /** Gives leadership up (stopping the work first) and closes the lease connection. */
  async function drop(reason: string) {
    const c = client;
    client = null;
    const wasHeld = held;
    held = false;
    if (wasHeld) await terms.resign(reason);
    // Ending the session releases the lock (if the server still had it).
    if (c) await c.end().catch(() => {});
  }

  async function tick() {
    if (closed) return;
    try {
      if (!client) client = await open();
      const c = client;
      if (!held) {
        const r = await c.query<{ ok: boolean }>('select pg_try_advisory_lock($1, $2) as ok', [
          LEASE_LOCK_NAMESPACE,
          key,
        ]);
        if (r.rows[0]?.ok && client === c && !closed) {
          held = true;
          if (!(await terms.become())) await drop('start failed');
        }
      } else {
        let t: ReturnType<typeof setTimeout> | undefined;
        await Promise.race([
          c.query('select 1'),
          new Promise((_, reject) => {
            t = setTimeout(() => reject(new Error('lease check timed out')), LEASE_CHECK_TIMEOUT_MS);
          }),
        ]).finally(() => clearTimeout(t));
      }
    } catch (err) {
      if (!closed) log.warn({ err, lease: name }, 'leader: lease check failed');
      await drop('lease check failed');
    }
  }

  function schedule() {
    if (closed) return;
    timer = setTimeout(
      () => {
        timer = null;
        ticking = tick().finally(() => {
          ticking = null;
          schedule();
        });
      },
      held ? checkMs : retryMs,
    );
  }

  function campaign() {
    if (campaigning || closed) return;
    campaigning = true;
    ticking = tick().finally(() => {
      ticking = null;
      schedule();
    });
  }

  return {
    kind: 'postgres',
    name,
    stats: terms.stats,
    isLeader: terms.isLeader,
    onLeadership(start, stop) {
      if (closed) throw new Error('leader: closed');
      const off = terms.add(start, stop, (err) => {
        log.error({ err, lease: name }, 'leader: a start handler failed; giving the lease up');
        void drop('start failed');
      });
      campaign();
      return off;
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      if (ticking) await ticking;
      await drop('closing');
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    leader: Leader;
  }
}

/**
 * Decorates `app.leader` (the TIMED_WORK_LEASE) for the app's store; the node takes part in the
 * election only once something registers for leadership. Closed (work stopped, lease released)
 * with the app.
 */
export const leaderPlugin = fp<{ store: StoreOptions; retryMs?: number }>(
  async (app, { store, retryMs }) => {
    const leader =
      store.kind === 'postgres'
        ? createPostgresLeader({ url: store.url, log: app.log, ...(retryMs ? { retryMs } : {}) })
        : createSingleNodeLeader(TIMED_WORK_LEASE, app.log);
    app.decorate('leader', leader);
    app.addHook('onClose', async () => {
      await leader.close();
    });
  },
  { name: 'leader' },
);
