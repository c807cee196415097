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
  | { innings: 1 | 2; kind: 'WICKET_BEFORE_OVER'; over: number };

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
}

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
    status?: BookmakerStatus;
  } | null;
  fancies: readonly FeedFancy[];
}

export interface Scoreboard {
  innings: 1 | 2;
  batting: 0 | 1;
  /** per innings: runs, wickets, legal balls bowled */
  totals: { runs: number; wickets: number; balls: number }[];
  /**
   * the last ≤ 12 balls of the current innings, newest last, as shown on a strip:
   * '0','1','2','3','4','6','W' (legal), 'wd', 'nb', 'nb1' … 'nb6' (a no-ball and the runs hit off it)
   */
  recent: string[];
  target: number | null;
  status: 'NOT_STARTED' | 'IN_PROGRESS' | 'INNINGS_BREAK' | 'COMPLETE';
  /** ms of the ball being bowled now, null between balls */
  ball_running_until_ms: number | null;
  result_text: string | null;
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
  /** The demo cricket matches (in play or not) with their fancies and bookmaker market. Must return the last published score. */
  listCricketMatches(): Promise<CricketMatch[]>;
  /**
   * Stores the score. `prev_seq` (the listed `score_seq`): written only if the stored score is still
   * that one (compare-and-set). Resolves false when refused — another writer moved the game on, or
   * this feed's leader term is over — and the feed drops its step and reads the match again.
   */
  publishScore(match_id: number, score: Scoreboard, prev_seq?: number): Promise<boolean | void>;
  quoteFancy(fancy_id: number, quote: FancyQuote): Promise<void>;
  setFancyStatus(fancy_id: number, status: FancyStatus): Promise<void>;
  /** result: runs, or 1/0 for FANCY1. Refusals are results. */
  settleFancy(fancy_id: number, result: number): Promise<{ ok: boolean; message?: string }>;
  /** Match-odds best back price per selection in hundredths (null when none), to keep bookmaker rates near it. */
  matchOddsBackPrices(market_id: number): Promise<Map<number, number | null> | null>;
  quoteBookmaker(market_id: number, rates: BookmakerRate[]): Promise<void>;
  setBookmakerStatus(market_id: number, status: BookmakerStatus): Promise<void>;
}
