// What an operator of several nodes watches, per node, in Prometheus's text format (prom-client,
// one registry per app): requests by route (rate, latency, status), bets and the exchange's batch
// sizes, WebSocket sockets, the bus (connected, lag, messages), the leader lease, the store's
// connection pool, the per-node caches and the requests turned away by limits.
//
// Cheap on the hot path: a request costs one histogram observation (its count is the request
// rate); everything else is read from the services' own counters when Prometheus scrapes.
//
// Request logs: fastify's per-request info lines are off (app.ts: disableRequestLogging); each
// request is one debug line, a slow one (≥ SLOW_REQUEST_MS) a warn line, and a failed one the
// error line of the errors plugin.
//
// Who may read it: /metrics on the API port answers only `Authorization: Bearer <METRICS_TOKEN>`
// (404 without a token configured, so nothing leaks through a load balancer by default); and/or
// METRICS_PORT serves it without a token on its own listener, bound to METRICS_HOST (default
// 127.0.0.1: a private address that Prometheus reaches and the load balancer does not).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createServer, type Server } from 'node:http';
import { timingSafeEqual, createHash } from 'node:crypto';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** A request slower than this is logged at warn level (ms). */
export const SLOW_REQUEST_MS = 1_000;

export type MetricsOptions = {
  /** /metrics on the API port needs `Authorization: Bearer <token>`; without one it answers 404. */
  token?: string;
  /** A listener of its own serving /metrics without a token (bind it to a private address). */
  listen?: { host: string; port: number };
  /** Node's process figures (CPU, memory, event-loop delay, GC); off in tests. */
  processMetrics?: boolean;
  /** A request slower than this (ms) is logged at warn level; default SLOW_REQUEST_MS. */
  slowRequestMs?: number;
};

export type Metrics = {
  registry: Registry;
  /** One committed exchange batch: its commands and the bets it placed (of the exchange's kind). */
  exchangeBatch(commands: number, placed: number, kind: string): void;
  /** One round of several markets' batches in one transaction: its markets, and whether it committed. */
  exchangeRound(markets: number, committed: boolean): void;
  /** A bet or cash out sent back to its market's queue: its bettor's wallet row was held elsewhere. */
  exchangeWalletBusy(): void;
  /** A bet of a house-quoted kind (bookmaker, fancy) committed. */
  betPlaced(kind: string): void;
  /** A request turned away by a limit. */
  limited(limit: string): void;
  /** A call to an outside service that timed out or failed (docs/reliability.md, "Faults"). */
  outsideFailure(service: 'redis', reason: 'timeout' | 'error'): void;
  /** Work done without a service that did not answer (a limit counted in this node's memory). */
  fallback(service: 'redis'): void;
  /** A request answered 503 at its deadline, its work still running. */
  requestDeadline(): void;
  /** The port of the metrics listener once it listens (tests ask with port 0). */
  listenerPort(): number | null;
};

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

const sameSecret = (a: string, b: string) =>
  timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());

