// The header's messages (locales/*.po): the bar, the search, the top navigation and the user menu.
import { defineCatalog } from '../../lib/i18n/catalog.ts';
import { messages } from './locales/en.po';

export const { useT, t } = defineCatalog('header', messages, { hi: () => import('./locales/hi.po') });
