import { sessionEndpoints } from '@backlay/contract/bettor/session';
import type { Locale } from '../i18n/index.ts';
import { callEndpoint } from '../api.ts';

/**
 * Remembers the signed-in bettor's language on the server (user/setLanguage): their next sign-in,
 * on any device, starts in it. A refusal or a dropped connection leaves this device's choice as
 * it is (it is kept locally too), so the switch never waits on the server.
 */
export async function saveLanguage(language: Locale): Promise<void> {
  try {
    await callEndpoint(sessionEndpoints.setLanguage, { language });
  } catch {
    // This device remembers it; the server learns it at the next switch.
  }
}
