// A round's phases and the table limits (docs/casino.md "Server"). Every duration is divided by
// the clock speed (CASINO_CLOCK_SPEED, default 1), so tests and the simulated-day bench run whole
// rounds in milliseconds with the same code.

/** The betting window (DOMAIN.md: 15–30 s). */
export const BETTING_WINDOW_MS = 20_000;
/** Between the window's close and the first card: the table shows "no more bets". */
export const CLOSE_PAUSE_MS = 1_500;
/** One step (a card, a ball) revealed every this often… */
export const STEP_REVEAL_MS = 1_000;
/** …unless the deal would take longer than this: then the steps come faster (Andar Bahar's long deals). */
export const DEAL_MAX_MS = 20_000;
/** Steps closer than this (a fast clock) go out several to a write, as many as are due. */
export const STEP_BATCH_BELOW_MS = 50;
/** The result shown before the next round opens. */
export const RESULT_DISPLAY_MS = 5_000;
/** After a round failed (the store did not answer): wait this long before the table tries again. */
export const ROUND_RETRY_MS = 2_000;

/** The clock speed's bounds: 1 (real time) to 100,000 (a 26 s round in a quarter millisecond). */
export const CASINO_CLOCK_SPEED_MAX = 100_000;

/** Default limits of a new table (rupees: ₹10 minimum, ₹25,000 per option, ₹50,000 per round). */
export const DEFAULT_MIN_STAKE_PAISE = 1_000;
export const DEFAULT_MAX_PER_OPTION_PAISE = 2_500_000;
export const DEFAULT_MAX_PER_ROUND_PAISE = 5_000_000;

/** The last results a round or lobby answer carries. */
export const LAST_RESULTS = 10;
/** Rows per page of casino/getResults. */
export const CASINO_RESULTS_PAGE_SIZE = 20;
/** Tables one WebSocket may follow at once (there are a dozen; a lobby follows them all). */
export const MAX_CASINO_TABLES_PER_SOCKET = 50;

export type RoundTiming = {
  window_ms: number;
  close_ms: number;
  step_ms: number;
  deal_max_ms: number;
  result_ms: number;
  retry_ms: number;
};

/** The longest wall-time floor a fast-clock window may be given (a real window is 20 s). */
export const MIN_WINDOW_MS_MAX = BETTING_WINDOW_MS;

/**
 * The phases at a clock speed (a speed of 10 runs every phase ten times faster). `minWindowMs`
 * floors the betting window in wall time: at 10,000× a 20 s window would be 2 ms, too short for
 * anyone to bet in, so a fast-clock run (the simulated day) keeps it open long enough for its bots
 * while the rest of the round runs at the clock's speed. The store's clock still closes it.
 */
export function roundTiming(speed = 1, minWindowMs = 0): RoundTiming {
  if (!Number.isFinite(speed) || speed < 1 || speed > CASINO_CLOCK_SPEED_MAX)
    throw new Error(`casino clock speed must be 1 to ${CASINO_CLOCK_SPEED_MAX}, got ${speed}`);
  if (!Number.isFinite(minWindowMs) || minWindowMs < 0 || minWindowMs > MIN_WINDOW_MS_MAX)
    throw new Error(`casino minimum window must be 0 to ${MIN_WINDOW_MS_MAX} ms, got ${minWindowMs}`);
  const at = (ms: number) => ms / speed;
  return {
    window_ms: Math.max(at(BETTING_WINDOW_MS), minWindowMs),
    close_ms: at(CLOSE_PAUSE_MS),
    step_ms: at(STEP_REVEAL_MS),
    deal_max_ms: at(DEAL_MAX_MS),
    result_ms: at(RESULT_DISPLAY_MS),
    retry_ms: at(ROUND_RETRY_MS),
  };
}

/** The time between two steps of a deal of `steps` steps. */
export const stepIntervalMs = (t: RoundTiming, steps: number) =>
  steps <= 0 ? 0 : Math.min(t.step_ms, t.deal_max_ms / steps);
