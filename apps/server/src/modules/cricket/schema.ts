// The cricket module's tables: each match's format and teams, and (issue 25) each demo team's
// squad, a match's two playing elevens (batting order, keeper, bowling options) and every ball as
// bowled (the fantasy module and the scoreboard read them through this module). Foreign keys
// (match_id → matches) live in migration 0024: a module's schema names no other
// module's table.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tstz } from '../../db/columns.ts';

export const PLAYER_ROLES = ['BATTER', 'BOWLER', 'ALL_ROUNDER', 'WICKET_KEEPER'] as const;

/** A squad member: a team (by name, as cricket_matches names it), a fictional name, role and strengths. */
export const cricketPlayers = pgTable(
  'cricket_players',
  {
    playerId: serial('player_id').primaryKey(),
    team: text('team').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: PLAYER_ROLES }).notNull(),
    batting: integer('batting').notNull(),
    bowling: integer('bowling').notNull(),
    strength: integer('strength').notNull(),
    /** The squad's order (as generated). */
    squadOrder: integer('squad_order').notNull(),
  },
  (t) => [
    uniqueIndex('cricket_players_team_name_key').on(t.team, t.name),
    check(
      'cricket_players_role_check',
      sql`${t.role} in ('BATTER', 'BOWLER', 'ALL_ROUNDER', 'WICKET_KEEPER')`,
    ),
    check(
      'cricket_players_strength_check',
      sql`${t.batting} between 0 and 100 and ${t.bowling} between 0 and 100 and ${t.strength} between 0 and 100`,
    ),
  ],
);

/** One place in a match's playing eleven: team 0 or 1 (teams order), batting position 1 … 11. */
export const cricketElevens = pgTable(
  'cricket_elevens',
  {
    matchId: integer('match_id').notNull(),
    team: integer('team').notNull(),
    position: integer('position').notNull(),
    playerId: integer('player_id')
      .notNull()
      .references(() => cricketPlayers.playerId),
    isKeeper: boolean('is_keeper').notNull().default(false),
    /** Order among the bowling options (1 first); null: does not bowl. */
    bowlingOrder: integer('bowling_order'),
  },
  (t) => [
    primaryKey({ columns: [t.matchId, t.team, t.position] }),
    uniqueIndex('cricket_elevens_player_key').on(t.matchId, t.playerId),
    check('cricket_elevens_team_check', sql`${t.team} in (0, 1)`),
    check('cricket_elevens_position_check', sql`${t.position} between 1 and 11`),
  ],
);

/** Every delivery as bowled (packages/feed BallEvent), written with the score that bowled it. */
export const cricketBalls = pgTable(
  'cricket_balls',
  {
    matchId: integer('match_id').notNull(),
    innings: integer('innings').notNull(),
    seq: integer('seq').notNull(),
    strikerId: integer('striker_id').notNull(),
    bowlerId: integer('bowler_id').notNull(),
    event: jsonb('event').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.matchId, t.innings, t.seq] }),
    index('cricket_balls_striker_idx').on(t.matchId, t.strikerId),
  ],
);

/** A cricket match's format and teams, for its bookmaker and fancy markets and the scoreboard. */
export const cricketMatches = pgTable('cricket_matches', {
  matchId: integer('match_id').primaryKey(),
  format: text('format', { enum: ['T20', 'ODI', 'TEST'] }).notNull(),
  /** Competition for the fancy averages table (IPL, BBL, CPL, T20, ODI). */
  competition: text('competition').notNull(),
  teamA: text('team_a').notNull(),
  teamB: text('team_b').notNull(),
  /** The scoreboard as the feed (or an operator) last published it. */
  score: jsonb('score'),
  scoreUpdatedAt: tstz('score_updated_at'),
  /**
   * Bumped by every score write, which names the one it continues (compare-and-set): two feeds
   * ticking one match (a deposed leader finishing its step) cannot fork the game.
   */
  scoreSeq: integer('score_seq').notNull().default(0),
});
