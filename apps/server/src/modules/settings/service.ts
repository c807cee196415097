import type { GlobalSetting } from '@backlay/contract';
import { eq } from 'drizzle-orm';
import { globalSettings } from './schema.ts';
import type { Db, Executor } from '../../db/store.ts';

type Row = typeof globalSettings.$inferSelect;

const toWire = (r: Row): GlobalSetting => ({
  logo: r.logo,
  site_message: r.siteMessage,
  payment_gateway: r.paymentGateway ? '1' : '0',
  is_show_apk: r.isShowApk ? '1' : '0',
  apk_link: r.apkLink,
  welcome_banner: r.welcomeBanner,
  site_title: r.siteTitle,
  favicon: r.favicon,
  bg_primary_color: r.bgPrimaryColor,
  bg_secondry_color: r.bgSecondryColor,
  text_primary_color: r.textPrimaryColor,
  text_secondry_color: r.textSecondryColor,
  other_color: r.otherColor,
  fb_link: r.fbLink,
  insta_link: r.instaLink,
  telegram_link: r.telegramLink,
  twiter_link: r.twiterLink,
  whatsapp_link: r.whatsappLink,
  default_country: r.defaultCountry,
  support_channel: r.supportChannel as GlobalSetting['support_channel'],
  support_contact: r.supportContact,
  support_whatsapp: r.supportWhatsapp,
  support_telegram: r.supportTelegram,
  support_phone: r.supportPhone,
  support_email: r.supportEmail,
});

export function createSettingsService(db: Db) {
  return {
    /** The single settings row; created with defaults when missing. */
    async get(tx: Executor = db): Promise<GlobalSetting> {
      let [row] = await tx.select().from(globalSettings).where(eq(globalSettings.id, 1));
      if (!row) {
        await tx.insert(globalSettings).values({ id: 1 }).onConflictDoNothing();
        [row] = await tx.select().from(globalSettings).where(eq(globalSettings.id, 1));
      }
      return toWire(row!);
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
