// The catalog module's own tables. A module's schema names no other module's table: the foreign
// keys to other modules' tables live in the migrations (apps/server/drizzle/).
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { tstz } from '../../db/columns.ts';

export const sports = pgTable('sports', {
  /** The spec's ids (1 Football, 4 Cricket, …), not generated. */
  sportId: integer('sport_id').primaryKey(),
  name: text('name').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
  isRacing: boolean('is_racing').notNull().default(false),
});

export const series = pgTable(
  'series',
  {
    seriesId: serial('series_id').primaryKey(),
    sportId: integer('sport_id')
      .notNull()
      .references(() => sports.sportId),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('series_sport_idx').on(t.sportId)],
);

export const matches = pgTable(
  'matches',
  {
    matchId: serial('match_id').primaryKey(),
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.seriesId),
    sportId: integer('sport_id')
      .notNull()
      .references(() => sports.sportId),
    matchName: text('match_name').notNull(),
    /** Two-letter country code, null when the event has none. */
    country: text('country'),
    /** Racing venue (meeting), null otherwise. */
    venue: text('venue'),
    startTime: tstz('start_time').notNull(),
    openDate: tstz('open_date').notNull(),
    inPlay: boolean('in_play').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    /** The finished event's result as bettors read it; null while it is not over (writes.ts). */
    resultText: text('result_text'),
  },
  (t) => [
    index('matches_series_idx').on(t.seriesId),
    index('matches_sport_start_idx').on(t.sportId, t.startTime),
  ],
);

export const cups = pgTable('cups', {
  cupId: serial('cup_id').primaryKey(),
  name: text('name').notNull(),
  sportId: integer('sport_id')
    .notNull()
    .references(() => sports.sportId),
  seriesId: integer('series_id').references(() => series.seriesId),
  sortOrder: integer('sort_order').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
});

export const casinoSports = pgTable(
  'casino_sports',
  {
    sportId: text('sport_id').primaryKey(),
    name: text('name').notNull(),
    category: text('category', { enum: ['indian', 'world'] }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [check('casino_sports_category_check', sql`${t.category} in ('indian', 'world')`)],
);
