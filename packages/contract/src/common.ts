import { z } from 'zod';
import { isPlainText } from './plain-text.ts';

export { isPlainText };

/** Upper bound on any free-text field we accept, so no payload can make us do unbounded work. */
export const TEXT_MAX_CHARS = 200;

/**
 * `isPlainText` as a regular expression (the `u` flag: a lone surrogate is its own code point, of
 * category Cs; Cc is exactly C0, DEL and C1). A regex rather than a refinement so that the OpenAPI
 * document carries it as the field's `pattern`.
 */
export const PLAIN_TEXT = /^[^\p{Cc}\p{Cs}]*$/u;
// eslint-disable-next-line no-control-regex -- control characters are what the pattern refuses
export const PLAIN_TEXT_LINES = /^[^\p{Cs}\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F]*$/u;

/**
 * The check every free-text string of a request carries, after its own rules:
 * `z.string().max(…).check(plainText('search'))` refuses a NUL or another control character
 * with a 400 naming the field.
 */
export const plainText = (label: string, { lines = false }: { lines?: boolean } = {}) =>
  z.regex(lines ? PLAIN_TEXT_LINES : PLAIN_TEXT, `${label} must not contain control characters`);

/**
 * A rule between fields that JSON Schema cannot state (it compares no two values): the OpenAPI
 * document lists these under `x-cross-field` and apps/server/test/api-document.test.ts holds
 * them to the zod schemas.
 * - equal: `b` must equal `a` (a confirmation field), with `trim` once both are trimmed;
 * - order: `a` ≤ `b` when both are given (dates, times or numbers), and at most `max_days` apart;
 * - distinct: the strings of array `a` differ, ignoring case.
 */
export type CrossFieldRule =
  | { rule: 'equal'; a: string; b: string; trim?: boolean }
  | { rule: 'order'; a: string; b: string; max_days?: number }
  | { rule: 'distinct'; a: string }
  /** A rule in words only (which fields go together); a validator of the document cannot check it. */
  | { rule: 'described'; text: string };

/**
 * What the OpenAPI document says of a request schema beyond zod's own JSON Schema output (a
 * refinement or a transform it cannot show): `json` replaces the generated schema (a field taken
 * as a number or a string of digits), `add` is merged into it, `cross` lists rules between fields.
 */
export type JsonRule = {
  json?: Record<string, unknown>;
  add?: Record<string, unknown>;
  cross?: CrossFieldRule[];
};
export const jsonRules = z.registry<JsonRule>();

/** Registers `rule` for `schema` (see JsonRule) and returns the schema. */
export function documented<T extends z.ZodType>(schema: T, rule: JsonRule): T {
  jsonRules.add(schema, rule);
  return schema;
}

/** Amounts and percentages with at most 2 decimals (the refinements below, as JSON Schema). */
export const TWO_DECIMALS = { multipleOf: 0.01 } as const;

/** Leading zeros and up to 15 digits in all (the `^-?\d{1,15}$` of wholeNumberInput), trimmed. */
const digits = (body: string) => `^\\s*(?=-?\\d{1,15}\\s*$)${body}\\s*$`;

/** A string of digits for a 32-bit integer: -2147483648 to 2147483647 (leading zeros allowed). */
export const INT32_STRING = digits(
  '(?:-?0*(?:\\d{1,9}|1\\d{9}|20\\d{8}|21[0-3]\\d{7}|214[0-6]\\d{6}|2147[0-3]\\d{5}|21474[0-7]\\d{4}|214748[0-2]\\d{3}|2147483[0-5]\\d{2}|21474836[0-3]\\d|214748364[0-7])|-0*2147483648)',
);
export const int32Json = {
  anyOf: [
    { type: 'integer', minimum: -2_147_483_648, maximum: 2_147_483_647 },
    { type: 'string', pattern: INT32_STRING },
  ],
};

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
export const idInput = documented(
  wholeNumberInput('must be a whole number').pipe(
    z
      .number()
      .int('must be a whole number')
      .min(-2_147_483_648, 'is out of range')
      .max(2_147_483_647, 'is out of range'),
  ),
  { json: int32Json },
);

/** `is_active` as the spec's list calls send it: 1/0, '1'/'0' or a boolean. */
export const activeInput = z
  .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.boolean()])
  .transform((v) => v === 1 || v === '1' || v === true);

/** ISO-8601 timestamp on the wire (UTC); the client shows it in UTC+5:30. */
export const isoDateTime = z.iso.datetime({ offset: true });

/** Every market kind; each is registered once on the server (apps/server/src/kinds.ts). */
export const marketKind = z.enum(['EXCHANGE', 'BOOKMAKER', 'FANCY', 'CASINO', 'BINARY']);
export type MarketKind = z.infer<typeof marketKind>;

/**
 * How a bet of each kind reads on every screen (packages/ui/src/bets.ts asks; it names no kind):
 * its sides (Back/Lay, or Yes/No on a line) and its price column (decimal odds, or the quoted
 * rate per 100). A kind added to `marketKind` must say it here.
 */
export const BET_READING: Readonly<
  Record<MarketKind, { sides: 'back-lay' | 'yes-no'; price: 'odds' | 'rate' }>
> = {
  EXCHANGE: { sides: 'back-lay', price: 'odds' },
  BOOKMAKER: { sides: 'back-lay', price: 'rate' },
  FANCY: { sides: 'yes-no', price: 'rate' },
  CASINO: { sides: 'back-lay', price: 'rate' },
  BINARY: { sides: 'back-lay', price: 'rate' },
};
