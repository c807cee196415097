// The demo provider logs as the server does (apps/server/src/logging.ts): one JSON line per event
// in a pipe or a file, readable lines through pino-pretty in a terminal, every line naming its
// service ("provider-demo"), so `npm start`'s two processes read alike side by side. A process of
// its own, it shares no code with the server: a test (apps/server/test/logging.test.ts) keeps the
// two the same shape.
import { hostname } from 'node:os';
import type { FastifyServerOptions } from 'fastify';

type LoggerOptions = Exclude<NonNullable<FastifyServerOptions['logger']>, boolean>;

/** pino-pretty's options: time, level, `[service] message`, the other fields below it. */
export const PRETTY_OPTIONS = {
  colorize: true,
  translateTime: 'SYS:HH:MM:ss.l',
  ignore: 'pid,hostname,service',
  messageFormat: '{if service}[{service}] {end}{msg}',
};

export function loggerOptions(level: string, tty: boolean, service = 'provider-demo'): LoggerOptions {
  const base: LoggerOptions = {
    level,
    base: { service, pid: process.pid, hostname: hostname() },
    // The page's session tokens and the signed calls' headers never reach the log.
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', '*.token'], censor: '[redacted]' },
  };
  if (!tty) return base;
  return { ...base, transport: { target: 'pino-pretty', options: PRETTY_OPTIONS } };
}

/** Errors a client causes by going away (a browser closing the game's tab mid-answer). */
const CLIENT_GONE_CODES = new Set([
  'ERR_STREAM_PREMATURE_CLOSE',
  'ERR_STREAM_DESTROYED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
]);

/** The client closed its own connection (its code says so and its socket is closed): no failure of ours. */
export function clientWentAway(err: unknown, socket: { destroyed?: boolean } | null | undefined): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && CLIENT_GONE_CODES.has(code) && socket?.destroyed === true;
}
