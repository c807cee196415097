import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';

export type RateLimitOptions = {
  /** Requests per minute per IP on every /api call. */
  globalPerMinute: number;
  /** Login attempts per minute per IP. */
  loginPerMinute: number;
};

export const DEFAULT_RATE_LIMITS: RateLimitOptions = { globalPerMinute: 600, loginPerMinute: 10 };

/** Per-IP limits (in-memory; a multi-node deployment would give the plugin a shared store). */
export const rateLimitPlugin = fp<{ limits: RateLimitOptions }>(
  async (app, { limits }) => {
    await app.register(rateLimit, {
      global: true,
      max: limits.globalPerMinute,
      timeWindow: 60_000,
      allowList: (req) => !req.url.startsWith('/api/'),
      errorResponseBuilder: (_req, context) => ({
        statusCode: 429,
        code: 'RATE_LIMITED',
        message: `Too many requests; try again in ${context.after}`,
      }),
    });
  },
  { name: 'rate-limit', dependencies: ['errors'] },
);
