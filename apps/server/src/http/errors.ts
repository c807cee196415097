import type { z } from 'zod';

/** An error that becomes an HTTP answer with this status and message (never a 500). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** `[1].button_value`, `new_password`, or '' for the payload itself. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  return path
    .map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i === 0 ? '' : '.'}${String(p)}`))
    .join('');
}

/** One readable line naming the first failing field: "new_password: New password must contain …". */
export function describeZodError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  const where = formatIssuePath(issue.path);
  if (where) return `${where}: ${issue.message}`;
  if (issue.code === 'invalid_type')
    return `The request body must be ${issue.expected === 'array' ? 'a JSON array' : 'a JSON object'}`;
  return issue.message;
}

/** Errors a client causes by going away (a browser closing a tab, a dropped connection). */
const CLIENT_GONE_CODES = new Set([
  'ERR_STREAM_PREMATURE_CLOSE',
  'ERR_STREAM_DESTROYED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
]);

/**
 * Whether `err` only says the client went away: its code is one a closed connection gives, and the
 * request's own connection is closed (the same code from a call of ours to another service, with
 * the client still there, is a failure of ours). Nothing failed: logged at debug, without a stack.
 */
export function clientWentAway(err: unknown, socket: { destroyed?: boolean } | null | undefined): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && CLIENT_GONE_CODES.has(code) && socket?.destroyed === true;
}

/**
 * An error on an open WebSocket: the client's doing (it dropped the connection, or sent what the
 * protocol refuses: ws's WS_ERR_* codes), or not (a failure of ours, logged as an error).
 */
export function clientSocketError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (CLIENT_GONE_CODES.has(code) || code.startsWith('WS_ERR_'));
}
