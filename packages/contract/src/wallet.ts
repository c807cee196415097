import { z } from 'zod';

/** Rupees with at most 2 decimals; the database keeps integer paise. */
export const rupees = z.number();

export const userBalance = z.object({
  total_balance: rupees,
  /** The user's exposure; the client shows its absolute value. */
  liability: rupees,
});
export type UserBalance = z.infer<typeof userBalance>;

export const exposureEntry = z.object({
  sport_id: z.number().int().optional(),
  match_id: z.number().int().optional(),
  market_id: z.number().int().optional(),
  sport_name: z.string(),
  match_name: z.string(),
  market_details: z.array(z.object({ sub_type: z.string(), bet_count: z.number().int() })),
});
export type ExposureEntry = z.infer<typeof exposureEntry>;

/** Spec §7: the exposure entries arrive in data.data. */
export const exposureDetail = z.object({ data: z.array(exposureEntry) });
