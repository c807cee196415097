// The match screen's messages (locales/*.po): the market cards, the bet slips, cash out, my bets,
// cricket's bookmaker, fancy and scoreboard, racing's card. Importing this loads them (docs/i18n.md).
import { defineCatalog } from '../../lib/i18n/catalog.ts';
import { messages } from './locales/en.po';

export const { useT, t } = defineCatalog('market', messages, { hi: () => import('./locales/hi.po') });
