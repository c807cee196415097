import fastifyStatic from '@fastify/static';
import { endpoints } from '@backlay/contract';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerFactoryHandler,
  type FastifyServerOptions,
} from 'fastify';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedBase, seedDemo } from './seed/seed.ts';
import { openApiPlugin } from './docs/openapi.ts';
import { storeFailureOf, type StoreOptions } from './db/store.ts';
import { accountModule } from './modules/account/routes.ts';
import { apiKeysModule } from './modules/api-keys/plugin.ts';
import { streamModule } from './modules/stream/plugin.ts';
import { adminModule } from './modules/admin/routes.ts';
import { consoleModule } from './modules/console/plugin.ts';
import { consoleSourcesModule } from './modules/console/sources.ts';
import { downlineModule } from './modules/hierarchy/plugin.ts';
import type { CasinoOptions } from './modules/casino/routes.ts';
import { binaryModule, type BinaryOptions } from './modules/binary/plugin.ts';
import { fantasyModule, type FantasyOptions } from './modules/fantasy/plugin.ts';
import { KIND_MODULES } from './kinds.ts';
import { marketsModule } from './modules/markets/plugin.ts';
import { cricketModule } from './modules/cricket/plugin.ts';
import { racingModule } from './modules/racing/plugin.ts';
import type { ExchangeOptions } from './modules/exchange/service.ts';
import { catalogModule } from './modules/catalog/routes.ts';
import { reportsModule } from './modules/reports/routes.ts';
import { settlementModule } from './modules/settlement/plugin.ts';
import { settingsModule } from './modules/settings/routes.ts';
import { stakesModule } from './modules/stakes/routes.ts';
import { walletModule } from './modules/wallet/routes.ts';
import { messagingModule } from './modules/messaging/plugin.ts';
import type { SmsSender } from './modules/messaging/senders.ts';
import type { PaymentGateway } from './modules/payments/gateway.ts';
import { paymentsModule } from './modules/payments/plugin.ts';
import { providersModule, type ProvidersOptions } from './modules/providers/plugin.ts';
import { responsibleModule } from './modules/responsible/plugin.ts';
import { securityModule } from './modules/security/plugin.ts';
import { signupModule } from './modules/signup/plugin.ts';
import { busPlugin, type Bus, type NatsBusOptions } from './plugins/bus.ts';
import { authPlugin } from './plugins/auth.ts';
import { csrfPlugin } from './plugins/csrf.ts';
import { dbPlugin } from './plugins/db.ts';
import { deadlinePlugin, REQUEST_DEADLINE_MS } from './plugins/deadline.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { jsonBodyPlugin } from './plugins/json-body.ts';
import { leaderPlugin } from './plugins/leader.ts';
import { shardLeasesPlugin } from './plugins/shard-leases.ts';
import { liveTopicsPlugin } from './plugins/live-topics.ts';
import { metricsPlugin, type MetricsOptions } from './plugins/metrics.ts';
import {
  rateLimitPlugin,
  resolveRateLimits,
  type RateLimitInput,
  type RateLimitStore,
} from './plugins/rate-limit.ts';
import { providerOrigins, securityHeadersPlugin } from './plugins/security-headers.ts';
import { compressionPlugin, REVALIDATE_CACHE, serveBuiltClient } from './plugins/static-files.ts';
import { wsPlugin, type LiveLimits } from './plugins/ws.ts';
import type { Clock } from './clock.ts';
import type { SecretHashCost } from './modules/account/secret-hash.ts';

/** What building the app took, ms: the store's opening and migrations, the base and demo seeding. */
export type StartTimings = {
  open_ms: number;
  migrate_ms: number;
  seed_base_ms: number;
  seed_demo_ms: number;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** What building the app took, ms: the store's opening and migrations, the base and demo seeding. */
    startTimings: StartTimings;
    clock: Clock;
    /** Names of the contract endpoints that have a route (app.ts checks none is missing). */
    registeredEndpoints: Set<string>;
  }
}

