// The security module's own tables. A module's schema names no other module's table: the foreign
// keys to other modules' tables live in the migrations (apps/server/drizzle/).
import { bigint, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { tstz } from '../../db/columns.ts';

/** Security Auth: the TOTP secret (and one being set up), and the last time step accepted. */
export const userTotp = pgTable('user_totp', {
  userId: integer('user_id').primaryKey(),
  secret: text('secret'),
  pendingSecret: text('pending_secret'),
  enabledAt: tstz('enabled_at'),
  /** A code's time step is accepted once: a later code must be of a later step. */
  lastStep: bigint('last_step', { mode: 'number' }),
  updatedAt: tstz('updated_at').notNull(),
});

/** Security Auth recovery codes: argon2id hashes; each signs in once. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    codeId: serial('code_id').primaryKey(),
    userId: integer('user_id').notNull(),
    codeHash: text('code_hash').notNull(),
    usedAt: tstz('used_at'),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);
