export type { FeedTick, InstrumentFeed } from './types.ts';
export type { RandomWalkOptions } from './random-walk.ts';
export { createRandomWalkFeed } from './random-walk.ts';
export { createReplayFeed, parseTicksCsv, REPLAY_MAX_ROWS } from './replay.ts';
