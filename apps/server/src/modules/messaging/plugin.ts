import fp from 'fastify-plugin';
import { ok, route } from '../../http/route.ts';
import { createOutbox } from './outbox.ts';
import { logSender, type SmsSender } from './senders.ts';
import type { Outbox } from './outbox.ts';

declare module 'fastify' {
  interface FastifyInstance {
    outbox: Outbox;
  }
}

/** How often each node looks for messages due for a retry. */
export const OUTBOX_POLL_MS = 5_000;

/** The outbox and its SMS sender (built-in log sender unless one is configured). */
export const messagingModule = fp<{ sender?: SmsSender; pollMs?: number }>(
  async (app, opts) => {
    const outbox = createOutbox({
      db: app.db,
      clock: app.clock,
      sender: opts.sender ?? logSender(app.log),
      log: app.log,
    });
    app.decorate('outbox', outbox);

    const pollMs = opts.pollMs ?? OUTBOX_POLL_MS;
    let timer: NodeJS.Timeout | null = null;
    let closing = false;
    app.addHook('onReady', async () => {
      if (pollMs <= 0) return;
      timer = setInterval(() => {
        if (!closing) outbox.kick();
      }, pollMs);
      timer.unref();
    });
    app.addHook('preClose', async () => {
      closing = true;
      if (timer) clearInterval(timer);
      await outbox.deliverDue().catch(() => 0);
    });

    route(app, 'adminMessages', async ({ body }) => {
      const rows = await outbox.recent(body.limit, body.recipient);
      return ok({
        messages: rows.map((r) => ({
          message_id: r.messageId,
          channel: r.channel,
          recipient: r.recipient,
          body: r.body,
          status: r.status,
          attempts: r.attempts,
          sender: r.sender,
          last_error: r.lastError,
          created_at: r.createdAt.toISOString(),
          sent_at: r.sentAt?.toISOString() ?? null,
        })),
      });
    });
  },
  { name: 'messaging', dependencies: ['db', 'auth'] },
);
