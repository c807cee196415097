// Responsible Gaming's messages (the screen and the reality check; locales/*.po): importing this
// loads them (docs/i18n.md).
import { defineCatalog } from '../../lib/i18n/catalog.ts';
import { messages } from './locales/en.po';

export const { useT, t } = defineCatalog('responsible', messages, {
  hi: () => import('./locales/hi.po'),
});
