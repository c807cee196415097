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

/** An ISO instant as the value of a datetime-local input, in India time. */
export function toIstInput(iso: string): string {
  return new Date(Date.parse(iso) + 330 * 60_000).toISOString().slice(0, 16);
}

/** A datetime-local input's value, read as India time, as an ISO instant (null when empty or bad). */
export function fromIstInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const ms = Date.parse(`${value}:00+05:30`);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}
