// The footer's messages (locales/*.po): the policy links, support, the safety line and the copyright.
import { defineCatalog } from '../../lib/i18n/catalog.ts';
import { messages } from './locales/en.po';

export const { useT, t } = defineCatalog('footer', messages, { hi: () => import('./locales/hi.po') });
