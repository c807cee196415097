// The audit module: every operator call recorded once per (operator, action, request_id), with what
// was asked and answered (admin_actions, its one table). Every module with operator calls wraps them
// in `audited`; the console lists the record (console/lists.ts).
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { adminActions } from './schema.ts';
import { refuse, type Outcome } from '../../http/route.ts';

/** JSON with object keys sorted: a stored jsonb request compares equal to the same request. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${canonical(x)}`).join(',')}}`;
  }
  return JSON.stringify(v);
}

/**
 * Runs an operator call once per (operator, action, request_id) and records it: who, when, what
 * was asked and what was answered (refusals included). A repeat of a recorded request_id answers
 * what was answered the first time and changes nothing; the same request_id with a different request
 * is refused (another operation: the id names the first). Calls without a request_id are recorded
 * too; they rely on the action's own idempotence.
 */
export async function audited<T>(
  app: Pick<FastifyInstance, 'clock' | 'db'>,
  operatorId: number,
  action: string,
  request: { request_id?: string | undefined } & Record<string, unknown>,
  perform: () => Promise<Outcome<T>>,
): Promise<Outcome<T>> {
  const requestId = request.request_id ?? null;
  const asked = JSON.parse(JSON.stringify(request)) as object;
  const same = (recorded: unknown) => canonical(recorded) === canonical(asked);
  const previous = async () => {
    if (requestId === null) return null;
    const [row] = await app.db
      .select({ request: adminActions.request, response: adminActions.response })
      .from(adminActions)
      .where(
        and(
          eq(adminActions.operatorId, operatorId),
          eq(adminActions.action, action),
          eq(adminActions.requestId, requestId),
        ),
      );
    return row ? { request: row.request, response: row.response as Outcome<T> } : null;
  };
  const first = await previous();
  if (first) {
    return same(first.request)
      ? first.response
      : refuse('request_id was already used for a different request');
  }
  const outcome = await perform();
  const inserted = await app.db
    .insert(adminActions)
    .values({
      operatorId,
      action,
      requestId,
      request: asked,
      response: JSON.parse(JSON.stringify(outcome)) as object,
      createdAt: app.clock.now(),
    })
    .onConflictDoNothing()
    .returning({ actionId: adminActions.actionId });
  if (inserted.length === 0) {
    const winner = await previous();
    // The same request raced this one and was recorded first: answer as it did.
    if (winner && same(winner.request)) return winner.response;
    // Another request took the request_id at the same time, and each was performed on its own
    // (the action's own key lets one through). A success moved money: it is what the id must
    // remember, over the other's refusal, so that its repeat answers the same.
    if (winner && outcome.status && !winner.response.status) {
      await app.db
        .update(adminActions)
        .set({ request: asked, response: JSON.parse(JSON.stringify(outcome)) as object })
        .where(
          and(
            eq(adminActions.operatorId, operatorId),
            eq(adminActions.action, action),
            eq(adminActions.requestId, requestId!),
            sql`${adminActions.response}->>'status' = 'false'`,
          ),
        );
    }
  }
  return outcome;
}
