// The binary kind's name, for this folder's code that opens its markets by name (the sessions):
// a rename of the kind touches this folder only. Generic modules ask the kind registry.
import type { MarketKind } from '@backlay/contract';

/** A binary session: one markets row per instrument and trading day, Yes/No bets on its close. */
export const BINARY_KIND = 'BINARY' as const satisfies MarketKind;
