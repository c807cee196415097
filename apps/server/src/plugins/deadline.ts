// Every /api call answers within its deadline, whatever a service it waits on does (docs/
// reliability.md, "Faults"). The services' own bounds come first (Redis command 300 ms, PostgreSQL
// connect 1 s, lock 1 s, statement 1.5 s, no answer 1.6 s: plugins/rate-limit.ts, db/store.ts) and
// answer a 503 in words through the errors plugin; this is the bound on their sum: a request still
// unanswered at `deadline_ms` (several slow statements in a row, a slow network to the store) is
// answered 503 now. Its work is not stopped: a bet or a withdrawal may still commit, which is why
// the answer says to ask again with the same request_id (the same id is never applied twice).
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** Under the 2 s, with room for the answer to travel. */
export const REQUEST_DEADLINE_MS = 1_800;

export const DEADLINE_MESSAGE =
  'The server did not finish in time; try again in a moment (the same request_id is never applied twice)';

declare module 'fastify' {
  interface FastifyRequest {
    /** Moves this call's deadline on by a wait it makes on purpose (plugins/deadline.ts). */
    extendDeadline?: (wait_ms: number) => void;
  }
}

export const deadlinePlugin = fp<{ deadline_ms: number }>(
  async (app, { deadline_ms }) => {
    if (deadline_ms <= 0) return;
    const timers = new WeakMap<FastifyRequest, NodeJS.Timeout>();
    app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
      if (!req.url.startsWith('/api/')) return;
      const fire = () => {
        if (reply.sent || reply.raw.headersSent) return;
        app.metrics.requestDeadline();
        req.log.warn({ url: req.url, deadline_ms }, 'request answered 503 at its deadline; its work goes on');
        void reply.code(503).header('retry-after', '1').send({ status: false, message: DEADLINE_MESSAGE });
      };
      let due_ms = Date.now() + deadline_ms;
      const arm = () => {
        clearTimeout(timers.get(req));
        const timer = setTimeout(fire, Math.max(0, due_ms - Date.now()));
        timer.unref();
        timers.set(req, timer);
      };
      arm();
      // A call that waits on purpose (an in-play bet's delay, the spec's, not a fault) moves its
      // own deadline on by that wait; the store's bounds still cut every wait on a service.
      req.extendDeadline = (wait_ms: number) => {
        due_ms += Math.max(0, wait_ms);
        arm();
      };
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
