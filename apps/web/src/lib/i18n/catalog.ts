/**
 * The bettor's app's languages (docs/i18n.md). Lingui holds the messages and formats them (ICU:
 * interpolation, plural rules); this module decides which catalogues are loaded when.
 *
 * Each feature folder has its own catalogue (features/<name>/locales/{en,hi}.po) and declares it
 * in its `i18n.ts` with `defineCatalog`, so the English messages travel in the feature's own chunk
 * and the login's first load carries only the login's. Hindi is fetched on demand: at start-up
 * when the bettor chose it, when they switch, and for a feature first loaded while it is active.
 * Until a catalogue's Hindi arrives its messages read in English, never as their ids.
 */
import { i18n, type Messages } from '@lingui/core';
import { useMemo, useSyncExternalStore } from 'react';

export const LOCALES = ['en', 'hi'] as const;
export type Locale = (typeof LOCALES)[number];
type OtherLocale = Exclude<Locale, 'en'>;
export const SOURCE_LOCALE: Locale = 'en';

/** The language's own name, as a language picker shows it. */
// i18n-exempt: each language named in itself, the same in every language
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = { en: 'English', hi: 'हिन्दी' };

export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);

// English from the first module that asks (tests render components without main.tsx).
if (!i18n.locale) {
  i18n.load('en', {});
  i18n.activate('en');
}

/** Bumped at each change of language or of loaded messages: what the hooks below re-render on. */
let version = 0;
i18n.on('change', () => {
  version += 1;
});
const subscribe = (onChange: () => void) => i18n.on('change', onChange);
const readVersion = () => version;
export const useMessagesVersion = () => useSyncExternalStore(subscribe, readVersion, readVersion);

type Loader = () => Promise<{ messages: Messages }>;

interface Catalogue {
  readonly loaders: Readonly<Record<OtherLocale, Loader>>;
  /** Per locale, its messages fetched (or being fetched). */
  readonly fetching: Map<Locale, Promise<void>>;
}

const catalogues = new Map<string, Catalogue>();
/** Fetches not yet settled: a lazily loaded screen waits for them before it renders. */
const pending = new Set<Promise<void>>();

function fetchLocale(catalogue: Catalogue, locale: Locale): Promise<void> {
  if (locale === SOURCE_LOCALE) return Promise.resolve();
  const load = catalogue.loaders[locale as OtherLocale];
  const known = catalogue.fetching.get(locale);
  if (known) return known;
  const fetched = load().then(
    ({ messages }: { messages: Messages }) => i18n.load(locale, { ...messages }),
    (err: unknown) => {
      // A chunk that cannot be fetched (offline): the messages stay English; the next switch tries again.
      catalogue.fetching.delete(locale);
      console.error(err);
    },
  );
  catalogue.fetching.set(locale, fetched);
  pending.add(fetched);
  void fetched.finally(() => pending.delete(fetched));
  return fetched;
}

/** Values a message interpolates (`{count}`, `{name}`); plural forms pick by a number's value. */
export type MessageValues = Record<string, unknown>;
/** Translates a message id into the active language. */
export type Translate = (id: string, values?: MessageValues) => string;

/** What a feature's `i18n.ts` exports: importing it is what loads the feature's catalogue. */
export interface CatalogApi {
  /** In a component: the translator, re-rendering the component when the language changes. */
  readonly useT: () => Translate;
  /** Outside rendering (a toast raised by a handler): the active language at the call. */
  readonly t: Translate;
}

const translate: Translate = (id, values) => i18n._(id, values);

/** No provider needed: the hooks read Lingui's one instance and re-render on its changes. */
function useTranslate(): Translate {
  const v = useMessagesVersion();
  // A new function at each change, so memos and effects that use it see the language move.
  return useMemo(() => (id: string, values?: MessageValues) => (v >= 0 ? i18n._(id, values) : id), [v]);
}

/**
 * A feature's catalogue: its English messages (bundled with it) and where its other languages
 * are. Runs once, when the feature's `i18n.ts` is first imported; a second call with the same
 * name defines nothing again (tests import modules more than once).
 */
export function defineCatalog(
  name: string,
  english: Messages,
  loaders: Readonly<Record<OtherLocale, Loader>>,
): CatalogApi {
  if (!catalogues.has(name)) {
    const catalogue: Catalogue = { loaders, fetching: new Map() };
    catalogues.set(name, catalogue);
    // Copies: Lingui keeps the first object it is given for a language and merges later loads
    // into it, so one object shared by two languages would let the Hindi overwrite the English.
    i18n.load(SOURCE_LOCALE, { ...english });
    // Every other language starts as English: a message shown before its translation arrives reads
    // in English. The translation, when it lands, replaces it (same ids).
    for (const locale of LOCALES) if (locale !== SOURCE_LOCALE) i18n.load(locale, { ...english });
    if (i18n.locale && i18n.locale !== SOURCE_LOCALE) void fetchLocale(catalogue, i18n.locale as Locale);
  }
  return { useT: useTranslate, t: translate };
}

/**
 * Marks a string as a message id where it is kept for later (a table of labels): the catalogue
 * check (test/i18n-catalogues.test.ts) finds ids in `t('…')`, `<Trans id="…">` and `msgId('…')`.
 */
export const msgId = <const Id extends string>(id: Id): Id => id;

/** Settles when every catalogue defined so far has the active language's messages. */
export function catalogsReady(): Promise<void> {
  return pending.size === 0 ? Promise.resolve() : Promise.all([...pending]).then(() => catalogsReady());
}

/** Fetches every defined catalogue's messages in `locale`, then shows the app in it. */
export async function activateLocale(locale: Locale): Promise<void> {
  await Promise.all([...catalogues.values()].map((c) => fetchLocale(c, locale)));
  i18n.activate(locale);
  // A catalogue defined while the fetches above ran.
  for (const c of catalogues.values()) void fetchLocale(c, locale);
  // The page's language, for screen readers and the browser's fonts (no page in a server's test).
  const page = (globalThis as { document?: { documentElement: { lang: string } } }).document;
  if (page) page.documentElement.lang = locale;
}

/** The active language. */
export const activeLocale = (): Locale => (isLocale(i18n.locale) ? i18n.locale : SOURCE_LOCALE);

/** The active language, re-rendering the component when it changes. */
export function useLocale(): Locale {
  useMessagesVersion();
  return activeLocale();
}

export { i18n };
