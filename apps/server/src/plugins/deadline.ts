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

/** A request waiting for its answer: its reply and when it is due (ms since the epoch). */
type Waiting = { reply: FastifyReply; due_ms: number };

/**
 * Every /api request's deadline on one timer, armed for the earliest one due. A timer and two
 * closures per request (the first way) kept about 1 KB alive per request in flight across young
 * collections, the largest such line of the app's own (docs/performance.md, "What a bet keeps
 * alive across a young collection"); a map entry is a tenth of that. With one fixed deadline a
 * new request is never due before one already waiting, so the timer is only armed when none is;
 * when it fires it answers every request due and arms itself for the earliest left (one pass over
 * the requests in flight, about once a deadline under load).
 */
export const deadlinePlugin = fp<{ deadline_ms: number }>(
  async (app, { deadline_ms }) => {
    if (deadline_ms <= 0) return;
    const waiting = new Map<FastifyRequest, Waiting>();
    let timer: NodeJS.Timeout | null = null;
    let armed_for_ms = Infinity;

    const answer = (req: FastifyRequest, reply: FastifyReply) => {
      if (reply.sent || reply.raw.headersSent) return;
      app.metrics.requestDeadline();
      req.log.warn({ url: req.url, deadline_ms }, 'request answered 503 at its deadline; its work goes on');
      void reply.code(503).header('retry-after', '1').send({ status: false, message: DEADLINE_MESSAGE });
    };
    const arm = (due_ms: number) => {
      if (timer !== null && armed_for_ms <= due_ms) return;
      if (timer !== null) clearTimeout(timer);
      armed_for_ms = due_ms;
      timer = setTimeout(fire, Math.max(0, due_ms - Date.now()));
      timer.unref();
    };
    function fire() {
      timer = null;
      armed_for_ms = Infinity;
      const now_ms = Date.now();
      let next_ms = Infinity;
      for (const [req, w] of waiting) {
        if (w.due_ms <= now_ms) {
          waiting.delete(req);
          answer(req, w.reply);
        } else next_ms = Math.min(next_ms, w.due_ms);
      }
      if (next_ms !== Infinity) arm(next_ms);
    }

    app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
      if (!req.url.startsWith('/api/')) return;
      const due_ms = Date.now() + deadline_ms;
      waiting.set(req, { reply, due_ms });
      arm(due_ms);
    });
    // A call that waits on purpose (an in-play bet's delay, the spec's, not a fault) moves its own
    // deadline on by that wait; the store's bounds still cut every wait on a service. A later due
    // time needs no new timer: the one armed finds it not due yet and arms itself for it.
    app.decorateRequest('extendDeadline', function (this: FastifyRequest, wait_ms: number) {
      const w = waiting.get(this);
      if (w) w.due_ms += Math.max(0, wait_ms);
    });
    const done = async (req: FastifyRequest) => {
      waiting.delete(req);
    };
    app.addHook('onResponse', done);
    app.addHook('onRequestAbort', done);
    app.addHook('onClose', async () => {
      if (timer !== null) clearTimeout(timer);
      waiting.clear();
    });
  },
  { name: 'deadline', dependencies: ['metrics'] },
);
