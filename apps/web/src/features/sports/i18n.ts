// A sport's screen's messages (locales/*.po).
import { defineCatalog } from '../../lib/i18n/catalog.ts';
import { messages } from './locales/en.po';

export const { useT, t } = defineCatalog('sports', messages, { hi: () => import('./locales/hi.po') });
