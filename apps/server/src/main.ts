import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { loggerOptions, startUrls } from './logging.ts';
import { feedPlugin } from './plugins/feed.ts';
import { hmacGateway } from './modules/payments/gateway.ts';
import { httpSender } from './modules/messaging/senders.ts';

const config = loadConfig();
const webDistDir = fileURLToPath(new URL('../../web/dist', import.meta.url));
const adminDistDir = fileURLToPath(new URL('../../admin/dist', import.meta.url));

const app = await buildApp({
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
  // Readable lines in a terminal, JSON lines otherwise (a pipe, a file, a service manager).
  logger: loggerOptions(config.logLevel, process.stdout.isTTY === true),
});
await app.register(feedPlugin, { source: config.feed, cricketBallIntervalMs: config.cricketBallIntervalMs });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}

try {
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    {
      store: config.store.kind,
      dataDir: config.store.kind === 'pglite' ? config.store.dataDir : undefined,
      bus: app.bus.kind,
      limits: app.limits.store,
    },
    'Backlay server ready',
  );
  const urls = startUrls(config.port);
  app.log.info(urls, `Open ${urls.bettors} (bettors) and ${urls.console} (operator console)`);
} catch (err) {
  app.log.error({ err }, 'could not start');
  await app.close();
  process.exit(1);
}
