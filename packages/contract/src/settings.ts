import { z } from 'zod';
import { flag } from './common.ts';

/** How bettors reach the operator: the footer's 24X7 Support ('' when the operator set none). */
export const SUPPORT_CHANNELS = ['WHATSAPP', 'TELEGRAM', 'PHONE', 'EMAIL'] as const;
export type SupportChannel = (typeof SUPPORT_CHANNELS)[number];

/** Global setting: every field of spec §3. Public: the login screen needs the logo and colours. */
export const globalSetting = z.object({
  logo: z.string(),
  site_message: z.string(),
  payment_gateway: flag,
  is_show_apk: flag,
  welcome_banner: z.string(),
  site_title: z.string(),
  favicon: z.string(),
  bg_primary_color: z.string(),
  bg_secondry_color: z.string(),
  text_primary_color: z.string(),
  text_secondry_color: z.string(),
  other_color: z.string(),
  fb_link: z.string(),
  insta_link: z.string(),
  telegram_link: z.string(),
  twiter_link: z.string(),
  whatsapp_link: z.string(),
  /** Sign-up's default country in the dial-code picker (two letters; the client needs no geolocation). */
  default_country: z.string().optional(),
  /** The footer's 24X7 Support: the channel and its number (E.164), Telegram user name or e-mail. */
  support_channel: z.enum(['', ...SUPPORT_CHANNELS]).optional(),
  support_contact: z.string().optional(),
});
export type GlobalSetting = z.infer<typeof globalSetting>;

/**
 * The link a support contact opens: WhatsApp and Telegram chats, a phone call, an e-mail. Null
 * when there is none. One function for the footer and the console's preview.
 */
export function supportHref(channel: string | undefined, contact: string | undefined): string | null {
  const c = (contact ?? '').trim();
  if (!c) return null;
  switch (channel) {
    case 'WHATSAPP':
      return `https://wa.me/${c.replace(/\D/g, '')}`;
    case 'TELEGRAM':
      return `https://t.me/${c.replace(/^@/, '')}`;
    case 'PHONE':
      return `tel:${c}`;
    case 'EMAIL':
      return `mailto:${c}`;
    default:
      return null;
  }
}

export const SUPPORT_CHANNEL_LABELS: Record<SupportChannel, string> = {
  WHATSAPP: 'WhatsApp',
  TELEGRAM: 'Telegram',
  PHONE: 'Phone',
  EMAIL: 'E-mail',
};
