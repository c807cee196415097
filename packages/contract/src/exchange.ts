import { z } from 'zod';
import { binaryInstrumentHead } from './binary-head.ts';
import { fantasyLeaderboard } from './fantasy.ts';
import { casinoRoundHead } from './casino.ts';
import { marketStatus } from './catalog.ts';
import { clientRequestId, flag, idInput, isoDateTime, marketKind, plainText, textInput } from './common.ts';
import { rupees } from './wallet.ts';

// ---- prices and runners (odds are decimal numbers on the wire, sizes rupees) ----

/** One level of a ladder: decimal odds and the rupees available there. */
export const priceSize = z.object({ price: z.number(), size: rupees });
export type PriceSize = z.infer<typeof priceSize>;

export const runnerStatus = z.enum(['ACTIVE', 'WINNER', 'LOSER', 'REMOVED']);
export type RunnerStatus = z.infer<typeof runnerStatus>;

export const marketRunner = z.object({
  selection_id: z.number().int(),
  name: z.string(),
  status: runnerStatus,
  /** Up to 3 best prices a bettor can BACK at (resting lays), highest first. */
  back: z.array(priceSize),
  /** Up to 3 best prices a bettor can LAY at (resting backs), lowest first. */
  lay: z.array(priceSize),
  /** The caller's matched profit (or loss, negative) in rupees if this runner wins; 0 when none. */
  position: rupees,
  /**
   * What rounding `position` down dropped, in hundredths of a paisa (0..99): the exact position is
   * position + position_rest / 10000 rupees. Lets the slip add a new bet exactly (one rounding per
   * runner, as the server). Optional: absent from older servers (taken as 0).
   */
  position_rest: z.number().int().min(0).max(99).optional(),
  /**
   * A removed runner's (horse racing non-runner's) reduction factor, percent (25 = 25 %): the
   * prices of bets on the other runners matched before its removal were reduced by it. Present
   * on a REMOVED runner only (0 for a plain runner void).
   */
  reduction_factor: z.number().min(0).max(100).optional(),
  /**
   * The operator's words on this runner's void (a REMOVED runner); null or absent: none given,
   * or not void.
   */
  void_reason: z.string().nullable().optional(),
});
export type MarketRunner = z.infer<typeof marketRunner>;

export const marketDetail = z.object({
  market_id: z.number().int(),
  market_name: z.string(),
  market_type: z.string(),
  status: marketStatus,
  in_play: z.boolean(),
  /** Seconds an in-play bet waits before it is matched. */
  bet_delay: z.number().int(),
  /** Moves on every status change; a bet may send it to be refused when the market moved on. */
  version: z.number().int(),
  /** Rupees. */
  min_stake: rupees,
  /** Rupees. */
  max_stake: rupees,
  /**
   * How many runners win: 1 (one winner of n), or the places a place market pays (any k of n
   * placed). With k > 1 a runner's `position` is its own bets' profit if it is placed.
   */
  winners: z.number().int().min(1),
  /**
   * The operator voided the whole market: every bet on it is void, every stake returned, and
   * each runner's `position` is 0. `void_reason`: the operator's words (null: none given).
   */
  voided: z.boolean().optional(),
  void_reason: z.string().nullable().optional(),
  runners: z.array(marketRunner),
});
export type MarketDetail = z.infer<typeof marketDetail>;

export const matchDetail = z.object({
  match_id: z.number().int(),
  match_name: z.string(),
  match_Date: isoDateTime,
  sport_id: z.number().int(),
  sport_name: z.string(),
  series_name: z.string(),
  in_play: z.boolean(),
  /** The finished event's result ("India won by 6 wickets"); null or absent while it is not over. */
  result: z.string().nullable().optional(),
  markets: z.array(marketDetail),
});
export type MatchDetail = z.infer<typeof matchDetail>;

export const getMatchDetailRequest = z.object({ match_id: idInput });

// ---- bets ----

