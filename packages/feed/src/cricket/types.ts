// What the cricket simulator needs from the exchange: the in-play demo cricket matches with their
// fancies and bookmaker market, and the operator's quoting calls (DOMAIN.md "Fancy (session)
// markets", "Bookmaker markets"). Rates are integers per 100, lines whole runs. The server
// implements it on the same service calls an operator's quoting goes through; tests give a fake.

export type CricketFormat = 'T20' | 'ODI' | 'TEST';
export type FancyVariant = 'RUNS' | 'LAMBI' | 'KHADO' | 'METER' | 'ODD_EVEN' | 'FANCY1';
export type FancyStatus = 'ACTIVE' | 'BALL_RUNNING' | 'SUSPENDED' | 'CLOSED' | 'REMOVED';
export type BookmakerStatus = 'ACTIVE' | 'BALL_RUNNING' | 'SUSPENDED' | 'CLOSED';

/**
 * What a fancy settles on: runs of an innings after `over` overs (RUNS, KHADO, METER, ODD_EVEN),
 * the innings total (LAMBI), or whether a wicket falls before `over` (FANCY1: result 1/0).
 */
export type FancyEvent =
  | { innings: 1 | 2; kind: 'RUNS_AT_OVER'; over: number }
  | { innings: 1 | 2; kind: 'INNINGS_TOTAL' }
  | { innings: 1 | 2; kind: 'WICKET_BEFORE_OVER'; over: number }
  | PlayerFancyEvent;

/**
 * A player's line (issue 25): PLAYER_RUNS, a batter's runs in the innings ("{batter} runs", RUNS
 * variant, opened when the batter comes in, settled on the score when out or the innings ends);
 * TOP_BATSMAN, whether the player is the innings' top run-scorer (FANCY1: 1/0; a tie for the top
 * is a dead heat, paid on rate / k).
 */
export type PlayerFancyEvent =
  | { innings: 1 | 2; kind: 'PLAYER_RUNS'; player_id: number }
  | { innings: 1 | 2; kind: 'TOP_BATSMAN'; player_id: number };

export interface FeedFancy {
  fancy_id: number;
  name: string;
  variant: FancyVariant;
  status: FancyStatus;
  event: FancyEvent;
  no_line: number | null;
  no_rate: number | null;
  yes_line: number | null;
  yes_rate: number | null;
  settled: boolean;
  /**
   * A result has been declared on it at some time (settled now, or unsettled by the operator
   * since, to correct it): from the settlement record, so a new leader knows it too. The feed
   * settles a fancy once; after that it is the operator's (absent: false).
   */
  result_declared?: boolean;
}

/**
 * A match as the feed lists it every tick: enough to know whether it needs work now (its score,
 * whether it is in play). The matches that do are then read in full (`readCricketMatches`).
 */
export type CricketMatchSummary = Pick<
  CricketMatch,
  'match_id' | 'format' | 'in_play' | 'start_time_ms' | 'teams' | 'score' | 'score_seq'
>;

export interface CricketMatch {
  match_id: number;
  format: CricketFormat;
  in_play: boolean;
  start_time_ms: number;
  /** teams[0] bats first (the fancies' names say which team an innings is). */
  teams: readonly [string, string];
  /** persisted scoreboard (null before the first ball) so a restarted leader resumes the same game */
  score: Scoreboard | null;
  /**
   * The stored score's write sequence (bumped by every publish), when the store keeps one: the
   * feed's next publish names it, so a write from a stale read is refused (one writer per match).
   */
  score_seq?: number;
  match_odds_market_id: number | null;
  /** teams[k]'s runner in the match-odds market, when its ids differ from the bookmaker's (optional). */
  match_odds_selection_ids?: readonly [number, number];
  /**
   * `selection_ids[k]` is teams[k]'s runner. `status` (optional): when given and SUSPENDED or
   * CLOSED, the operator holds the market and the feed leaves it alone.
   */
  bookmaker: {
    market_id: number;
    selection_ids: readonly [number, number];
    /** A result was declared on it once (settled now, or unsettled by the operator): never again by the feed. */
    result_declared?: boolean;
    status?: BookmakerStatus;
  } | null;
  fancies: readonly FeedFancy[];
  /** elevens[k] is teams[k]'s playing eleven; absent or null: a match without players (team totals only). */
  elevens?: readonly [PlayingEleven, PlayingEleven] | null;
}

