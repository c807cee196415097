// The server's port, bound before anything else starts (issue 48). Fastify's listen() runs the
// app's onReady hooks first — where the casino tables, the feeds, the runners and the leader's
// work start, all of which write — and binds only then, so a second server on a taken port used to
// write to its store before it failed on "address in use". Here the port is bound first, before
// the store is even opened; the app is built on this server (Fastify's serverFactory) and `open()`
// lets requests through once it is ready. Until then every request and WebSocket upgrade is
// answered 503 (a load balancer's health check sees a node that is not ready yet).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

/** The port is taken (another server, or another program): nothing was started. */
export class PortInUse extends Error {
  constructor(
    readonly port: number,
    readonly host: string,
  ) {
    super(
      `port ${port} on ${host} is in use: another server (or another program) listens there; nothing was started (give this one another PORT)`,
    );
    this.name = 'PortInUse';
  }
}

export type BoundServer = {
  server: Server;
  /** The port it listens on (the one asked, or the one given for 0). */
  port: number;
  /** Lets requests through to the app's handler. */
  open(): void;
  /** Stops listening and ends its connections (after the app has closed). */
  close(): Promise<void>;
};

const STARTING = JSON.stringify({ status: false, message: 'The server is starting' });

/** Binds `port` on `host` now; throws PortInUse when it is taken. */
export async function listenFirst(port: number, host: string): Promise<BoundServer> {
  const server = createServer();
  // As Fastify sets up a server of its own (its defaults): keep-alive 72 s, no request timeout.
  server.keepAliveTimeout = 72_000;
  server.requestTimeout = 0;
  server.setTimeout(0);
  let opened = false;
  const emit = server.emit.bind(server) as (event: string, ...args: unknown[]) => boolean;
  (server as unknown as { emit: typeof emit }).emit = (event, ...args) => {
    if (!opened && event === 'request') {
      const res = args[1] as ServerResponse;
      res.writeHead(503, {
        'content-type': 'application/json; charset=utf-8',
        'retry-after': '1',
        connection: 'close',
      });
      res.end(STARTING);
      return true;
    }
    if (!opened && event === 'upgrade') {
      const [, socket] = args as [IncomingMessage, Duplex];
      socket.end(
        'HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nRetry-After: 1\r\nContent-Length: 0\r\n\r\n',
      );
      return true;
    }
    return emit(event, ...args);
  };
  await new Promise<void>((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      reject(err.code === 'EADDRINUSE' ? new PortInUse(port, host) : err);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen({ port, host });
  });
  const address = server.address();
  return {
    server,
    port: typeof address === 'object' && address !== null ? address.port : port,
    open: () => {
      opened = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (!server.listening) return resolve();
        server.close(() => resolve());
        server.closeIdleConnections();
        // Connections still busy after a moment are cut: the app has already answered its last.
        setTimeout(() => server.closeAllConnections(), 2_000).unref();
      }),
  };
}
