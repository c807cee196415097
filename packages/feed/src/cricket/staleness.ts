// A quiet scoreboard (issue 32, docs/live-prices.md "A quiet scoreboard"): how long a match in play
// may go without a ball before the lines quoted from its last ball are old, and the words the bet
// checks of the kinds quoted from it (fancy, bookmaker) refuse with. Pure: the server's
// modules/cricket/staleness.ts asks it by the database's clock.
export const SCORE_STALE_MESSAGE = 'Scoreboard is delayed: market suspended';

/** Below this a scoreboard is never stale (an over change, a boundary replay). */
export const QUIET_FLOOR_S = 30;

/**
 * Balls' time without a ball that makes a scoreboard stale, by format: longer for a Test, whose
 * play pauses more often (drinks, reviews) and whose lines move slower.
 */
export const QUIET_BALLS = { T20: 6, ODI: 8, TEST: 10 } as const;

/** An innings break is this many times the limit between balls (the teams change over). */
export const INNINGS_BREAK_FACTOR = 4;

export type QuietFormat = keyof typeof QUIET_BALLS;

/**
 * Seconds without a ball after which a match's scoreboard is stale, by its status; null when it
 * cannot be (not started, over, or stopped: nothing is being quoted from a live game).
 */
export function quietLimitS(format: QuietFormat, status: string, ballIntervalMs: number): number | null {
  const between = Math.max(QUIET_FLOOR_S, Math.ceil((QUIET_BALLS[format] * ballIntervalMs) / 1000));
  if (status === 'IN_PROGRESS') return between;
  if (status === 'INNINGS_BREAK') return between * INNINGS_BREAK_FACTOR;
  return null;
}
