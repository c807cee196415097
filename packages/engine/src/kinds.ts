// The kinds of market the engine prices and settles. Each has its own folder: match-odds/ (the
// exchange: order book, position, settlement), bookmaker/ (house rates per runner), fancy/ (house
// lines on a number).

export const MARKET_KINDS = ['EXCHANGE', 'BOOKMAKER', 'FANCY'] as const;

export type MarketKind = (typeof MARKET_KINDS)[number];