/** Decimal odds as a number or a numeric string; the server checks them against the ladder. */
const oddsInput = z.union(
  [
    z.number().positive(),
    z
      .string()
      .trim()
      .regex(/^\d{1,4}(\.\d{1,2})?$/)
      .transform(Number),
  ],
  { error: 'odds must be a decimal number like 2.5' },
);

/** Rupees (up to 2 decimals) as a number or a numeric string. */
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

/** One order's own fields: a bet of placeMarketBet, or an order of a batch (placeOrders). */
const orderFields = {
  selection_id: idInput,
  /** '1' back, '0' lay. */
  is_back: flag,
  odds: oddsInput,
  /** The stake in rupees. */
  stack: stakeInput,
  /** The client's id for this bet: the same id twice returns the first result and places nothing. */
  request_id: clientRequestId,
  /** Keep the unmatched part when the market goes in play (PERSIST); lapse it by default. */
  keep_in_play: z.boolean().optional(),
};

export const placeMarketBetRequest = z.object({
  match_id: idInput,
  market_id: idInput,
  ...orderFields,
  /** The market version the client saw; refused if the market moved on since. */
  version: z.number().int().optional(),
});
export type PlaceMarketBetRequest = z.input<typeof placeMarketBetRequest>;

export const placeStatus = z.enum(['MATCHED', 'PARTIAL', 'UNMATCHED']);
export type PlaceStatus = z.infer<typeof placeStatus>;

export const placeMarketBetResult = z.object({
  bet_id: z.number().int(),
  status: placeStatus,
  size_matched: rupees,
  size_remaining: rupees,
  /** Decimal odds; 0 when nothing matched. */
  average_price_matched: z.number(),
});
export type PlaceMarketBetResult = z.infer<typeof placeMarketBetResult>;

export const cancelBetRequest = z.union(
  [z.object({ bet_id: idInput }).strict(), z.object({ market_id: idInput }).strict()],
  { error: 'bet_id or market_id must be given, a whole number (one of them, nothing else)' },
);
export type CancelBetRequest = z.input<typeof cancelBetRequest>;

export const cancelBetResult = z.object({
  cancelled: z.number().int(),
  /** Rupees of unmatched stake cancelled. */
  size_cancelled: rupees,
});
export type CancelBetResult = z.infer<typeof cancelBetResult>;

// ---- batches of orders on one market (issue 46: programs) ----

/** Orders (or bets to cancel) in one batch call. */
export const BATCH_ORDERS_MAX = 50;

/** One order of a batch: placeMarketBet's fields less the market's. */
export const batchOrder = z.object(orderFields);

export const placeOrdersRequest = z.object({
  match_id: idInput,
  market_id: idInput,
  orders: z
    .array(batchOrder, { error: `orders must be a list of 1 to ${BATCH_ORDERS_MAX} orders` })
    .min(1, `orders must be a list of 1 to ${BATCH_ORDERS_MAX} orders`)
    .max(BATCH_ORDERS_MAX, `orders must be a list of 1 to ${BATCH_ORDERS_MAX} orders`),
});
export type PlaceOrdersRequest = z.input<typeof placeOrdersRequest>;

/** Each order's own answer, in the request's order: placed (with placeMarketBet's result) or refused in words. */
export const placeOrdersResult = z.object({
  orders: z.array(
    z.object({
      request_id: z.string(),
      placed: z.boolean(),
      /** Why it was refused; null when placed. */
      message: z.string().nullable(),
      /** The placement (or the first one, for a request_id placed before); null when refused. */
      result: placeMarketBetResult.nullable(),
    }),
  ),
});
export type PlaceOrdersResult = z.infer<typeof placeOrdersResult>;

export const cancelOrdersRequest = z.object({
  market_id: idInput,
  bet_ids: z
    .array(idInput, { error: `bet_ids must be a list of 1 to ${BATCH_ORDERS_MAX} bet ids` })
    .min(1, `bet_ids must be a list of 1 to ${BATCH_ORDERS_MAX} bet ids`)
    .max(BATCH_ORDERS_MAX, `bet_ids must be a list of 1 to ${BATCH_ORDERS_MAX} bet ids`),
});
export type CancelOrdersRequest = z.input<typeof cancelOrdersRequest>;

