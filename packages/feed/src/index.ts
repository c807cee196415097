// Demo liquidity: market makers, simulated bettors and the market lifecycle, driven through FeedApi.
export type * from './types.ts';
export { createDemoFeed, DEFAULT_FEED_OPTIONS, inPlayBetDelayS, SPORT } from './demo-feed.ts';
export type { DemoFeed, FeedOptions, MarketState, TickReport } from './demo-feed.ts';
export {
  mulberry32,
  gaussian,
  randInt,
  normalize,
  clampProbabilities,
  randomProbabilities,
  driftProbabilities,
  fairPrice,
  limitTicks,
  quotePrices,
  probabilitiesFromBook,
} from './pricing.ts';
export type { Random } from './pricing.ts';
export type { MakerOptions } from './makers.ts';
// In-play cricket: ball by ball, scoreboard, fancies and bookmaker, driven through CricketFeedApi.
export * from './cricket/index.ts';
// Horse and greyhound racing: the demo racing day, driven through RacingFeedApi and FeedApi.
export * from './racing/index.ts';
// Binary instruments' prices: the demo random walk and the recorded-file replay (issue 24).
export * from './binary/index.ts';
