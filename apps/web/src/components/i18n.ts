// The shared components' messages (locales/*.po) that only signed-in screens show: a card's name,
// the live indicator, a match row, the copy button… They load with those components (the shell's
// chunk), not with the login; the login's own shared words (the language switch, the app notices)
// stay in the shared catalogue (src/locales). docs/i18n.md.
import { defineCatalog } from '../lib/i18n/catalog.ts';
import { messages } from './locales/en.po';

export { msgId } from '../lib/i18n/catalog.ts';

export const { useT, t } = defineCatalog('components', messages, {
  hi: () => import('./locales/hi.po'),
});
