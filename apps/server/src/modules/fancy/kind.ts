// The fancy kind's name, for the modules that set up its markets by name (the cricket feed): a
// rename of the kind touches this folder only. Generic modules ask the kind registry.
import type { MarketKind } from '@backlay/contract';

/** The line market kind: the house quotes No/Yes lines on a number (runs, an event). */
export const FANCY_KIND = 'FANCY' as const satisfies MarketKind;
