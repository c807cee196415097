// The racing day as the demo racing feed drives it: the server implements this port on its racing
// module's service (apps/server/src/feeds/racing-feed.ts), tests give a fake. Prices are
// hundredths (1.01 = 101), money paise, time epoch milliseconds; orders on a race's WIN and PLACE
// markets go through the ordinary `FeedApi` (placeBet, cancelAll, image).

export type RacingSport = 7 | 4339;
export type FeedRaceState = 'OPEN' | 'OFF' | 'FINISHED' | 'RESULTED' | 'VOID';
export type FeedRaceVoidReason = 'ABANDONED' | 'WALKOVER' | 'VENUE_CHANGED' | 'NOT_RUN_ON_DAY';

/** A runner as the feed enters it on a new card (the fields of contract `raceRunner`). */
export interface NewRaceRunner {
  readonly number: number;
  readonly name: string;
  /** CSS colours: silks (body first) or the trap's colours. */
  readonly colours: readonly string[];
  readonly jockey: string | null;
  readonly trainer: string;
  /** Stones-pounds, e.g. "9-7"; null for greyhounds. */
  readonly weight: string | null;
  readonly draw: number | null;
  readonly form: string;
  readonly age: number | null;
}

export interface NewRace {
  readonly sport_id: RacingSport;
  /** The meeting: a series per venue and sport ("Kempton (GB)"), created when missing. */
  readonly venue: string;
  readonly country: string;
  readonly race_name: string;
  readonly off_time_ms: number;
  readonly distance: string;
  readonly going: string;
  readonly surface: string;
  /** Places the PLACE market pays; 1 = no PLACE market (too few runners). */
  readonly places_paid: number;
  readonly runners: readonly NewRaceRunner[];
}

export interface FeedRaceRunner {
  readonly number: number;
  readonly win_selection_id: number;
  readonly place_selection_id: number | null;
  readonly non_runner: boolean;
}

export interface FeedRace {
  readonly match_id: number;
  readonly sport_id: RacingSport;
  readonly venue: string;
  readonly country: string;
  readonly off_time_ms: number;
  readonly state: FeedRaceState;
  readonly places_paid: number;
  readonly win_market_id: number;
  readonly place_market_id: number | null;
  readonly runners: readonly FeedRaceRunner[];
}

/**
 * What `listRaces` may leave out: the day's finished business. RESULTED and VOID races going off
 * before `done_before_ms` are not listed, except those named in `keep_ids`.
 */
export interface RaceListFilter {
  readonly done_before_ms: number;
  readonly keep_ids?: readonly number[];
}

/** Refusals are results, never throws (the race moved on, a runner already out, …). */
export type RacingResult = { ok: true } | { ok: false; message: string };

export interface RacingFeedApi {
  /**
   * Races whose off is in [from_ms, to_ms], any state (less those `filter` leaves out), in
   * off-time order.
   */
  listRaces(from_ms: number, to_ms: number, filter?: RaceListFilter): Promise<FeedRace[]>;
  /** Creates the race: its match in the meeting's series, its card, WIN and PLACE markets open. */
  createRace(race: NewRace): Promise<FeedRace>;
  /** Withdraws a runner with its reduction factors (basis points: 2500 = 25 %). */
  nonRunner(match_id: number, number: number, win_rf_bp: number, place_rf_bp: number): Promise<RacingResult>;
  /** The off: markets in play with the bet delay. */
  off(match_id: number): Promise<RacingResult>;
  /** Past the post: markets suspended until the result. */
  finish(match_id: number): Promise<RacingResult>;
  /** The weighed-in result, best first; a placing with several numbers is a dead heat. Settles both markets. */
  result(match_id: number, placings: readonly (readonly number[])[]): Promise<RacingResult>;
  voidRace(match_id: number, reason: FeedRaceVoidReason): Promise<RacingResult>;
}
