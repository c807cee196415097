// The sidebar's messages (locales/*.po): its sections, racing, the cups and All Sports.
import { defineCatalog } from '../../lib/i18n/catalog.ts';
import { messages } from './locales/en.po';

export const { useT, t } = defineCatalog('sidebar', messages, { hi: () => import('./locales/hi.po') });
