// A TCP proxy the fault tests put between a node and one outside service (Redis, NATS,
// PostgreSQL) to make the faults real networks make:
// - `silent()`: every connection stays open but nothing more crosses it, either way, and new
//   connections are accepted and then hear nothing (a service that hangs without closing — the
//   kernel would take ~15 minutes to give up). Nothing is dropped: the proxy stops reading, as a
//   stalled network does, so `heal()` delivers what was held, in order;
// - `cut()`: every connection is reset and new ones are closed at once (a service that is gone);
// - `latency(ms)`: every chunk is held this long in each direction;
// - `heal()`: back to passing everything, for connections made from now on and those still open.
import { connect as tcpConnect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';

export type FaultMode = 'pass' | 'silent' | 'cut';

export interface FaultProxy {
  /** host:port of the proxy: give it to the node in place of the service's own. */
  readonly host: string;
  readonly port: number;
  /** The service's URL with its host and port replaced by the proxy's. */
  url(serviceUrl: string): string;
  silent(): void;
  cut(): void;
  latency(delay_ms: number): void;
  heal(): void;
  readonly mode: FaultMode;
  /** Connections open now (both halves count as one). */
  readonly open: number;
  close(): Promise<void>;
}

/** At most this many connections at once: a runaway client in a test fails loudly, not slowly. */
const CONNECTIONS_MAX = 512;

export async function startFaultProxy(target: { host: string; port: number }): Promise<FaultProxy> {
  let mode: FaultMode = 'pass';
  let delay_ms = 0;
  const pairs = new Set<{ client: Socket; upstream: Socket }>();

  const forward = (from: Socket, to: Socket) => {
    if (mode === 'silent') from.pause();
    from.on('data', (chunk: Buffer) => {
      if (delay_ms > 0) setTimeout(() => to.destroyed || to.write(chunk), delay_ms);
      else if (!to.destroyed) to.write(chunk);
    });
  };
  const eachSocket = (f: (s: Socket) => void) => {
    for (const { client, upstream } of pairs) {
      f(client);
      f(upstream);
    }
  };

  const server: Server = createServer((client) => {
    if (mode === 'cut' || pairs.size >= CONNECTIONS_MAX) {
      client.resetAndDestroy();
      return;
    }
    const upstream = tcpConnect(target);
    const pair = { client, upstream };
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    forward(client, upstream);
    forward(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    host: '127.0.0.1',
    port,
    url(serviceUrl: string) {
      const u = new URL(serviceUrl);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    silent() {
      mode = 'silent';
      eachSocket((s) => s.pause());
    },
    cut() {
      mode = 'cut';
      for (const { client, upstream } of pairs) {
        client.resetAndDestroy();
        upstream.destroy();
      }
      pairs.clear();
    },
    latency(ms: number) {
      delay_ms = Math.max(0, ms);
    },
    heal() {
      mode = 'pass';
      delay_ms = 0;
      eachSocket((s) => s.resume());
    },
    get mode() {
      return mode;
    },
    get open() {
      return pairs.size;
    },
    async close() {
      for (const { client, upstream } of pairs) {
        client.destroy();
        upstream.destroy();
      }
      pairs.clear();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
