// The settings module's own table: one row of the global settings of spec §3 and the operator's
// support contact.
import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { tstz } from '../../db/columns.ts';

/** One row (id = 1): every global-setting field of spec §3. */
export const globalSettings = pgTable(
  'global_settings',
  {
    id: smallint('id').primaryKey().default(1),
    logo: text('logo').notNull().default(''),
    siteMessage: text('site_message').notNull().default(''),
    paymentGateway: boolean('payment_gateway').notNull().default(false),
    isShowApk: boolean('is_show_apk').notNull().default(false),
    /** Where "Download the app" sends a phone with no install prompt ('' none). */
    apkLink: text('apk_link').notNull().default(''),
    welcomeBanner: text('welcome_banner').notNull().default(''),
    siteTitle: text('site_title').notNull().default('Backlay'),
    favicon: text('favicon').notNull().default(''),
    bgPrimaryColor: text('bg_primary_color').notNull().default('#0b3d2e'),
    bgSecondryColor: text('bg_secondry_color').notNull().default('#145c43'),
    textPrimaryColor: text('text_primary_color').notNull().default('#ffffff'),
    textSecondryColor: text('text_secondry_color').notNull().default('#f5c518'),
    otherColor: text('other_color').notNull().default('#72bbef'),
    fbLink: text('fb_link').notNull().default(''),
    instaLink: text('insta_link').notNull().default(''),
    telegramLink: text('telegram_link').notNull().default(''),
    twiterLink: text('twiter_link').notNull().default(''),
    whatsappLink: text('whatsapp_link').notNull().default(''),
    /** Sign-up's default country (two letters) in the dial-code picker. */
    defaultCountry: text('default_country').notNull().default('IN'),
    /** The footer's 24X7 Support: how bettors reach the operator ('' none, or a SUPPORT_CHANNELS name). */
    supportChannel: text('support_channel').notNull().default(''),
    /** The number (E.164), Telegram user name or e-mail address of that channel. */
    supportContact: text('support_contact').notNull().default(''),
    /** Every channel of 24X7 Support, each '' when not offered (support_channel is the first set). */
    supportWhatsapp: text('support_whatsapp').notNull().default(''),
    supportTelegram: text('support_telegram').notNull().default(''),
    supportPhone: text('support_phone').notNull().default(''),
    supportEmail: text('support_email').notNull().default(''),
  },
  (t) => [check('global_settings_single_row', sql`${t.id} = 1`)],
);

/**
 * Images an operator uploaded for the settings (logo, favicon, welcome banner), served at
 * /api/upload/image/{sha256}.{ext} by every node. Content-addressed: the same file is kept once.
 */
export const uploads = pgTable(
  'uploads',
  {
    sha256: text('sha256').primaryKey(),
    contentType: text('content_type').notNull(),
    /** The file, base64 (images of at most 512 KiB). */
    dataBase64: text('data_base64').notNull(),
    bytes: integer('bytes').notNull(),
    createdBy: integer('created_by'),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [check('uploads_bytes_check', sql`${t.bytes} > 0`)],
);
