import { z } from 'zod';
import { adminRequestId, settlementSummary } from './admin.ts';
import { clientRequestId, flag, idInput, marketKind, textInput } from './common.ts';
import { runnerStatus } from './exchange.ts';
import { rupees } from './wallet.ts';

// Cricket's own markets (DOMAIN.md "Bookmaker markets", "Fancy (session) markets"): the house
// quotes them, so a bet is taken at the quoted rate/line at once or refused; nothing rests.
// Rates are integers "per 100" (Indian format: rate 45 = decimal 1.45), lines whole runs,
// money rupees on the wire.

export const cricketFormat = z.enum(['T20', 'ODI', 'TEST']);
export type CricketFormat = z.infer<typeof cricketFormat>;

/** A bookmaker runner's or a whole bookmaker market's quoting state. */
export const quoteStatus = z.enum(['ACTIVE', 'BALL_RUNNING', 'SUSPENDED', 'CLOSED']);
export type QuoteStatus = z.infer<typeof quoteStatus>;

export const fancyStatus = z.enum(['ACTIVE', 'BALL_RUNNING', 'SUSPENDED', 'CLOSED', 'REMOVED']);
export type FancyStatus = z.infer<typeof fancyStatus>;

/**
 * RUNS: a session ("6 over runs AUS"); LAMBI: an innings total; KHADO: a band of runs, back only;
 * METER: pays per run beyond the line; ODD_EVEN: Yes = odd, No = even; FANCY1: an event, Yes/No.
 */
export const fancyVariant = z.enum(['RUNS', 'LAMBI', 'KHADO', 'METER', 'ODD_EVEN', 'FANCY1']);
export type FancyVariant = z.infer<typeof fancyVariant>;

/** A quoting rate: a whole number per 100, 1 … 10000. */
const rateInput = z
  .number({ error: 'rate must be a whole number per 100, like 45' })
  .int('rate must be a whole number per 100, like 45')
  .min(1, 'rate must be 1 or more')
  .max(10_000, 'rate must be at most 10000');

/** A line in runs (or a price level): a whole number 0 … 100000. */
const lineInput = z
  .number({ error: 'line must be a whole number' })
  .int('line must be a whole number')
  .min(0, 'line must be 0 or more')
  .max(100_000, 'line must be at most 100000');

/** Rupees (up to 2 decimals) as a number or a numeric string, as placeMarketBet takes them. */
const stakeInput = z.union(
  [
    z.number().positive(),
    z
      .string()
      .trim()
      .regex(/^\d{1,12}(\.\d{1,2})?$/)
      .transform(Number),
  ],
  { error: 'stack must be a positive amount of rupees' },
);

// ---- what the game-details screen shows ----

export const bookmakerRunner = z.object({
  selection_id: z.number().int(),
  name: z.string(),
  status: runnerStatus,
  /** Rate a bettor can back at, per 100; null when not quoted. */
  back_rate: z.number().int().nullable(),
  /** Rate a bettor can lay at, per 100; null when not quoted. */
  lay_rate: z.number().int().nullable(),
  /** The caller's profit (negative: loss) in rupees if this runner wins. */
  position: rupees,
});
export type BookmakerRunner = z.infer<typeof bookmakerRunner>;

export const bookmakerMarket = z.object({
  market_id: z.number().int(),
  market_name: z.string(),
  status: quoteStatus,
  version: z.number().int(),
  min_stake: rupees,
  max_stake: rupees,
  runners: z.array(bookmakerRunner),
});
export type BookmakerMarket = z.infer<typeof bookmakerMarket>;

export const fancy = z.object({
  fancy_id: z.number().int(),
  match_id: z.number().int(),
  name: z.string(),
  variant: fancyVariant,
  status: fancyStatus,
  no_line: z.number().int().nullable(),
  no_rate: z.number().int().nullable(),
  yes_line: z.number().int().nullable(),
  yes_rate: z.number().int().nullable(),
  /** KHADO: the band's width in runs (a Yes at line L wins when L ≤ result ≤ L + band − 1). */
  band: z.number().int().nullable(),
  min_stake: rupees,
  max_stake: rupees,
  /** The most one bettor may stake on this fancy in all. */
  max_user_stake: rupees,
  display_order: z.number().int(),
  /** The caller's worst loss on this fancy (rupees, ≥ 0). */
  exposure: rupees,
  /** The declared result once settled, else null. */
  result: z.number().int().nullable(),
});
export type Fancy = z.infer<typeof fancy>;

