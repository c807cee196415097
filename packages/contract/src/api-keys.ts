// API keys for programs (issue 46): a bettor's keys, each with scopes, an optional IP allow-list
// and an optional expiry. The secret is shown once, by the create call; the server keeps its hash.
// A key call sends `Authorization: Key <key_id>:<secret>` (docs/trading-api.md).
import { z } from 'zod';
import { documented, idInput, isoDateTime, plainText } from './common.ts';

/** What a key may do: `read` (catalogue, books, bets, statement, balance) and `trade` (place, cancel, cash out). */
export const API_KEY_SCOPES = ['read', 'trade'] as const;
export const apiKeyScope = z.enum(API_KEY_SCOPES);
export type ApiKeyScope = z.infer<typeof apiKeyScope>;

/** Live keys a bettor may hold at once. */
export const API_KEYS_PER_USER_MAX = 10;
/** Entries of one key's IP allow-list. */
export const API_KEY_IP_ALLOW_MAX = 20;
/** A key lives at most this long (an expiry further away is refused). */
export const API_KEY_LIFETIME_MAX_DAYS = 366;
export const API_KEY_NAME_MAX_CHARS = 40;

/** `bk_` and 16 lowercase hex characters: public, names the key in lists and logs. */
export const API_KEY_ID = /^bk_[0-9a-f]{16}$/;

/** IPv4 in four decimal parts (no legacy forms such as `1` or `0x1.2.3.4`: nobody means them). */
const V4 = '(?:(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)\\.){3}(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const H = '[0-9a-fA-F]{1,4}';
/** IPv6 in any of RFC 4291's written forms (`::` once, an IPv4 tail), without a zone. */
const V6 =
  `(?:(?:${H}:){7}${H}|(?:${H}:){1,7}:|(?:${H}:){1,6}:${H}|(?:${H}:){1,5}(?::${H}){1,2}` +
  `|(?:${H}:){1,4}(?::${H}){1,3}|(?:${H}:){1,3}(?::${H}){1,4}|(?:${H}:){1,2}(?::${H}){1,5}` +
  `|${H}:(?::${H}){1,6}|:(?:(?::${H}){1,7}|:)|::(?:ffff(?::0{1,4})?:)?${V4}|(?:${H}:){1,4}:${V4})`;
/**
 * An IP address or a CIDR block (address/prefix), IPv4 or IPv6: one pattern, so the OpenAPI
 * document states exactly what the server takes.
 */
export const IP_OR_BLOCK = new RegExp(
  `^(?:${V4}(?:/(?:3[0-2]|[12]?\\d))?|${V6}(?:/(?:12[0-8]|1[01]\\d|[1-9]?\\d))?)$`,
);

const ipAllowEntry = z
  .string({ error: 'ip_allow must be a list of IP addresses or CIDR blocks' })
  .regex(IP_OR_BLOCK, 'ip_allow must be a list of IP addresses or CIDR blocks (address/prefix)');

export const createApiKeyRequest = z.object({
  name: z
    .string({ error: 'name must be text' })
    .trim()
    .min(1, `name must be 1 to ${API_KEY_NAME_MAX_CHARS} characters`)
    .max(API_KEY_NAME_MAX_CHARS, `name must be 1 to ${API_KEY_NAME_MAX_CHARS} characters`)
    .check(plainText('name')),
  scopes: documented(
    z
      .array(apiKeyScope, { error: 'scopes must be a list of read and trade' })
      .min(1, 'scopes must name read, trade or both')
      .max(API_KEY_SCOPES.length, 'scopes must name read, trade or both')
      .refine((s) => new Set(s).size === s.length, { error: 'scopes must not repeat a scope' }),
    { add: { uniqueItems: true } },
  ),
  ip_allow: z
    .array(ipAllowEntry, { error: 'ip_allow must be a list of IP addresses or CIDR blocks' })
    .min(1, 'ip_allow must name at least one address, or be left out')
    .max(API_KEY_IP_ALLOW_MAX, `ip_allow holds at most ${API_KEY_IP_ALLOW_MAX} entries`)
    .optional(),
  expires_at: isoDateTime.optional(),
});
export type CreateApiKeyRequest = z.input<typeof createApiKeyRequest>;

/** One key as its owner and the operator see it (never the secret). */
export const apiKeyView = z.object({
  key_id: z.string(),
  name: z.string(),
  scopes: z.array(apiKeyScope),
  ip_allow: z.array(z.string()).nullable(),
  expires_at: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ApiKeyView = z.infer<typeof apiKeyView>;

/** The create call's answer: the key and, this once, its secret. */
export const createdApiKey = apiKeyView.extend({ secret: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKey>;

const keyIdInput = z
  .string({ error: 'key_id must be a key id (bk_ and 16 hex characters)' })
  .trim()
  .regex(API_KEY_ID, 'key_id must be a key id (bk_ and 16 hex characters)');

export const revokeApiKeyRequest = z.object({ key_id: keyIdInput });

export const adminUserApiKeysRequest = z.object({ user_id: idInput });
export const adminApiKeyRevokeRequest = z.object({ user_id: idInput, key_id: keyIdInput });
