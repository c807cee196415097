// The operator's casino calls (casino.ts holds what the bettor reads): the tables with their
// limits, and setLimits (audited, 'casino/setLimits'). A table's limits are fixed per round at its
// open, so a change applies from the table's next round; the round in its window keeps its own.
import { z } from 'zod';
import { adminRequestId } from './admin.ts';
import { casinoLimits, casinoSeriesId } from './casino.ts';
import { documented, idInput, TWO_DECIMALS } from './common.ts';

/** The most any table limit may be, rupees (₹1 crore). */
export const CASINO_LIMIT_MAX_RUPEES = 10_000_000;

/** A limit in rupees: positive, at most 2 decimals, at most CASINO_LIMIT_MAX_RUPEES. */
const limitRupees = (field: string) =>
  documented(
    z
      .number({ error: `${field} must be a number of rupees` })
      .positive(`${field} must be more than 0`)
      .max(CASINO_LIMIT_MAX_RUPEES, `${field} must be at most ${CASINO_LIMIT_MAX_RUPEES}`)
      .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
        message: `${field} must have at most 2 decimals`,
      }),
    { add: TWO_DECIMALS },
  );

/** A table as the console lists it: its game, and the limits its next round opens with. */
export const adminCasinoTable = z.object({
  match_id: z.number().int(),
  game_id: z.string(),
  table_name: z.string(),
  series_id: casinoSeriesId,
  limits: casinoLimits,
});
export type AdminCasinoTable = z.infer<typeof adminCasinoTable>;

export const adminCasinoTables = z.object({ tables: z.array(adminCasinoTable) });
export type AdminCasinoTables = z.infer<typeof adminCasinoTables>;

/** min_stake ≤ max_per_option ≤ max_per_round, each named when it breaks the order. */
export const adminCasinoSetLimitsRequest = z
  .object({
    match_id: idInput,
    /** Smallest stake, rupees. */
    min_stake: limitRupees('min_stake'),
    /** Most one user may stake on one option in one round, rupees. */
    max_per_option: limitRupees('max_per_option'),
    /** Most one user may stake in one round over all options, rupees. */
    max_per_round: limitRupees('max_per_round'),
    request_id: adminRequestId.optional(),
  })
  .refine((v) => v.max_per_option >= v.min_stake, {
    message: 'max_per_option must be at least min_stake',
    path: ['max_per_option'],
  })
  .refine((v) => v.max_per_round >= v.max_per_option, {
    message: 'max_per_round must be at least max_per_option',
    path: ['max_per_round'],
  });
documented(adminCasinoSetLimitsRequest, {
  cross: [
    { rule: 'order', a: 'min_stake', b: 'max_per_option' },
    { rule: 'order', a: 'max_per_option', b: 'max_per_round' },
  ],
});
export type AdminCasinoSetLimitsRequest = z.infer<typeof adminCasinoSetLimitsRequest>;
