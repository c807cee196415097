// The installable app (issue 45; docs/app-install.md): the web app manifest, made from the global
// settings (the site's title and colours), and its icons, drawn from the operator's logo in the
// sizes the platforms ask for (Android and desktop Chrome: 192 and 512 px, and a 512 px maskable
// one with the logo inside the safe zone; iOS: 180 px). Public, as the login screen's settings are.
import type { GlobalSetting } from '@backlay/contract';
import { UPLOAD_PATH_PREFIX } from '@backlay/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { uploads } from './schema.ts';

/** The seed's images, served from apps/server/public/upload/image/ (app.ts). */
const SEED_IMAGE_PREFIX = '/api/upload/image/';
const SEED_IMAGE_DIR = fileURLToPath(new URL('../../../public/upload/image/', import.meta.url));

/** Each icon the manifest (and index.html's apple-touch-icon) names: its file, size, purpose. */
export const APP_ICONS = [
  { file: '192.png', size: 192, purpose: 'any' },
  { file: '512.png', size: 512, purpose: 'any' },
  { file: 'maskable-512.png', size: 512, purpose: 'maskable' },
  { file: 'apple-180.png', size: 180, purpose: 'any' },
] as const;
type Icon = (typeof APP_ICONS)[number];

/**
 * How much of the icon's side the logo may take: a maskable icon's logo stays inside the 80 %
 * circle every platform's mask keeps (the W3C safe zone); the others leave a small margin.
 */
const LOGO_SHARE = { any: 0.84, maskable: 0.6 } as const;
/** Drawn icons kept (a settings change makes new ones; old ones age out). */
const ICONS_KEPT_MAX = 16;
/** A logo larger than this many pixels is not drawn (the uploads are at most 256 KiB anyway). */
const LOGO_PIXELS_MAX = 4096 * 4096;
const DEFAULT_THEME = '#0b3d2e';
const DEFAULT_BACKGROUND = '#ffffff';
const DEFAULT_NAME = 'Backlay';

/** A colour of the settings as CSS a manifest may carry (#rgb or #rrggbb), else the default. */
export function manifestColour(value: string, fallback: string): string {
  const v = value.trim();
  return /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(v) ? v.toLowerCase() : fallback;
}

/** The manifest of the settings (paths relative to the manifest, which sits at the app's root). */
export function appManifest(s: Pick<GlobalSetting, 'site_title' | 'bg_primary_color' | 'bg_secondry_color'>) {
  const name = s.site_title.trim() || DEFAULT_NAME;
  return {
    id: './',
    name,
    short_name: name.length <= 12 ? name : name.slice(0, 12).trim(),
    description: `${name}: back and lay on sports, races and casino games`,
    lang: 'en-IN',
    start_url: './',
    scope: './',
    display: 'standalone',
    theme_color: manifestColour(s.bg_primary_color, DEFAULT_THEME),
    background_color: manifestColour(s.bg_secondry_color, DEFAULT_BACKGROUND),
    icons: APP_ICONS.filter((i) => i.file !== 'apple-180.png').map((i) => ({
      src: `app-icon/${i.file}`,
      sizes: `${i.size}x${i.size}`,
      type: 'image/png',
      purpose: i.purpose,
    })),
  };
}

/** The logo's bytes, from the store (an upload) or the seed's folder; null when it is neither. */
async function logoBytes(app: Pick<FastifyInstance, 'db'>, logo: string): Promise<Buffer | null> {
  if (logo.startsWith(UPLOAD_PATH_PREFIX)) {
    const sha = /^([0-9a-f]{64})\./.exec(logo.slice(UPLOAD_PATH_PREFIX.length))?.[1];
    if (!sha) return null;
    const [row] = await app.db.select().from(uploads).where(eq(uploads.sha256, sha));
    return row ? Buffer.from(row.dataBase64, 'base64') : null;
  }
  if (logo.startsWith(SEED_IMAGE_PREFIX)) {
    const file = logo.slice(SEED_IMAGE_PREFIX.length);
    if (!/^[a-z0-9-]+\.(svg|png)$/.test(file)) return null;
    return readFile(`${SEED_IMAGE_DIR}${file}`).catch(() => null);
  }
  // A logo elsewhere (another host) is not fetched: the icon is drawn without it.
  return null;
}

/** The site's initial on its colour: the icon of a site whose logo cannot be drawn. */
function initialSvg(name: string, colour: string, size: number): Buffer {
  const letter = (name.trim()[0] ?? 'B').toUpperCase().replace(/[<>&"']/g, '');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">` +
      `<text x="50%" y="50%" dominant-baseline="central" text-anchor="middle" font-family="sans-serif" ` +
      `font-weight="700" font-size="${Math.round(size * 0.6)}" fill="${colour}">${letter}</text></svg>`,
  );
}

/** Draws one icon: the logo (or the initial) centred on the theme colour, as PNG. */
async function drawIcon(logo: Buffer | null, icon: Icon, theme: string, name: string): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const inner = Math.round(icon.size * LOGO_SHARE[icon.purpose]);
  const source = logo ?? initialSvg(name, '#ffffff', inner);
  let art: Buffer;
  try {
    art = await sharp(source, { limitInputPixels: LOGO_PIXELS_MAX, density: 300 })
      .resize(inner, inner, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png()
      .toBuffer();
  } catch {
    // A logo sharp cannot read (an .ico, a broken file): the initial instead.
    art = await sharp(initialSvg(name, '#ffffff', inner))
      .png()
      .toBuffer();
  }
  // A palette PNG: about half the bytes of a full-colour one for a logo on a flat colour (the
  // browser fetches the 192 px icon on a first visit, to know the app can be installed).
  return sharp({ create: { width: icon.size, height: icon.size, channels: 4, background: theme } })
    .composite([{ input: art, gravity: 'centre' }])
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();
}

/** GET /manifest.webmanifest and GET /app-icon/{file}: the installable app's manifest and icons. */
export function appManifestRoutes(app: Pick<FastifyInstance, 'db' | 'get' | 'settings'>) {
  const drawn = new Map<string, Buffer>();

  app.get('/manifest.webmanifest', async (_req, reply) => {
    const manifest = appManifest(await app.settings.get());
    return reply
      .type('application/manifest+json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(JSON.stringify(manifest));
  });

  app.get<{ Params: { file: string } }>('/app-icon/:file', async (req, reply) => {
    const icon = APP_ICONS.find((i) => i.file === req.params.file);
    if (!icon) return reply.code(404).send({ status: false, message: 'No such icon' });
    const s = await app.settings.get();
    const theme = manifestColour(s.bg_primary_color, DEFAULT_THEME);
    const name = s.site_title.trim() || DEFAULT_NAME;
    const key = createHash('sha256')
      .update(JSON.stringify([s.logo, theme, name, icon.file]))
      .digest('hex');
    const etag = `"${key.slice(0, 32)}"`;
    if (req.headers['if-none-match'] === etag) return reply.code(304).send();
    let png = drawn.get(key);
    if (!png) {
      png = await drawIcon(await logoBytes(app, s.logo), icon, theme, name);
      if (drawn.size >= ICONS_KEPT_MAX) drawn.delete(drawn.keys().next().value!);
      drawn.set(key, png);
    }
    return reply.type('image/png').header('cache-control', 'no-cache').header('etag', etag).send(png);
  });
}
