import { z } from 'zod';
import { isPlainText } from './plain-text.ts';

export { isPlainText };

/** Upper bound on any free-text field we accept, so no payload can make us do unbounded work. */
export const TEXT_MAX_CHARS = 200;

/**
 * The check every free-text string of a request carries, after its own rules:
 * `z.string().max(…).check(plainText('search'))` refuses a NUL or another control character
 * with a 400 naming the field.
 */
export const plainText = (label: string, { lines = false }: { lines?: boolean } = {}) =>
  z.refine<string>((s) => isPlainText(s, lines), {
    message: `${label} must not contain control characters`,
  });

/** A free-text field of a request (a search, a memo): at most `max` characters of plain text. */
export const textInput = (label: string, { max = TEXT_MAX_CHARS, lines = false } = {}) =>
  z
    .string({ error: `${label} must be text` })
    .max(max, `${label} must be at most ${max} characters`)
    .check(plainText(label, { lines }));

/** A client's id for a bet (idempotency key): 1 to 64 characters of plain text. */
export const clientRequestId = z
  .string({ error: 'request_id must be 1 to 64 characters' })
  .min(1, 'request_id must be 1 to 64 characters')
  .max(64, 'request_id must be 1 to 64 characters')
  .check(plainText('request_id'));

/** '1' / '0' flags, as the spec's entities carry them (is_change_password, is_signup_user, payment_gateway). */
export const flag = z.enum(['0', '1']);
export type Flag = z.infer<typeof flag>;

/**
 * A whole number sent by a client as a JSON number or a string of digits. Unlike `z.coerce`,
 * booleans, null, '' and arrays are refused instead of silently becoming 0 or 1.
 */
export const wholeNumberInput = (message: string) =>
  z.union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^-?\d{1,15}$/)
        .transform(Number),
    ],
    { error: message },
  );

/** A database id sent by a client: a 32-bit integer, as a number or a numeric string. */
export const idInput = wholeNumberInput('must be a whole number').pipe(
  z
    .number()
    .int('must be a whole number')
    .min(-2_147_483_648, 'is out of range')
    .max(2_147_483_647, 'is out of range'),
);

/** `is_active` as the spec's list calls send it: 1/0, '1'/'0' or a boolean. */
export const activeInput = z
  .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.boolean()])
  .transform((v) => v === 1 || v === '1' || v === true);

/** ISO-8601 timestamp on the wire (UTC); the client shows it in UTC+5:30. */
export const isoDateTime = z.iso.datetime({ offset: true });

/** Every market kind; each is registered once on the server (modules/markets/kinds.ts). */
export const marketKind = z.enum(['MATCH_ODDS', 'BOOKMAKER', 'FANCY']);
export type MarketKind = z.infer<typeof marketKind>;