/** Each bet's own answer, in the request's order. */
export const cancelOrdersResult = z.object({
  bets: z.array(
    z.object({
      bet_id: z.number().int(),
      cancelled: z.boolean(),
      /** Rupees of unmatched stake cancelled (0 when refused). */
      size_cancelled: rupees,
      /** Why nothing was cancelled; null when something was. */
      message: z.string().nullable(),
    }),
  ),
});
export type CancelOrdersResult = z.infer<typeof cancelOrdersResult>;

// ---- price history (issue 45) ----

/** At most this many steps per runner: a longer market's steps are wider than a minute. */
export const PRICE_HISTORY_STEPS_MAX = 240;

export const getPriceHistoryRequest = z.object({ market_id: idInput });
export type GetPriceHistoryRequest = z.input<typeof getPriceHistoryRequest>;

export const priceHistoryPoint = z.object({
  /** The step's start. */
  at: isoDateTime,
  /** The last traded price in the step (decimal odds). */
  price: z.number(),
  /** The stake matched on the runner in the step, rupees. */
  volume: rupees,
});

/** An exchange market's last traded price over time, from its fills: steps with trades only. */
export const priceHistory = z.object({
  market_id: z.number().int(),
  /** One step's width, seconds: a minute, or wider when the market traded over more than PRICE_HISTORY_STEPS_MAX minutes. */
  step_s: z.number().int(),
  runners: z.array(
    z.object({
      selection_id: z.number().int(),
      name: z.string(),
      points: z.array(priceHistoryPoint),
    }),
  ),
});
export type PriceHistory = z.infer<typeof priceHistory>;

// ---- cash out (issue 21) ----

export const getCashOutRequest = z.object({ market_id: idInput });
export type GetCashOutRequest = z.input<typeof getCashOutRequest>;

/** One bet of a cash out's hedge: decimal odds, stake in rupees. */
export const cashOutBet = z.object({
  selection_id: z.number().int(),
  runner_name: z.string(),
  side: z.enum(['BACK', 'LAY']),
  /** Decimal odds: the best price available now on that side. */
  price: z.number(),
  /** Rupees. */
  stake: rupees,
});
export type CashOutBet = z.infer<typeof cashOutBet>;

/**
 * The hedge that leaves the caller's matched position on an exchange market the same whatever
 * wins, at the best prices available now (docs/cash-out.md). `available` false: `message` says why
 * (no matched position, unmatched bets, no price, short liquidity, below the minimum stake, market
 * not open) and `bets` is empty.
 */
export const cashOutQuote = z.object({
  market_id: z.number().int(),
  available: z.boolean(),
  message: z.string().optional(),
  bets: z.array(cashOutBet),
  /** Rupees: the equal profit (negative: loss) on every runner after the bets; 0 when not available. */
  profit: rupees,
  /** The market's version (moves on every status change). */
  version: z.number().int(),
});
export type CashOutQuote = z.infer<typeof cashOutQuote>;

export const cashOutRequest = z.object({
  market_id: idInput,
  /** The client's id for this cash out: the same id twice returns the first answer, places nothing. */
  request_id: clientRequestId,
  /**
   * The figure the caller accepted (rupees, from getCashOut): refused, with the quote now, when the
   * cash out would lock less than this.
   */
  profit: z.number({ error: 'profit must be the cash-out figure in rupees' }).finite(),
});
export type CashOutRequest = z.input<typeof cashOutRequest>;

/**
 * A cash out's answer. Placed: `bets` (with their bet ids, each matched in full) and the `profit`
 * locked on every runner. Refused (status false, the message says why): `bets` empty, `profit` 0
 * and `quote` the cash out available now (what a new click would try).
 */
