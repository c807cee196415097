// The fantasy module's own tables: contests per cricket match, the
// bettors' teams, their entries (the entry fee paid through the ledger, the points and the prize)
// and each match's player points as last computed from the feed's scoreboard. Foreign keys live in
// migration 0025 (a module's schema names no other module's table).
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { tstz } from '../../db/columns.ts';

export const FANTASY_CONTEST_STATES = ['OPEN', 'LIVE', 'SETTLED', 'REFUNDED'] as const;
export type FantasyContestState = (typeof FANTASY_CONTEST_STATES)[number];

export const fantasyContests = pgTable(
  'fantasy_contests',
  {
    contestId: serial('contest_id').primaryKey(),
    matchId: integer('match_id').notNull(),
    name: text('name').notNull(),
    entryFeePaise: integer('entry_fee_paise').notNull(),
    size: integer('size').notNull(),
    minEntries: integer('min_entries').notNull(),
    rakeBp: integer('rake_bp').notNull(),
    sharesBp: jsonb('shares_bp').$type<number[]>().notNull(),
    /** The match's start when the contest was made: teams lock and joining ends then. */
    startsAt: tstz('starts_at').notNull(),
    state: text('state', { enum: FANTASY_CONTEST_STATES }).notNull().default('OPEN'),
    refundReason: text('refund_reason'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    closedAt: tstz('closed_at'),
  },
  (t) => [
    uniqueIndex('fantasy_contests_match_name_key').on(t.matchId, t.name),
    index('fantasy_contests_state_idx').on(t.state, t.startsAt),
    check('fantasy_contests_state_check', sql`${t.state} in ('OPEN', 'LIVE', 'SETTLED', 'REFUNDED')`),
    check(
      'fantasy_contests_numbers_check',
      sql`${t.entryFeePaise} > 0 and ${t.minEntries} >= 2 and ${t.size} >= ${t.minEntries} and ${t.size} <= 10000 and ${t.rakeBp} between 0 and 9999`,
    ),
  ],
);

export const fantasyTeams = pgTable(
  'fantasy_teams',
  {
    teamId: serial('team_id').primaryKey(),
    userId: integer('user_id').notNull(),
    matchId: integer('match_id').notNull(),
    name: text('name').notNull(),
    playerIds: jsonb('player_ids').$type<number[]>().notNull(),
    captainId: integer('captain_id').notNull(),
    viceCaptainId: integer('vice_captain_id').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('fantasy_teams_user_match_name_key').on(t.userId, t.matchId, t.name)],
);

export const fantasyEntries = pgTable(
  'fantasy_entries',
  {
    entryId: serial('entry_id').primaryKey(),
    contestId: integer('contest_id').notNull(),
    userId: integer('user_id').notNull(),
    teamId: integer('team_id').notNull(),
    requestId: text('request_id').notNull(),
    /** The team's points × 2 (the vice-captain's 1.5× makes halves). */
    pointsHalves: integer('points_halves').notNull().default(0),
    rank: integer('rank'),
    prizePaise: integer('prize_paise'),
    joinedAt: tstz('joined_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fantasy_entries_contest_team_key').on(t.contestId, t.teamId),
    uniqueIndex('fantasy_entries_user_request_key').on(t.userId, t.requestId),
    index('fantasy_entries_user_idx').on(t.userId, t.entryId),
  ],
);

/** A match's player points (player id → points) at the feed's score sequence `seq`. */
export const fantasyMatchPoints = pgTable('fantasy_match_points', {
  matchId: integer('match_id').primaryKey(),
  seq: integer('seq').notNull(),
  points: jsonb('points').$type<Record<string, number>>().notNull(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});
