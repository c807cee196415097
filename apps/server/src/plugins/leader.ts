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
//
// Fencing (docs/reliability.md, "Leader lease and fencing"): every term has a token, the lease's
// generation in `leader_leases`, bumped by each takeover in the database (PGlite too). Work takes
// the token when its term starts (`fence()`) and each of its writes calls `checkFence` in its own
// transaction: the row is read FOR SHARE, so a write naming an old generation is refused, and a
// takeover's bump waits for the writes of the term before it that are still in flight. Keys of
// leader work are made of the token and the work, never of the clock.
//
// In doubt, out: the leader confirms its lease every `checkMs`; once `checkMs + LEASE_CHECK_TIMEOUT_MS`
// has passed since the last confirmed check was sent, `isLeader()` and `fence()` say no at once
// (before the stop handlers finish), and the lease connection is dropped. The server frees a lease
// whose session went quiet after LEASE_IDLE_SESSION_MS (idle_session_timeout), well after that, so
// two terms never overlap unless a clock runs ~3× slow; and even then the token refuses the old one.
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import { leaderLeases } from '../db/schema.ts';
import type { Db, Executor, StoreOptions } from '../db/store.ts';

/** How often a node that is not the leader tries to take the lease. */
export const LEASE_RETRY_MS = 1_000;
/** How often the leader checks its lease connection (a failed or slow check gives leadership up). */
export const LEASE_CHECK_MS = 2_000;
/** A check that takes longer than this counts as failed (and the lease is in doubt). */
export const LEASE_CHECK_TIMEOUT_MS = 1_000;
/** Connecting the lease connection, and any statement on it, gives up after this. */
export const LEASE_CONNECT_TIMEOUT_MS = 2_000;
export const LEASE_STATEMENT_TIMEOUT_MS = 2_000;
/**
 * The server ends a lease session that has sent nothing for this long (idle_session_timeout), so a
 * leader cut off behind a network that went silent without closing loses its advisory lock and
 * another node can take over; a live leader sends a check every LEASE_CHECK_MS.
 */
export const LEASE_IDLE_SESSION_MS = 10_000;
/**
 * A fenced write's transaction is ended by the server after this long idle (its client gone quiet
 * while it holds the lease row FOR SHARE), so a stuck deposed leader cannot hold a takeover back.
 */
export const FENCED_IDLE_IN_TRANSACTION_MS = 5_000;
/** Closing the lease connection waits this long for the server's goodbye, then cuts the socket. */
const LEASE_END_TIMEOUT_MS = 500;
/** The lease everything timed runs under, unless a scheduler asks for a lease of its own. */
export const TIMED_WORK_LEASE = 'timed-work';
/** First key of the two-int advisory locks of leases (the second is a hash of the lease's name). */
const LEASE_LOCK_NAMESPACE = 74_142_261;

type Handlers = { start: () => unknown; stop: () => unknown; started: boolean };

/** A term's fencing token: the lease and its generation when the term began. */
export type Fence = { readonly lease: string; readonly generation: number };

/** A leader-only write refused: its term is over (another took over, or the lease was in doubt). */
export class FencedOut extends Error {
  constructor(
    readonly fence: Fence | null,
    readonly current: number | null,
  ) {
    super(
      fence === null
        ? 'leader-only write without a lease: this node does not lead'
        : `leader-only write refused: lease ${fence.lease} is at generation ${current ?? 'none'}, the write's term was ${fence.generation}`,
    );
    this.name = 'FencedOut';
  }
}

/**
 * In the caller's transaction: refuses (throws FencedOut) unless `fence` names the lease's current
 * generation. The row stays locked FOR SHARE until the transaction ends, so a takeover (which
 * bumps it) waits for this write; and the transaction is ended by the server if its client goes
 * quiet for FENCED_IDLE_IN_TRANSACTION_MS, so a stuck deposed leader cannot hold a takeover back.
 */
export async function checkFence(tx: Executor, fence: Fence | null): Promise<void> {
  if (fence === null) throw new FencedOut(null, null);
  const res = await tx.execute(sql`select ${leaderLeases.generation} as generation,
      set_config('idle_in_transaction_session_timeout', ${String(FENCED_IDLE_IN_TRANSACTION_MS)}, true) as t
    from ${leaderLeases} where ${leaderLeases.name} = ${fence.lease} for share`);
  const row = (res as unknown as { rows: { generation: string | number }[] }).rows[0];
  const current = row ? Number(row.generation) : null;
  if (current !== fence.generation) throw new FencedOut(fence, current);
}

/**
 * One fenced write as a single statement, no transaction around it (issue 48: a casino deal's
 * step was seven statements, BEGIN to COMMIT, for one row). `write(holds)` is a data-modifying
 * statement (`update … where … and ${holds} returning …`); `holds` is true only while `fence`'s
 * term is current, the lease row share-locked for the statement as checkFence locks it for a
 * transaction. A write under an ended term changes nothing and throws FencedOut; else the
 * written rows, as JSON objects (the columns' names as the statement returns them).
 */
