// Home's messages (locales/*.po): the day's matches.
import { defineCatalog } from '../../lib/i18n/catalog.ts';
import { messages } from './locales/en.po';

export const { useT, t } = defineCatalog('home', messages, { hi: () => import('./locales/hi.po') });