export const metricsPlugin = fp<MetricsOptions>(
  // Long because it declares every metric in one place (names, help texts, labels), so the /metrics
  // page and its consumers read one list.
  async (app, options) => {
    const registry = new Registry();
    if (options.processMetrics) collectDefaultMetrics({ register: registry, prefix: 'backlay_process_' });

    const httpDuration = new Histogram({
      name: 'backlay_http_request_duration_seconds',
      help: 'HTTP requests by route, method and status: latency (its _count is the request count)',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
      registers: [registry],
    });
    const bets = new Counter({
      name: 'backlay_bets_total',
      help: 'Bets committed, by market kind',
      labelNames: ['kind'] as const,
      registers: [registry],
    });
    const batchCommands = new Histogram({
      name: 'backlay_exchange_batch_commands',
      help: "Commands (placements and cancels) per committed exchange batch (a market's group commit)",
      buckets: [1, 2, 4, 8, 16, 32, 64, 128, 200],
      registers: [registry],
    });
    const roundMarkets = new Histogram({
      name: 'backlay_exchange_round_markets',
      help: "Markets per committed round (several markets' batches in one transaction)",
      buckets: [2, 4, 8, 16, 32],
      registers: [registry],
    });
    const roundsFailed = new Counter({
      name: 'backlay_exchange_rounds_failed_total',
      help: 'Rounds whose transaction failed (their markets then ran one by one)',
      registers: [registry],
    });
    const walletBusy = new Counter({
      name: 'backlay_exchange_wallet_busy_total',
      help: "Bets and cash outs sent back to their market's queue because their bettor's wallet row was held by another transaction",
      registers: [registry],
    });
    const limited = new Counter({
      name: 'backlay_rate_limited_total',
      help: 'Requests turned away by a limit (429), by limit',
      labelNames: ['limit'] as const,
      registers: [registry],
    });

    const redisFailures = { timeout: 0, error: 0 };
    new Counter({
      name: 'backlay_outside_failures_total',
      help: 'Calls to an outside service (redis, store) that timed out or failed, by service and why',
      labelNames: ['service', 'reason'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const [reason, n] of Object.entries(redisFailures)) this.inc({ service: 'redis', reason }, n);
        // The store counts its own (db/store.ts: connect, no-answer, statement, lock, connection).
        if (has('store'))
          for (const [reason, n] of Object.entries(app.store.failures))
            this.inc({ service: 'store', reason }, n);
      },
    });
    const fallbacks = new Counter({
      name: 'backlay_fallbacks_total',
      help: "Work done without a service that did not answer (redis: a limit counted in this node's memory)",
      labelNames: ['service'] as const,
      registers: [registry],
    });
    const deadlines = new Counter({
      name: 'backlay_request_deadline_total',
      help: 'Requests answered 503 at their deadline (REQUEST_DEADLINE_MS) while their work went on',
      registers: [registry],
    });

    const gauge = (name: string, help: string, read: () => number | null) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          const v = read();
          if (v !== null) this.set(v);
        },
      });
    /** A counter kept by a service: reported as it stands at the scrape. */
    const counterOf = (name: string, help: string, read: () => number) =>
      new Counter({
        name,
        help,
        registers: [registry],
        collect() {
          this.reset();
          this.inc(read());
        },
      });
    const has = (name: string) => app.hasDecorator(name);

    gauge('backlay_ws_sockets', 'Open WebSocket connections on this node', () =>
      has('liveHub') ? app.liveHub.counts().sockets : null,
    );
    gauge('backlay_ws_markets', 'Markets followed by at least one socket on this node', () =>
      has('liveHub') ? app.liveHub.counts().markets : null,
    );
    gauge('backlay_ws_users', 'Signed-in users with a socket on this node', () =>
      has('liveHub') ? app.liveHub.counts().users : null,
    );
    // The push server's bounds (docs/live-prices.md, "Limits per client"): sockets dropped for
    // unsent bytes past the cap, for their message or read rate, and sessions that ended.
    const hubStat = (k: 'dropped_slow' | 'dropped_flood' | 'negative_hits' | 'unbound_ended') => () =>
      has('liveHub') ? app.liveHub.stats[k] : 0;
    counterOf(
      'backlay_ws_dropped_slow_total',
      'Sockets dropped because their unsent bytes passed the cap',
      hubStat('dropped_slow'),
    );
    counterOf(
      'backlay_ws_dropped_flood_total',
      'Sockets closed for sending too many messages or causing too many store reads',
      hubStat('dropped_flood'),
    );
    counterOf(
      'backlay_ws_negative_hits_total',
      'Unknown markets and dead tokens answered from memory',
      hubStat('negative_hits'),
    );
    counterOf(
      'backlay_ws_unbound_ended_total',
      'Sockets unbound because their session ended',
      hubStat('unbound_ended'),
    );
    counterOf(
      'backlay_wallet_row_waits_total',
      'Exchange rounds that waited (WALLET_WAIT_MS at most) for a wallet row another transaction held',
      () => (has('wallet') ? app.wallet.rowWaits.waited : 0),
    );
    counterOf(
      'backlay_wallet_row_waits_timed_out_total',
      'Of those, the rounds whose wait ran out (their bets sent back to the queue)',
      () => (has('wallet') ? app.wallet.rowWaits.timed_out : 0),
    );
    gauge(
      'backlay_bus_in_sync',
      '1 while this node hears every other node on the bus (its caches trusted)',
      () => (app.bus.stats.in_sync === false ? 0 : 1),
    );
    gauge('backlay_bus_connected', '1 while the bus between nodes is connected (always 1 in-process)', () =>
      app.bus.stats.connected ? 1 : 0,
    );
    gauge(
      'backlay_bus_lag_seconds',
      "Publish → receipt of the last message from another node (the two nodes' clocks)",
      () => app.bus.stats.last_lag_ms / 1000,
    );
    counterOf(
      'backlay_bus_published_total',
      'Messages this node published on the bus',
      () => app.bus.stats.published,
    );
    counterOf(
      'backlay_bus_received_total',
      'Messages this node received from other nodes',
      () => app.bus.stats.received,
    );
    counterOf(
      'backlay_bus_reconnects_total',
      'Bus connection losses survived',
      () => app.bus.stats.reconnects,
    );
    // The bus's repairs (docs/reliability.md, "The bus"): bad messages dropped, holes found in
    // another node's numbered messages, and resyncs from the store that followed (gap or reconnect).
    counterOf(
      'backlay_bus_bad_messages_total',
      'Messages on the bus that were not a well-formed envelope (counted and dropped)',
      () => app.bus.stats.bad_messages ?? 0,
    );
    counterOf(
      'backlay_bus_gaps_total',
      "Holes found in another node's numbered bus messages (its messages were lost)",
      () => app.bus.stats.gaps ?? 0,
    );
    counterOf(
      'backlay_bus_resyncs_total',
      'Times this node read again from the store what the bus may have lost (after a reconnect or a gap)',
      () => app.bus.stats.resyncs ?? 0,
    );
    gauge('backlay_leader', '1 while this node holds the lease of the timed work', () =>
      has('leader') ? (app.leader.isLeader() ? 1 : 0) : null,
    );
    const poolGauge = new Gauge({
      name: 'backlay_db_pool_connections',
      help: "The store's connection pool (PostgreSQL): connections by state, and its maximum",
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const p = app.store.pool?.();
        if (!p) return;
        this.set({ state: 'open' }, p.total);
        this.set({ state: 'idle' }, p.idle);
        this.set({ state: 'in_use' }, p.total - p.idle);
        this.set({ state: 'waiting' }, p.waiting);
        this.set({ state: 'max' }, p.max);
      },
    });
    void poolGauge;
    const cacheCounter = (what: 'hits' | 'misses' | 'invalidations', help: string) =>
      new Counter({
        name: `backlay_cache_${what}_total`,
        help,
        labelNames: ['cache'] as const,
        registers: [registry],
        collect() {
          this.reset();
          this.inc({ cache: 'session' }, app.auth.cache.stats[what]);
          if (has('balances')) this.inc({ cache: 'balance' }, app.balances.cache.stats[what]);
        },
      });
    cacheCounter('hits', 'Reads answered from the per-node cache');
    cacheCounter('misses', 'Reads that went to the store');
    cacheCounter('invalidations', 'Entries dropped by a change notice (this node or the bus)');
    gauge('backlay_cache_balance_entries', 'Balances this node remembers', () =>
      has('balances') ? app.balances.cache.size : null,
    );

    let listener: Server | null = null;
    const metrics: Metrics = {
      registry,
      exchangeBatch(commands, placed, kind) {
        batchCommands.observe(commands);
        if (placed > 0) bets.inc({ kind }, placed);
      },
      exchangeRound(markets, committed) {
        if (committed) roundMarkets.observe(markets);
        else roundsFailed.inc();
      },
      exchangeWalletBusy() {
        walletBusy.inc();
      },
      betPlaced(kind) {
        bets.inc({ kind });
      },
      limited(limit) {
        limited.inc({ limit });
      },
      outsideFailure(_service, reason) {
        redisFailures[reason] += 1;
      },
      fallback(service) {
        fallbacks.inc({ service });
      },
      requestDeadline() {
        deadlines.inc();
      },
      listenerPort() {
        const a = listener?.address();
        return a && typeof a === 'object' ? a.port : null;
      },
    };
    app.decorate('metrics', metrics);

    const slowMs = options.slowRequestMs ?? SLOW_REQUEST_MS;
    app.addHook('onResponse', async (req: FastifyRequest, reply: FastifyReply) => {
      const ms = reply.elapsedTime;
      const route = req.routeOptions.url ?? 'unmatched';
      httpDuration.observe({ method: req.method, route, status: reply.statusCode }, ms / 1000);
      if (reply.statusCode >= 500) return; // the errors plugin logged it
      if (ms >= slowMs) {
        req.log.warn({ method: req.method, route, statusCode: reply.statusCode, ms }, 'slow request');
      } else {
        req.log.debug({ method: req.method, route, statusCode: reply.statusCode, ms }, 'request done');
      }
    });

    const token = options.token;
    app.get('/metrics', async (req, reply) => {
      const given = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
      if (!token || !given || !sameSecret(given, token)) {
        return reply.code(404).send({ status: false, message: 'No such call: GET /metrics' });
      }
      return reply.header('content-type', registry.contentType).send(await registry.metrics());
    });

    if (options.listen) {
      const { host, port } = options.listen;
      app.addHook('onReady', async () => {
        listener = await serveMetrics(app, host, port);
      });
      app.addHook('onClose', async () => {
        await new Promise<void>((resolve) => (listener ? listener.close(() => resolve()) : resolve()));
      });
    }
  },
  { name: 'metrics' },
);

/** GET /metrics on a listener of its own (no token: protected by the address it is bound to). */
function serveMetrics(
  app: Pick<FastifyInstance, 'log' | 'metrics'>,
  host: string,
  port: number,
): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    app.metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': app.metrics.registry.contentType }).end(text),
      (err: unknown) => {
        app.log.error({ err }, 'metrics: collecting failed');
        res.writeHead(500, { 'content-type': 'text/plain' }).end('error\n');
      },
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      app.log.info({ host, port: (server.address() as { port: number }).port }, 'metrics listening');
      resolve(server);
    });
  });
}
