// The racing module's own tables. Their foreign keys (match_id →
// matches, the market and selection ids → markets and runners) live in migration 0018: a module's
// schema names no other module's table.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { tstz } from '../../db/columns.ts';

export const RACE_STATES = ['OPEN', 'OFF', 'FINISHED', 'RESULTED', 'VOID'] as const;
export const RACE_VOID_REASONS = ['ABANDONED', 'WALKOVER', 'VENUE_CHANGED', 'NOT_RUN_ON_DAY'] as const;

/** One finishing position of a weighed-in result: several numbers are a dead heat for it. */
export type StoredPlacing = { position: number; numbers: number[] };

/**
 * A race: its match (the meeting's series, venue, country, the off as start time), its card's
 * conditions, where it is in its day, and its WIN and PLACE exchange markets.
 */
export const races = pgTable(
  'races',
  {
    matchId: integer('match_id').primaryKey(),
    sportId: integer('sport_id').notNull(),
    distance: text('distance').notNull(),
    going: text('going').notNull(),
    surface: text('surface').notNull(),
    /** Places the PLACE market pays; 1: no PLACE market (four runners or fewer). */
    placesPaid: integer('places_paid').notNull(),
    state: text('state', { enum: RACE_STATES }).notNull().default('OPEN'),
    voidReason: text('void_reason', { enum: RACE_VOID_REASONS }),
    /** The weighed-in result, best first; null until resulted. */
    result: jsonb('result').$type<StoredPlacing[]>(),
    winMarketId: integer('win_market_id').notNull(),
    placeMarketId: integer('place_market_id'),
    offAt: tstz('off_at'),
    finishedAt: tstz('finished_at'),
    resultedAt: tstz('resulted_at'),
    updatedAt: tstz('updated_at').notNull(),
  },
  (t) => [
    index('races_sport_idx').on(t.sportId),
    check('races_state_check', sql`${t.state} in ('OPEN', 'OFF', 'FINISHED', 'RESULTED', 'VOID')`),
    check(
      'races_void_reason_check',
      sql`(${t.state} = 'VOID') = (${t.voidReason} is not null) and (${t.voidReason} is null or ${t.voidReason} in ('ABANDONED', 'WALKOVER', 'VENUE_CHANGED', 'NOT_RUN_ON_DAY'))`,
    ),
    check('races_places_paid_check', sql`${t.placesPaid} between 1 and 4`),
    check('races_place_market_check', sql`(${t.placesPaid} > 1) = (${t.placeMarketId} is not null)`),
  ],
);

/**
 * A runner of a race's card: saddle cloth (or trap) number, the card's fields, its selections in
 * the WIN and PLACE markets, and — once withdrawn — its reduction factors (basis points).
 */
export const raceRunners = pgTable(
  'race_runners',
  {
    matchId: integer('match_id').notNull(),
    number: integer('number').notNull(),
    name: text('name').notNull(),
    /** CSS colours: the silks (body first), or the trap's colours. */
    colours: jsonb('colours').$type<string[]>().notNull(),
    jockey: text('jockey'),
    trainer: text('trainer').notNull(),
    weight: text('weight'),
    draw: integer('draw'),
    form: text('form').notNull(),
    age: integer('age'),
    winSelectionId: integer('win_selection_id').notNull(),
    placeSelectionId: integer('place_selection_id'),
    nonRunner: boolean('non_runner').notNull().default(false),
    winRfBp: integer('win_rf_bp'),
    placeRfBp: integer('place_rf_bp'),
    removedAt: tstz('removed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.matchId, t.number] }),
    check('race_runners_number_check', sql`${t.number} between 1 and 40`),
    check(
      'race_runners_rf_check',
      sql`${t.nonRunner} = (${t.winRfBp} is not null) and coalesce(${t.winRfBp}, 0) between 0 and 10000 and coalesce(${t.placeRfBp}, 0) between 0 and 10000`,
    ),
  ],
);
