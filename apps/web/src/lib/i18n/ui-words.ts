/**
 * The shared package's words (@backlay/ui words.ts: sides, void, spinner, close) and the server's
 * answers, in the bettor's language: catalogue `ui` (lib/i18n/locales). Importing this module
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
  };
}

setUiWords(words());
i18n.on('change', () => setUiWords(words()));

/** The prefix of a server's or the contract's English answer kept in this catalogue. */
const ANSWER_PREFIX = 'ui.answer.';

/**
 * A message the server or the contract's checks wrote (a refusal, a field's error): in the active
 * language when the catalogue knows it (`ui.answer.<the English text>`), else as sent. The server
 * answers in English: its contract is the same for every client (docs/i18n.md).
 */
export function translateAnswer(message: string): string {
  const id = ANSWER_PREFIX + message;
  return i18n.messages[id] === undefined ? message : i18n._(id);
}
