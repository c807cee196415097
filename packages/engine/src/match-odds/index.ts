// Match odds (and the other exchange markets: racing win and place): the pieces that predate the
// market-kind folders, gathered so every kind has one. The order book matches, the position and
// exposure price a user's bets, settlement pays them; the ladder is the exchange's prices.
// (The package root still exports all of these by their own folders.)
export * from '../ladder/index.ts';
export * from '../book/index.ts';
export * from '../exposure/index.ts';
export * from '../settlement/index.ts';
export * from '../cash-out/index.ts';
