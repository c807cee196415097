// The exchange module's own table beside the bets (re-exported by db/schema.ts): the cash outs
// placed, so that a repeated request_id answers the first answer (docs/cash-out.md).
import { bigint, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

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