export type AppOptions = {
  store: StoreOptions;
  /** Seed the demo data into an empty store. */
  seedDemo?: boolean;
  tokenTtlHours?: number;
  /**
   * argon2id's cost for passwords and codes (modules/account/secret-hash.ts): OWASP's minimum
   * unless given. Not read from the environment: only the server's own tests pass a smaller one.
   */
  secretHashCost?: SecretHashCost;
  /** fastify logger options; false (the default here) for tests. */
  logger?: FastifyServerOptions['logger'];
  /** A logger made already (src/main.ts makes it first, to log what happens before the app): wins over `logger`. */
  loggerInstance?: FastifyBaseLogger;
  /**
   * An HTTP server already listening (src/http/listen-first.ts): the app answers its requests and
   * is never bound itself, so the port is taken before any of the app's timed work starts. Call
   * ready(), not listen(). Without it, listen() binds a server of Fastify's own (tests).
   */
  server?: Server;
  clock?: Clock;
  rateLimits?: RateLimitInput;
  /** Where the limits count: Redis shared by every node (REDIS_URL), else this node's memory. */
  rateLimitStore?: RateLimitStore;
  /** getUserBalance from this node's memory, kept right by the bus (default on; off: the store every time). */
  balanceCache?: boolean;
  /** /metrics: its token, its own listener, process figures. */
  metrics?: MetricsOptions;
  /** Behind a reverse proxy: whose X-Forwarded-For to believe (per-IP rate limits use it). */
  trustProxy?: boolean | number | string[];
  /** Served over HTTPS (PUBLIC_URL https://…): Strict-Transport-Security, and Secure cookies. */
  https?: boolean;
  /** The cricket feed's time between balls (CRICKET_BALL_INTERVAL_MS): a scoreboard's quiet limit derives from it. */
  cricketBallIntervalMs?: number;
  /** Exchange options: the in-play bet delay's sleeper (tests pass one that does not wait). */
  exchange?: ExchangeOptions;
  /** The built client (apps/web/dist), served at / when given and present. */
  webDistDir?: string;
  /** Where SMS go (OTP): the built-in log sender unless given. */
  smsSender?: SmsSender;
  /** ms between outbox retry sweeps on this node; 0 turns the timer off (tests deliver by hand). */
  outboxPollMs?: number;
  /** The payment gateway whose signed webhooks are accepted; none: the webhook answers 404. */
  paymentGateway?: PaymentGateway;
  /** The built operator console (apps/admin/dist), served at /admin/ when given and present. */
  adminDistDir?: string;
  /**
   * The bus between nodes: NATS (BUS_URL) when given, or a bus built elsewhere (tests); else the
   * in-process bus (one node).
   */
  bus?: Omit<NatsBusOptions, 'onError' | 'log'> | Bus;
  /**
   * Where WebSocket sequence numbers come from: 'node' (this node counts, one node) or 'store'
   * (per market in the store, the same on every node). Default: 'store' with a NATS bus.
   */
  priceSequence?: 'node' | 'store';
  /** What one WebSocket client may cost (plugins/ws.ts DEFAULT_LIVE_LIMITS unless given; tests loosen them). */
  liveLimits?: Partial<LiveLimits>;
  /** How often a node that is not the leader tries to take the lease (tests shorten it). */
  leaseRetryMs?: number;
  /** Exchange market shards (plugins/shard-leases.ts): how often a node takes or gives them (tests shorten it). */
  shardTickMs?: number;
  /**
   * One owner node per shard of exchange markets (default true with PostgreSQL and NATS); false:
   * every node runs the rounds of any market (the benches compare the two).
   */
  marketOwners?: boolean;
  /** ms between vacuums of a PGlite store (it has no autovacuum); 0: never. Default 60 s. */
  pgliteVacuumMs?: number;
  /**
   * An /api call still unanswered after this many ms is answered 503 (plugins/deadline.ts); 0:
   * never. Default REQUEST_DEADLINE_MS with PostgreSQL; none with PGlite, which is in the process
   * (its waits are this node's own work, not a service that went quiet).
   */
  requestDeadlineMs?: number;
  /** Game providers (Live Casino, Slot Game): the configured list and whether to sync their games. Default: none. */
  providers?: ProvidersOptions;
  /** The in-house casino tables: run their rounds on the leader (`run`), at a clock speed. Default: not run. */
  casino?: CasinoOptions;
  /** Binary sessions: run the instrument feed on the leader (`run`), the binary clock's speed, a replay file. Default: not run. */
  binary?: BinaryOptions;
  /** Fantasy contests: run the contest runner on the leader (`run`). Default: not run. */
  fantasy?: FantasyOptions;
};

/** How long /healthz waits for the store's answer before it calls it degraded. */
export const HEALTH_STORE_MS = 500;

/** proxy-addr's trust function for `hops` proxies in front: the peer and the hops - 1 before it. */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** Largest request body we read; every payload of the API is far smaller. */
export const BODY_LIMIT_BYTES = 64 * 1024;

export const uploadsDir = fileURLToPath(new URL('../public/upload', import.meta.url));

