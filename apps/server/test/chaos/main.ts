// `npm run chaos -- <minutes> [--seed N]`: one chaos run (run.ts) on this machine's PostgreSQL,
// NATS and Redis (TEST_DATABASE_URL, TEST_BUS_URL, TEST_REDIS_URL; the defaults are the local
// services), with Debian's HAProxy (HAPROXY_PATH). Prints what was done, the faults and the checks,
// and exits 1 on any violation with the command that replays the seed.
import { existsSync } from 'node:fs';
import { buildNodeAppsIfStale } from '../../../../scripts/compiled-apps.mjs';
import { HAPROXY_PATH } from '../helpers/services.ts';
import { reportLines, runChaos } from './run.ts';

const MINUTES_MAX = 24 * 60;

function usage(problem: string): never {
  console.error(`chaos: ${problem}\nusage: npm run chaos -- <minutes> [--seed N]`);
  process.exit(2);
}

const args = process.argv.slice(2);
const minutes = Number(args[0]);
if (!Number.isFinite(minutes) || minutes <= 0 || minutes > MINUTES_MAX)
  usage(`give the minutes to run, 0 < minutes ≤ ${MINUTES_MAX} (got ${JSON.stringify(args[0])})`);
const seedAt = args.indexOf('--seed');
const seed = seedAt === -1 ? Math.floor(Math.random() * 2 ** 31) : Number(args[seedAt + 1]);
if (!Number.isSafeInteger(seed) || seed < 0)
  usage(`--seed takes a whole number (got ${JSON.stringify(args[seedAt + 1])})`);
if (!existsSync(HAPROXY_PATH))
  usage(
    `HAProxy is not at ${HAPROXY_PATH}: install it (apt-get install -y haproxy; .ci/run does) or set HAPROXY_PATH`,
  );

buildNodeAppsIfStale();
const report = await runChaos({
  seconds: Math.round(minutes * 60),
  seed,
  databaseUrl: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  busUrl: process.env.TEST_BUS_URL ?? 'nats://127.0.0.1:4222',
  redisUrl: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
  log: (l) => console.log(l),
});
for (const line of reportLines(report)) console.log(line);
process.exit(report.violations.length + report.more === 0 ? 0 : 1);
