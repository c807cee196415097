/**
 * The shared package's words (@backlay/ui words.ts: sides, void, spinner, close, the pager) and
 * the server's answers, in the bettor's language: catalogues `ui` (lib/i18n/locales) and `answers`. Importing this module
 * defines the catalogue and hands the words to @backlay/ui at every change of language.
 */
import { setUiWords, type UiWords } from '@backlay/ui/words';
import { defineCatalog, i18n } from './catalog.ts';
import { messages } from './locales/en.po';

export const { t } = defineCatalog('ui', messages, { hi: () => import('./locales/hi.po') });

function words(): UiWords {
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

setUiWords(words());
i18n.on('change', () => setUiWords(words()));

/**
 * The server's and the contract's answers (answers/locales): English is the server's own text, so
 * only the other languages are catalogues, fetched like any other (none of it in the login's
 * first load). Ids are `answers.<the English text>`.
 */
defineCatalog('answers', {}, { hi: () => import('./answers/locales/hi.po') });

/**
 * A message the server or the contract's checks wrote (a refusal, a field's error): in the active
 * language when the answers catalogue knows it, else as sent. The server answers in English: its
 * contract is the same for every client (docs/i18n.md).
 */
export function translateAnswer(message: string): string {
  const id = `answers.${message}`;
  return i18n.locale === 'en' || i18n.messages[id] === undefined ? message : i18n._(id);
}