export const inningsEnd = z.enum(['ALL_OUT', 'OVERS', 'TARGET', 'RAIN', 'BAD_LIGHT', 'ABANDONED']);
export const stopReason = z.enum(['RAIN', 'BAD_LIGHT', 'ABANDONED']);

// ---- players (issue 25): who bats and bowls; names match the feed's types (packages/feed cricket) ----

export const playerRole = z.enum(['BATTER', 'BOWLER', 'ALL_ROUNDER', 'WICKET_KEEPER']);
export type PlayerRole = z.infer<typeof playerRole>;

export const cricketPlayer = z.object({
  player_id: z.number().int(),
  name: z.string(),
  role: playerRole,
  /** 1 … 100 (50: an average international player). */
  batting: z.number().int(),
  /** 0 … 100 (0: does not bowl). */
  bowling: z.number().int(),
  /** The player's worth in one figure (fantasy credits derive from it). */
  strength: z.number().int(),
});
export type CricketPlayer = z.infer<typeof cricketPlayer>;

/** One team's playing eleven: players in batting order, the keeper, the bowling options. */
export const playingEleven = z.object({
  team: z.string(),
  players: z.array(cricketPlayer),
  wicket_keeper_id: z.number().int(),
  bowler_ids: z.array(z.number().int()),
});
export type PlayingEleven = z.infer<typeof playingEleven>;

export const extraKind = z.enum(['WIDE', 'NO_BALL', 'BYE', 'LEG_BYE']);
export const dismissalKind = z.enum(['BOWLED', 'CAUGHT', 'LBW', 'RUN_OUT', 'STUMPED', 'HIT_WICKET']);
export type DismissalKind = z.infer<typeof dismissalKind>;

export const dismissal = z.object({
  player_out_id: z.number().int(),
  kind: dismissalKind,
  /** Catcher, keeper (stumped) or thrower (run out); null otherwise. */
  fielder_id: z.number().int().nullable(),
  /** Credited to the bowler (every kind but RUN_OUT). */
  bowler_wicket: z.boolean(),
});

/** One delivery as bowled. */
export const ballEvent = z.object({
  innings: z.union([z.literal(1), z.literal(2)]),
  /** Deliveries of the innings before this one (extras count). */
  seq: z.number().int(),
  /** Legal balls of the innings before this delivery. */
  legal_before: z.number().int(),
  striker_id: z.number().int(),
  non_striker_id: z.number().int(),
  bowler_id: z.number().int(),
  /** Runs off the bat (the striker's). */
  bat_runs: z.number().int(),
  extras: z.object({ kind: extraKind, runs: z.number().int() }).nullable(),
  wicket: dismissal.nullable(),
  legal: z.boolean(),
  entry: z.string(),
});
export type BallEvent = z.infer<typeof ballEvent>;

export const batterFigures = z.object({
  player_id: z.number().int(),
  runs: z.number().int(),
  balls: z.number().int(),
  fours: z.number().int(),
  sixes: z.number().int(),
  out: dismissal.nullable(),
});

export const bowlerFigures = z.object({
  player_id: z.number().int(),
  /** Legal balls bowled. */
  balls: z.number().int(),
  runs: z.number().int(),
  wickets: z.number().int(),
  maidens: z.number().int(),
});

export const fallOfWicket = z.object({
  wicket: z.number().int(),
  player_out_id: z.number().int(),
  runs: z.number().int(),
  balls: z.number().int(),
});

/** Who is in and everyone's figures in one innings. */
export const inningsPlayers = z.object({
  striker_id: z.number().int().nullable(),
  non_striker_id: z.number().int().nullable(),
  bowler_id: z.number().int().nullable(),
  last_over_bowler_id: z.number().int().nullable(),
  batters: z.array(batterFigures),
  bowlers: z.array(bowlerFigures),
  fall: z.array(fallOfWicket),
  over_runs_conceded: z.number().int(),
});
export type InningsPlayers = z.infer<typeof inningsPlayers>;

