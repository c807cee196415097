// The server's process. In this order, so that a server that cannot run touches nothing:
// 1. the port is bound (http/listen-first.ts): a taken port stops it here, before its store is
//    opened or any timed work (casino tables, feeds, runners, the leader's work) starts;
// 2. the app is built: the store is opened (PGlite: its data folder locked first, db/data-lock.ts;
//    a folder another live server holds stops it here), migrated, seeded;
// 3. ready: the onReady hooks start the timed work; then requests are let through.
// Either refusal is one line in words and a non-zero exit.
import type { FastifyInstance } from 'fastify';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { StoreInUse } from './db/data-lock.ts';
import { listenFirst, PortInUse, type BoundServer } from './http/listen-first.ts';
import { loggerOptions, startUrls } from './logging.ts';
import { feedPlugin } from './feeds/feed.ts';
import { hmacGateway } from './modules/payments/gateway.ts';
import { httpSender } from './modules/messaging/senders.ts';

// Milliseconds since the process started: here, the code is loaded (its imports evaluated).
const loadedMs = performance.now();
const config = loadConfig();
const webDistDir = config.webDistDir ?? fileURLToPath(new URL('../../web/dist', import.meta.url));
const adminDistDir = fileURLToPath(new URL('../../admin/dist', import.meta.url));
// Readable lines in a terminal, JSON lines otherwise (a pipe, a file, a service manager).
const log = pino(loggerOptions(config.logLevel, process.stdout.isTTY === true));

let app: FastifyInstance | null = null;
let bound: BoundServer | null = null;
let stopping = false;

/** Closes what was started (the app, then the port) and exits; the data folder's lock goes on exit. */
async function stop(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    try {
      await app?.close();
      await bound?.close();
    } catch (err) {
      log.error({ err }, 'could not close cleanly');
      code = code || 1;
    }
  }
  process.exit(code);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log.info({ signal }, 'shutting down');
    void stop(0);
  });
}

const sumOf = (timings: Record<string, number>) => Object.values(timings).reduce((a, b) => a + b, 0);

/** The refusal in words when it is one (port taken, store in use); anything else with its stack. */
function refusal(err: unknown): string | null {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    if (e instanceof PortInUse || e instanceof StoreInUse) return e.message;
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

try {
  bound = await listenFirst(config.port, config.host);
  app = await buildApp({
    store: config.store,
    seedDemo: config.seedDemo,
    tokenTtlHours: config.tokenTtlHours,
    trustProxy: config.trustProxy,
    https: config.https,
    webDistDir,
    ...(config.sms ? { smsSender: httpSender(config.sms) } : {}),
    ...(config.paymentGateway ? { paymentGateway: hmacGateway(config.paymentGateway) } : {}),
    adminDistDir,
    cricketBallIntervalMs: config.cricketBallIntervalMs,
    providers: { list: config.providers, sync: true },
    casino: config.casino,
    binary: config.binary,
    fantasy: config.fantasy,
    ...(config.bus ? { bus: config.bus } : {}),
    ...(config.rateLimitStore ? { rateLimitStore: config.rateLimitStore } : {}),
    metrics: { ...config.metrics, processMetrics: true },
    loggerInstance: log,
    server: bound.server,
  });
  await app.register(feedPlugin, {
    source: config.feed,
    cricketBallIntervalMs: config.cricketBallIntervalMs,
  });
  const builtMs = performance.now();
  await app.ready();
  bound.open();
  const readyMs = performance.now();
  app.log.info(
    {
      port: bound.port,
      store: config.store.kind,
      dataDir: config.store.kind === 'pglite' ? config.store.dataDir : undefined,
      bus: app.bus.kind,
      limits: app.limits.store,
      // Where the start-up went (docs/performance.md, "Start-up"): loading the code, opening the
      // store, its migrations, the base and demo data, the rest of building the app, the ready hooks.
      start_ms: {
        load: Math.round(loadedMs),
        ...app.startTimings,
        build_other: Math.round(builtMs - loadedMs) - sumOf(app.startTimings),
        ready_hooks: Math.round(readyMs - builtMs),
        total: Math.round(readyMs),
      },
    },
    'Backlay server ready',
  );
  const urls = startUrls(bound.port);
  app.log.info(urls, `Open ${urls.bettors} (bettors) and ${urls.console} (operator console)`);
} catch (err) {
  const words = refusal(err);
  if (words) log.fatal(words);
  else log.fatal({ err }, 'could not start');
  await stop(1);
}