/** How an innings ended: naturally (all out, its overs used, the target reached) or stopped. */
export type InningsEnd = 'ALL_OUT' | 'OVERS' | 'TARGET' | StopReason;
/** Why an operator (or the demo's rain) stopped a match: it ends there with no result. */
export type StopReason = 'RAIN' | 'BAD_LIGHT' | 'ABANDONED';

/** One innings on the scoreboard. The optional fields are absent on a score written before them. */
export interface InningsTotals {
  runs: number;
  wickets: number;
  /** legal balls bowled */
  balls: number;
  /**
   * over_runs[k]: the runs after over k + 1's last legal ball, before any extra bowled after it
   * (what "runs at 10 overs" settles on, read ball by ball); null for an over bowled before the
   * record was kept (a score written before this field).
   */
  over_runs?: (number | null)[];
  /** How the innings ended; null or absent while it is in progress (or never started). */
  end?: InningsEnd | null;
  /** The overs this innings was cut to (rain, DLS), when fewer than the format's; null: not reduced. */
  reduced_overs?: number | null;
  /** Who is in, batters' and bowlers' figures, fall of wickets (absent: no elevens / older score). */
  players?: InningsPlayers | null;
}

/** The match's outcome once COMPLETE: who won (index in teams), a tie, a draw, or no result. */
export interface MatchResult {
  kind: 'WIN' | 'TIE' | 'DRAW' | 'NO_RESULT';
  winner: 0 | 1 | null;
}

export interface Scoreboard {
  innings: 1 | 2;
  batting: 0 | 1;
  /**
   * per innings: runs, wickets, legal balls bowled (and how it ended). During the innings break a
   * second entry may already hold the chase's reduced overs (admin/cricket/reduce); it is not
   * started until `innings` is 2.
   */
  totals: InningsTotals[];
  /**
   * the last ≤ 12 balls of the current innings, newest last, as shown on a strip:
   * '0','1','2','3','4','6','W' (legal), 'wd', 'nb', 'nb1' … 'nb6' (a no-ball and the runs hit off it)
   */
  recent: string[];
  /** The chase's target (revised when its overs were reduced). */
  target: number | null;
  status: 'NOT_STARTED' | 'IN_PROGRESS' | 'INNINGS_BREAK' | 'COMPLETE';
  /** ms of the ball being bowled now, null between balls */
  ball_running_until_ms: number | null;
  result_text: string | null;
  /** Set when the match was stopped (it is then COMPLETE with no result); null or absent otherwise. */
  stopped?: StopReason | null;
  /** Once COMPLETE: the outcome; null or absent before (or on a score written before this field). */
  result?: MatchResult | null;
  /** The last delivery as bowled (players' match only); null before the first or absent. */
  last_ball?: BallEvent | null;
}

export interface FancyQuote {
  no_line: number;
  no_rate: number;
  yes_line: number;
  yes_rate: number;
}

export interface BookmakerRate {
  selection_id: number;
  back_rate: number | null;
  lay_rate: number | null;
}

