import { z } from 'zod';
import { kindBet } from './cricket.ts';
import { binaryGroup, binaryInstrumentHead, binaryTick } from './binary-head.ts';
import { clientRequestId, documented, flag, idInput, TWO_DECIMALS } from './common.ts';
import { rupees } from './wallet.ts';

// Binary sessions (issue 24, docs/binary.md): Yes/No lines on a market instrument's level. Each
// instrument is a match of sport −17 named by its spec code (NFY, B-NFY, … SNP); it trades in its
// group's hours, Monday to Friday, India time, by the SERVER's clock (open inclusive, close
// exclusive: 10:00:00 open, 14:30:00 closed; the evening session closes at 24:00 = 00:00 of the
// next day). One session per instrument per trading day; its line pair follows the live price
// ("NFY closes at or above 24,350 — No 24,340 @100 / Yes 24,350 @100") and it settles on the
// session's last feed price (or the operator's figure). Lines and prices are numbers with at most
// two decimals; money is rupees. Sessions are markets of kind BINARY.

export * from './binary-head.ts';

export const binaryBoard = z.object({
  groups: z.array(
    z.object({
      group: binaryGroup,
      /** 'Indian equity', 'Indian commodity', 'Evening (global)'. */
      name: z.string(),
      /** '10:00–14:30 IST, Mon–Fri'. */
      hours: z.string(),
      instruments: z.array(binaryInstrumentHead),
    }),
  ),
  server_time: z.number().int(),
  /** The binary clock's speed (see the head's clock_speed). */
  clock_speed: z.number().positive(),
});
export type BinaryBoard = z.infer<typeof binaryBoard>;

export const getBinaryInstrumentRequest = z.object({ match_id: idInput });

/** The caller's profit or loss when the session settles in [from, to) (null: unbounded). */
export const binaryBookRow = z.object({
  from: z.number().nullable(),
  to: z.number().nullable(),
  profit_loss: rupees,
});
export type BinaryBookRow = z.infer<typeof binaryBookRow>;

/**
 * A binary bet: a kind bet (kind 'BINARY') whose line is a price level with up to two decimals,
 * and, once the operator voided its session, why.
 */
export const binaryBet = kindBet.extend({
  line: z.number().nullable(),
  /** The operator's reason when the session was voided; null otherwise. */
  void_reason: z.string().nullable(),
});
export type BinaryBet = z.infer<typeof binaryBet>;

export const binaryInstrument = z.object({
  instrument: binaryInstrumentHead,
  /** The session's ticks oldest first (at most one a second, at most 2000: thinned evenly beyond). */
  ticks: z.array(binaryTick),
  limits: z.object({
    min_stake: rupees,
    max_stake: rupees,
    /** Most one user may stake on one session in all. */
    max_user_stake: rupees,
  }),
  /** The caller's exposure held on the session, rupees. */
  exposure: rupees,
  /** By settlement price; empty without bets. */
  book: z.array(binaryBookRow),
  /** The caller's bets on the session, newest first. */
  my_bets: z.array(binaryBet),
  /** The last settled or void sessions of the instrument, newest first (at most 5). */
  last_sessions: z.array(
    z.object({
      session_id: z.number().int(),
      trading_day: z.string(),
      /** The price it settled on; null when void. */
      settlement_price: z.number().nullable(),
      state: z.enum(['SETTLED', 'VOID']),
    }),
  ),
});
export type BinaryInstrument = z.infer<typeof binaryInstrument>;

/** A price level 0.01 … 10,000,000 with at most two decimals (COMEX crude's 71.25). */
const binaryLineInput = documented(
  z
    .number({ error: 'line must be a price level' })
    .min(0.01, 'line must be 0.01 or more')
    .max(10_000_000, 'line must be at most 10000000')
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
      message: 'line may have at most two decimals',
    }),
  { add: TWO_DECIMALS },
);

export const placeBinaryBetRequest = z.object({
  match_id: idInput,
  /** The line the bettor saw (yes_line for Yes, no_line for No); refused "Line changed" once it moved. */
  line: binaryLineInput,
  /** '1' Yes (closes at or above the line), '0' No (closes below it). */
  is_yes: flag,
  rate: z
    .number({ error: 'rate must be a whole number per 100, like 100' })
    .int('rate must be a whole number per 100, like 100')
    .min(1, 'rate must be 1 or more')
    .max(10_000, 'rate must be at most 10000'),
  /** The stake in rupees. */
  stack: z.union(
    [
      z.number().positive(),
      z
        .string()
        .trim()
        .regex(/^\d{1,12}(\.\d{1,2})?$/)
        .transform(Number),
    ],
    { error: 'stack must be a positive amount of rupees' },
  ),
  request_id: clientRequestId,
});
export type PlaceBinaryBetRequest = z.input<typeof placeBinaryBetRequest>;

export const placeBinaryBetResult = z.object({ bet: binaryBet });
export type PlaceBinaryBetResult = z.infer<typeof placeBinaryBetResult>;
