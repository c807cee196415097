import { UPLOAD_PATH_PREFIX } from '@backlay/contract';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { isHashedAssetUrl } from './static-files.ts';

/**
 * Helmet's security headers with a CSP the SPA can live with: its own scripts only, inline style
 * attributes (React sets CSS variables that way), images from itself (the settings' images are
 * uploads), data: and blob: URLs and the game providers' origins (their tiles' pictures).
 *
 * The helmet middleware is built once and run on every request's raw response. (@fastify/helmet,
 * used before, builds a new helmet middleware on every request, normalising the CSP directives
 * each time: about 3% of the server's CPU under load. We use no per-request CSP nonces, so
 * nothing needs rebuilding.)
 */
/**
 * HSTS behind HTTPS: a year, subdomains too (they are the same operator's), not `preload` (a list
 * entry is hard to undo). Over plain http it is never sent: a browser that once saw it would then
 * refuse http to the host for the whole max-age (development on localhost, an http test site).
 */
export const HSTS = { maxAge: 31_536_000, includeSubDomains: true, preload: false } as const;

/**
 * The origins of the game providers' base URLs (docs/providers.md), once each: the site frames
 * their game pages (#/world-casino/play/{id}) and shows their tiles' pictures, so the CSP lets
 * those origins, and no other, into `frame-src` and `img-src` (an http provider on a development
 * machine too). A provider whose pages live on another host than its API needs that host here.
 */
export function providerOrigins(baseUrls: readonly string[]): string[] {
  return [...new Set(baseUrls.map((u) => new URL(u).origin))];
}

const securityHeaders = (https: boolean, frameOrigins: readonly string[]) =>
  helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...frameOrigins],
        frameSrc: ["'self'", ...frameOrigins],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
      },
    },
    strictTransportSecurity: https ? HSTS : false,
    crossOriginEmbedderPolicy: false,
  });

/**
 * A build's hashed files are subresources: of helmet's headers only those a script, a stylesheet or
 * an image uses (no type sniffing, no loading by other sites; HSTS behind HTTPS). CSP, framing,
 * referrer, opener and the rest act on documents only, and cost each file of the first load about
 * 0.7 kB (docs/performance.md, "First load").
 */
const subresourceHeaders = (https: boolean, csp: false | { directives: Record<string, string[]> }) =>
  helmet({
    contentSecurityPolicy: csp === false ? false : { useDefaults: false, ...csp },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    originAgentCluster: false,
    referrerPolicy: false,
    strictTransportSecurity: https ? HSTS : false,
    xContentTypeOptions: true,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: false,
    xPermittedCrossDomainPolicies: false,
    xPoweredBy: true,
    xXssProtection: false,
  });

/**
 * What the server answers that is never a page of the app: the API (JSON, and the settings'
 * images), the installable app's manifest and icons, the health checks. They get the subresource
 * headers and a CSP of their own that lets nothing run and nobody frame them (an API answer or an
 * SVG image opened by itself): about 0.6 kB less on each of the dozen answers a first visit to
 * home reads (docs/performance.md, "First load"). Not the service worker (/sw.js): a worker runs
 * under its script's CSP, so it keeps the page's, which lets it fetch the app's own files.
 */
const NOT_A_PAGE = ['/api/', '/app-icon/', '/manifest.webmanifest', '/healthz', '/metrics'];
export const isNotAPageUrl = (url: string): boolean =>
  NOT_A_PAGE.some((prefix) => url === prefix || url.startsWith(prefix));
/** The CSP of an answer that is not a page: nothing loads or runs, nobody frames it. */
export const NOT_A_PAGE_CSP = { directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } };

export const securityHeadersPlugin = fp<{ https: boolean; frameOrigins?: readonly string[] }>(
  async (app, { https, frameOrigins = [] }) => {
    const setSecurityHeaders = securityHeaders(https, frameOrigins);
    const setAssetHeaders = subresourceHeaders(https, false);
    const setNotAPageHeaders = subresourceHeaders(https, NOT_A_PAGE_CSP);
    app.addHook('onRequest', (req, reply, done) => {
      const set = isHashedAssetUrl(req.url)
        ? setAssetHeaders
        : isNotAPageUrl(req.url)
          ? setNotAPageHeaders
          : setSecurityHeaders;
      set(req.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
    });
    app.addHook('onSend', async (req, reply, payload) => {
      // Every answer of the API is private and fresh, except uploaded images: their name is their
      // content's hash, so they are cached for good.
      if (req.url.startsWith('/api/') && !req.url.startsWith(UPLOAD_PATH_PREFIX)) {
        reply.header('cache-control', 'no-store');
      }
      return payload;
    });
  },
  { name: 'security-headers' },
);
