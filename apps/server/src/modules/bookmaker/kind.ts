// The bookmaker kind's name, for the modules that set up its markets by name (the cricket feed):
// a rename of the kind touches this folder only. Generic modules ask the kind registry.
import type { MarketKind } from '@backlay/contract';

/** The market kind whose runners the house quotes back/lay rates per 100 on. */
export const BOOKMAKER_KIND = 'BOOKMAKER' as const satisfies MarketKind;