export interface CricketFeedApi {
  /**
   * The demo cricket matches (in play or not), at least as summaries: read on every tick, so it
   * should be cheap (no fancies, markets or elevens needed). Must return the last published score.
   */
  listCricketMatches(): Promise<CricketMatchSummary[]>;
  /**
   * These matches in full: their fancies, bookmaker market and elevens, with the last published
   * score (read again: the step works from this read). Read for the matches with work due only;
   * a match not found is left out.
   */
  readCricketMatches(match_ids: readonly number[]): Promise<CricketMatch[]>;
  /**
   * Stores the score. `prev_seq` (the listed `score_seq`): written only if the stored score is still
   * that one (compare-and-set). Resolves false when refused — another writer moved the game on, or
   * this feed's leader term is over — and the feed drops its step and reads the match again.
   */
  publishScore(match_id: number, score: Scoreboard, prev_seq?: number): Promise<boolean | void>;
  /**
   * Several fancies' quotes at once (a match's open fancies after a ball): one write for all.
   * Resolves with the quotes refused (unknown fancy, closed, a bad line), with why; the others
   * are written. Rejects when the write failed (none written).
   */
  quoteFancies(
    quotes: readonly { fancy_id: number; quote: FancyQuote }[],
  ): Promise<{ fancy_id: number; message: string }[]>;
  setFancyStatus(fancy_id: number, status: FancyStatus): Promise<void>;
  /**
   * Several fancies to one status at once (a ball's start suspends a match's fancies, its upkeep
   * opens them again): one write for all. Rejects when any was refused; the others are written.
   */
  setFancyStatuses(fancy_ids: readonly number[], status: FancyStatus): Promise<void>;
  /**
   * result: runs, or 1/0 for FANCY1. `dead_heat_count` ≥ 2: a result of 1 shared by that many
   * (Top batsman tied: paid on rate / k). Refusals are results.
   */
  settleFancy(
    fancy_id: number,
    result: number,
    dead_heat_count?: number,
  ): Promise<{ ok: boolean; message?: string }>;
  /**
   * Opens a player's line (a batter come in: "{batter} runs") quoted and ACTIVE; nothing when the
   * match already has a fancy on that event. Optional: a store without players does not open any.
   */
  openPlayerFancy?(match_id: number, name: string, event: PlayerFancyEvent, quote: FancyQuote): Promise<void>;
  /**
   * A fancy whose innings was stopped or cut short: settled (or voided) by the rules text on
   * these facts, exactly as the operator's `admin/fancy/incomplete` decides it (averages, Meter
   * midpoint, Khado and Test minimum overs). Refusals are results.
   */
  settleFancyIncomplete(fancy_id: number, facts: IncompleteFacts): Promise<IncompleteSettlement>;
  /**
   * The match-winner bookmaker of a stopped match, by the rules text (`admin/bookmaker/incomplete`:
   * runs at the 10 / 25-over mark, read from the stored scoreboard). Refusals are results.
   */
  settleBookmakerIncomplete(market_id: number): Promise<{ ok: boolean; message?: string }>;
  /** The match-winner bookmaker of a match won on the field: the winner's runner. Refusals are results. */
  settleBookmakerWinner(market_id: number, selection_id: number): Promise<{ ok: boolean; message?: string }>;
  /** Match-odds best back price per selection in hundredths (null when none), to keep bookmaker rates near it. */
  matchOddsBackPrices(market_id: number): Promise<Map<number, number | null> | null>;
  quoteBookmaker(market_id: number, rates: BookmakerRate[]): Promise<void>;
  setBookmakerStatus(market_id: number, status: BookmakerStatus): Promise<void>;
}

/** What a stopped or cut-short innings tells the incomplete rules about one fancy. */
export interface IncompleteFacts {
  /** Overs bowled in the match, cricket's notation (69.4 = 69 overs and 4 balls). */
  overs_bowled: number;
  /** The match was abandoned or its overs reduced (averages and the Meter midpoint apply). */
  abandoned_or_reduced: boolean;
  /** The figure its event reached when play stopped (what a fancy that stands settles on). */
  result: number;
}

export interface IncompleteSettlement {
  ok: boolean;
  /** RESULT, AVERAGE, MIDPOINT, VOID (stakes back) or ALREADY_SETTLED. */
  decision?: string;
  value?: number | null;
  message?: string;
}

// ---- players (issue 25): squads, playing elevens, the ball-by-ball event ----
// Names stable from here on: the fantasy module reads them (player ids, roles, ball events).

export type PlayerRole = 'BATTER' | 'BOWLER' | 'ALL_ROUNDER' | 'WICKET_KEEPER';

