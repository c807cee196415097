// The operator's side of the global settings (the console's Settings screen): save every field of
// spec §3 at once, and the images the logo, favicon and welcome banner point at, kept in the store
// (every node serves them) under their content's SHA-256.
import {
  SUPPORT_CHANNELS,
  SUPPORT_FIELDS,
  supportContactsOf,
  UPLOAD_LIMITS,
  UPLOAD_PATH_PREFIX,
  type adminSettingsSaveRequest,
} from '@backlay/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { uploads } from './schema.ts';
import { globalSettings } from './schema.ts';
import type { Executor } from '../../db/store.ts';

type SaveInput = Omit<z.output<typeof adminSettingsSaveRequest>, 'request_id'>;

export async function saveSettings(db: Executor, s: SaveInput): Promise<void> {
  const values = {
    siteTitle: s.site_title,
    siteMessage: s.site_message,
    paymentGateway: s.payment_gateway === '1',
    isShowApk: s.is_show_apk === '1',
    ...(s.apk_link === undefined ? {} : { apkLink: s.apk_link }),
    logo: s.logo,
    favicon: s.favicon,
    welcomeBanner: s.welcome_banner,
    bgPrimaryColor: s.bg_primary_color,
    bgSecondryColor: s.bg_secondry_color,
    textPrimaryColor: s.text_primary_color,
    textSecondryColor: s.text_secondry_color,
    otherColor: s.other_color,
    fbLink: s.fb_link,
    instaLink: s.insta_link,
    telegramLink: s.telegram_link,
    twiterLink: s.twiter_link,
    whatsappLink: s.whatsapp_link,
    ...supportColumns(s),
  };
  await db
    .insert(globalSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: globalSettings.id, set: values });
}

/** Each accepted type, its file extension and how its first bytes look. */
const IMAGE_TYPES = {
  'image/png': {
    ext: 'png',
    magic: (b: Buffer) =>
      b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  'image/jpeg': { ext: 'jpg', magic: (b: Buffer) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  'image/gif': {
    ext: 'gif',
    magic: (b: Buffer) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')),
  },
  'image/webp': {
    ext: 'webp',
    magic: (b: Buffer) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
  'image/x-icon': { ext: 'ico', magic: (b: Buffer) => b.subarray(0, 4).equals(Buffer.from([0, 0, 1, 0])) },
} as const;
export type ImageType = keyof typeof IMAGE_TYPES;

const CONTENT_TYPE_OF_EXT = Object.fromEntries(
  Object.entries(IMAGE_TYPES).map(([t, v]) => [v.ext, t]),
) as Record<string, ImageType>;

export type UploadOutcome =
  { ok: true; url: string; bytes: number; sha256: string } | { ok: false; message: string };

/**
 * Checks an image (its bytes must be the type it claims, within its field's size) and keeps it.
 * SVG is refused: served from our origin it could run script.
 */
export async function storeUpload(
  db: Executor,
  input: { field: keyof typeof UPLOAD_LIMITS; content_type: ImageType; data_base64: string },
  by: number,
  at: Date,
): Promise<UploadOutcome> {
  const bytes = Buffer.from(input.data_base64, 'base64');
  if (bytes.length === 0) return { ok: false, message: 'The file is empty' };
  const limit = UPLOAD_LIMITS[input.field];
  if (bytes.length > limit) {
    return {
      ok: false,
      message: `The ${input.field.replace('_', ' ')} may be at most ${Math.round(limit / 1024)} KiB; this file is ${Math.ceil(bytes.length / 1024)} KiB`,
    };
  }
  const type = IMAGE_TYPES[input.content_type];
  if (!type.magic(bytes)) {
    return {
      ok: false,
      message: `The file is not a ${type.ext.toUpperCase()} image (its content does not match ${input.content_type})`,
    };
  }
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  await db
    .insert(uploads)
    .values({
      sha256,
      contentType: input.content_type,
      dataBase64: bytes.toString('base64'),
      bytes: bytes.length,
      createdBy: by,
      createdAt: at,
    })
    .onConflictDoNothing();
  return { ok: true, url: `${UPLOAD_PATH_PREFIX}${sha256}.${type.ext}`, bytes: bytes.length, sha256 };
}

/** Serves the uploaded images at UPLOAD_PATH_PREFIX{sha256}.{ext}: public, cached for good (the name is the content). */
export function uploadRoute(app: Pick<FastifyInstance, 'db' | 'get'>) {
  app.get<{ Params: { file: string } }>(`${UPLOAD_PATH_PREFIX}:file`, async (req, reply) => {
    const m = /^([0-9a-f]{64})\.(png|jpg|webp|gif|ico)$/.exec(req.params.file);
    const type = m ? CONTENT_TYPE_OF_EXT[m[2]!] : undefined;
    const [row] = m ? await app.db.select().from(uploads).where(eq(uploads.sha256, m[1]!)) : [];
    if (!row || row.contentType !== type) {
      return reply.code(404).send({ status: false, message: 'No such image' });
    }
    return reply
      .header('content-type', row.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(Buffer.from(row.dataBase64, 'base64'));
  });
}

type SupportColumns = Pick<
  typeof globalSettings.$inferInsert,
  | 'supportChannel'
  | 'supportContact'
  | 'supportWhatsapp'
  | 'supportTelegram'
  | 'supportPhone'
  | 'supportEmail'
>;

/**
 * The 24X7 Support columns a save writes: the four channels when any is given (the pair follows as
 * the first one set, for older clients); else the pair alone, as that one channel; else none.
 */
function supportColumns(s: SaveInput): SupportColumns {
  const four = SUPPORT_CHANNELS.some((c) => s[SUPPORT_FIELDS[c]] !== undefined);
  if (four) {
    const first = supportContactsOf(s)[0];
    return {
      supportWhatsapp: s.support_whatsapp ?? '',
      supportTelegram: s.support_telegram ?? '',
      supportPhone: s.support_phone ?? '',
      supportEmail: s.support_email ?? '',
      supportChannel: first?.channel ?? '',
      supportContact: first?.contact ?? '',
    };
  }
  if (s.support_channel === undefined && s.support_contact === undefined) return {};
  const channel = s.support_channel ?? '';
  const contact = s.support_contact ?? '';
  return {
    supportChannel: channel,
    supportContact: contact,
    supportWhatsapp: channel === 'WHATSAPP' ? contact : '',
    supportTelegram: channel === 'TELEGRAM' ? contact : '',
    supportPhone: channel === 'PHONE' ? contact : '',
    supportEmail: channel === 'EMAIL' ? contact : '',
  };
}
