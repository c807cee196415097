import fastifyStatic from '@fastify/static';
import { endpoints } from '@backlay/contract';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { seedBase, seedDemo } from './db/seed.ts';
import type { StoreOptions } from './db/store.ts';
import { accountModule } from './modules/account/routes.ts';
import { adminModule } from './modules/admin/routes.ts';
import { casinoModule } from './modules/casino/routes.ts';
import { exchangeModule } from './modules/exchange/routes.ts';
import type { ExchangeOptions } from './modules/exchange/service.ts';
import { catalogModule } from './modules/catalog/routes.ts';
import { reportsModule } from './modules/reports/routes.ts';
import { settlementModule } from './modules/settlement/plugin.ts';
import { settingsModule } from './modules/settings/routes.ts';
import { stakesModule } from './modules/stakes/routes.ts';
import { walletModule } from './modules/wallet/routes.ts';
import { busPlugin } from './plugins/bus.ts';
import { authPlugin } from './plugins/auth.ts';
import { csrfPlugin } from './plugins/csrf.ts';
import { dbPlugin } from './plugins/db.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { DEFAULT_RATE_LIMITS, rateLimitPlugin, type RateLimitOptions } from './plugins/rate-limit.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { wsPlugin } from './plugins/ws.ts';
import type { Clock } from './types.ts';
import './types.ts';

export type AppOptions = {
  store: StoreOptions;
  /** Seed the demo data into an empty store. */
  seedDemo?: boolean;
  tokenTtlHours?: number;
  /** fastify logger options; false (the default here) for tests. */
  logger?: FastifyServerOptions['logger'];
  clock?: Clock;
  rateLimits?: Partial<RateLimitOptions>;
  /** Behind a reverse proxy: whose X-Forwarded-For to believe (per-IP rate limits use it). */
  trustProxy?: boolean | string[];
  /** Exchange options: the in-play bet delay's sleeper (tests pass one that does not wait). */
  exchange?: ExchangeOptions;
  /** The built client (apps/web/dist), served at / when given and present. */
  webDistDir?: string;
};

/** Largest request body we read; every payload of the API is far smaller. */
export const BODY_LIMIT_BYTES = 64 * 1024;

export const uploadsDir = fileURLToPath(new URL('../public/upload', import.meta.url));

/** Never log secrets: tokens, cookies, passwords. */
export const LOG_REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-xsrf-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.master_password',
  '*.old_password',
  '*.new_password',
  '*.confirm_password',
  '*.token',
];

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: () => randomUUID(),
    // Our own ids only: a caller cannot forge log correlation.
    requestIdHeader: false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    return503OnClosing: true,
    trustProxy: options.trustProxy ?? false,
  });
  app.decorate('clock', options.clock ?? { now: () => new Date() });
  app.decorate('registeredEndpoints', new Set<string>());
  app.addHook('onSend', async (req, reply, payload) => {
    reply.header('x-request-id', req.id);
    return payload;
  });

  const limits = { ...DEFAULT_RATE_LIMITS, ...options.rateLimits };
  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(csrfPlugin);
  await app.register(rateLimitPlugin, { limits });
  await app.register(dbPlugin, { store: options.store });
  await app.register(authPlugin, { tokenTtlHours: options.tokenTtlHours ?? 12 });

  await app.register(busPlugin);

  await app.register(walletModule);
  await app.register(stakesModule);
  await app.register(accountModule, { limits });
  await app.register(settingsModule);
  await app.register(casinoModule);
  await app.register(catalogModule);
  await app.register(exchangeModule, { exchange: options.exchange ?? {} });
  await app.register(settlementModule);
  await app.register(reportsModule);
  await app.register(adminModule);
  await app.register(wsPlugin);

  const missing = Object.keys(endpoints).filter((name) => !app.registeredEndpoints.has(name));
  if (missing.length > 0) throw new Error(`contract endpoints without a route: ${missing.join(', ')}`);

  app.get('/healthz', async (_req, reply) => {
    try {
      await app.store.ping();
      return { status: true, data: { store: app.store.kind } };
    } catch {
      return reply.code(503).send({ status: false, message: 'store unavailable' });
    }
  });

  // Images the settings point at (logo, banner, favicon) under /api/upload/image/.
  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: '/api/upload/',
    decorateReply: false,
    index: false,
  });

  if (options.webDistDir && existsSync(options.webDistDir)) {
    // Hash routes: the client needs index.html at / and its assets; no history fallback.
    await app.register(fastifyStatic, {
      root: options.webDistDir,
      prefix: '/',
      decorateReply: false,
      wildcard: true,
    });
  }

  try {
    await seedBase(app);
    if (options.seedDemo) await seedDemo(app);
  } catch (err) {
    await app.close();
    throw err;
  }
  return app;
}
