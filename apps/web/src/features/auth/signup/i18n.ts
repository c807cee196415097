// The sign-up's and the second step's messages (locales/*.po), apart from the login's own
// (../locales): the login's first load carries only the login's. Importing this loads them
// (docs/i18n.md).
import { defineCatalog } from '../../../lib/i18n/catalog.ts';
import { messages } from './locales/en.po';

export const { useT, t } = defineCatalog('signup', messages, { hi: () => import('./locales/hi.po') });
