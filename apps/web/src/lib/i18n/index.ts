/**
 * The app's languages for the shell: the shared catalogue (src/locales: app, components, lib) and
 * the bettor's choice of language, kept on this device and, once signed in, on the server (the
 * next sign-in anywhere starts in it). docs/i18n.md.
 */
import { messages } from '../../locales/en.po';
import { STORAGE_KEYS, storage } from '../storage.ts';
import { activateLocale, defineCatalog, i18n, isLocale, SOURCE_LOCALE, type Locale } from './catalog.ts';

export {
  activeLocale,
  catalogsReady,
  LOCALE_NAMES,
  LOCALES,
  msgId,
  useLocale,
  type Locale,
} from './catalog.ts';

export const { useT, t, Trans } = defineCatalog('common', messages, {
  hi: () => import('../../locales/hi.po'),
});

/** The language this device last showed ('en' when none or unreadable). */
export function storedLocale(): Locale {
  const value = storage.get(STORAGE_KEYS.language);
  return isLocale(value) ? value : SOURCE_LOCALE;
}

/**
 * At start-up, before the first render: the stored language's messages fetched first when it is
 * not English (the promise settles either way, so a missing chunk shows English).
 */
export function startLocale(): Promise<void> {
  const locale = storedLocale();
  return locale === SOURCE_LOCALE ? Promise.resolve() : activateLocale(locale).catch(() => undefined);
}

/** Shows the app in `locale` and remembers it on this device. */
export async function showLocale(locale: Locale): Promise<void> {
  storage.set(STORAGE_KEYS.language, locale);
  await activateLocale(locale);
}

export { i18n };

/** The prefix of a server's or the contract's English answer kept in the shared catalogue. */
const ANSWER_PREFIX = 'common.answer.';

/**
 * A message the server or the contract's checks wrote (a refusal, a field's error): in the active
 * language when the shared catalogue knows it (`common.answer.<the English text>`), else as sent.
 * The server answers in English (its contract is the same for every client: docs/i18n.md).
 */
export function translateAnswer(message: string): string {
  const id = ANSWER_PREFIX + message;
  return i18n.messages[id] === undefined ? message : i18n._(id);
}