export const cashOutResult = z.object({
  market_id: z.number().int(),
  bets: z.array(cashOutBet.extend({ bet_id: z.number().int() })),
  /** Rupees. */
  profit: rupees,
  /** On a refusal only: the quote now. */
  quote: cashOutQuote.optional(),
});
export type CashOutResult = z.infer<typeof cashOutResult>;

export const betStatus = z.enum([
  'MATCHED',
  'PARTIAL',
  'UNMATCHED',
  'CANCELLED',
  'LAPSED',
  'VOIDED',
  'SETTLED',
]);
export type BetStatus = z.infer<typeof betStatus>;

/**
 * A bet of any kind as the reports list it (current bets, bet history, a match's bets). `kind`
 * says which: EXCHANGE an exchange bet (may rest unmatched); BOOKMAKER and FANCY a bet the house
 * took whole at its quoted rate (always fully matched, never cancelled or lapsed). bet_id is unique
 * within its kind: (kind, bet_id) names a bet.
 */
export const bet = z.object({
  bet_id: z.number().int(),
  /** Absent on an older payload: an exchange bet. */
  kind: marketKind.default('EXCHANGE'),
  match_id: z.number().int(),
  match_name: z.string(),
  sport_id: z.number().int(),
  market_id: z.number().int(),
  market_name: z.string(),
  /** The runner; null for a fancy bet (it has no runner). */
  selection_id: z.number().int().nullable(),
  /** The runner's name; a fancy bet's side and line: "Yes 46", "No 45", "Yes 150-159", "Odd", "Even". */
  selection_name: z.string(),
  /** '1' back (a fancy's Yes, and both sides of an Odd/Even fancy, which are backs), '0' lay (No). */
  is_back: flag,
  /** A fancy bet's line (runs); null for other kinds and for an Odd/Even fancy (no line). */
  line: z.number().int().nullable().default(null),
  /** A bookmaker or fancy bet's quoted rate per 100; null for an exchange bet. */
  rate: z.number().int().nullable().default(null),
  /** Requested decimal odds (bookmaker and fancy: 1 + rate/100, what the rate pays). */
  odds: z.number(),
  /** Requested stake, rupees. */
  stack: rupees,
  size_matched: rupees,
  size_remaining: rupees,
  size_cancelled: rupees,
  average_price_matched: z.number(),
  status: betStatus,
  /**
   * The operator's words on the void that voided this bet (status VOIDED); null or absent: none
   * given, or not void.
   */
  void_reason: z.string().nullable().optional(),
  persistence: z.enum(['LAPSE', 'PERSIST']),
  placed_at: isoDateTime,
  updated_at: isoDateTime,
});
export type Bet = z.infer<typeof bet>;

export const CURRENT_BETS_PAGE_SIZE = 20;

export const getCurrentBetsRequest = z.object({
  /**
   * The caller's bets of every kind on markets not yet settled: M matched (in part or whole; every
   * bookmaker and fancy bet), U unmatched (in part or whole), D cancelled or lapsed (in part).
   */
  bet_type: z.enum(['M', 'U', 'D'], { error: "bet_type must be 'M', 'U' or 'D'" }),
  page: z.number().int().min(1, 'page must be 1 or more').default(1),
  /** Match, market or runner name contains this text (case-insensitive). */
  search: textInput('search').optional(),
});

export const currentBets = z.object({
  bets: z.array(bet),
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
});
export type CurrentBets = z.infer<typeof currentBets>;

export const getMatchBetsRequest = z.object({ match_id: idInput });

export const matchBets = z.object({ matched: z.array(bet), unmatched: z.array(bet) });
export type MatchBets = z.infer<typeof matchBets>;

// ---- WebSocket /ws ----

export const WS_MAX_SUBSCRIPTIONS = 50;

export const runnerLevels = z.object({
  selection_id: z.number().int(),
  status: runnerStatus,
  back: z.array(priceSize),
  lay: z.array(priceSize),
  /** Matched rupees on this runner (each match counted once). */
  traded_volume: rupees,
});
export type RunnerLevels = z.infer<typeof runnerLevels>;