export const scoreTotals = z.object({
  runs: z.number().int(),
  wickets: z.number().int(),
  balls: z.number().int(),
  /**
   * Runs after each completed over's last legal ball (before any extra bowled after it); null for
   * an over bowled before the record was kept. Absent on a score written before it.
   */
  over_runs: z.array(z.number().int().nullable()).optional(),
  /** How the innings ended: all out, its overs used, the target reached, or stopped; null while it runs. */
  end: inningsEnd.nullable().optional(),
  /** The overs the innings was cut to (overs reduced), null when not reduced. */
  reduced_overs: z.number().int().nullable().optional(),
  /** Batters, bowlers, who is in, fall of wickets; absent on a match without elevens. */
  players: inningsPlayers.nullable().optional(),
});

export const scoreboard = z.object({
  innings: z.union([z.literal(1), z.literal(2)]),
  /** Index of the batting team in `teams`. */
  batting: z.union([z.literal(0), z.literal(1)]),
  totals: z.array(scoreTotals),
  /** The last balls, newest last: '0', '1', '4', '6', 'W', 'wd' … */
  recent: z.array(z.string()),
  target: z.number().int().nullable(),
  status: z.enum(['NOT_STARTED', 'IN_PROGRESS', 'INNINGS_BREAK', 'COMPLETE']),
  /** Epoch ms until which the ball being bowled runs; null between balls. */
  ball_running_until_ms: z.number().int().nullable(),
  result_text: z.string().nullable(),
  /** Set when the match was stopped (rain, bad light, abandoned): COMPLETE with no result. */
  stopped: stopReason.nullable().optional(),
  /** Once COMPLETE: who won (index in `teams`), a tie, a draw, or no result. */
  result: z
    .object({
      kind: z.enum(['WIN', 'TIE', 'DRAW', 'NO_RESULT']),
      winner: z.union([z.literal(0), z.literal(1)]).nullable(),
    })
    .nullable()
    .optional(),
  /** The last delivery as bowled (a match with elevens); null before the first. */
  last_ball: ballEvent.nullable().optional(),
});
export type Scoreboard = z.infer<typeof scoreboard>;

/** The operator stops a match for good (rain, bad light, abandoned): no result; the feed stops bowling it. */
export const adminCricketStopRequest = z.object({
  match_id: idInput,
  reason: z.enum(['RAIN', 'BAD_LIGHT', 'ABANDONED'], {
    error: 'reason must be RAIN, BAD_LIGHT or ABANDONED',
  }),
  request_id: adminRequestId.optional(),
});

/**
 * The operator cuts the overs (rain): the innings in progress (in the first, the chase too), or at
 * the break the chase, now lasts `overs`; the chase's target is revised (`target`, e.g. from a DLS
 * sheet, else the first innings' run rate over the chase's overs).
 */
export const adminCricketReduceRequest = z.object({
  match_id: idInput,
  overs: z
    .number({ error: 'overs must be a whole number of overs' })
    .int('overs must be a whole number of overs')
    .min(1, 'overs must be 1 or more')
    .max(90, 'overs must be at most 90'),
  target: z
    .number({ error: 'target must be a whole number of runs' })
    .int('target must be a whole number of runs')
    .min(1, 'target must be 1 or more')
    .max(100_000, 'target must be at most 100000')
    .optional(),
  request_id: adminRequestId.optional(),
});

/**
 * A player dropped from a match's playing eleven before its first ball, replaced by another of the
 * same squad: the dropped player's lines are removed (their bets void, spec §9) and the replacement
 * gets a Top batsman row.
 */
export const adminCricketReplacePlayerRequest = z.object({
  match_id: idInput,
  player_id: idInput,
  replacement_id: idInput,
  request_id: adminRequestId.optional(),
});

export const adminCricketReplacePlayerResult = z.object({
  match_id: z.number().int(),
  /** The dropped player's fancies, voided and removed. */
  removed_fancy_ids: z.array(z.number().int()),
  /** The replacement's Top batsman row. */
  opened_fancy_ids: z.array(z.number().int()),
  elevens: z.array(playingEleven),
});

export const adminCricketScoreResult = z.object({
  match_id: z.number().int(),
  scoreboard: scoreboard,
});
export type AdminCricketScoreResult = z.infer<typeof adminCricketScoreResult>;

