// Server processes as an operator runs them: compiled (`dist/main.js`, as `npm start` does), each
// on its own port, behind a spawned HAProxy (docs/scaling.md's configuration, on loopback). Used by
// the multi-node test and the chaos run (test/chaos/), which start, kill, pause and restart them.
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compiledAppArgs } from '../../../../scripts/compiled-apps.mjs';
import { CSRF } from './api.ts';
import { HAPROXY_PATH } from './services.ts';

/** HAProxy's own answers when no node can answer (JSON with words, as the nodes answer). */
const HAPROXY_ERRORS_DIR = fileURLToPath(new URL('../../../../deploy/haproxy/errors/', import.meta.url));

/** Lines of a node's output kept for its error messages. */
const LOG_LINES_KEPT = 200;

export const settle = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** A port below the ephemeral range, this process's until it exits (scripts/test-ports.mjs). */
export { freePort } from '../../../../scripts/test-ports.mjs';

export type ClusterNode = {
  readonly name: string;
  readonly port: number;
  readonly env: Record<string, string>;
  /** The compiled server it runs: `dist/main.js` unless a test built another (a broken build). */
  readonly entry?: string | undefined;
  child: ChildProcess;
  log: string[];
  exited: boolean;
};

/**
 * Starts (or, given a node that exited, restarts) a compiled server process: `dist/main.js`, or
 * the bundle at `entry` (a restart runs the one the node ran).
 */
export function startNode(
  name: string,
  port: number,
  env: Record<string, string>,
  old?: ClusterNode,
  entry?: string,
): ClusterNode {
  const compiled = compiledAppArgs('server');
  const main = old?.entry ?? entry;
  const child = spawn(process.execPath, main ? ['--enable-source-maps', main] : compiled.args, {
    cwd: compiled.cwd,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', NODE_ID: name },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const node: ClusterNode = old ?? { name, port, env, entry, child, log: [], exited: false };
  node.child = child;
  node.exited = false;
  const keep = (d: Buffer) => {
    node.log.push(d.toString());
    if (node.log.length > LOG_LINES_KEPT) node.log.shift();
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  child.on('exit', () => {
    if (node.child === child) node.exited = true;
  });
  return node;
}

export async function waitHealthy(node: ClusterNode, timeoutMs = 90_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (node.exited) throw new Error(`${node.name} exited:\n${node.log.join('').slice(-3000)}`);
    try {
      if ((await fetch(`http://127.0.0.1:${node.port}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > end) throw new Error(`${node.name} not healthy:\n${node.log.join('').slice(-3000)}`);
    await settle(200);
  }
}

export async function nodeInfo(
  node: ClusterNode,
): Promise<{ leader: boolean; bus_connected: boolean; market_shards: number } | null> {
  try {
    const r = await fetch(`http://127.0.0.1:${node.port}/healthz/node`, {
      signal: AbortSignal.timeout(2_000),
    });
    return ((await r.json()) as { data: { leader: boolean; bus_connected: boolean; market_shards: number } })
      .data;
  } catch {
    return null;
  }
}

/** A node HAProxy balances over: its name and loopback port. */
export type BalancedNode = Pick<ClusterNode, 'name' | 'port'>;

/** The configuration docs/scaling.md shows, on loopback ports. */
export function haproxyConfig(port: number, nodes: readonly BalancedNode[]): string {
  return `global
  maxconn 4096

defaults
  mode http
  option forwardfor
  option redispatch
  retries 3
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  timeout tunnel 1h
  errorfile 502 ${HAPROXY_ERRORS_DIR}502.http
  errorfile 503 ${HAPROXY_ERRORS_DIR}503.http
  errorfile 504 ${HAPROXY_ERRORS_DIR}504.http

frontend backlay
  bind 127.0.0.1:${port}
  default_backend nodes

backend nodes
  balance roundrobin
  option httpchk GET /healthz
  http-check expect status 200
  default-server inter 500ms fall 2 rise 2
${nodes.map((n) => `  server ${n.name} 127.0.0.1:${n.port} check`).join('\n')}
`;
}

/** HAProxy in front of `nodes` on `port`, once it answers /healthz (or, `healthy: false`, anything). */
export async function startHaproxy(
  dir: string,
  port: number,
  nodes: readonly BalancedNode[],
  healthy = true,
) {
  const cfg = path.join(dir, 'haproxy.cfg');
  writeFileSync(cfg, haproxyConfig(port, nodes));
  const child = spawn(HAPROXY_PATH, ['-db', '-f', cfg], { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stderr!.on('data', (d: Buffer) => (log += d.toString()));
  const host = `127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      const r = await fetch(`http://${host}/healthz`);
      if (r.ok || !healthy) break;
    } catch {
      // not yet
    }
    if (i > 100) throw new Error(`haproxy did not come up:\n${log}`);
    await settle(100);
  }
  return { child, host };
}

export type ApiAnswer = { code: number; json: { status?: boolean; message?: string; data?: unknown } };

/**
 * A bettor's call through the load balancer, from `ip` (X-Forwarded-For: the front proxy's hop).
 * Throws when no answer came (a reset, a timeout after `timeoutMs`); a proxy's error page is an
 * answer with an empty body.
 */
export async function apiCall(
  host: string,
  ip: string,
  token: string | null,
  method: string,
  p: string,
  body?: unknown,
  timeoutMs = 30_000,
): Promise<ApiAnswer> {
  const res = await fetch(`http://${host}/api/${p}`, {
    method,
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': ip,
      'x-xsrf-token': CSRF,
      cookie: `XSRF-TOKEN=${CSRF}`,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    signal: AbortSignal.timeout(timeoutMs),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  let json: ApiAnswer['json'] = {};
  try {
    json = JSON.parse(text) as ApiAnswer['json'];
  } catch {
    // a proxy's error page
  }
  return { code: res.status, json };
}

/** Signs a user in through `host`; its session token. */
export async function login(host: string, ip: string, user_name: string, password: string): Promise<string> {
  const r = await apiCall(host, ip, null, 'POST', 'user/login', { user_name, password });
  if (!r.json.status) throw new Error(`login ${user_name}: ${r.code} ${r.json.message}`);
  return (r.json.data as { token: string }).token;
}