export const marketImage = z.object({
  market_id: z.number().int(),
  status: marketStatus,
  in_play: z.boolean(),
  version: z.number().int(),
  runners: z.array(runnerLevels),
});
export type MarketImage = z.infer<typeof marketImage>;

export const marketDelta = z.object({
  market_id: z.number().int().optional(),
  status: marketStatus.optional(),
  in_play: z.boolean().optional(),
  version: z.number().int().optional(),
  /** Only the runners that changed, each with its full top-3 back and lay. */
  runners: z.array(runnerLevels).optional(),
});
export type MarketDelta = z.infer<typeof marketDelta>;

const marketIds = z
  .array(z.number().int())
  .max(WS_MAX_SUBSCRIPTIONS, `at most ${WS_MAX_SUBSCRIPTIONS} markets`);

export const wsClientMessage = z.discriminatedUnion('op', [
  z.object({ op: z.literal('auth'), token: z.string().min(1).max(512).check(plainText('token')) }),
  z.object({ op: z.literal('subscribe'), market_ids: marketIds }),
  z.object({ op: z.literal('unsubscribe'), market_ids: marketIds }),
  /** Ask again for a full image (after a gap in seq). */
  z.object({ op: z.literal('image'), market_id: z.number().int() }),
  /** Ask for `{type:'heartbeat'}` every few seconds, so a silent connection can be told from a quiet market. */
  z.object({ op: z.literal('heartbeat') }),
  /** Follow casino tables' rounds (`casino` messages); at most 50 ids per message. */
  z.object({ op: z.literal('subscribe_casino'), match_ids: marketIds }),
  z.object({ op: z.literal('unsubscribe_casino'), match_ids: marketIds }),
  /** Follow binary instruments (`binary` messages: every tick, line move and state change); at most 50 ids per message. */
  z.object({ op: z.literal('subscribe_binary'), match_ids: marketIds }),
  z.object({ op: z.literal('unsubscribe_binary'), match_ids: marketIds }),
  /** Follow fantasy contests' leaderboards (`fantasy` messages after every ball that moves points); at most 50 ids. */
  z.object({ op: z.literal('subscribe_fantasy'), contest_ids: marketIds }),
  z.object({ op: z.literal('unsubscribe_fantasy'), contest_ids: marketIds }),
]);
export type WsClientMessage = z.infer<typeof wsClientMessage>;

export const wsServerMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('image'),
    market_id: z.number().int(),
    /** Starts at 1 per market and grows by 1 per message for that market. */
    seq: z.number().int(),
    /** The clock token of this state (`<epoch>.<seq>`): a program resumes from it (docs/trading-api.md). */
    clk: z.string().optional(),
    /** Sent in place of the deltas a slow reader missed (the stream for programs conflates). */
    conflated: z.boolean().optional(),
    market: marketImage,
  }),
  z.object({
    type: z.literal('delta'),
    market_id: z.number().int(),
    seq: z.number().int(),
    clk: z.string().optional(),
    market: marketDelta,
  }),
  /** One of the user's bets on this market changed (filled, cancelled, lapsed): refetch them. */
  z.object({ type: z.literal('bets'), market_id: z.number().int() }),
  z.object({ type: z.literal('error'), message: z.string() }),
  /** Sent every few seconds to sockets that asked (`{op:'heartbeat'}`); `at` is the server's clock (ms). */
  z.object({ type: z.literal('heartbeat'), at: z.number().int() }),
  /** A followed casino table's round changed (window opened, closed, a card dealt, result, void): the whole head. */
  z.object({ type: z.literal('casino'), round: casinoRoundHead }),
  /** A followed binary instrument ticked, moved its line or changed state: its whole head (the chart appends last_tick). */
  z.object({ type: z.literal('binary'), instrument: binaryInstrumentHead }),
  /** A followed fantasy contest's leaderboard changed: its top rows (`mine` is false: the client marks its own entries). */
  z.object({ type: z.literal('fantasy'), board: fantasyLeaderboard }),
]);
export type WsServerMessage = z.infer<typeof wsServerMessage>;
