// The exchange module's own table beside the bets: the cash outs
// placed, so that a repeated request_id answers the first answer (docs/cash-out.md).
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tstz, paise } from '../../db/columns.ts';

/** One hedge bet of a cash out as it was placed (internal units: hundredths, paise). */
export type CashOutLegRow = {
  bet_id: number;
  selection_id: number;
  runner_name: string;
  side: 'BACK' | 'LAY';
  price: number;
  stake_paise: number;
};

export const exchangeCashOuts = pgTable(
  'exchange_cash_outs',
  {
    userId: integer('user_id').notNull(),
    requestId: text('request_id').notNull(),
    marketId: integer('market_id').notNull(),
    /** The profit (negative: loss) the cash out locked on every runner, paise. */
    profitPaise: bigint('profit_paise', { mode: 'number' }).notNull(),
    bets: jsonb('bets').$type<CashOutLegRow[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.requestId] })],
);

/**
 * A bet (an order): requested size and price, and how much of it is matched, still on the book
 * (remaining) or cancelled/lapsed. size = matched + remaining + cancelled. Money paise, price
 * hundredths. `seq` is its time priority in the market's book.
 */
export const bets = pgTable(
  'bets',
  {
    betId: bigserial('bet_id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    matchId: integer('match_id').notNull(),
    marketId: integer('market_id').notNull(),
    selectionId: integer('selection_id').notNull(),
    side: text('side', { enum: ['BACK', 'LAY'] }).notNull(),
    price: integer('price').notNull(),
    sizePaise: paise('size_paise').notNull(),
    matchedPaise: paise('matched_paise').notNull().default(0),
    remainingPaise: paise('remaining_paise').notNull(),
    /**
     * Still on the book (remaining > 0), kept by PostgreSQL. The resting index's predicate names
     * this column and not remaining_paise, so a partial fill (remaining changes, resting does not)
     * touches no indexed column and is a HOT update: no new entry in any of the table's indexes.
     */
    resting: boolean('resting')
      .notNull()
      .generatedAlwaysAs(sql`remaining_paise > 0`),
    cancelledPaise: paise('cancelled_paise').notNull().default(0),
    /** Σ fill size × fill price (paise × hundredths): average price = matched_value / matched. */
    matchedValue: bigint('matched_value', { mode: 'number' }).notNull().default(0),
    /** What placing it matched at once (the answer a repeated request_id gets). */
    placedMatchedPaise: paise('placed_matched_paise').notNull().default(0),
    placedMatchedValue: bigint('placed_matched_value', { mode: 'number' }).notNull().default(0),
    persistence: text('persistence', { enum: ['LAPSE', 'PERSIST'] })
      .notNull()
      .default('LAPSE'),
    /** How the unmatched rest ended, when it did not match: cancelled by the bettor or lapsed. */
    endReason: text('end_reason', { enum: ['CANCELLED', 'LAPSED'] }),
    /** VOIDED / SETTLED once the market is settled; null while open. */
    settledStatus: text('settled_status', { enum: ['VOIDED', 'SETTLED'] }),
    /** The settled bet's result (all its fills together): WON, LOST or VOID; null until settled. */
    result: text('result', { enum: ['WON', 'LOST', 'VOID'] }),
    /** Σ of its fills' settled profit (negative for a loss) before commission, paise; null until settled. */
    profitLossPaise: paise('profit_loss_paise'),
    settledAt: tstz('settled_at'),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    requestId: text('request_id').notNull(),
    placedAt: tstz('placed_at').notNull(),
    updatedAt: tstz('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('bets_user_request_key').on(t.userId, t.requestId),
    uniqueIndex('bets_market_seq_key').on(t.marketId, t.seq),
    index('bets_resting_idx')
      .on(t.marketId)
      .where(sql`${t.resting}`),
    index('bets_user_placed_idx').on(t.userId, t.placedAt),
    index('bets_user_match_idx').on(t.userId, t.matchId),
    index('bets_user_settled_idx').on(t.userId, t.settledAt),
    check('bets_side_check', sql`${t.side} in ('BACK', 'LAY')`),
    check('bets_price_check', sql`${t.price} between 101 and 100000`),
    check(
      'bets_amounts_check',
      sql`${t.sizePaise} > 0 and ${t.matchedPaise} >= 0 and ${t.remainingPaise} >= 0 and ${t.cancelledPaise} >= 0 and ${t.matchedPaise} + ${t.remainingPaise} + ${t.cancelledPaise} = ${t.sizePaise}`,
    ),
  ],
);

/** One match between a back bet and a lay bet at the maker's price. */
export const fills = pgTable(
  'fills',
  {
    fillId: bigserial('fill_id', { mode: 'number' }).primaryKey(),
    marketId: integer('market_id').notNull(),
    selectionId: integer('selection_id').notNull(),
    price: integer('price').notNull(),
    sizePaise: paise('size_paise').notNull(),
    // No foreign keys on this table or on bets: the round checks what they checked, once per
    // write (migration 0043; batch.ts `assertRowsOfMarket`).
    backBetId: bigint('back_bet_id', { mode: 'number' }).notNull(),
    layBetId: bigint('lay_bet_id', { mode: 'number' }).notNull(),
    backUserId: integer('back_user_id').notNull(),
    layUserId: integer('lay_user_id').notNull(),
    /** The bet that arrived and took the resting one. */
    takerBetId: bigint('taker_bet_id', { mode: 'number' }).notNull(),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [
    index('fills_market_back_user_idx').on(t.marketId, t.backUserId),
    index('fills_market_lay_user_idx').on(t.marketId, t.layUserId),
    check('fills_size_check', sql`${t.sizePaise} > 0`),
  ],
);
