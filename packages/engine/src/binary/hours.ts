// The hours of a binary session by the SERVER's clock in India time (UTC+5:30, no daylight
// saving): Monday to Friday, open inclusive and close exclusive, the evening close at 24:00 being
// 00:00 of the next day. Pure: the caller gives the time and the holiday calendar.
import type { BinaryGroup } from './instruments.ts';

const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;

/** Minutes after 00:00 India time: open and close of each group (spec §9). */
export const BINARY_HOURS: Record<BinaryGroup, { open_min: number; close_min: number }> = {
  EQUITY: { open_min: 10 * 60, close_min: 14 * 60 + 30 },
  COMMODITY: { open_min: 11 * 60 + 30, close_min: 22 * 60 + 30 },
  EVENING: { open_min: 19 * 60 + 30, close_min: 24 * 60 },
};

export const BINARY_GROUP_NAMES: Record<BinaryGroup, string> = {
  EQUITY: 'Indian equity',
  COMMODITY: 'Indian commodity',
  EVENING: 'Evening (global)',
};

const hhmm = (min: number) =>
  `${String(Math.floor(min / 60)).padStart(2, '0')}:${String(min % 60).padStart(2, '0')}`;

/** 'HH:MM' open and close ('24:00' for the evening close). */
export function groupHours(group: BinaryGroup): { opens: string; closes: string } {
  const h = BINARY_HOURS[group];
  return { opens: hhmm(h.open_min), closes: hhmm(h.close_min) };
}

/** The India calendar day (YYYY-MM-DD) of an instant. */
export function istDay(at: Date | number): string {
  return new Date(+at + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** 00:00 India time of a day, as an instant. */
export function istMidnight(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - IST_OFFSET_MS);
}

export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** 0 Sunday … 6 Saturday. */
const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

/** Whether a day is a weekend day (Saturday, Sunday). */
export const isWeekend = (day: string) => weekday(day) === 0 || weekday(day) === 6;

/** The calendar's answer for a day and group: the holiday's reason, or null for a trading day. */
export type HolidayOf = (day: string, group: BinaryGroup) => string | null;

/** The session of a trading day: its open and close instants. */
export function sessionBounds(group: BinaryGroup, day: string): { opens_at: Date; closes_at: Date } {
  const h = BINARY_HOURS[group];
  const midnight = istMidnight(day).getTime();
  return {
    opens_at: new Date(midnight + h.open_min * 60_000),
    closes_at: new Date(midnight + h.close_min * 60_000),
  };
}

/** Whether the group trades on a day (a weekday, no holiday of the group or of ALL). */
export function isTradingDay(group: BinaryGroup, day: string, holiday: HolidayOf): boolean {
  return !isWeekend(day) && holiday(day, group) === null;
}

/** The first trading day at or after `day` (within 30 days; a longer closure gives null). */
export function nextTradingDay(group: BinaryGroup, day: string, holiday: HolidayOf): string | null {
  for (let i = 0; i < 30; i++) {
    const d = addDays(day, i);
    if (isTradingDay(group, d, holiday)) return d;
  }
  return null;
}

export type BinaryPhase = {
  state: 'OPEN' | 'SUSPENDED' | 'CLOSED';
  /** Why not OPEN ('Opens 10:00 IST', 'Weekend', 'Holiday: Diwali', 'Closed'); null when OPEN. */
  reason: string | null;
  /**
   * The trading day of the session bets go to (OPEN), that just ended (CLOSED), or that opens next
   * (SUSPENDED, null when none within 30 days).
   */
  trading_day: string | null;
  opens_at: Date | null;
  closes_at: Date | null;
};

/**
 * Where a group stands at `at`. OPEN inside a trading day's hours. CLOSED from a session's close
 * to the end of the India day the close falls on (the evening's 24:00 close: all the next day until
 * that day's own open). SUSPENDED otherwise: before a trading day's open, at weekends, on holidays.
 */
export function binaryPhase(group: BinaryGroup, at: Date, holiday: HolidayOf): BinaryPhase {
  const t = at.getTime();
  const today = istDay(at);
  // The session that may be running or have just closed started today or (evening) yesterday.
  for (const d of [today, addDays(today, -1)]) {
    if (!isTradingDay(group, d, holiday)) continue;
    const b = sessionBounds(group, d);
    if (t >= b.opens_at.getTime() && t < b.closes_at.getTime())
      return { state: 'OPEN', reason: null, trading_day: d, ...b, opens_at: null };
  }
  const next = nextTradingDay(
    group,
    t < sessionBounds(group, today).opens_at.getTime() ? today : addDays(today, 1),
    holiday,
  );
  const nextBounds = next ? sessionBounds(group, next) : null;
  for (const d of [today, addDays(today, -1)]) {
    if (!isTradingDay(group, d, holiday)) continue;
    const b = sessionBounds(group, d);
    if (t >= b.closes_at.getTime() && istDay(b.closes_at) === today)
      return {
        state: 'CLOSED',
        reason: 'Closed',
        trading_day: d,
        opens_at: nextBounds?.opens_at ?? null,
        closes_at: b.closes_at,
      };
  }
  let reason: string;
  if (isWeekend(today)) reason = 'Weekend';
  else {
    const h = holiday(today, group);
    reason = h !== null ? `Holiday: ${h}` : `Opens ${groupHours(group).opens} IST`;
  }
  return {
    state: 'SUSPENDED',
    reason,
    trading_day: next,
    opens_at: nextBounds?.opens_at ?? null,
    closes_at: nextBounds?.closes_at ?? null,
  };
}
