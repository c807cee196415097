/**
 * The app's languages for the shell: the shared catalogue (src/locales: app, components, lib) and
 * the bettor's choice of language, kept on this device and, once signed in, on the server (the
 * next sign-in anywhere starts in it). docs/i18n.md.
 */
import { messages } from '../../locales/en.po';
import { STORAGE_KEYS, storage } from '../storage.ts';
import { activateLocale, defineCatalog, i18n, isLocale, SOURCE_LOCALE, type Locale } from './catalog.ts';

export { translateAnswer } from './ui-words.ts';

export {
  activeLocale,
  catalogsReady,
  LOCALE_NAMES,
  LOCALES,
  msgId,
  useLocale,
  type Locale,
} from './catalog.ts';

export const { useT, t } = defineCatalog('common', messages, {
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

/** A language picked on the login screen, before signing in, during this visit. */
let chosenBeforeSignIn: Locale | null = null;

/** The login screen's switch: the bettor's latest word, which the sign-in will save. */
export function noteChosenBeforeSignIn(locale: Locale): void {
  chosenBeforeSignIn = locale;
}

/**
 * At a finished sign-in: a language picked on the login screen just now is saved on the server
 * (the bettor's latest word); otherwise the language the server remembers for the bettor is shown
 * (their choice on another device). The save is loaded on demand: the login's first load carries
 * no endpoint table (docs/performance.md, "First load").
 */
export function adoptSignInLanguage(remembered: string | undefined): void {
  const picked = chosenBeforeSignIn;
  chosenBeforeSignIn = null;
  if (picked) {
    void import('../api/set-language.ts').then((m) => m.saveLanguage(picked));
    return;
  }
  if (isLocale(remembered) && remembered !== i18n.locale) void showLocale(remembered);
}

export { i18n };
