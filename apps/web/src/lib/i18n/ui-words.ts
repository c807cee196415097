/**
 * The shared package's words (@backlay/ui words.ts: sides, void, spinner, close, the pager) and
 * the server's answers, in the bettor's language: catalogues `ui` (lib/i18n/locales) and `answers`. Importing this module
 * defines the catalogue and hands the words to @backlay/ui at every change of language.
 */
import { ENGLISH_WORDS, setUiWords, type UiWords } from '@backlay/ui/words';
import { defineCatalog, i18n, SOURCE_LOCALE } from './catalog.ts';
import type { MatchTemplate } from './answers/templates.ts';

// The English words are the package's own (ENGLISH_WORDS), so the login's first load carries no
// second copy: locales/en.po holds the same text for translators, and test/i18n.test.tsx fails when
// the two differ. Only the other languages are loaded as messages.
export const { t } = defineCatalog('ui', {}, { hi: () => import('./locales/hi.po') });

/** The words from the catalogue of the active language (exported for the test that compares). */
export function translatedWords(): UiWords {
  return {
    back: t('ui.side.back'),
    lay: t('ui.side.lay'),
    yes: t('ui.side.yes'),
    no: t('ui.side.no'),
    odd: t('ui.side.odd'),
    even: t('ui.side.even'),
    void: t('ui.void'),
    voidWith: (reason) => t('ui.voidWith', { reason }),
    loading: t('ui.loading'),
    working: t('ui.working'),
    close: t('ui.close'),
    pages: t('ui.pager.pages'),
    previous: t('ui.pager.previous'),
    next: t('ui.pager.next'),
    pageOf: (page, pages) => t('ui.pager.pageOf', { page, pages }),
    rows: t('ui.pager.rows'),
    noRows: (noun) => t('ui.pager.noRows', { noun }),
    rowsOf: (from, to, total, noun) => t('ui.pager.rowsOf', { from, to, total, noun }),
  };
}

/** English, or the active language's words once they have landed (English if their chunk failed). */
function words(): UiWords {
  const landed = i18n.messages['ui.side.back'] !== undefined;
  return i18n.locale === SOURCE_LOCALE || !landed ? ENGLISH_WORDS : translatedWords();
}

setUiWords(words());
i18n.on('change', () => setUiWords(words()));

/**
 * The server's and the contract's answers (answers/locales): English is the server's own text, so
 * only the other languages are catalogues, fetched like any other (none of it in the login's
 * first load). Ids are `answers.<the English text>`; an answer with figures in it has a template
 * id (`answers.Minimum stake is {min}`), matched by answers/templates.ts, which comes with the
 * catalogue (an English visitor never loads either).
 */
let matchTemplate: MatchTemplate | null = null;
defineCatalog(
  'answers',
  {},
  {
    hi: () =>
      Promise.all([import('./answers/locales/hi.po'), import('./answers/templates.ts')]).then(
        ([catalogue, templates]) => {
          matchTemplate = templates.matchTemplate;
          return catalogue;
        },
      ),
  },
);

/**
 * A message the server or the contract's checks wrote (a refusal, a field's error): in the active
 * language when the answers catalogue knows it, else as sent. The server answers in English: its
 * contract is the same for every client (docs/i18n.md). An answer with figures ("Minimum stake is
 * ₹100.00") is found by its template and its figures carried into the translation as written.
 */
export function translateAnswer(message: string): string {
  if (i18n.locale === SOURCE_LOCALE) return message;
  const id = `answers.${message}`;
  if (i18n.messages[id] !== undefined) return i18n._(id);
  const found = matchTemplate?.(Object.keys(i18n.messages), message);
  return found ? i18n._(found.id, found.values) : message;
}
