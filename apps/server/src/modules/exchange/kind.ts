// The exchange kind's names, for the few modules that set up or feed its markets by name (the
// cricket feed, the demo feed, the racing module, the metrics of a batch): a rename touches this folder
// only. Generic modules never need them: they ask the kind registry (modules/markets/registry.ts).
import type { MarketKind } from '@backlay/contract';

/** The market kind priced by bettors against each other (back and lay, matched by the engine). */
export const EXCHANGE_KIND = 'EXCHANGE' as const satisfies MarketKind;

/** The `market_type` of a match's winner market on the exchange (its main market). */
export const MATCH_ODDS_MARKET_TYPE = 'MATCH_ODDS';

/** The `market_type` of a race's win market (one winner, settled as match odds). */
export const WIN_MARKET_TYPE = 'WIN';

/** The `market_type` of a race's place market (every placed runner wins; docs/racing.md). */
export const PLACE_MARKET_TYPE = 'PLACE';