export async function fencedStatement<T>(
  db: Executor,
  fence: Fence,
  write: (holds: SQL) => SQL,
): Promise<T[]> {
  const holds = sql`(select generation from fence_lease) = ${fence.generation}`;
  const res = await db.execute(sql`with fence_lease as (
      select ${leaderLeases.generation} as generation from ${leaderLeases}
      where ${leaderLeases.name} = ${fence.lease} for share),
    written as (${write(holds)})
    select (select generation from fence_lease) as generation,
      (select coalesce(json_agg(written), '[]'::json) from written) as rows`);
  const row = (res as unknown as { rows: { generation: string | number | null; rows: T[] | string }[] })
    .rows[0]!;
  const current = row.generation === null ? null : Number(row.generation);
  if (current !== fence.generation) throw new FencedOut(fence, current);
  return typeof row.rows === 'string' ? (JSON.parse(row.rows) as T[]) : row.rows;
}

/**
 * checkFence for several leases in one statement (a round over markets of several shards): throws
 * FencedOut naming the first whose term is over; every row share-locked until the transaction ends.
 */
export async function checkFences(tx: Executor, fences: readonly Fence[]): Promise<void> {
  if (fences.length === 0) return;
  // Lease names are ours (letters, digits, '-'): a text[] literal needs no quoting.
  const names = `{${fences.map((f) => f.lease).join(',')}}`;
  const res =
    await tx.execute(sql`select ${leaderLeases.name} as name, ${leaderLeases.generation} as generation,
      set_config('idle_in_transaction_session_timeout', ${String(FENCED_IDLE_IN_TRANSACTION_MS)}, true) as t
    from ${leaderLeases} where ${leaderLeases.name} = any(${names}::text[]) for share`);
  const rows = (res as unknown as { rows: { name: string; generation: string | number }[] }).rows;
  const current = new Map(rows.map((r) => [r.name, Number(r.generation)]));
  for (const f of fences) {
    const now = current.get(f.lease) ?? null;
    if (now !== f.generation) throw new FencedOut(f, now);
  }
}

/** checkFence as an answer: whether `fence`'s term is current (the row share-locked till commit). */
export async function fenceHolds(tx: Executor, fence: Fence | null): Promise<boolean> {
  try {
    await checkFence(tx, fence);
    return true;
  } catch (err) {
    if (err instanceof FencedOut) return false;
    throw err;
  }
}

/** The SQL of a takeover: the lease's generation bumped (the row made on first use). */
const BUMP_SQL = `insert into leader_leases (name, generation, holder, acquired_at) values ($1, 1, $2, now())
  on conflict (name) do update set generation = leader_leases.generation + 1, holder = excluded.holder,
    acquired_at = excluded.acquired_at
  returning generation::text as generation`;

export type LeaderStats = {
  /** Times this node became the leader, and gave it up. */
  acquired: number;
  lost: number;
  /** When this node last became the leader (epoch ms), or null when it is not. */
  leader_since_ms: number | null;
  /** The generation of this node's current (or last) term; 0 before the first. */
  generation: number;
  /** Times leadership was dropped because the lease was in doubt (a check did not answer in time). */
  doubted: number;
};

