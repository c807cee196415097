// One server node for the multi-node benches (http-nodes.bench.ts), as `src/main.ts` would run it
// but with the bench's rate limits out of the way: PostgreSQL at DATABASE_URL, NATS at BUS_URL
// under BUS_PREFIX, listening on PORT, no feed and no timed work. `/bench/cpu` answers this
// process's CPU so far (µs) and where its exchange commands ran (owners.ts stats).
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
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
  const busy = (await app.metrics.registry.getSingleMetric('backlay_exchange_wallet_busy_total')?.get())
    ?.values[0];
  return {
    wallet_busy: busy?.value ?? 0,
    row_waits: app.wallet.rowWaits.waited,
    row_waits_timed_out: app.wallet.rowWaits.timed_out,
    cpu_us: cpu.user + cpu.system,
    owners: app.exchange.owners.stats,
    shards: app.shards.held().length,
    held: app.shards.held(),
  };
});
// A CPU profile of this process between /bench/profile/start and /stop: the top self-time
// frames, by function and file (BENCH_NODES_PROFILE=1 in http-nodes.bench.ts prints them).
const session = new Session();
session.connect();
app.get('/bench/profile/start', async () => {
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return { ok: true };
});
app.get('/bench/profile/stop', async () => {
  const { profile } = await session.post('Profiler.stop');
  // The whole profile too, for a look at who calls what (chrome://inspect, or a script).
  if (env.BENCH_NODES_PROFILE_DIR)
    writeFileSync(
      `${env.BENCH_NODES_PROFILE_DIR}/node-${env.PORT}-${Date.now()}.cpuprofile`,
      JSON.stringify(profile),
    );
  const self = new Map<string, number>();
  const dt = profile.timeDeltas ?? [];
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  (profile.samples ?? []).forEach((id, i) => {
    const f = byId.get(id)!.callFrame;
    const key = `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*\/(node_modules|apps|packages)\//, '$1/')}:${f.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0));
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 25)
    .map(([k, us]) => `${((100 * us) / total).toFixed(1)}% ${k}`);
});
await app.listen({ host: '127.0.0.1', port: Number(env.PORT) });
const stop = () => void app.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
