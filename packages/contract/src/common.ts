import { z } from 'zod';

/** Upper bound on any free-text field we accept, so no payload can make us do unbounded work. */
export const TEXT_MAX_CHARS = 200;

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
