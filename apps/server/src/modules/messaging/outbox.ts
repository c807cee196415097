// The outbox: messages are written in the transaction that needs them (idempotent on a key) and
// delivered after it by the sender, one claim at a time under a short lease, so any node may
// deliver and none twice at once; a failure is retried with backoff, then marked FAILED.
import { and, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { outboxMessages } from './schema.ts';
import type { Db, Executor } from '../../db/store.ts';
import type { Clock } from '../../clock.ts';
import type { SmsSender } from './senders.ts';

export const OUTBOX_MAX_ATTEMPTS = 6;
export const OUTBOX_LEASE_MS = 30_000;
export const OUTBOX_BATCH = 20;
/** 2 s, 4 s, 8 s … at most 5 minutes between tries. */
export const backoffMs = (attempts: number) => Math.min(300_000, 1_000 * 2 ** attempts);

export type OutboxRow = typeof outboxMessages.$inferSelect;

/** What is left of a sent message's text when the sender does not keep it: the digits hidden. */
export const redact = (body: string) => body.replace(/\d/g, '•');

// Long because it is a factory: its inner functions, each short, share the poll timer and the
// sender.
export function createOutbox(deps: {
  db: Db;
  clock: Clock;
  sender: SmsSender;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}) {
  const { db, clock, sender, log } = deps;
  let running: Promise<number> | null = null;

  async function claim(): Promise<OutboxRow[]> {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id: outboxMessages.messageId })
        .from(outboxMessages)
        .where(
          and(
            eq(outboxMessages.status, 'PENDING'),
            lte(outboxMessages.nextAttemptAt, now),
            or(isNull(outboxMessages.leaseUntil), lte(outboxMessages.leaseUntil, now)),
          ),
        )
        .orderBy(outboxMessages.nextAttemptAt)
        .limit(OUTBOX_BATCH)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(outboxMessages)
        .set({
          leaseUntil: new Date(now.getTime() + OUTBOX_LEASE_MS),
          attempts: sql`${outboxMessages.attempts} + 1`,
        })
        .where(
          inArray(
            outboxMessages.messageId,
            due.map((d) => d.id),
          ),
        )
        .returning();
    });
  }

  async function deliver(row: OutboxRow) {
    try {
      const { providerId } = await sender.send({
        to: row.recipient,
        body: row.body,
        idempotencyKey: row.idempotencyKey,
      });
      await db
        .update(outboxMessages)
        .set({
          status: 'SENT',
          sentAt: clock.now(),
          sender: sender.name,
          providerId,
          leaseUntil: null,
          lastError: null,
          ...(sender.keepsText ? {} : { body: redact(row.body) }),
        })
        .where(eq(outboxMessages.messageId, row.messageId));
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const failed = row.attempts >= OUTBOX_MAX_ATTEMPTS;
      log.warn({ messageId: row.messageId, attempts: row.attempts, err: message }, 'SMS not sent');
      await db
        .update(outboxMessages)
        .set({
          status: failed ? 'FAILED' : 'PENDING',
          lastError: message.slice(0, 500),
          leaseUntil: null,
          sender: sender.name,
          nextAttemptAt: new Date(clock.now().getTime() + backoffMs(row.attempts)),
        })
        .where(eq(outboxMessages.messageId, row.messageId));
    }
  }

  /** Delivers what is due now; the number of messages tried. One run at a time per node. */
  async function deliverDue(): Promise<number> {
    if (running) return running;
    running = (async () => {
      let tried = 0;
      for (;;) {
        const rows = await claim();
        if (rows.length === 0) return tried;
        for (const row of rows) await deliver(row);
        tried += rows.length;
      }
    })().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    sender,
    /** Writes a message in the caller's transaction; a repeated key changes nothing. */
    async enqueue(
      tx: Executor,
      m: { channel: 'sms'; recipient: string; body: string; idempotencyKey: string },
    ) {
      await tx
        .insert(outboxMessages)
        .values({ ...m, nextAttemptAt: clock.now(), createdAt: clock.now() })
        .onConflictDoNothing({ target: outboxMessages.idempotencyKey });
    },
    deliverDue,
    /** Starts a delivery in the background (after the caller's commit); errors are logged. */
    kick() {
      deliverDue().catch((err: unknown) => log.error({ err }, 'outbox delivery failed'));
    },
    recent(limit: number, recipient?: string) {
      return db
        .select()
        .from(outboxMessages)
        .where(recipient ? eq(outboxMessages.recipient, recipient) : undefined)
        .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.messageId))
        .limit(limit);
    },
  };
}
export type Outbox = ReturnType<typeof createOutbox>;
