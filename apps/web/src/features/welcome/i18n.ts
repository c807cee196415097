// The welcome popup's messages (locales/*.po).
import { defineCatalog } from '../../lib/i18n/catalog.ts';
import { messages } from './locales/en.po';

export const { useT, t } = defineCatalog('welcome', messages, { hi: () => import('./locales/hi.po') });
