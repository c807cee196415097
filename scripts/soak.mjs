#!/usr/bin/env node
// `npm run soak [minutes]`: the race test (apps/server/test/race.test.ts, docs/reliability.md) on
// random seeds until the time is up (default 5 minutes; SOAK_MINUTES works too). Each failing seed
// is printed with its shrunk counterexample and the command that replays it:
//   SOAK_SEED=<seed> [SOAK_PATH=<path>] npm run soak
// RACE_OPS / RACE_KINDS (comma lists) switch operations and market kinds on one at a time. Needs
// PostgreSQL at TEST_DATABASE_URL (and uses NATS at TEST_BUS_URL when it answers).
import { spawnSync } from 'node:child_process';

const MINUTES_MAX = 24 * 60;
const arg = process.argv[2] ?? process.env.SOAK_MINUTES ?? '5';
const minutes = Number(arg);
if (!Number.isFinite(minutes) || minutes <= 0 || minutes > MINUTES_MAX) {
  console.error(`soak: give the minutes to run, 0 < minutes ≤ ${MINUTES_MAX} (got ${JSON.stringify(arg)})`);
  process.exit(2);
}
if (!process.env.TEST_DATABASE_URL) {
  console.error(
    'soak: TEST_DATABASE_URL must name a PostgreSQL server (e.g. postgres://postgres@127.0.0.1:5432/test)',
  );
  process.exit(2);
}
const replay = process.env.SOAK_SEED !== undefined;
console.log(
  replay
    ? `soak: replaying seed ${process.env.SOAK_SEED}${process.env.SOAK_PATH ? ` at path ${process.env.SOAK_PATH}` : ''}`
    : `soak: random seeds for ${minutes} minute(s)`,
);
const run = spawnSync(
  'npx',
  ['vitest', 'run', '--project', 'server', 'test/race.test.ts', '--reporter=default'],
  {
    stdio: 'inherit',
    env: { ...process.env, RACE_TEST: '1', RACE_SOAK_MS: String(Math.round(minutes * 60_000)) },
  },
);
process.exit(run.status ?? 1);
