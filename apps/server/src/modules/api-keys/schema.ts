// API keys (issue 46): the api-keys module writes this table and nothing else writes it.
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { tstz } from '../../db/columns.ts';
import { users } from '../account/schema.ts';

/**
 * A bettor's key for programs. Only the SHA-256 of its secret is kept (the secret is 32 random
 * bytes: a fast hash is enough, nothing can be guessed from it). A key acts through a session of
 * its own (`session_id`, a row of `sessions` issued by the session gate): the stake gate and every
 * account gate read that session as they read a browser's; when it ends (a password change, a lock,
 * an exclusion, its expiry) the next call asks the session gate for a new one, and a gate that
 * refuses refuses the key.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    /** `bk_` and 16 hex characters: public. */
    keyId: text('key_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId),
    name: text('name').notNull(),
    /** SHA-256 of the secret, hex. */
    secretHash: text('secret_hash').notNull(),
    /** 'read', 'trade' or both. */
    scopes: text('scopes').array().notNull(),
    /** Addresses and CIDR blocks the key is taken from; null: any. */
    ipAllow: text('ip_allow').array(),
    expiresAt: tstz('expires_at'),
    createdAt: tstz('created_at').notNull(),
    /** Moved at most once a minute per node. */
    lastUsedAt: tstz('last_used_at'),
    revokedAt: tstz('revoked_at'),
    /** The key's current session (sessions.session_id). */
    sessionId: bigint('session_id', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('api_keys_user_id_idx').on(t.userId),
    check(
      'api_keys_scopes_check',
      sql`cardinality(${t.scopes}) between 1 and 2 and ${t.scopes} <@ array['read', 'trade']::text[]`,
    ),
  ],
);
