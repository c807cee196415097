// Horse and greyhound racing: the demo racing day (cards, the race model, the feed) driven
// through RacingFeedApi (races) and FeedApi (orders on the WIN and PLACE markets).
export type * from './types.ts';
export * from './model.ts';
export * from './card.ts';
export * from './racing-feed.ts';
export { HORSE_VENUES, GREYHOUND_VENUES, TRAP_COLOURS } from './names.ts';
export type { RacingCountry } from './names.ts';
