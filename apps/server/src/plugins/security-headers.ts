import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/**
 * Helmet with a CSP the SPA can live with: its own scripts only, inline style attributes (React
 * sets CSS variables that way), images from itself, data: URLs and https CDNs.
 */
export const securityHeadersPlugin = fp(
  async (app) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", 'ws:', 'wss:'],
          frameAncestors: ["'none'"],
          formAction: ["'self'"],
          objectSrc: ["'none'"],
        },
      },
      // Served over plain http on localhost too; HSTS belongs to the TLS terminator.
      strictTransportSecurity: false,
      crossOriginEmbedderPolicy: false,
    });
    app.addHook('onSend', async (req, reply, payload) => {
      if (req.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
      return payload;
    });
  },
  { name: 'security-headers' },
);
