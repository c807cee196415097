// The signup module's own tables. A module's schema names no other module's table: the foreign
// keys to other modules' tables live in the migrations (apps/server/drizzle/).
import { bigint, bigserial, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { tstz } from '../../db/columns.ts';

/** A parent account's referral code (the sign-up route's third segment), stored lower-case. */
export const referralCodes = pgTable('referral_codes', {
  code: text('code').primaryKey(),
  userId: integer('user_id').notNull(),
  createdBy: integer('created_by'),
  createdAt: tstz('created_at').notNull(),
});

/** A one-time code sent to a mobile number: only its argon2id hash is kept. */
export const otpCodes = pgTable(
  'otp_codes',
  {
    otpId: bigserial('otp_id', { mode: 'number' }).primaryKey(),
    challengeId: bigint('challenge_id', { mode: 'number' }).notNull(),
    userId: integer('user_id').notNull(),
    mobile: text('mobile').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: tstz('created_at').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    /** Used, or replaced by a newer code. */
    consumedAt: tstz('consumed_at'),
  },
  (t) => [index('otp_codes_challenge_idx').on(t.challengeId)],
);