export const cricketDetail = z.object({
  match_id: z.number().int(),
  format: cricketFormat,
  teams: z.array(z.string()),
  scoreboard: scoreboard.nullable(),
  /**
   * The match is in play and no ball has come for longer than its quiet limit: the scoreboard is
   * out of date, and the fancies and bookmaker are shown (and refused) as suspended until the next ball.
   */
  stale: z.boolean(),
  bookmakers: z.array(bookmakerMarket),
  /** Ordered by display_order; removed and settled ones are left out. */
  fancies: z.array(fancy),
  /** elevens[k] is teams[k]'s playing eleven (batting order); null when the match has none. */
  elevens: z.array(playingEleven).nullable().optional(),
});
export type CricketDetail = z.infer<typeof cricketDetail>;

export const getCricketDetailRequest = z.object({ match_id: idInput });

// ---- bets ----

export const placeBookmakerBetRequest = z.object({
  match_id: idInput,
  market_id: idInput,
  selection_id: idInput,
  /** '1' back, '0' lay. */
  is_back: flag,
  /** The rate the bettor saw; refused with "Rate changed" when the quote moved. */
  rate: rateInput,
  /** The stake in rupees. */
  stack: stakeInput,
  request_id: clientRequestId,
});
export type PlaceBookmakerBetRequest = z.input<typeof placeBookmakerBetRequest>;

export const placeFancyBetRequest = z.object({
  match_id: idInput,
  fancy_id: idInput,
  /** '1' Yes (back), '0' No (lay). */
  is_yes: flag,
  /** The line the bettor saw; refused with "Line changed" when the line or rate moved. */
  line: lineInput,
  rate: rateInput,
  stack: stakeInput,
  request_id: clientRequestId,
});
export type PlaceFancyBetRequest = z.input<typeof placeFancyBetRequest>;

export const kindBetStatus = z.enum(['MATCHED', 'VOIDED', 'SETTLED']);

/** A bookmaker or fancy bet: taken whole at once, so it is matched or settled, never unmatched. */
export const kindBet = z.object({
  bet_id: z.number().int(),
  kind: marketKind,
  match_id: z.number().int(),
  match_name: z.string(),
  market_id: z.number().int(),
  /** The fancy's or the bookmaker market's name. */
  market_name: z.string(),
  /** Bookmaker: the runner; fancy: null. */
  selection_id: z.number().int().nullable(),
  /** Bookmaker: the runner's name; fancy: "Yes 46" / "No 45". */
  selection_name: z.string(),
  /** Bookmaker: '1' back; fancy: '1' Yes. */
  is_back: flag,
  /** Fancy: the line; bookmaker: null. */
  line: z.number().int().nullable(),
  rate: z.number().int(),
  stack: rupees,
  status: kindBetStatus,
  /** Settled profit (negative: loss), rupees; null until settled. */
  profit_loss: rupees.nullable(),
  placed_at: z.string(),
});
export type KindBet = z.infer<typeof kindBet>;

export const placeKindBetResult = z.object({ bet: kindBet });

export const getFancyBookRequest = z.object({ fancy_id: idInput });

export const fancyBook = z.object({
  fancy_id: z.number().int(),
  name: z.string(),
  /** From (lowest line − 2) to (highest line + 2); empty when the caller has no bet on it. */
  rows: z.array(z.object({ result: z.number().int(), profit_loss: rupees })),
});
export type FancyBook = z.infer<typeof fancyBook>;

export const getKindBetsRequest = z.object({ match_id: idInput });
export const kindBets = z.object({ bets: z.array(kindBet) });
export type KindBets = z.infer<typeof kindBets>;

// ---- operator calls (audited; idempotent on request_id) ----

export const adminBookmakerQuoteRequest = z.object({
  market_id: idInput,
  runners: z
    .array(
      z.object({
        selection_id: idInput,
        back_rate: rateInput.nullable(),
        lay_rate: rateInput.nullable(),
      }),
    )
    .min(1, 'runners must name at least one runner')
    .max(20, 'runners may name at most 20 runners'),
  request_id: adminRequestId.optional(),
});

export const adminBookmakerStatusRequest = z.object({
  market_id: idInput,
  status: quoteStatus,
  request_id: adminRequestId.optional(),
});

export const adminFancyQuoteRequest = z.object({
  fancy_id: idInput,
  no_line: lineInput,
  no_rate: rateInput,
  yes_line: lineInput,
  yes_rate: rateInput,
  request_id: adminRequestId.optional(),
});

export const adminFancyStatusRequest = z.object({
  fancy_id: idInput,
  status: fancyStatus,
  request_id: adminRequestId.optional(),
});

