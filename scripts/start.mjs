// `npm start`: the server and the demo game provider, side by side, as two processes (the
// provider speaks to the server only over HTTP, as a real one would). Ctrl-C or SIGTERM stops
// both; if either dies the other is stopped too and the launcher exits with the first one's code.
// PROVIDER_DEMO_URL=off starts the server alone.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const serverPort = process.env.PORT ?? '8080';
const providerUrl = process.env.PROVIDER_DEMO_URL ?? 'http://127.0.0.1:8090';
/** How long a child has to stop after SIGTERM before it is killed. */
const STOP_GRACE_MS = 10_000;

function run(name, dir, env) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: `${root}${dir}`,
    env: { ...process.env, ...env },
    stdio: 'inherit',
  });
  child.name = name;
  return child;
}

const children = [run('server', 'apps/server', {})];
if (providerUrl !== 'off') {
  children.push(
    run('provider-demo', 'apps/provider-demo', {
      PROVIDER_DEMO_PORT: process.env.PROVIDER_DEMO_PORT ?? (new URL(providerUrl).port || '8090'),
      BACKLAY_WALLET_URL:
        process.env.BACKLAY_WALLET_URL ?? `http://127.0.0.1:${serverPort}/api/provider/wallet`,
    }),
  );
}

let exitCode = null;
function stopAll(code) {
  if (exitCode !== null) return;
  exitCode = code;
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS).unref();
    }
  }
}
for (const child of children) {
  child.on('exit', (code, signal) => {
    if (exitCode === null) console.error(`${child.name} stopped (${signal ?? code}); stopping the others`);
    stopAll(code ?? 1);
    if (children.every((c) => c.exitCode !== null || c.signalCode !== null)) process.exit(exitCode ?? 0);
  });
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(0));
