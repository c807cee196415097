// Display helpers of the console: money and dates as both apps show them (UTC+5:30).
import { formatDateTime } from '@backlay/ui/time';
import { formatMoney } from '@backlay/ui/money';

export { formatDateTime, formatMoney };

/** ₹ and Indian grouping, sign kept: −1,250.00 */
export const rupees = (v: number): string => `${v < 0 ? '−' : ''}₹${formatMoney(Math.abs(v))}`;

/** A date-time, or an em dash. */
export const when = (iso: string | null | undefined): string => (iso ? formatDateTime(iso) : '—');

/** 'YYYY-MM-DD' of today in India (the reports' calendar). */
export function istToday(now = new Date()): string {
  return new Date(now.getTime() + 330 * 60_000).toISOString().slice(0, 10);
}

/** An ISO instant as the value of a datetime-local input (step 1), in India time, to the second. */
export function toIstInput(iso: string): string {
  return new Date(Date.parse(iso) + 330 * 60_000).toISOString().slice(0, 19);
}

/**
 * A datetime-local input's value (HH:MM, HH:MM:SS or HH:MM:SS.sss), read as India time, as an ISO
 * instant (null when empty or bad).
 */
export function fromIstInput(value: string): string | null {
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(:\d{2}(\.\d{1,3})?)?$/.exec(value);
  if (!m) return null;
  const ms = Date.parse(`${m[1]}${m[2] ?? ':00'}+05:30`);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

/** The end of the second holding `ms` (so a window "to" that second includes every bet in it). */
export const endOfSecond = (ms: number): number => Math.floor(ms / 1000) * 1000 + 999;

/** A date-time to the second, India time: the void window's ends. */
export const whenExact = (iso: string): string => `${formatDateTime(iso, 'yyyy-MM-dd HH:mm:ss')} IST`;