export const adminFancyResultRequest = z.object({
  fancy_id: idInput,
  /** Runs (or 1/0 for an event, a price level for binary-style lines). */
  result: lineInput,
  /**
   * A FANCY1 (event) result of 1 shared by k (2 … 20) — spec §9 "Top batsman: dead-heat pays 50%
   * on the rate": every bet is settled on rate / k. Omitted: no dead heat.
   */
  dead_heat_count: z
    .number({ error: 'dead_heat_count must be a whole number' })
    .int('dead_heat_count must be a whole number')
    .min(2, 'dead_heat_count must be 2 or more (leave it out when there is no dead heat)')
    .max(20, 'dead_heat_count must be at most 20')
    .optional(),
  request_id: adminRequestId.optional(),
});

export const adminFancyVoidRequest = z.object({
  fancy_id: idInput,
  reason: textInput('reason', { lines: true }).optional(),
  request_id: adminRequestId.optional(),
});

/** Settles a fancy on the competition's average (abandoned or reduced match), Meter on its midpoint. */
export const adminFancyAverageRequest = z.object({
  fancy_id: idInput,
  request_id: adminRequestId.optional(),
});

/** The competitions of the fancy averages table (spec §9 "Big Bash and IPL fancy"). */
export const fancyCompetition = z.enum(['IPL', 'BBL', 'CPL', 'T20', 'ODI'], {
  error: 'competition must be one of IPL, BBL, CPL, T20, ODI',
});
export type FancyCompetition = z.infer<typeof fancyCompetition>;

/** The events an average is given for. */
export const fancyAverageEvent = z.enum(
  ['FIRST_OVER_RUNS', 'FIRST_6_OVERS_RUNS', 'MATCH_FOURS', 'MATCH_SIXES', 'MATCH_WICKETS'],
  {
    error:
      'event must be one of FIRST_OVER_RUNS, FIRST_6_OVERS_RUNS, MATCH_FOURS, MATCH_SIXES, MATCH_WICKETS',
  },
);
export type FancyAverageEvent = z.infer<typeof fancyAverageEvent>;

export const adminFancyAveragesRequest = z.object({
  /** One competition's rows; omitted: every competition. */
  competition: fancyCompetition.optional(),
});

/** Set (a whole number ≥ 0) or clear (null: back to the default) one competition's average. */
export const adminFancyAverageSetRequest = z.object({
  competition: fancyCompetition,
  event: fancyAverageEvent,
  value: z
    .number({ error: 'value must be a whole number or null' })
    .int('value must be a whole number')
    .min(0, 'value must be 0 or more')
    .max(100_000, 'value must be at most 100000')
    .nullable(),
  request_id: adminRequestId.optional(),
});

/** The averages table: every (competition, event), its default, the operator's override and the value used. */
export const fancyAveragesTable = z.object({
  averages: z.array(
    z.object({
      competition: fancyCompetition,
      event: fancyAverageEvent,
      /** The spec's figure; null where it gives none (the fancy is then void, not averaged). */
      default_value: z.number().int().nullable(),
      /** The operator's figure; null when not overridden. */
      override: z.number().int().nullable(),
      /** What an "average" settlement uses: the override, else the default. */
      value: z.number().int().nullable(),
    }),
  ),
});
export type FancyAveragesTableView = z.infer<typeof fancyAveragesTable>;

/**
 * The operator declares a match incomplete (abandoned, or overs reduced) with the overs bowled;
 * every unsettled fancy of the match (or of `fancy_ids`) is settled by the rules text: Test
 * minimum overs, Khado 70 overs, Meter midpoint, the competition's averages; else void.
 */
export const adminFancyIncompleteRequest = z.object({
  match_id: idInput,
  /** Overs bowled in the match (cricket's 69.4 or a fraction); the thresholds are whole overs. */
  overs_bowled: z
    .number({ error: 'overs_bowled must be a number of overs, like 69.4' })
    .min(0, 'overs_bowled must be 0 or more')
    .max(10_000, 'overs_bowled must be at most 10000'),
  /** The match was abandoned or its overs reduced (averages and the Meter midpoint apply). Default true. */
  abandoned_or_reduced: z.boolean({ error: 'abandoned_or_reduced must be true or false' }).default(true),
  /** Only these fancies of the match; omitted: all of its unsettled fancies. */
  fancy_ids: z
    .array(idInput, { error: 'fancy_ids must be a list of fancy ids' })
    .min(1, 'fancy_ids must name at least one fancy')
    .max(500, 'fancy_ids may name at most 500 fancies')
    .optional(),
  /**
   * The figure each fancy reached (what a fancy that stands settles on); `complete`: its event was
   * completed, so it settles on the figure whatever the overs.
   */
  results: z
    .array(
      z.object({
        fancy_id: idInput,
        result: lineInput,
        complete: z.boolean({ error: 'complete must be true or false' }).optional(),
      }),
      { error: 'results must be a list of {fancy_id, result}' },
    )
    .max(500, 'results may name at most 500 fancies')
    .optional(),
  request_id: adminRequestId.optional(),
});

