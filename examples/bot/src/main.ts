// Runs the bot from the command line (examples/bot/README.md):
//   BACKLAY_KEY=<key_id>:<secret> npm start -w @backlay/bot
// The last line it prints is its result as JSON (`result {...}`), for a program (or a test) to read.
import { runBot } from './bot.ts';

const env = process.env;
const credential = env.BACKLAY_KEY;
if (!credential) {
  console.error(
    'Set BACKLAY_KEY to <key_id>:<secret> (make a key on the account page: API keys for programs).',
  );
  process.exit(2);
}
const number = (name: string, fallback: number) => {
  const v = env[name];
  if (v === undefined || v === '') return fallback;
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) {
    console.error(`${name} must be a positive number, not ${JSON.stringify(v)}`);
    process.exit(2);
  }
  return n;
};

try {
  const result = await runBot({
    baseUrl: env.BACKLAY_URL ?? 'http://localhost:8080',
    credential,
    ...(env.BACKLAY_MARKET ? { marketId: number('BACKLAY_MARKET', 0) } : {}),
    stake: number('BOT_STAKE', 100),
    steps: number('BOT_STEPS', 20),
    step_ms: number('BOT_STEP_MS', 1_000),
    log: (line) => console.log(line),
  });
  console.log(`result ${JSON.stringify(result)}`);
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}
