import type { LoggerOptions } from 'pino';
import { LOG_REDACT } from './app.ts';

/**
 * The server's logger: one JSON line per event for machines (a file, a pipe, a log shipper), and
 * readable coloured lines through pino-pretty when a person watches a terminal. The same
 * redaction either way: the pretty printer only formats what pino already censored.
 */
export function loggerOptions(level: string, tty: boolean): LoggerOptions {
  const base = { level, redact: { paths: LOG_REDACT, censor: '[redacted]' } };
  if (!tty) return base;
  return {
    ...base,
    transport: {
      target: 'pino-pretty',
      options: { colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' },
    },
  };
}

/** What a person opens once the server listens on `port`. */
export function startUrls(port: number): { bettors: string; console: string } {
  return { bettors: `http://localhost:${port}/`, console: `http://localhost:${port}/admin/` };
}
