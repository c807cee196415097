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
