// The casino kind's name, for the modules that open its markets by name (this folder's scheduler):
// a rename of the kind touches this folder only. Generic modules ask the kind registry.
import type { MarketKind } from '@backlay/contract';

/** The market kind of an in-house casino round: one markets row per round, its bets backs on options. */
export const CASINO_KIND = 'CASINO' as const satisfies MarketKind;
