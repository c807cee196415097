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
  /**
   * Where "Download the app" sends a phone with no install prompt (an https:// address of the
   * operator's Android package; '' none). Shown only while is_show_apk is on.
   */
  apk_link: z.string().optional(),
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
  /** The footer's 24X7 Support: its first channel set and that channel's contact (older clients). */
  support_channel: z.enum(['', ...SUPPORT_CHANNELS]).optional(),
  support_contact: z.string().optional(),
  /**
   * Every channel the operator set for 24X7 Support ('' none): a WhatsApp number and a phone
   * number in international form, a Telegram user name, an e-mail address. The footer offers each.
   */
  support_whatsapp: z.string().optional(),
  support_telegram: z.string().optional(),
  support_phone: z.string().optional(),
  support_email: z.string().optional(),
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

/** The settings field that holds each channel's contact. */
export const SUPPORT_FIELDS = {
  WHATSAPP: 'support_whatsapp',
  TELEGRAM: 'support_telegram',
  PHONE: 'support_phone',
  EMAIL: 'support_email',
} as const satisfies Record<SupportChannel, keyof GlobalSetting>;

/** Every channel set, in the order SUPPORT_CHANNELS names them, with its contact. */
export function supportContactsOf(
  s: Partial<Record<(typeof SUPPORT_FIELDS)[SupportChannel], string | undefined>>,
): { channel: SupportChannel; contact: string }[] {
  return SUPPORT_CHANNELS.map((channel) => ({
    channel,
    contact: (s[SUPPORT_FIELDS[channel]] ?? '').trim(),
  })).filter((c) => c.contact !== '');
}

/** Why a contact is not one of its channel's, in words, or null when it is (the console and the server). */
export function supportContactProblem(
  channel: SupportChannel,
  contact: string,
  field: string,
): string | null {
  if ((channel === 'WHATSAPP' || channel === 'PHONE') && !/^\+[1-9]\d{6,14}$/.test(contact))
    return `${field} must be a number in international form, e.g. +919876543210`;
  if (channel === 'TELEGRAM' && !/^@?[A-Za-z][A-Za-z0-9_]{4,31}$/.test(contact))
    return `${field} must be a Telegram user name, e.g. @backlay_support`;
  if (channel === 'EMAIL' && !/^[^\s@<>"]+@[^\s@<>"]+\.[A-Za-z]{2,}$/.test(contact))
    return `${field} must be an e-mail address, e.g. support@example.com`;
  return null;
}

export const SUPPORT_CHANNEL_LABELS: Record<SupportChannel, string> = {
  WHATSAPP: 'WhatsApp',
  TELEGRAM: 'Telegram',
  PHONE: 'Phone',
  EMAIL: 'E-mail',
};
