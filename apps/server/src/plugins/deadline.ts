// Every /api call answers within its deadline, whatever a service it waits on does (docs/
// reliability.md, "Faults"). The services' own bounds come first (Redis command 300 ms, PostgreSQL
// connect 1 s, lock 1 s, statement 1.5 s, no answer 1.6 s: plugins/rate-limit.ts, db/store.ts) and
// answer a 503 in words through the errors plugin; this is the bound on their sum: a request still
// unanswered at `deadline_ms` (several slow statements in a row, a slow network to the store) is
// answered 503 now. Its work is not stopped: a bet or a withdrawal may still commit, which is why
// the answer says to ask again with the same request_id (the same id is never applied twice).
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { BET_DELAY_MAX_S } from '@backlay/contract';

/** Under the 2 s, with room for the answer to travel. */
export const REQUEST_DEADLINE_MS = 1_800;

export const DEADLINE_MESSAGE =
  'The server did not finish in time; try again in a moment (the same request_id is never applied twice)';

/**
 * Calls that wait on purpose get that long more: an exchange bet placed in play waits its
 * market's bet delay (up to BET_DELAY_MAX_S, the spec's delay, not a fault) before it is matched.
 */
export const DEADLINE_EXTRA_MS: Readonly<Record<string, number>> = {
  '/api/bet/placeMarketBet': BET_DELAY_MAX_S * 1000,
};

export const deadlinePlugin = fp<{ deadline_ms: number }>(
  async (app, { deadline_ms }) => {
    if (deadline_ms <= 0) return;
    const timers = new WeakMap<FastifyRequest, NodeJS.Timeout>();
    app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
      if (!req.url.startsWith('/api/')) return;
      const path = req.url.split('?', 1)[0]!;
      const limit_ms = deadline_ms + (DEADLINE_EXTRA_MS[path] ?? 0);
      const timer = setTimeout(() => {
        if (reply.sent || reply.raw.headersSent) return;
        app.metrics.requestDeadline();
        req.log.warn(
          { url: req.url, deadline_ms: limit_ms },
          'request answered 503 at its deadline; its work goes on',
        );
        void reply.code(503).header('retry-after', '1').send({ status: false, message: DEADLINE_MESSAGE });
      }, limit_ms);
      timer.unref();
      timers.set(req, timer);
    });
    const clear = async (req: FastifyRequest) => {
      clearTimeout(timers.get(req));
      timers.delete(req);
    };
    app.addHook('onResponse', clear);
    app.addHook('onRequestAbort', clear);
  },
  { name: 'deadline', dependencies: ['metrics'] },
);