export interface Leader {
  /** 'single-node': PGlite, always the leader. 'postgres': an advisory lock in PostgreSQL. */
  readonly kind: 'single-node' | 'postgres';
  readonly name: string;
  isLeader(): boolean;
  /**
   * This term's fencing token, or null when this node does not lead or its lease is in doubt.
   * Work takes it when it starts and passes it to `checkFence` in each of its writes.
   */
  fence(): Fence | null;
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

/**
 * Timed work of the leader: `tick(fence)` every `period_ms` on the node that leads (and once as
 * each term starts when `atStart`), with the term's token taken when the term started, so a tick
 * still running when the term ends is refused by its fenced writes. Starts when the app is ready;
 * stops with the term, and gives the lease's handlers back when the app closes.
 */
export function everyWhileLeading(
  app: Pick<FastifyInstance, 'leader' | 'addHook'>,
  period_ms: number,
  tick: (fence: Fence | null) => void,
  { atStart = false }: { atStart?: boolean } = {},
): void {
  let timer: ReturnType<typeof setInterval> | null = null;
  let resign: (() => Promise<void>) | null = null;
  app.addHook('onReady', async () => {
    resign = app.leader.onLeadership(
      () => {
        const fence = app.leader.fence();
        if (atStart) tick(fence);
        timer = setInterval(() => tick(fence), period_ms);
        timer.unref();
      },
      () => {
        if (timer) clearInterval(timer);
        timer = null;
      },
    );
  });
  app.addHook('preClose', async () => {
    await resign?.();
  });
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
  const stats: LeaderStats = { acquired: 0, lost: 0, leader_since_ms: null, generation: 0, doubted: 0 };
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
    /** Starts every handler under the term `generation`; false when one threw (the caller gives the lease up). */
    become: (generation: number) =>
      serial(async () => {
        if (leader) return true;
        leader = true;
        stats.acquired += 1;
        stats.leader_since_ms = Date.now();
        stats.generation = generation;
        log.info({ lease: name, generation }, 'leader: this node leads the timed work');
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

/**
 * PGlite: one process, so this node is the leader from the first registration to close. With `db`
 * each term's generation is bumped in `leader_leases` too (so `checkFence` works the same on both
 * stores); without it (tests of the terms alone) it is counted in memory.
 */
export function createSingleNodeLeader(name: string, log: Log, db?: Db): Leader {
  const terms = createTerms(name, log);
  let closed = false;
  let generation = 0;
  const bump = async () => {
    if (!db) return (generation += 1);
    const res = await db.execute(sql`insert into ${leaderLeases} (name, generation, holder, acquired_at)
      values (${name}, 1, 'single-node', now())
      on conflict (name) do update set generation = ${leaderLeases}.generation + 1,
        holder = excluded.holder, acquired_at = excluded.acquired_at
      returning generation::text as generation`);
    return (generation = Number((res as unknown as { rows: { generation: string }[] }).rows[0]!.generation));
  };
  const takeTerm = async () => terms.become(await bump());
  let ready: Promise<unknown> = Promise.resolve();
  let campaigned = false;
  return {
    kind: 'single-node',
    name,
    stats: terms.stats,
    isLeader: terms.isLeader,
    fence: () => (terms.isLeader() ? { lease: name, generation } : null),
    onLeadership(start, stop) {
      if (closed) throw new Error('leader: closed');
      if (!campaigned) {
        campaigned = true;
        ready = takeTerm().catch((err: unknown) =>
          log.error({ err, lease: name }, 'leader: taking the lease failed'),
        );
      }
      const off = terms.add(start, stop, (err) => {
        log.error({ err, lease: name }, 'leader: a start handler failed');
        // Alone, there is nobody to hand over to: try again shortly (a new term).
        setTimeout(() => {
          if (!closed) void terms.resign('start failed').then(takeTerm);
        }, LEASE_RETRY_MS).unref();
      });
      return off;
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
  /** A check that has not answered after this is failed, and the lease in doubt (tests shorten it). */
  checkTimeoutMs?: number;
  /** The server ends the lease session after this long without a word from it (tests shorten it). */
  idleSessionMs?: number;
};

/**
 * A connection of its own for leases (never the pool: an advisory lock goes with its session),
 * not yet connected. Bounded everywhere: connecting, every statement, a lock wait. The server ends
 * the session after `idleSessionMs` without a word (a holder whose network went silent loses its
 * locks), notices a vanished host within about 11 s (TCP keepalives), and cancels a statement (a
 * takeover's bump waiting on a lock) whose client has gone.
 */
export function leaseClient(url: string, applicationName: string, idleSessionMs: number): pg.Client {
  return new pg.Client({
    connectionString: url,
    keepAlive: true,
    keepAliveInitialDelayMillis: 1_000,
    application_name: applicationName,
    connectionTimeoutMillis: LEASE_CONNECT_TIMEOUT_MS,
    statement_timeout: LEASE_STATEMENT_TIMEOUT_MS,
    lock_timeout: LEASE_STATEMENT_TIMEOUT_MS,
    query_timeout: LEASE_STATEMENT_TIMEOUT_MS + 500,
    options: `-c idle_session_timeout=${idleSessionMs} -c tcp_keepalives_idle=5 -c tcp_keepalives_interval=2 -c tcp_keepalives_count=3 -c client_connection_check_interval=1000`,
  });
}

/** Ends a client, waiting at most LEASE_END_TIMEOUT_MS for the server (a silent one never answers). */
async function endHard(c: pg.Client): Promise<void> {
  let t: ReturnType<typeof setTimeout> | undefined;
  const ended = await Promise.race([
    c.end().then(
      () => true,
      () => true,
    ),
    new Promise<boolean>((resolve) => {
      t = setTimeout(() => resolve(false), LEASE_END_TIMEOUT_MS);
    }),
  ]);
  clearTimeout(t);
  if (!ended) (c as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
}

/**
 * The lease as `pg_try_advisory_lock(namespace, hash(name))` on a connection of its own, and the
 * term's generation bumped in `leader_leases` on that connection as it is taken. The server drops
 * the lock when that connection ends: at once when the process dies on a live host; after the TCP
 * keepalive (5 s idle, then 3 probes 2 s apart) when the host vanishes; after
 * LEASE_IDLE_SESSION_MS when the network between goes silent without closing. Connecting and every
 * statement on it have timeouts. The leader checks its connection every LEASE_CHECK_MS and stops
 * its work the moment a check is late (the lease is in doubt), which is before the server can let
 * anyone else in.
 * Long because it is a factory: its inner functions, each short, share one PostgreSQL session
 * holding the advisory locks and its term; the leases' fencing depends on it being one.
 */
export function createPostgresLeader(options: PostgresLeaderOptions): Leader {
  const name = options.name ?? TIMED_WORK_LEASE;
  const { log } = options;
  const retryMs = options.retryMs ?? LEASE_RETRY_MS;
  const checkMs = options.checkMs ?? LEASE_CHECK_MS;
  const checkTimeoutMs = options.checkTimeoutMs ?? LEASE_CHECK_TIMEOUT_MS;
  const idleSessionMs = options.idleSessionMs ?? LEASE_IDLE_SESSION_MS;
  const key = leaseKey(name);
  const terms = createTerms(name, log);
  const holder = `backlay-leader-${process.pid}`;
  let client: pg.Client | null = null;
  let held = false;
  let closed = false;
  let campaigning = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let ticking: Promise<void> | null = null;
  /** This term's generation, and whether the lease is currently confirmed (not in doubt). */
  let generation = 0;
  let confirmed = false;
  let doubtTimer: ReturnType<typeof setTimeout> | null = null;

  /** The lease was confirmed by a round trip sent at `sentAt`: in doubt from sentAt + checkMs + timeout. */
  function confirm(sentAt: number) {
    confirmed = true;
    if (doubtTimer) clearTimeout(doubtTimer);
    doubtTimer = setTimeout(
      () => {
        doubtTimer = null;
        if (!held || closed) return;
        confirmed = false;
        terms.stats.doubted += 1;
        log.warn(
          { lease: name, generation },
          'leader: lease in doubt (a check did not answer in time); work stops',
        );
        void drop('lease in doubt');
      },
      Math.max(0, sentAt + checkMs + checkTimeoutMs - Date.now()),
    );
    doubtTimer.unref?.();
  }

  async function open(): Promise<pg.Client> {
    const c = leaseClient(options.url, holder, idleSessionMs);
    c.on('error', (err) => {
      if (client !== c) return;
      log.warn({ err, lease: name }, 'leader: lease connection failed');
      void drop('lease connection failed');
    });
    try {
      await c.connect();
    } catch (err) {
      await endHard(c);
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
    confirmed = false;
    if (doubtTimer) clearTimeout(doubtTimer);
    doubtTimer = null;
    // Ending the session releases the lock (if the server still had it); at once, not after the
    // stop handlers, and never waiting on a server that does not answer.
    const ending = c ? endHard(c) : Promise.resolve();
    if (wasHeld) await terms.resign(reason);
    await ending;
  }

  /** A query that fails after checkTimeoutMs whatever the connection does. */
  async function timed<T extends pg.QueryResultRow>(c: pg.Client, text: string, values: unknown[] = []) {
    let t: ReturnType<typeof setTimeout> | undefined;
    try {
      return await Promise.race([
        c.query<T>(text, values),
        new Promise<never>((_, reject) => {
          t = setTimeout(() => reject(new Error('lease query timed out')), checkTimeoutMs);
        }),
      ]);
    } finally {
      clearTimeout(t);
    }
  }

  async function tick() {
    if (closed) return;
    try {
      if (!client) client = await open();
      const c = client;
      const sentAt = Date.now();
      if (!held) {
        const r = await timed<{ ok: boolean }>(c, 'select pg_try_advisory_lock($1, $2) as ok', [
          LEASE_LOCK_NAMESPACE,
          key,
        ]);
        if (r.rows[0]?.ok && client === c && !closed) {
          held = true;
          // The takeover: a new generation, after the writes in flight of the term before (they
          // hold its row FOR SHARE). A lock that does not come in time gives the lease up.
          const g = await timed<{ generation: string }>(c, BUMP_SQL, [name, holder]);
          if (client !== c || closed) return;
          generation = Number(g.rows[0]!.generation);
          confirm(sentAt);
          if (!(await terms.become(generation))) await drop('start failed');
        }
      } else {
        await timed(c, 'select 1');
        if (client === c) confirm(sentAt);
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

  const leading = () => terms.isLeader() && held && confirmed;
  return {
    kind: 'postgres',
    name,
    stats: terms.stats,
    isLeader: leading,
    fence: () => (leading() ? { lease: name, generation } : null),
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
        : createSingleNodeLeader(TIMED_WORK_LEASE, app.log, app.db);
    app.decorate('leader', leader);
    app.addHook('onClose', async () => {
      await leader.close();
    });
  },
  { name: 'leader' },
);
