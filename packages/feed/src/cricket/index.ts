// The in-play cricket simulator: a ball-by-ball game, its scoreboard, fancy and bookmaker quoting.
export type * from './types.ts';
export { createCricketFeed, DEFAULT_CRICKET_FEED_OPTIONS } from './cricket-feed.ts';
export type { CricketFeed, CricketFeedOptions, CricketTickReport } from './cricket-feed.ts';
export {
  DEFAULT_CRICKET_MODEL,
  RECENT_MAX,
  WICKETS,
  applyBall,
  bookmakerRates,
  current,
  drawBall,
  entryRuns,
  eventState,
  fancyQuote,
  inningsBalls,
  inningsEnd,
  inningsOver,
  isLegal,
  isStop,
  matchOversBowled,
  matchResult,
  maxBalls,
  parRates,
  projectRuns,
  rainsAfter,
  reduceOvers,
  resultText,
  revisedTarget,
  situationWeights,
  startBall,
  stopMatch,
  winProbability,
  winnerOf,
} from './model.ts';
export type { BallWeights, CricketModelOptions, EventState } from './model.ts';
export { bowlBall, drawFromWeights, playersBeforeBall } from './ball.ts';
export {
  DEFAULT_PLAYER_MODEL,
  bowlerOverLimit,
  canCover,
  chooseBowler,
  playBall,
  playerWeights,
  startInningsPlayers,
} from './players.ts';
export type { PlayerModelOptions, PlayersBall } from './players.ts';
export { ELEVEN, SQUAD_SIZE, demoSquad, nameSeed, pickEleven, strengthOf } from './squads.ts';
export type { SquadMember } from './squads.ts';
export { ballsToFace, batterRates, expectedRuns, isPlayerEvent, playerLineQuote } from './player-lines.ts';
export { finishedMatchRefusal, runsAtMarkFromScore } from './scoreboard-reads.ts';
export {
  INNINGS_BREAK_FACTOR,
  QUIET_BALLS,
  QUIET_FLOOR_S,
  quietLimitS,
  SCORE_STALE_MESSAGE,
  type QuietFormat,
} from './staleness.ts';
