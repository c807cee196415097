import { z } from 'zod';
import { marketStatus } from './catalog.ts';
import { documented, idInput, isoDateTime, plainText, textInput, TWO_DECIMALS } from './common.ts';
import { rupees } from './wallet.ts';

// Operator calls under /api/admin/ (operator role only; 403 for a bettor). Every call is audited
// (who, when, what was asked, what was answered). A call that carries a request_id is idempotent
// on it: the same operator sending the same action and request_id again gets the first answer and
// nothing changes. Without one, the calls are idempotent by their nature where they can be
// (setting a status it already has changes nothing) and refuse what would double money
// (settling a settled market is refused: unsettle it first).

/** The operator's idempotency key: 1–64 characters, letters, digits and -_.:/ */
export const adminRequestId = z
  .string({ error: 'request_id must be a string' })
  .min(1, 'request_id must be 1 to 64 characters')
  .max(64, 'request_id must be 1 to 64 characters')
  .regex(/^[A-Za-z0-9_.:/-]+$/, 'request_id may hold letters, digits and - _ . : / only');

/** Rupees with at most 2 decimals, positive, at most ₹1,00,00,00,000 (10^9) per call. */
export const ADMIN_MAX_AMOUNT_RUPEES = 1_000_000_000;
export const adminAmount = documented(
  z
    .number({ error: 'amount must be a number of rupees' })
    .positive('amount must be more than 0')
    .max(ADMIN_MAX_AMOUNT_RUPEES, `amount must be at most ${ADMIN_MAX_AMOUNT_RUPEES}`)
    .refine((v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
      message: 'amount must have at most 2 decimals',
    }),
  { add: TWO_DECIMALS },
);

export const adminMarketStatusRequest = z.object({
  market_id: idInput,
  status: z.enum(['OPEN', 'SUSPENDED', 'CLOSED'], {
    error: "status must be 'OPEN', 'SUSPENDED' or 'CLOSED'",
  }),
  request_id: adminRequestId.optional(),
});
export const adminMarketStatusResult = z.object({
  market_id: z.number().int(),
  status: marketStatus,
  version: z.number().int(),
});

export const adminMatchInPlayRequest = z.object({
  match_id: idInput,
  request_id: adminRequestId.optional(),
});
export const adminMatchInPlayResult = z.object({
  match_id: z.number().int(),
  in_play: z.boolean(),
  /** The match-odds markets turned in play (each with its in-play bet delay). */
  market_ids: z.array(z.number().int()),
});

export const adminMarketResultRequest = z.object({
  market_id: idInput,
  winners: z
    .array(idInput, { error: 'winners must be a list of selection ids' })
    .min(1, 'winners must name at least one selection')
    .max(20, 'winners may name at most 20 selections'),
  /** Dead heat among the winners: each pays on stake / dead_heat_count. Default 1. */
  dead_heat_count: z
    .number({ error: 'dead_heat_count must be a whole number' })
    .int('dead_heat_count must be a whole number')
    .min(1, 'dead_heat_count must be 1 or more')
    .max(20, 'dead_heat_count must be at most 20')
    .optional(),
  /**
   * A place market's dead heats for the last places paid: each group's runners (all among the
   * winners) share `places` places, each paying on stake × places / runners (two runners for one
   * place: half the stake at full odds). Not together with dead_heat_count above 1.
   */
  dead_heats: z
    .array(
      z.object({
        selection_ids: z
          .array(idInput, { error: 'dead_heats selection_ids must be a list of selection ids' })
          .min(2, 'a dead heat names at least 2 selections')
          .max(20, 'a dead heat names at most 20 selections'),
        places: z
          .number({ error: 'dead_heats places must be a whole number' })
          .int('dead_heats places must be a whole number')
          .min(1, 'dead_heats places must be 1 or more')
          .max(20, 'dead_heats places must be at most 20'),
      }),
      { error: 'dead_heats must be a list of {selection_ids, places}' },
    )
    .max(10, 'dead_heats may hold at most 10 groups')
    .optional(),
  request_id: adminRequestId.optional(),
});

/** A reduction factor, percent: 0 to 100 with at most 2 decimals (stored as basis points). */
export const reductionFactorPercent = documented(
  z
    .number({ error: 'reduction_factor must be a number (percent)' })
    .min(0, 'reduction_factor must be 0 or more')
    .max(100, 'reduction_factor must be at most 100')
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
      message: 'reduction_factor must have at most 2 decimals',
    }),
  { add: TWO_DECIMALS },
);

