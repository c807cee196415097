import { z } from 'zod';
import { flag } from './common.ts';

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
});
export type GlobalSetting = z.infer<typeof globalSetting>;
