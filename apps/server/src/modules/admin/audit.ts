import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { adminActions } from '../../db/schema.ts';
import type { Outcome } from '../../http/route.ts';

/**
 * Runs an operator call once per (operator, action, request_id) and records it: who, when, what
 * was asked and what was answered (refusals included). A repeat of a recorded request_id answers
 * what was answered the first time and changes nothing. Calls without a request_id are recorded
 * too; they rely on the action's own idempotence.
 */
export async function audited<T>(
  app: FastifyInstance,
  operatorId: number,
  action: string,
  request: { request_id?: string | undefined } & Record<string, unknown>,
  perform: () => Promise<Outcome<T>>,
): Promise<Outcome<T>> {
  const requestId = request.request_id ?? null;
  const previous = async () => {
    if (requestId === null) return null;
    const [row] = await app.db
      .select({ response: adminActions.response })
      .from(adminActions)
      .where(
        and(
          eq(adminActions.operatorId, operatorId),
          eq(adminActions.action, action),
          eq(adminActions.requestId, requestId),
        ),
      );
    return row ? (row.response as Outcome<T>) : null;
  };
  const first = await previous();
  if (first) return first;
  const outcome = await perform();
  const inserted = await app.db
    .insert(adminActions)
    .values({
      operatorId,
      action,
      requestId,
      request: JSON.parse(JSON.stringify(request)) as object,
      response: JSON.parse(JSON.stringify(outcome)) as object,
      createdAt: app.clock.now(),
    })
    .onConflictDoNothing()
    .returning({ actionId: adminActions.actionId });
  if (inserted.length === 0) {
    // The same request_id raced this one and was recorded first: answer as it did.
    const winner = await previous();
    if (winner) return winner;
  }
  return outcome;
}