export const adminMarketRemoveRunnerRequest = z.object({
  market_id: idInput,
  /** The runner withdrawn (a horse racing non-runner): its bets are void. */
  selection_id: idInput,
  /** Its reduction factor, percent (25 = 25 %): the other runners' matched prices are reduced by it. */
  reduction_factor: reductionFactorPercent,
  request_id: adminRequestId.optional(),
});

/**
 * The operator's words on a void ("Match abandoned", "Wrong rate"), shown to bettors beside
 * "Void" on the match page, My Bets and the reports; optional, at most 120 characters.
 */
export const voidReason = z
  .string({ error: 'reason must be text' })
  .trim()
  .max(120, 'reason must be at most 120 characters')
  .check(plainText('reason'))
  .optional();

export const adminMarketVoidRequest = z.object({
  market_id: idInput,
  /** Void one runner's bets; without it the whole market is void. */
  selection_id: idInput.optional(),
  reason: voidReason,
  request_id: adminRequestId.optional(),
});

export const adminMarketVoidWindowRequest = z
  .object({
    market_id: idInput,
    /** Bets placed from this instant … */
    from: isoDateTime,
    /** … to this one (both inclusive) are void: the "wrong rate" rule. */
    to: isoDateTime,
    reason: voidReason,
    request_id: adminRequestId.optional(),
  })
  .refine((v) => Date.parse(v.from) <= Date.parse(v.to), {
    message: 'from must not be after to',
    path: ['from'],
  });

export const adminMarketUnsettleRequest = z.object({
  market_id: idInput,
  request_id: adminRequestId.optional(),
});

export const settlementMovementView = z.object({
  user_id: z.number().int(),
  kind: z.enum(['MARKET_WIN', 'MARKET_LOSS', 'COMMISSION']),
  /** Signed from the user's side: + credits the user, − debits. */
  amount: rupees,
});

/** Where a market's settlement stands after an operator call. */
export const settlementSummary = z.object({
  market_id: z.number().int(),
  /** OPEN: no result yet (or unsettled); SETTLED: money has moved for `generation`. */
  state: z.enum(['OPEN', 'SETTLED', 'UNSETTLED']),
  /** How many times the market has been settled (the transfers of the current one carry it). */
  generation: z.number().int(),
  winners: z.array(z.number().int()),
  /** A line market's (fancy's) declared result value; null for runner markets. */
  result_value: z.number().int().nullable().optional(),
  dead_heat_count: z.number().int(),
  void_market: z.boolean(),
  void_selections: z.array(z.number().int()),
  void_windows: z.array(z.object({ from: isoDateTime, to: isoDateTime })),
  /** Bets voided by id (exchange markets). */
  void_bets: z.array(z.number().int()),
  /** The runners removed with a reduction factor (percent), in removal order; absent from older servers. */
  removals: z
    .array(z.object({ selection_id: z.number().int(), reduction_factor: z.number().min(0).max(100) }))
    .optional(),
  bets_settled: z.number().int(),
  bets_void: z.number().int(),
  /** Σ commission taken (rupees). */
  commission: rupees,
  /** What the house gained (negative: paid out), rupees. */
  house: rupees,
  movements: z.array(settlementMovementView),
});
export type SettlementSummary = z.infer<typeof settlementSummary>;

export const adminWalletRequest = z.object({
  user_id: idInput,
  amount: adminAmount,
  /** Required: a repeated deposit or withdrawal with the same request_id moves nothing. */
  request_id: adminRequestId,
  memo: textInput('memo', { lines: true }).optional(),
});
export const adminWalletResult = z.object({
  user_id: z.number().int(),
  transfer_id: z.number().int(),
  balance: rupees,
  liability: rupees,
});

export const ledgerCheck = z.object({
  ok: z.boolean(),
  /** One readable sentence per broken invariant. */
  problems: z.array(z.string()),
  /**
   * Bettors whose holds are above their balance because an operator's void raised a hold after
   * the money had left (a debt, not a broken invariant): what each owes, in rupees.
   */
  owed: z.array(z.object({ user_id: z.number().int(), user_name: z.string(), amount: rupees })),
  checked: z.object({
    accounts: z.number().int(),
    transfers: z.number().int(),
    exposures: z.number().int(),
    users: z.number().int(),
  }),
});
export type LedgerCheck = z.infer<typeof ledgerCheck>;

// What the OpenAPI document states beyond zod's JSON Schema (common.ts `documented`).
documented(adminMarketVoidWindowRequest, { cross: [{ rule: 'order', a: 'from', b: 'to' }] });
