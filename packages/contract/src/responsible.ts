import { z } from 'zod';
import { documented, isoDateTime, plainText } from './common.ts';
import { rupees } from './wallet.ts';

// Responsible gaming: deposit and loss limits per day / week / month (rolling 24 h, 7 days, 30
// days), a reality-check reminder, time-out and self-exclusion. Lowering a limit counts at once;
// raising or removing one counts 24 hours later.

export const RG_PERIODS = ['DAY', 'WEEK', 'MONTH'] as const;
export const RG_LIMIT_KINDS = ['DEPOSIT', 'LOSS'] as const;
export const REALITY_CHECK_MINUTES = [0, 15, 30, 45, 60, 90, 120] as const;
export const TIME_OUT_PERIODS = ['24h', '7d', '30d'] as const;
export const SELF_EXCLUSION_PERIODS = ['6m', '1y', '5y'] as const;

export const rgLimit = z.object({
  kind: z.enum(RG_LIMIT_KINDS),
  period: z.enum(RG_PERIODS),
  /** In force now; null = no limit. */
  amount: rupees.nullable(),
  /** Deposited (DEPOSIT) or net lost (LOSS) in the period so far. */
  used: rupees,
  /** A raise (or removal: null) waiting its 24 hours. */
  pending: z.object({ amount: rupees.nullable(), from: isoDateTime }).nullable(),
});
export const responsibleGaming = z.object({
  limits: z.array(rgLimit),
  reality_check_minutes: z.number().int(),
  /** The current session's start (the reality check counts from it). */
  session_started_at: isoDateTime,
  /** Net result of bets settled since the session started. */
  session_net: rupees,
});
export type ResponsibleGaming = z.infer<typeof responsibleGaming>;

export const setLimitRequest = z.object({
  kind: z.enum(RG_LIMIT_KINDS, { error: "kind must be 'DEPOSIT' or 'LOSS'" }),
  period: z.enum(RG_PERIODS, { error: "period must be 'DAY', 'WEEK' or 'MONTH'" }),
  /** Rupees (whole), or null to remove the limit. */
  amount: z
    .number({ error: 'amount must be a whole number of rupees or null' })
    .int('amount must be a whole number of rupees')
    .min(1, 'amount must be at least 1')
    .max(100_000_000, 'amount is too large')
    .nullable(),
});
export const setRealityCheckRequest = z.object({
  minutes: documented(
    z
      .number({ error: 'minutes must be a number' })
      .refine((m) => (REALITY_CHECK_MINUTES as readonly number[]).includes(m), {
        message: `minutes must be one of ${REALITY_CHECK_MINUTES.join(', ')}`,
      }),
    { add: { enum: [...REALITY_CHECK_MINUTES] } },
  ),
});
export const excludeRequest = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('TIME_OUT'),
      period: z.enum(TIME_OUT_PERIODS),
      password: z.string().min(1).max(128).check(plainText('password')),
    }),
    z.object({
      kind: z.literal('SELF_EXCLUSION'),
      period: z.enum(SELF_EXCLUSION_PERIODS),
      password: z.string().min(1).max(128).check(plainText('password')),
    }),
  ],
  { error: "kind must be 'TIME_OUT' or 'SELF_EXCLUSION'" },
);
export const excludeResult = z.object({ until: isoDateTime });
