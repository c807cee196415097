// The 18+ modal's messages (locales/*.po).
import { defineCatalog } from '../../lib/i18n/catalog.ts';
import { messages } from './locales/en.po';

export const { useT, t } = defineCatalog('age-gate', messages, {
  hi: () => import('./locales/hi.po'),
});
