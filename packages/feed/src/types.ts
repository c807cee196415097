// What the demo feed needs from the exchange, in engine units: prices in integer hundredths
// (1.01 = 101), money in integer paise. The server implements it on top of the same service calls
// a bettor's bet goes through (apps/server/src/plugins/feed.ts); tests give a fake.

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
}

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
  | { readonly ok: true; readonly size_remaining_paise: number }
  | { readonly ok: false; readonly message: string };

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
