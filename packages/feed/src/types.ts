// What the demo feed needs from the exchange, in engine units: prices in integer hundredths
// (1.01 = 101), money in integer paise. The server implements it on top of the same service calls
// a bettor's bet goes through (apps/server/src/feeds/feed.ts); tests give a fake.

export type FeedMarketStatus = 'OPEN' | 'SUSPENDED' | 'CLOSED' | 'INACTIVE';

export interface FeedRunner {
  readonly selection_id: number;
  /** 'ACTIVE' runners are quoted; any other status is left alone. */
  readonly status: string;
}

/** A demo match-odds market as the feed sees it. */
export interface FeedMarket {
  readonly market_id: number;
  readonly sport_id: number;
  readonly status: FeedMarketStatus;
  readonly in_play: boolean;
  /** The match's scheduled start, epoch ms. */
  readonly start_time_ms: number;
  readonly min_stake_paise: number;
  readonly max_stake_paise: number;
  readonly runners: readonly FeedRunner[];
  /**
   * What the match's scoreboard says, when it has one (a cricket match the cricket feed bowls):
   * the market then closes and settles from it, never from the clock and the drift. Absent or
   * null: no scoreboard, the demo's own lifecycle (closed some hours after the start, a winner
   * drawn from the fair probabilities).
   */
  readonly scoreboard?: FeedScoreState | null;
}

/** How a market with a scoreboard settles. */
export type FeedOutcome =
  | { readonly kind: 'WINNER'; readonly selection_id: number }
  /** A tie: the stake is shared between these runners (DOMAIN.md "Dead heat"). */
  | { readonly kind: 'DEAD_HEAT'; readonly selection_ids: readonly number[] }
  /** No result, abandoned, or a draw with no draw runner: every bet void. */
  | { readonly kind: 'VOID'; readonly reason: string };

/**
 * A match's scoreboard as the match-odds market needs it:
 * - PLAYING: the match is on (or not started): quote as usual, but never close on the clock;
 * - STOPPED: play has stopped (rain, bad light, an innings stopped): the market is suspended;
 * - ENDED: the match is over: the market closes at once and settles on `outcome`; null when the
 *   scoreboard's result cannot be read as one (left to the operator, the market closed).
 */
export type FeedScoreState =
  | { readonly state: 'PLAYING' }
  | { readonly state: 'STOPPED'; readonly reason: string }
  | { readonly state: 'ENDED'; readonly result_text: string; readonly outcome: FeedOutcome | null };

/** One ladder level: price in hundredths, size in paise. */
export interface FeedLevel {
  readonly price: number;
  readonly size_paise: number;
}

/** The market's ladder as a bettor sees it: `back` = what one can back at (best = highest first). */
export interface FeedRunnerImage {
  readonly selection_id: number;
  readonly status: string;
  readonly back: readonly FeedLevel[];
  readonly lay: readonly FeedLevel[];
  readonly traded_paise: number;
}

export interface FeedImage {
  readonly market_id: number;
  readonly status: FeedMarketStatus;
  readonly in_play: boolean;
  readonly runners: readonly FeedRunnerImage[];
}

/** A limit order: `side` is the side the actor takes ('LAY' orders show in the back column). */
export interface FeedOrder {
  readonly market_id: number;
  readonly selection_id: number;
  readonly side: 'BACK' | 'LAY';
  readonly price: number;
  readonly size_paise: number;
}

export type FeedPlaceResult =
  | { readonly ok: true; readonly bet_id: number; readonly size_remaining_paise: number }
  | { readonly ok: false; readonly message: string };

/**
 * What a maker's quote cancels once its orders are placed (in the same batch of the market):
 * every unmatched order of `actors` (the other makers), and of the quoting actor's own, either
 * every one resting before the quote was sent ('resting': a full quote, the book then holds only
 * the new ladder) or these bet ids (an amend: the levels that left the ladder or are replaced).
 * Bets of the list already matched or cancelled, or not the actor's, are left alone.
 */
export interface FeedQuoteCancel {
  readonly actors: readonly string[];
  readonly own: 'resting' | readonly number[];
}

/** A quote's answer: one result per order, in order, and whether its cancels ran. */
export interface FeedQuoteResult {
  readonly placed: readonly FeedPlaceResult[];
  readonly cancel:
    { readonly ok: true; readonly cancelled: number } | { readonly ok: false; readonly message: string };
}

/**
 * The exchange as the feed drives it. `actor` names a feed account (a market maker or a simulated
 * bettor); the implementation maps it to a user and places through the bettor's code path.
 */
export interface FeedApi {
  /** The demo match-odds markets that are not closed, with runners and start times. */
  listMarkets(): Promise<FeedMarket[]>;
  /** The market's three best levels each side per runner, or null if it is unknown. */
  image(market_id: number): Promise<FeedImage | null>;
  /** Places a limit order as `actor` (in play this waits the market's bet delay). Refusals are results, not throws. */
  placeBet(actor: string, order: FeedOrder): Promise<FeedPlaceResult>;
  /**
   * A market maker's quote: places `orders` (all on `market_id`) as `actor`, each as `placeBet`
   * places it, then cancels what `cancel` names, in one batch of the market: the ladder is never
   * without a quote. Results per order, in order (a placed one with its bet id); refusals are
   * results, not throws.
   */
  placeQuote(
    actor: string,
    market_id: number,
    orders: readonly FeedOrder[],
    cancel: FeedQuoteCancel,
  ): Promise<FeedQuoteResult>;
  /** Cancels every unmatched order of `actor` in the market. */
  cancelAll(actor: string, market_id: number): Promise<void>;
  /** Turns the market in play with this bet delay (unmatched orders lapse). */
  setInPlay(market_id: number, bet_delay_s: number): Promise<void>;
  /** Closes the market (unmatched orders lapse). */
  closeMarket(market_id: number): Promise<void>;
  /**
   * Declares the winner of a closed market and settles it through the same settlement service an
   * operator's result goes through. Refusals (already settled, …) are results, not throws.
   */
  settleMarket(market_id: number, winner_selection_id: number): Promise<{ ok: boolean; message?: string }>;
  /** Settles a closed market on a scoreboard's outcome (a winner, a dead heat, or void). Refusals are results. */
  settleOutcome(market_id: number, outcome: FeedOutcome): Promise<{ ok: boolean; message?: string }>;
  /** Suspends the market (play stopped) or opens it again (play resumed, when the feed suspended it). */
  setMarketOpen(market_id: number, open: boolean): Promise<void>;
}

export interface FeedClock {
  now(): Date;
}

/** A pino-compatible subset. */
export interface FeedLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  debug(obj: object, msg: string): void;
}