/** One squad member. Strengths are whole numbers 1 … 100; 50 is an average international player. */
export interface CricketPlayer {
  player_id: number;
  name: string;
  role: PlayerRole;
  /** How well the player bats (the model shifts runs and wickets on it). */
  batting: number;
  /** How well the player bowls; 0 for one who does not bowl. */
  bowling: number;
  /** The one figure of the player's worth (fantasy credits are derived from it): max(batting, bowling), all-rounders a little more. */
  strength: number;
}

/** A demo team's squad (≥ 15 players). */
export interface Squad {
  team: string;
  players: CricketPlayer[];
}

/**
 * A match's playing eleven for one team: the eleven players in batting order (index 0 and 1
 * open), the keeper among them, and who bowls (≥ 5 bowling options).
 */
export interface PlayingEleven {
  team: string;
  /** Exactly 11, in batting order. */
  players: CricketPlayer[];
  wicket_keeper_id: number;
  /** The bowling options, the main bowlers first (each at most the format's over limit). */
  bowler_ids: number[];
}

export type ExtraKind = 'WIDE' | 'NO_BALL' | 'BYE' | 'LEG_BYE';
export type DismissalKind = 'BOWLED' | 'CAUGHT' | 'LBW' | 'RUN_OUT' | 'STUMPED' | 'HIT_WICKET';

/** A wicket: who is out, how, and the fielder credited (caught, stumped, run out; else null). */
export interface Dismissal {
  player_out_id: number;
  kind: DismissalKind;
  /** The catcher (the bowler for caught and bowled), the keeper on a stumping, the thrower on a run-out. */
  fielder_id: number | null;
  /** Credited to the bowler (all kinds but RUN_OUT). */
  bowler_wicket: boolean;
}

/** One delivery as bowled: who faced, who bowled, what came of it. */
export interface BallEvent {
  innings: 1 | 2;
  /** Deliveries of this innings before this one (0-based; extras count). */
  seq: number;
  /** Legal balls of this innings before this delivery (its over is floor(legal_before / 6)). */
  legal_before: number;
  striker_id: number;
  non_striker_id: number;
  bowler_id: number;
  /** Runs off the bat, credited to the striker (also on a no-ball). */
  bat_runs: number;
  /** Extras on this delivery: a wide's or no-ball's penalty run (plus any run on a wide), byes, leg-byes. */
  extras: { kind: ExtraKind; runs: number } | null;
  wicket: Dismissal | null;
  /** Counted as a ball of the over (not a wide or a no-ball). */
  legal: boolean;
  /** The strip entry ('0' … '6', 'W', 'wd', 'nb', 'nb1' … 'nb6', 'lb1', 'b1' …). */
  entry: string;
}

/** A batter's innings so far. */
export interface BatterFigures {
  player_id: number;
  runs: number;
  /** Balls faced (no wides). */
  balls: number;
  fours: number;
  sixes: number;
  /** null while not out (or did not bat). */
  out: Dismissal | null;
}

/** A bowler's figures in an innings. */
export interface BowlerFigures {
  player_id: number;
  /** Legal balls bowled (overs = floor(balls / 6) . balls % 6). */
  balls: number;
  /** Runs conceded: off the bat, wides and no-balls (not byes or leg-byes). */
  runs: number;
  wickets: number;
  maidens: number;
}

export interface FallOfWicket {
  /** 1 … 10 */
  wicket: number;
  player_out_id: number;
  /** The team's runs when it fell. */
  runs: number;
  /** Legal balls bowled when it fell. */
  balls: number;
}

/**
 * Who is in and everyone's figures in one innings (on InningsTotals.players; absent on a score
 * written before players, or a match without elevens).
 */
export interface InningsPlayers {
  /** On strike for the next ball; null once the innings is over. */
  striker_id: number | null;
  non_striker_id: number | null;
  /** Bowler of the current (or just finished) over. */
  bowler_id: number | null;
  /** The bowler of the last completed over (may not bowl the next). */
  last_over_bowler_id: number | null;
  /** Batters who have come in, in order of coming in. */
  batters: BatterFigures[];
  /** Bowlers who have bowled, in order of first bowling. */
  bowlers: BowlerFigures[];
  fall: FallOfWicket[];
  /** Runs conceded this over so far (for maidens). */
  over_runs_conceded: number;
}
