// One server node for the multi-node benches (http-nodes.bench.ts), as `src/main.ts` would run it
// but with the bench's rate limits out of the way: PostgreSQL at DATABASE_URL, NATS at BUS_URL
// under BUS_PREFIX, listening on PORT, no feed and no timed work. `/bench/cpu` answers this
// process's CPU so far (µs) and where its exchange commands ran (owners.ts stats).
import { buildApp } from '../apps/server/src/app.ts';

const env = process.env;
const app = await buildApp({
  store: { kind: 'postgres', url: env.DATABASE_URL!, poolMax: 20 },
  bus: { url: env.BUS_URL!, prefix: env.BUS_PREFIX! },
  seedDemo: false,
  marketOwners: env.BENCH_OWNERS !== 'off',
  logger: false,
  rateLimits: { globalPerMinute: 100_000_000, loginPerMinute: 100_000 },
});
app.get('/bench/cpu', async () => {
  const cpu = process.cpuUsage();
  return {
    cpu_us: cpu.user + cpu.system,
    owners: app.exchange.owners.stats,
    shards: app.shards.held().length,
  };
});
await app.listen({ host: '127.0.0.1', port: Number(env.PORT) });
const stop = () => void app.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
