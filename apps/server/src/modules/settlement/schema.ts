// The settlement module's own tables: a market's settlement state
// and its management voids, written only by modules/settlement. Their foreign keys (market_id →
// markets, selection_id → runners, settled_by and created_by → users) live in migration 0003:
// a module's schema names no other module's table.
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
import { tstz } from '../../db/columns.ts';

/**
 * The settlement state of a market. `generation` counts settlements: the ledger transfers of
 * generation g carry `/g{g}` in their idempotency keys, so an unsettle reverses exactly them and
 * a re-settlement writes new ones. `result` is the declared result (null while none is declared
 * or after an unsettle); `void_market` voids every bet.
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
 * one bet (bet_id: the exchange's bets.bet_id).
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
