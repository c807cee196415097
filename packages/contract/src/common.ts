import { z } from 'zod';

/** Upper bound on any free-text field we accept, so no payload can make us do unbounded work. */
export const TEXT_MAX_CHARS = 200;

/** '1' / '0' flags, as the spec's entities carry them (is_change_password, is_signup_user, payment_gateway). */
export const flag = z.enum(['0', '1']);
export type Flag = z.infer<typeof flag>;

/** A database id sent by a client: a positive safe integer, as a number or a numeric string. */
export const idInput = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(-2_147_483_648)
  .max(2_147_483_647);

/** `is_active` as the spec's list calls send it: 1/0, '1'/'0' or a boolean. */
export const activeInput = z
  .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.boolean()])
  .transform((v) => v === 1 || v === '1' || v === true);

/** ISO-8601 timestamp on the wire (UTC); the client shows it in UTC+5:30. */
export const isoDateTime = z.iso.datetime({ offset: true });
