import { z } from 'zod';
import { isoDateTime } from './common.ts';

// The live head of a binary instrument (binary.ts, docs/binary.md), apart so that the WebSocket's
// messages (exchange.ts) take it without the rest of the binary wire.

/** The three session groups of spec §9 "Binary session hours". */
export const binaryGroup = z.enum(['EQUITY', 'COMMODITY', 'EVENING']);
export type BinaryGroup = z.infer<typeof binaryGroup>;

/**
 * OPEN: inside the hours, taking bets. SUSPENDED: a trading day before its open, a weekend, a
 * holiday of the calendar, or the operator suspended it. CLOSED: the session's hours are over (from
 * its close to the end of that India day; it waits for or has its settlement).
 */
export const binaryState = z.enum(['OPEN', 'SUSPENDED', 'CLOSED']);
export type BinaryState = z.infer<typeof binaryState>;

/**
 * The house's line pair now: No wins when the settlement price < no_line, Yes when ≥ yes_line.
 * Lines are price levels with at most two decimals (COMEX crude steps $0.25: 71.25).
 */
export const binaryLine = z.object({
  no_line: z.number(),
  no_rate: z.number().int(),
  yes_line: z.number(),
  yes_rate: z.number().int(),
});
export type BinaryLine = z.infer<typeof binaryLine>;

/** One price of the feed: t = ms since the epoch, p = the price. */
export const binaryTick = z.object({ t: z.number().int(), p: z.number() });
export type BinaryTick = z.infer<typeof binaryTick>;

/**
 * An instrument as the board lists it, and the body of the WebSocket `binary` message (sent on
 * every new tick, line move and state change: whole, small).
 */
export const binaryInstrumentHead = z.object({
  match_id: z.number().int(),
  /** The spec's name: 'NFY', 'B-NFY', 'TT STL', 'CMX CRUDE' … */
  code: z.string(),
  /** Long name: 'Nifty 50', 'Bank Nifty', 'COMEX Crude' … */
  name: z.string(),
  group: binaryGroup,
  /** The group's hours, India time, 'HH:MM' ('24:00' for the evening close). */
  opens: z.string(),
  closes: z.string(),
  /** Smallest price step of the instrument (0.05 for NFY). */
  tick_size: z.number(),
  /** The currency of its price ('INR' or 'USD'). */
  currency: z.enum(['INR', 'USD']),
  state: binaryState,
  /** Why it is not OPEN, for the screen ('Opens 10:00 IST', 'Weekend', 'Holiday: Diwali', 'Closed'); null when OPEN. */
  reason: z.string().nullable(),
  /** The session bets go to now or last went to (its BINARY-kind market id); null before the first session. */
  session_id: z.number().int().nullable(),
  /** That session's trading day, YYYY-MM-DD (India). */
  trading_day: z.string().nullable(),
  /** Last price and its tick; null before the first tick. */
  last_tick: binaryTick.nullable(),
  /** Change since the session's first price (absolute and percent, 2 decimals); null without one. */
  change: z.number().nullable(),
  change_pct: z.number().nullable(),
  /** The line pair while OPEN; null otherwise. */
  line: binaryLine.nullable(),
  /** When the current or next session closes (ISO, UTC). */
  closes_at: isoDateTime.nullable(),
  /** When it next opens (ISO, UTC) unless OPEN; null when OPEN. */
  opens_at: isoDateTime.nullable(),
  /** The binary clock (ms since the epoch) when this was built, so a client corrects its own countdown. */
  server_time: z.number().int(),
  /**
   * How many binary-clock ms pass per real ms (BINARY_CLOCK_SPEED; 1 in production): a countdown
   * runs server_time + (device ms since received) × clock_speed, so it is right at any speed.
   */
  clock_speed: z.number().positive(),
});
export type BinaryInstrumentHead = z.infer<typeof binaryInstrumentHead>;
