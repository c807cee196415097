// The in-house casino tables' pure engine (issue 22): cards, the provably fair shuffle, one module
// per game (options, deal, result, settlement) and the exact house margin of every option.
export * from './deck.ts';
export * from './fair.ts';
export * from './game.ts';
export * from './fraction.ts';
export * from './dragon-tiger.ts';
export * from './lucky7.ts';
export * from './amar-akbar-anthony.ts';
export * from './teen-patti.ts';
export * from './andar-bahar.ts';
export * from './thirty-two-cards.ts';
export * from './margin.ts';
export * from './round-game.ts';
export * from './registry.ts';
export * from './virtual/index.ts';
export * from './verify.ts';
