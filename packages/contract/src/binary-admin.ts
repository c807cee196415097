// The operator's binary calls (binary.ts holds what the bettor reads): settle, void, override the
// settlement price, edit the holiday calendar. Every one is audited ('binary/…' actions).
import { z } from 'zod';
import { adminRequestId } from './admin.ts';
import { binaryGroup } from './binary.ts';
import { documented, idInput, plainText, TWO_DECIMALS } from './common.ts';
import { reportDay } from './reports.ts';
import { rupees } from './wallet.ts';

/** A price: positive, at most two decimals, below 10,000,000. */
const priceInput = documented(
  z
    .number({ error: 'price must be a number' })
    .positive('price must be more than 0')
    .max(9_999_999.99, 'price must be below 10000000')
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
      message: 'price may have at most two decimals',
    }),
  { add: TWO_DECIMALS },
);

/**
 * A session as the console lists it. state: OPEN/SUSPENDED/CLOSED as the bettor sees it, or
 * SETTLED / VOID once settled.
 */
export const adminBinarySession = z.object({
  session_id: z.number().int(),
  match_id: z.number().int(),
  code: z.string(),
  group: binaryGroup,
  trading_day: z.string(),
  state: z.enum(['OPEN', 'SUSPENDED', 'CLOSED', 'SETTLED', 'VOID']),
  opens_at: z.string(),
  closes_at: z.string(),
  /** The session's last feed price so far (its official price once CLOSED); null without ticks. */
  recorded_price: z.number().nullable(),
  /** The operator's settlement price, used instead of the recorded one; null: none. */
  override_price: z.number().nullable(),
  /** The price it was settled on; null until settled (and when void). */
  settlement_price: z.number().nullable(),
  bets: z.number().int(),
  stake: rupees,
  /** The operator's reason, once voided; null otherwise. */
  void_reason: z.string().nullable(),
});
export type AdminBinarySession = z.infer<typeof adminBinarySession>;

export const adminBinarySessionsRequest = z.object({
  /** The India trading day; omitted: today's and every unsettled earlier session. */
  trading_day: reportDay.optional(),
});
export const adminBinarySessions = z.object({ sessions: z.array(adminBinarySession) });
export type AdminBinarySessions = z.infer<typeof adminBinarySessions>;

export const adminBinarySettleRequest = z.object({
  session_id: idInput,
  /**
   * Settle on this figure instead (it is recorded as the override). Omitted: the override if one
   * is set, else the session's last feed price. Refused before the session's close.
   */
  price: priceInput.optional(),
  request_id: adminRequestId.optional(),
});

export const adminBinaryVoidRequest = z.object({
  session_id: idInput,
  /** Why (stored, audited, shown in the sessions list and to the bettor on the voided bet). */
  reason: z
    .string({ error: 'reason is required' })
    .trim()
    .min(3, 'reason must be at least 3 characters')
    .max(200, 'reason must be at most 200 characters')
    .check(plainText('reason')),
  request_id: adminRequestId.optional(),
});

export const adminBinaryOverrideRequest = z.object({
  session_id: idInput,
  /** The official settlement price; null clears the override. A settled session is refused (unsettle it first). */
  price: priceInput.nullable(),
  request_id: adminRequestId.optional(),
});

export const binaryHoliday = z.object({
  day: z.string(),
  /** A group, or 'ALL' for every instrument. */
  group: z.enum(['EQUITY', 'COMMODITY', 'EVENING', 'ALL']),
  reason: z.string(),
});
export type BinaryHoliday = z.infer<typeof binaryHoliday>;

export const adminBinaryCalendarRequest = z.object({
  /** From this India day on (omitted: today), at most 366 days listed. */
  from: reportDay.optional(),
});
export const adminBinaryCalendar = z.object({ holidays: z.array(binaryHoliday) });
export type AdminBinaryCalendar = z.infer<typeof adminBinaryCalendar>;

export const adminBinaryHolidayAddRequest = z.object({
  day: reportDay,
  group: z.enum(['EQUITY', 'COMMODITY', 'EVENING', 'ALL'], {
    error: "group must be 'EQUITY', 'COMMODITY', 'EVENING' or 'ALL'",
  }),
  reason: z
    .string({ error: 'reason must be text' })
    .min(1, 'reason is required')
    .max(80, 'reason must be at most 80 characters')
    .check(plainText('reason')),
  request_id: adminRequestId.optional(),
});

export const adminBinaryHolidayRemoveRequest = z.object({
  day: reportDay,
  group: z.enum(['EQUITY', 'COMMODITY', 'EVENING', 'ALL'], {
    error: "group must be 'EQUITY', 'COMMODITY', 'EVENING' or 'ALL'",
  }),
  request_id: adminRequestId.optional(),
});
