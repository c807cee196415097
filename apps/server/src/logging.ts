import { hostname } from 'node:os';
import type { LoggerOptions } from 'pino';

/** Never log secrets: tokens, cookies, passwords. */
export const LOG_REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-xsrf-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.master_password',
  '*.old_password',
  '*.new_password',
  '*.confirm_password',
  '*.token',
];

/**
 * The server's logger: one JSON line per event for machines (a file, a pipe, a log shipper), and
 * readable coloured lines through pino-pretty when a person watches a terminal. The same
 * redaction either way: the pretty printer only formats what pino already censored. Every line
 * names its `service` ("server"); the demo provider (apps/provider-demo/src/logging.ts) logs the
 * same way as "provider-demo", so the two processes `npm start` runs read alike side by side.
 */
export function loggerOptions(level: string, tty: boolean, service = 'server'): LoggerOptions {
  const base: LoggerOptions = {
    level,
    base: { service, pid: process.pid, hostname: hostname() },
    redact: { paths: LOG_REDACT, censor: '[redacted]' },
  };
  if (!tty) return base;
  return { ...base, transport: { target: 'pino-pretty', options: PRETTY_OPTIONS } };
}

/** pino-pretty's options: time, level, `[service] message`, the other fields below it. */
export const PRETTY_OPTIONS = {
  colorize: true,
  translateTime: 'SYS:HH:MM:ss.l',
  ignore: 'pid,hostname,service',
  messageFormat: '{if service}[{service}] {end}{msg}',
};

/** What a person opens once the server listens on `port`. */
export function startUrls(port: number): { bettors: string; console: string } {
  return { bettors: `http://localhost:${port}/`, console: `http://localhost:${port}/admin/` };
}
