import cookie from '@fastify/cookie';
import fp from 'fastify-plugin';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { authorizationHeaderOf } from './auth.ts';
import { isHashedAssetUrl } from './static-files.ts';

export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Double-submit cookie: a readable XSRF-TOKEN cookie is set on any response that lacks it, and
 * every state-changing request without a bearer token or an API key (login, sign-up, OTP) must echo it in
 * X-XSRF-TOKEN, or gets 403. A request that carries `Authorization: Bearer <token>` (or `Key <key_id>:<secret>`) is exempt: a
 * browser never adds that header to a request by itself (a cross-site form or fetch cannot set it
 * without a CORS preflight, which this server never allows), so it is no cross-site forgery; its
 * token is the proof, checked by the route (401 when it is not a live session). Cookies prove
 * nothing here: no session rides on a cookie (docs/security.md, "CSRF").
 */
export const csrfPlugin = fp<{ https: boolean }>(
  async (app, { https }) => {
    // Behind HTTPS every cookie is Secure, though the balancer may speak plain http to the node
    // (req.protocol is then 'http' unless TRUST_PROXY believes its X-Forwarded-Proto).
    await app.register(cookie, https ? { parseOptions: { secure: true } } : {});
    app.addHook('onRequest', async (req, reply) => {
      const cookieToken = req.cookies[CSRF_COOKIE];
      // A hashed file is fetched by the page, which got its cookie with index.html or an API answer.
      if (!cookieToken && !isHashedAssetUrl(req.url)) {
        reply.setCookie(CSRF_COOKIE, randomBytes(24).toString('base64url'), {
          path: '/',
          sameSite: 'strict',
          httpOnly: false,
          secure: https || req.protocol === 'https',
        });
      }
      if (SAFE_METHODS.has(req.method)) return;
      // No route: nothing runs, so nothing to protect; the answer is 404, or 405 naming the methods.
      if (req.is404) return;
      // A route called by another server (a payment gateway's signed webhook) opts out; it must
      // authenticate its caller another way.
      if ((req.routeOptions.config as { csrf?: boolean } | undefined)?.csrf === false) return;
      // Authenticated by its Authorization header (a session's token or an API key), which no
      // browser sends on its own.
      if (authorizationHeaderOf(req)) return;
      const header = req.headers[CSRF_HEADER];
      if (!cookieToken || typeof header !== 'string' || !sameToken(header, cookieToken)) {
        return reply
          .code(403)
          .send({ status: false, message: 'Missing or invalid CSRF token; reload the page and try again' });
      }
    });
  },
  { name: 'csrf', dependencies: ['errors'] },
);
