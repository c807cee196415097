// The outside services some tests need (NATS for the bus between nodes, haproxy for the
// multi-node test). In CI they must be there; a developer without them gets one clear line (from
// global-setup) and the rest of the suite.
import { existsSync } from 'node:fs';
import { connect as tcpConnect } from 'node:net';
import { inject } from 'vitest';

export const TEST_BUS_URL = process.env.TEST_BUS_URL ?? 'nats://127.0.0.1:4222';
/** Debian's haproxy (installed by .ci/run), for the multi-node test's load balancer. */
export const HAPROXY_PATH = process.env.HAPROXY_PATH || '/usr/sbin/haproxy';
const CI = process.env.CI === 'true';

/** True when something accepts TCP connections at host:port within `timeoutMs`. */
export function reachable(host: string, port: number, timeoutMs = 1_000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = tcpConnect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** What the cluster tests lack: NATS and PostgreSQL for all, haproxy besides for the multi-node one. */
export async function missingClusterServices(): Promise<{ cluster: string[]; haproxy: string[] }> {
  const bus = new URL(TEST_BUS_URL.split(',')[0]!);
  const cluster: string[] = [];
  if (!(await reachable(bus.hostname, Number(bus.port || 4222)))) cluster.push(`NATS at ${TEST_BUS_URL}`);
  if (!process.env.TEST_DATABASE_URL) cluster.push('PostgreSQL (TEST_DATABASE_URL)');
  return { cluster, haproxy: existsSync(HAPROXY_PATH) ? [] : [`haproxy at ${HAPROXY_PATH}`] };
}

/**
 * Whether a cluster test file can run (global-setup looked once and printed the one line a
 * developer sees). In CI a missing service is an error: these tests must run there.
 */
export function clusterServices(what: string, opts: { haproxy?: boolean } = {}): boolean {
  const missing = [...inject('clusterMissing'), ...(opts.haproxy ? inject('haproxyMissing') : [])];
  if (missing.length === 0) return true;
  if (CI) throw new Error(`CI=true but ${missing.join(' and ')} missing: ${what} must run in CI.`);
  return false;
}