export const fancyIncompleteDecision = z.enum(['RESULT', 'AVERAGE', 'MIDPOINT', 'VOID', 'ALREADY_SETTLED']);

export const adminFancyIncompleteResult = z.object({
  match_id: z.number().int(),
  overs_bowled: z.number(),
  fancies: z.array(
    z.object({
      fancy_id: z.number().int(),
      name: z.string(),
      variant: fancyVariant,
      event_kind: z.string(),
      /** RESULT: its figure; AVERAGE: the competition's average; MIDPOINT: Meter; VOID: stakes returned. */
      decision: fancyIncompleteDecision,
      /** The value it was settled on (null: void or already settled). */
      value: z.number().int().nullable(),
      /** The settlement made (null when already settled or refused). */
      settlement: settlementSummary.nullable(),
      /** Why this fancy's settlement was refused (the others still settled), else null. */
      message: z.string().nullable(),
    }),
  ),
});
export type AdminFancyIncompleteResult = z.infer<typeof adminFancyIncompleteResult>;

/**
 * Settles a match-winner bookmaker market of a match that was not completed on spec §9's
 * comparison: the two teams' runs at 25 overs (ODI) or 10 overs (T20). Without `runs_at_mark`
 * the stored scoreboard is read, when it can tell.
 */
export const adminBookmakerIncompleteRequest = z.object({
  market_id: idInput,
  /**
   * Each team's runs at the comparison mark of its innings, in the match's team order (teams[0],
   * teams[1]); a team's final total if it was bowled out before the mark; null if its innings never
   * reached the mark.
   */
  runs_at_mark: z
    .array(
      z
        .number({ error: 'runs_at_mark must hold whole numbers or null' })
        .int('runs_at_mark must hold whole numbers or null')
        .min(0, 'runs_at_mark must be 0 or more')
        .max(100_000, 'runs_at_mark must be at most 100000')
        .nullable(),
      { error: 'runs_at_mark must be a list of two scores' },
    )
    .length(2, 'runs_at_mark must name both teams (two entries)')
    .optional(),
  request_id: adminRequestId.optional(),
});

export const adminBookmakerIncompleteResult = z.object({
  market_id: z.number().int(),
  format: cricketFormat,
  /** 10 (T20), 25 (ODI), null (Test: no comparison). */
  comparison_overs: z.number().int().nullable(),
  teams: z.array(z.string()),
  runs_at_mark: z.array(z.number().int().nullable()),
  /** WIN: `winner` won the comparison; TIE: equal runs, a dead heat of both teams; VOID: no comparison. */
  decision: z.enum(['WIN', 'TIE', 'VOID']),
  winner: z.string().nullable(),
  /** Where the scores came from. */
  source: z.enum(['OPERATOR', 'SCOREBOARD', 'NONE']),
  settlement: settlementSummary,
});
export type AdminBookmakerIncompleteResult = z.infer<typeof adminBookmakerIncompleteResult>;

export const adminFancyView = z.object({
  fancy_id: z.number().int(),
  status: fancyStatus,
  no_line: z.number().int().nullable(),
  no_rate: z.number().int().nullable(),
  yes_line: z.number().int().nullable(),
  yes_rate: z.number().int().nullable(),
  version: z.number().int(),
  result: z.number().int().nullable(),
  settled: z.boolean(),
});

export const adminBookmakerView = z.object({
  market_id: z.number().int(),
  status: quoteStatus,
  version: z.number().int(),
  runners: z.array(
    z.object({
      selection_id: z.number().int(),
      back_rate: z.number().int().nullable(),
      lay_rate: z.number().int().nullable(),
    }),
  ),
});
