// The markets module's own tables: the market, its runners, its settlement state and its
// management voids (issue 42: the market has one owner; settlement asks the lifecycle to record
// them). A module's schema names no other module's table: the foreign keys to other modules'
// tables live in the migrations (apps/server/drizzle/).
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tstz, paise } from '../../db/columns.ts';

export const markets = pgTable(
  'markets',
  {
    marketId: serial('market_id').primaryKey(),
    matchId: integer('match_id').notNull(),
    marketName: text('market_name').notNull(),
    marketType: text('market_type').notNull(),
    /** Which kind module owns the market's bets and settlement (src/kinds.ts). */
    marketKind: text('market_kind', { enum: ['EXCHANGE', 'BOOKMAKER', 'FANCY', 'CASINO', 'BINARY'] })
      .notNull()
      .default('EXCHANGE'),
    status: text('status', { enum: ['OPEN', 'SUSPENDED', 'CLOSED', 'INACTIVE'] })
      .notNull()
      .default('OPEN'),
    inPlay: boolean('in_play').notNull().default(false),
    betDelayS: integer('bet_delay_s').notNull().default(0),
    /** Moves on every status change, suspension or runner removal. */
    version: integer('version').notNull().default(1),
    minStakePaise: paise('min_stake_paise').notNull().default(10_000),
    maxStakePaise: paise('max_stake_paise').notNull().default(50_000_000),
    /** Commission on net winnings in basis points (200 = 2%). */
    commissionBps: integer('commission_bps').notNull().default(200),
    startTime: tstz('start_time').notNull(),
    /** Time priority (seq) the next resting bet of this market gets. */
    nextSeq: bigint('next_seq', { mode: 'number' }).notNull().default(1),
    /**
     * Its outcome space (engine RunnerOutcomes): how many runners win. 1: one winner of n; a
     * race's place market: the places it pays (any k of n placed). Exposure is the worst outcome.
     */
    winners: integer('winners').notNull().default(1),
  },
  (t) => [
    index('markets_match_idx').on(t.matchId),
    check('markets_status_check', sql`${t.status} in ('OPEN', 'SUSPENDED', 'CLOSED', 'INACTIVE')`),
    check(
      'markets_kind_check',
      sql`${t.marketKind} in ('EXCHANGE', 'BOOKMAKER', 'FANCY', 'CASINO', 'BINARY')`,
    ),
    check('markets_stakes_check', sql`${t.minStakePaise} > 0 and ${t.maxStakePaise} >= ${t.minStakePaise}`),
    check('markets_commission_check', sql`${t.commissionBps} between 0 and 10000`),
    check('markets_bet_delay_check', sql`${t.betDelayS} >= 0`),
    check('markets_winners_check', sql`${t.winners} between 1 and 16`),
  ],
);

export const runners = pgTable(
  'runners',
  {
    selectionId: serial('selection_id').primaryKey(),
    marketId: integer('market_id')
      .notNull()
      .references(() => markets.marketId),
    name: text('name').notNull(),
    status: text('status', { enum: ['ACTIVE', 'WINNER', 'LOSER', 'REMOVED'] })
      .notNull()
      .default('ACTIVE'),
    sortOrder: integer('sort_order').notNull(),
    /** Matched stake on this runner, each match counted once (back side), paise. */
    tradedPaise: paise('traded_paise').notNull().default(0),
  },
  (t) => [
    uniqueIndex('runners_market_order_key').on(t.marketId, t.sortOrder),
    check('runners_status_check', sql`${t.status} in ('ACTIVE', 'WINNER', 'LOSER', 'REMOVED')`),
  ],
);

/**
 * The settlement state of a market. `generation` counts settlements: the ledger transfers of
 * generation g carry `/g{g}` in their idempotency keys, so an unsettle reverses exactly them and
 * a re-settlement writes new ones. `result` is the declared result (null while none is declared
 * or after an unsettle); `void_market` voids every bet. Written only through the lifecycle's
 * `recordSettlement` (lifecycle.ts), which refuses a step the settlement machine does not allow.
 */
export const marketSettlements = pgTable(
  'market_settlements',
  {
    marketId: integer('market_id').primaryKey(),
    state: text('state', { enum: ['SETTLED', 'UNSETTLED'] }).notNull(),
    generation: integer('generation').notNull(),
    result: jsonb('result').$type<
      | {
          winners: number[];
          dead_heat_count: number;
          /** A place market's dead heats for the last places (runners sharing `places` places). */
          dead_heats?: { selection_ids: number[]; places: number }[];
        }
      | { value: number; how: 'RESULT' | 'AVERAGE' | 'MIDPOINT'; dead_heat_count?: number }
      | null
    >(),
    voidMarket: boolean('void_market').notNull().default(false),
    /** The operator's words on a whole market's void, shown to bettors beside "Void"; null: none. */
    voidReason: text('void_reason'),
    settledAt: tstz('settled_at'),
    settledBy: integer('settled_by'),
    updatedAt: tstz('updated_at').notNull(),
  },
  (t) => [
    check('market_settlements_state_check', sql`${t.state} in ('SETTLED', 'UNSETTLED')`),
    check('market_settlements_generation_check', sql`${t.generation} >= 0`),
  ],
);

/**
 * Management voids of part of a market, applied whenever it is settled: one runner
 * (selection_id), the bets placed in a time window [from_at, to_at] (the "wrong rate" rule), or
 * one bet (bet_id: the exchange's bets.bet_id). Written only through the lifecycle's
 * `recordVoids` (lifecycle.ts).
 */
export const marketVoids = pgTable(
  'market_voids',
  {
    voidId: serial('void_id').primaryKey(),
    marketId: integer('market_id').notNull(),
    kind: text('kind', { enum: ['SELECTION', 'WINDOW', 'BET'] }).notNull(),
    selectionId: integer('selection_id'),
    betId: bigint('bet_id', { mode: 'number' }),
    fromAt: tstz('from_at'),
    toAt: tstz('to_at'),
    /**
     * A removed runner's (horse racing non-runner's) reduction factor, basis points (2500 = 25 %);
     * 0 for a plain runner void and for every other void. The prices it reduced are in the fills.
     */
    reductionBp: integer('reduction_bp').notNull().default(0),
    /** The market's version a runner's removal moved it to (null: other voids, older rows). */
    marketVersion: integer('market_version'),
    /** The operator's words on this void, shown to bettors beside "Void"; null: none given. */
    reason: text('reason'),
    createdBy: integer('created_by'),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [
    index('market_voids_market_idx').on(t.marketId),
    check(
      'market_voids_reduction_check',
      sql`${t.reductionBp} between 0 and 10000 and (${t.reductionBp} = 0 or ${t.kind} = 'SELECTION')`,
    ),
    check(
      'market_voids_shape_check',
      sql`(${t.kind} = 'SELECTION' and ${t.selectionId} is not null) or (${t.kind} = 'WINDOW' and ${t.fromAt} is not null and ${t.toAt} is not null and ${t.fromAt} <= ${t.toAt}) or (${t.kind} = 'BET' and ${t.betId} is not null)`,
    ),
    uniqueIndex('market_voids_bet_key').on(t.marketId, t.betId),
  ],
);
