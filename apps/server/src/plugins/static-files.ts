import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { relative, sep } from 'node:path';
import { constants as zlib } from 'node:zlib';

/**
 * Files under a build's assets/ folder carry their content's hash in their name (Vite): a new
 * release is a new name, so a browser may keep them for a year without asking again.
 */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** index.html names the current assets: the browser asks every time (a 304 when unchanged). */
export const REVALIDATE_CACHE = 'no-cache';
/**
 * Answers smaller than this go out as they are: below about a kB compression saves less than the
 * CPU it costs and the bytes a compressed stream's framing adds.
 */
export const COMPRESS_THRESHOLD_BYTES = 1024;
/**
 * Brotli quality for answers compressed on the fly (JSON). 4 is @fastify/compress's own default:
 * close to gzip's CPU cost at a better ratio; 11 is kept for the build, which compresses once.
 */
export const DYNAMIC_BROTLI_QUALITY = 4;

/**
 * On-the-fly compression of every answer above COMPRESS_THRESHOLD_BYTES (JSON, and any built file
 * that has no precompressed copy), brotli or gzip as the client asks. Answers that are already
 * encoded (the precompressed assets) are left alone, and so are text/event-stream answers and
 * WebSocket upgrades (those never pass through onSend: @fastify/websocket takes the socket).
 */
export const compressionPlugin = fp(
  async (app) => {
    await app.register(fastifyCompress, {
      global: true,
      threshold: COMPRESS_THRESHOLD_BYTES,
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY } },
    });
  },
  { name: 'compression' },
);

/**
 * A built client (apps/web/dist or apps/admin/dist) at `prefix`: each file is sent as the .br or
 * .gz copy the build wrote next to it when the client accepts that encoding (`preCompressed`), and
 * with the cache policy of its kind: hashed assets immutable, everything else (index.html)
 * revalidated. `vary: accept-encoding` on every answer, so a shared cache keeps one copy per encoding.
 */
export async function serveBuiltClient(
  app: Pick<FastifyInstance, 'register'>,
  root: string,
  prefix: string,
): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    prefix,
    decorateReply: false,
    wildcard: true,
    preCompressed: true,
    // send's own cache-control (public, max-age=0) is off: setHeaders writes ours.
    cacheControl: false,
    setHeaders: (res, path) => {
      res.setHeader('cache-control', cachePolicy(root, path));
      res.setHeader('vary', 'accept-encoding');
    },
  });
}

/** URL prefixes of the builds' hashed files (apps/web and apps/admin). */
const HASHED_ASSET_PREFIXES = ['/assets/', '/admin/assets/'] as const;

/**
 * Whether a request asks for a build's hashed file (a script, a stylesheet, an image): a
 * subresource, never a document, so the document-only headers and the XSRF cookie are not sent.
 */
export const isHashedAssetUrl = (url: string): boolean =>
  HASHED_ASSET_PREFIXES.some((prefix) => url.startsWith(prefix));

/** The cache-control of a built file at `path` (absolute, maybe its .br/.gz copy) under `root`. */
export function cachePolicy(root: string, path: string): string {
  const rel = relative(root, path);
  return rel.startsWith(`assets${sep}`) ? IMMUTABLE_CACHE : REVALIDATE_CACHE;
}
