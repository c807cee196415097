/**
 * The real server for browser tests, compiled as `npm start` runs it (apps/server/dist/main.js, built
 * by the e2e global setup) on a free port and a PGlite data dir of its own. No vitest import: the e2e global setup (global-setup.ts) uses it too.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../scripts/test-ports.mjs';
import { compiledAppArgs } from './build.ts';

/** A port below the ephemeral range, this process's until it exits (scripts/test-ports.mjs). */
export { freePort };

export type RunningServer = { url: string; stop: () => Promise<void>; output: () => string };

/** How long a server may take to answer /healthz (a first start migrates and seeds its store). */
const READY_TIMEOUT_MS = 90_000;
/** How long a stopping server has to close its store before it is killed. */
const STOP_TIMEOUT_MS = 5_000;

/**
 * Starts the server on a temp DATA_DIR and a free port (FEED=off unless `env` says otherwise) and
 * waits for /healthz. With `fromDataDir`, the data dir starts as a copy of that one (a migrated,
 * seeded store: no migrations or demo seed to run). With `keepDataDir`, stop() leaves the data
 * dir in place (it is returned as `dataDir`).
 */
export async function launchServer(
  env: Record<string, string> = {},
  opts: { fromDataDir?: string; keepDataDir?: boolean; port?: number } = {},
): Promise<RunningServer & { dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'backlay-e2e-'));
  if (opts.fromDataDir) cpSync(opts.fromDataDir, dataDir, { recursive: true });
  const port = opts.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  const server = compiledAppArgs('server');
  const child: ChildProcess = spawn(process.execPath, server.args, {
    cwd: server.cwd,
    // No game provider unless the test starts one (launchProviderDemo): a server must not sync
    // with whatever happens to listen on the demo's default port.
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      FEED: 'off',
      PROVIDER_DEMO_URL: 'off',
      // The leader's other runners off unless the test is about them (casino.e2e, binary.e2e,
      // fantasy.e2e, the a11y sweep turn theirs on): twelve casino tables, fourteen instruments
      // and the fantasy runner writing beside every browser test slowed each page on the 2-core box.
      CASINO_TABLES: 'off',
      BINARY_FEED: 'off',
      FANTASY_CONTESTS: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  let exited = false;
  child.on('exit', () => (exited = true));

  const stop = async () => {
    if (!exited && child.pid) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      const deadline = Date.now() + STOP_TIMEOUT_MS;
      while (!exited && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      if (!exited) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }
    if (!opts.keepDataDir) rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (exited) {
      await stop();
      throw new Error(`server exited before it was ready:\n${log}`);
    }
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server did not answer /healthz within ${READY_TIMEOUT_MS / 1000} s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, stop, output: () => log, dataDir };
}

/** How long the demo provider may take to listen (it finishes a dead run's rounds after). */
const PROVIDER_READY_TIMEOUT_MS = 60_000;

/**
 * The demo game provider (apps/provider-demo) as its own process, as `npm start` runs it: on
 * `port`, with its round journal in a temp dir, sending its wallet callbacks to `walletUrl`. Waits
 * for the line it prints once listening.
 */
export async function launchProviderDemo(opts: { port: number; walletUrl: string }): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'backlay-e2e-provider-'));
  const url = `http://127.0.0.1:${opts.port}`;
  let log = '';
  const provider = compiledAppArgs('provider-demo');
  const child: ChildProcess = spawn(process.execPath, provider.args, {
    cwd: provider.cwd,
    env: {
      ...process.env,
      PROVIDER_DEMO_PORT: String(opts.port),
      PROVIDER_DEMO_HOST: '127.0.0.1',
      PROVIDER_DEMO_DATA: dataDir,
      BACKLAY_WALLET_URL: opts.walletUrl,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let ready = false;
  child.stdout?.on('data', (d: Buffer) => {
    log += d.toString();
    if (log.includes('PROVIDER_DEMO_READY')) ready = true;
  });
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  let exited = false;
  child.on('exit', () => (exited = true));
  const stop = async () => {
    if (!exited && child.pid) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      const deadline = Date.now() + STOP_TIMEOUT_MS;
      while (!exited && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      if (!exited) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + PROVIDER_READY_TIMEOUT_MS;
  while (!ready) {
    if (exited || Date.now() > deadline) {
      await stop();
      throw new Error(`the demo provider did not start:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, stop, output: () => log };
}
