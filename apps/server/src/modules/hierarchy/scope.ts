// The one scoping check of the console (issue 41, docs/hierarchy.md). `registerEndpoint`
// (http/route.ts) calls it for every call of the endpoint table with access 'operator' made by
// anyone but the operator, before the request is validated or the handler runs. Its rules are the
// contract's `consoleScopes` table: an operator-only call answers 403; a downline call answers 403
// unless every user its request names is the caller or below it. The answer is the same for a user
// elsewhere in the tree and for one that does not exist: nothing says what is there.
import { consoleScopeOf } from '@backlay/contract';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../db/store.ts';
import { HttpError } from '../../http/errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { inSubtree } from '../account/tree.ts';

export const OPERATOR_ONLY = 'This call is for the operator only';
export const NOT_YOURS = 'Not in your downline';

/**
 * A request field's user id, read as the contract's idInput reads it (a number, or digits with
 * spaces around them); NaN for anything else.
 */
function idOf(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^-?\d{1,15}$/.test(value.trim())) return Number(value.trim());
  return NaN;
}

/**
 * Throws 403 unless `user` (a console account below the operator) may make console call `name`
 * with this request. A named field that holds anything but a user id answers 403 too (only the
 * operator's requests reach validation with it).
 */
export async function checkConsoleScope(
  db: Executor,
  name: string,
  user: AuthUser,
  req: FastifyRequest,
  method: 'GET' | 'POST',
): Promise<void> {
  if (user.role === 'operator') return;
  const scope = consoleScopeOf(name);
  if (user.role === 'bettor' || scope === undefined || scope.kind === 'operator') {
    throw new HttpError(403, user.role === 'bettor' ? 'This call is for operators only' : OPERATOR_ONLY);
  }
  const input = (method === 'GET' ? req.query : req.body) as Record<string, unknown> | null | undefined;
  if (input === null || typeof input !== 'object') return;
  const named: number[] = [];
  for (const field of scope.users) {
    const value = input[field];
    if (value === undefined || value === null) continue;
    const id = idOf(value);
    if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) throw new HttpError(403, NOT_YOURS);
    named.push(id);
  }
  if (named.length === 0) return;
  const mine = await inSubtree(db, user.userId, named);
  if (named.some((id) => !mine.has(id))) throw new HttpError(403, NOT_YOURS);
}