// Long because it is the composition root: every plugin and module registered in its one order (the
// order is the dependency order; fastify-plugin checks the declared dependencies).
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const server = options.server;
  const app = Fastify({
    ...(options.loggerInstance
      ? { loggerInstance: options.loggerInstance }
      : { logger: options.logger ?? false }),
    ...(server
      ? {
          serverFactory: (handler: FastifyServerFactoryHandler) => {
            server.on('request', handler);
            return server;
          },
        }
      : {}),
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: () => randomUUID(),
    // Our own ids only: a caller cannot forge log correlation.
    requestIdHeader: false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    return503OnClosing: true,
    // No info line per request: plugins/metrics.ts logs each at debug, slow ones at warn.
    logController: new LogController({ disableRequestLogging: true }),
    // A number of hops trusts that many proxies in front, whatever their address (fastify itself
    // refuses a bare number): hop 0 is the peer, so 1 believes only what the balancer added.
    trustProxy:
      typeof options.trustProxy === 'number' ? trustHops(options.trustProxy) : (options.trustProxy ?? false),
  });
  app.decorate('clock', options.clock ?? { now: () => new Date() });
  app.decorate('registeredEndpoints', new Set<string>());
  app.addHook('onSend', async (req, reply, payload) => {
    reply.header('x-request-id', req.id);
    return payload;
  });

  const limits = resolveRateLimits(options.rateLimits);
  await app.register(errorsPlugin);
  await app.register(jsonBodyPlugin);
  await app.register(metricsPlugin, options.metrics ?? {});
  await app.register(securityHeadersPlugin, {
    https: options.https ?? false,
    frameOrigins: providerOrigins((options.providers?.list ?? []).map((p) => p.base_url)),
  });
  // Before any route: JSON answers above 1 kB go out brotli or gzip (plugins/static-files.ts).
  await app.register(compressionPlugin);
  await app.register(csrfPlugin, { https: options.https ?? false });
  await app.register(deadlinePlugin, {
    deadline_ms: options.requestDeadlineMs ?? (options.store.kind === 'postgres' ? REQUEST_DEADLINE_MS : 0),
  });
  await app.register(rateLimitPlugin, { limits, store: options.rateLimitStore ?? null });
  await app.register(dbPlugin, {
    store: options.store,
    ...(options.pgliteVacuumMs === undefined ? {} : { pgliteVacuumMs: options.pgliteVacuumMs }),
  });
  await app.register(authPlugin, { tokenTtlHours: options.tokenTtlHours ?? 12 });

  await app.register(leaderPlugin, {
    store: options.store,
    ...(options.leaseRetryMs ? { retryMs: options.leaseRetryMs } : {}),
  });
  const bus = options.bus;
  await app.register(busPlugin, bus === undefined ? {} : 'publish' in bus ? { bus } : { nats: bus });
  await app.register(shardLeasesPlugin, {
    store: options.store,
    owners: options.marketOwners ?? true,
    ...(options.shardTickMs === undefined ? {} : { tickMs: options.shardTickMs }),
  });
  await app.register(liveTopicsPlugin);

  await app.register(walletModule, { balanceCache: options.balanceCache ?? true });
  await app.register(stakesModule);
  await app.register(accountModule, { limits, secretHashCost: options.secretHashCost });
  await app.register(apiKeysModule);
  await app.register(settingsModule);
  await app.register(messagingModule, {
    ...(options.smsSender ? { sender: options.smsSender } : {}),
    ...(options.outboxPollMs === undefined ? {} : { pollMs: options.outboxPollMs }),
  });
  await app.register(responsibleModule);
  await app.register(signupModule, { sendPerMinute: limits.loginPerMinute });
  await app.register(securityModule, { codePerMinute: limits.loginPerMinute });
  await app.register(paymentsModule, { gateway: options.paymentGateway });
  await app.register(catalogModule);
  await app.register(marketsModule);
  await app.register(consoleSourcesModule);
  for (const kindModule of KIND_MODULES)
    await app.register(kindModule, {
      exchange: options.exchange ?? {},
      ...(options.casino ? { casino: options.casino } : {}),
    });
  await app.register(
    cricketModule,
    options.cricketBallIntervalMs === undefined ? {} : { ballIntervalMs: options.cricketBallIntervalMs },
  );
  await app.register(settlementModule);
  await app.register(racingModule);
  await app.register(binaryModule, options.binary ? { binary: options.binary } : {});
  await app.register(fantasyModule, options.fantasy ? { fantasy: options.fantasy } : {});
  await app.register(reportsModule);
  await app.register(providersModule, options.providers ?? {});
  await app.register(adminModule);
  await app.register(consoleModule);
  await app.register(downlineModule);
  await app.register(wsPlugin, {
    ...(options.priceSequence ? { sequence: options.priceSequence } : {}),
    ...(options.liveLimits ? { limits: options.liveLimits } : {}),
  });
  await app.register(streamModule);
  await app.register(openApiPlugin);

  const missing = Object.keys(endpoints).filter((name) => !app.registeredEndpoints.has(name));
  if (missing.length > 0) throw new Error(`contract endpoints without a route: ${missing.join(', ')}`);

  // The load balancer's check (200 while the node reaches its store) and an operator's first look:
  // which part is degraded. Redis or the bus degraded leaves the node serving (limits in memory,
  // other nodes' changes late), so 200; the store not answering within HEALTH_STORE_MS is a 503.
  app.get('/healthz', async (_req, reply) => {
    let timer: NodeJS.Timeout | undefined;
    const [store, redis] = await Promise.all([
      Promise.race([
        app.store.ping().then(
          () => 'ok' as const,
          (err: unknown) => {
            // Answered, with an error: its tables cannot be read (not a store that is slow or away).
            if (storeFailureOf(err) !== null) return 'degraded' as const;
            app.log.error({ err }, 'healthz: the store cannot read its tables');
            return 'unreadable' as const;
          },
        ),
        new Promise<'degraded'>(
          (resolve) => (timer = setTimeout(() => resolve('degraded'), HEALTH_STORE_MS)),
        ),
      ]),
      app.limits.health(),
    ]);
    clearTimeout(timer);
    const parts = {
      store: store === 'unreadable' ? ('degraded' as const) : store,
      redis,
      // Connected but not hearing every other node (a peer cut off): its caches are bypassed.
      bus:
        app.bus.kind === 'in-process'
          ? 'off'
          : app.bus.stats.connected && app.bus.stats.in_sync !== false
            ? 'ok'
            : 'degraded',
    };
    const data = {
      store: app.store.kind,
      degraded: Object.entries(parts)
        .filter(([, v]) => v === 'degraded')
        .map(([k]) => k),
      parts,
    };
    if (store === 'unreadable')
      return reply.code(503).send({ status: false, message: 'The store cannot read its tables', data });
    if (store !== 'ok')
      return reply.code(503).send({ status: false, message: 'The store is not answering', data });
    return { status: true, data };
  });

  // What a load balancer or an operator of several nodes asks one node: is it the leader of the
  // timed work, is its bus connected. No secrets; the same answer to anyone.
  app.get('/healthz/node', async () => ({
    status: true,
    data: {
      pid: process.pid,
      leader: app.leader.isLeader(),
      bus: app.bus.kind,
      bus_connected: app.bus.stats.connected,
      price_sequence: app.liveHub.sequence,
      // Shards of exchange markets this node owns (plugins/shard-leases.ts; all of them alone).
      market_shards: app.shards.held().length,
    },
  }));

  // Images the settings point at (logo, banner, favicon) under /api/upload/image/.
  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: '/api/upload/',
    decorateReply: false,
    index: false,
  });

  const adminDistDir = options.adminDistDir;
  if (adminDistDir && existsSync(adminDistDir)) {
    // The operator console: its assets under /admin/, its index.html at /admin/ (hash routes, so
    // no other page); /admin is sent to /admin/, where the build's relative asset paths resolve.
    await serveBuiltClient(app, adminDistDir, '/admin/');
    app.get('/admin', async (req, reply) => {
      if (!req.url.startsWith('/admin/')) return reply.redirect('/admin/', 301);
      const html = await readFile(join(adminDistDir, 'index.html'), 'utf8').catch(() => null);
      if (html === null) return reply.code(404).send({ status: false, message: 'The console is not built' });
      return reply.type('text/html; charset=utf-8').header('cache-control', REVALIDATE_CACHE).send(html);
    });
  }

  if (options.webDistDir && existsSync(options.webDistDir)) {
    // Hash routes: the client needs index.html at / and its assets; no history fallback.
    await serveBuiltClient(app, options.webDistDir, '/');
  }

  try {
    const t0 = performance.now();
    await seedBase(app);
    const t1 = performance.now();
    if (options.seedDemo) await seedDemo(app);
    const t2 = performance.now();
    app.decorate('startTimings', {
      ...app.store.timings,
      seed_base_ms: Math.round(t1 - t0),
      seed_demo_ms: Math.round(t2 - t1),
    });
  } catch (err) {
    await app.close();
    throw err;
  }
  return app;
}
