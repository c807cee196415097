import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { storeFailureOf } from '../db/store.ts';
import { clientWentAway } from '../http/errors.ts';

/** What a bettor reads when PostgreSQL did not answer in time (docs/reliability.md, "Faults"). */
export const STORE_UNAVAILABLE = 'The store is not answering; try again in a moment';

/** Fastify's own 4xx errors, reworded for people. */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type; send application/json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length',
};

/**
 * Every error becomes the JSON envelope `{status: false, message}`. Client mistakes keep their
 * 4xx status; anything else is a 500 with a generic message (and a log line with the details).
 */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, req, reply) => {
      // The client closed its connection before the answer (a browser leaving the page): nobody
      // to answer and nothing of ours failed, so no error line and no stack.
      if (clientWentAway(error, req.raw.socket)) {
        req.log.debug({ why: error.code, url: req.url }, 'client closed the connection before the answer');
        reply.raw.destroy();
        return;
      }
      const statusCode = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
      // The store timed out or lost its connection: a 503 the client may retry (same request_id),
      // not a 500. Whatever was in flight rolled back or is retried idempotently.
      const storeFailure = statusCode === 500 ? storeFailureOf(error) : null;
      if (storeFailure) {
        req.log.warn({ err: error.message, why: storeFailure }, 'request failed: the store did not answer');
        if (reply.sent) return;
        return reply.code(503).header('retry-after', '1').send({ status: false, message: STORE_UNAVAILABLE });
      }
      if (statusCode >= 500) {
        req.log.error({ err: error }, 'request failed');
        return reply
          .code(500)
          .send({ status: false, message: 'Something went wrong on our side; please try again' });
      }
      let message = (error.code && FASTIFY_MESSAGES[error.code]) || error.message || 'Bad request';
      if (error.code === 'FST_ERR_BAD_STATUS_CODE') message = 'Bad request';
      if (statusCode === 400 && error.code?.startsWith('FST_ERR_CTP'))
        message = FASTIFY_MESSAGES[error.code] ?? message;
      return reply.code(statusCode).send({ status: false, message });
    });
    // The methods of each fixed path (no parameter, no wildcard), so that a known path called with
    // another method answers 405 with `Allow` (RFC 9110 §15.5.6) instead of "no such call".
    const methodsByPath = new Map<string, Set<string>>();
    app.addHook('onRoute', (route) => {
      if (/[:*]/.test(route.url)) return;
      const path = route.url.length > 1 ? route.url.replace(/\/+$/, '') : route.url;
      const methods = methodsByPath.get(path) ?? new Set<string>();
      for (const m of [route.method].flat()) methods.add(m);
      methodsByPath.set(path, methods);
    });
    app.setNotFoundHandler((req, reply) => {
      const raw = req.url.split('?')[0]!;
      const path = raw.length > 1 ? raw.replace(/\/+$/, '') : raw;
      const allowed = methodsByPath.get(path);
      if (allowed && !allowed.has(req.method)) {
        const allow = [...allowed].sort().join(', ');
        return reply
          .code(405)
          .header('allow', allow)
          .send({ status: false, message: `${req.method} is not allowed on ${path}; use ${allow}` });
      }
      reply
        .code(404)
        .send({ status: false, message: `No such call: ${req.method} ${req.url.split('?')[0]}` });
    });
  },
  { name: 'errors' },
);
