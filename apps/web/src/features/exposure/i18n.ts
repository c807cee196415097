// My Market's messages (locales/*.po): the markets that hold the bettor's exposure.
import { defineCatalog } from '../../lib/i18n/catalog.ts';
import { messages } from './locales/en.po';

export const { useT, t } = defineCatalog('exposure', messages, {
  hi: () => import('./locales/hi.po'),
});
