// The API keys page's messages (locales/*.po): importing this loads them (docs/i18n.md).
import { defineCatalog } from '../../lib/i18n/catalog.ts';
import { messages } from './locales/en.po';

export const { useT, t } = defineCatalog('api-keys', messages, {
  hi: () => import('./locales/hi.po'),
});
