// The account module's own tables. A module's schema names no other module's table: the foreign
// keys to other modules' tables live in the migrations (apps/server/drizzle/).
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tstz } from '../../db/columns.ts';

export const users = pgTable(
  'users',
  {
    userId: serial('user_id').primaryKey(),
    userName: text('user_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['bettor', 'operator', 'master', 'agent'] })
      .notNull()
      .default('bettor'),
    /** The account above in the tree (docs/hierarchy.md): the operator, a master or an agent. */
    parentId: integer('parent_id'),
    /** A master's or an agent's share of the result under it, basis points (applied at settlement). */
    shareBp: integer('share_bp'),
    /**
     * Betting locked by an upline (issue 41): the account that locked it, null when not locked. The
     * stake gate refuses every stake of this account and of every account below it; only the
     * locker or an account above it unlocks.
     */
    betLockedBy: integer('bet_locked_by'),
    /** What the parent lent this account (set by the parent), shown beside its balance. */
    creditReferencePaise: bigint('credit_reference_paise', { mode: 'number' }).notNull().default(0),
    isChangePassword: boolean('is_change_password').notNull().default(false),
    isSignupUser: boolean('is_signup_user').notNull().default(false),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    failedLoginWindowStart: tstz('failed_login_window_start'),
    lockedUntil: tstz('locked_until'),
    passwordChangedAt: tstz('password_changed_at'),
    /** Sign-up: the mobile number (E.164), and when its OTP was verified. */
    mobile: text('mobile'),
    mobileVerifiedAt: tstz('mobile_verified_at'),
    /**
     * Bumped (in the same transaction) by everything that ends all of a user's sessions: lock,
     * unlock, password change or reset, time-out, self-exclusion. Sessions and login challenges
     * carry the generation they began under; one from an older generation is dead
     * (docs/security.md).
     */
    sessionGeneration: integer('session_generation').notNull().default(0),
    /** The display language the user chose (issue 45), told in the login answer: 'en' or 'hi'. */
    language: text('language', { enum: ['en', 'hi'] })
      .notNull()
      .default('en'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_user_name_lower_key').on(sql`lower(${t.userName})`),
    // One verified account per mobile number.
    uniqueIndex('users_verified_mobile_key')
      .on(t.mobile)
      .where(sql`${t.mobileVerifiedAt} is not null`),
    check('users_role_check', sql`${t.role} in ('operator', 'master', 'agent', 'bettor')`),
    check('users_share_bp_check', sql`${t.shareBp} is null or ${t.shareBp} between 0 and 10000`),
    check('users_credit_reference_check', sql`${t.creditReferencePaise} >= 0`),
    check('users_language_check', sql`${t.language} in ('en', 'hi')`),
    index('users_parent_idx').on(t.parentId),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    sessionId: bigserial('session_id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId),
    /** SHA-256 of the token, hex. The token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    createdAt: tstz('created_at').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    revokedAt: tstz('revoked_at'),
    ip: text('ip'),
    /** When a call last used it (moved at most once a minute): the console's "bettors online". */
    lastSeenAt: tstz('last_seen_at'),
    /** users.session_generation when it was issued: live only while they are equal. */
    generation: integer('generation').notNull().default(0),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_id_idx').on(t.userId)],
);

/**
 * The half-signed-in state between a right password and its second step (OTP of an unverified
 * sign-up, or the TOTP code): a token (only its SHA-256 kept) that the second-step calls accept
 * and nothing else does. Expires; dies after too many wrong codes; used once.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    challengeId: bigserial('challenge_id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId),
    tokenHash: text('token_hash').notNull(),
    purpose: text('purpose', { enum: ['otp', 'totp'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: tstz('created_at').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    consumedAt: tstz('consumed_at'),
    ip: text('ip'),
    /** users.session_generation when the password was checked: the session gate compares it. */
    generation: integer('generation').notNull().default(0),
  },
  (t) => [
    uniqueIndex('login_challenges_token_key').on(t.tokenHash),
    index('login_challenges_user_idx').on(t.userId),
    check('login_challenges_purpose_check', sql`${t.purpose} in ('otp', 'totp')`),
  ],
);
