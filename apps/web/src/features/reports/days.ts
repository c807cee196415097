import { REPORT_MAX_DAYS, reportDay } from '@backlay/contract/bettor';
import { displayDay } from '@backlay/ui/time';
import { msgId, type MessageValues } from '../../lib/i18n/catalog.ts';

/** Report days are calendar days in UTC+5:30, 'YYYY-MM-DD'. */
export const todayIst = (now: Date = new Date()): string => displayDay(now);

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/** The day `n` days after (or before, when negative) `day`. */
export function addDays(day: string, n: number): string {
  return new Date((dayNumber(day) + n) * DAY_MS).toISOString().slice(0, 10);
}

export type DayRange = { from: string; to: string };

/** The last `days` days ending today (IST), today included. */
export function defaultRange(days = 7, now: Date = new Date()): DayRange {
  const to = todayIst(now);
  return { from: addDays(to, -(days - 1)), to };
}

export const isReportDay = (value: string): boolean => reportDay.safeParse(value).success;

/** Why a form cannot be sent: a message id of the reports' catalogue, with its values. */
export type Problem = { readonly id: string; readonly values?: MessageValues };

/** Why a From/To pair cannot be sent, or null when it can (the server checks the same). */
export function rangeError({ from, to }: DayRange): Problem | null {
  if (!isReportDay(from)) return { id: msgId('reports.range.invalidFrom') };
  if (!isReportDay(to)) return { id: msgId('reports.range.invalidTo') };
  const span = dayNumber(to) - dayNumber(from);
  if (span < 0) return { id: msgId('reports.range.fromAfterTo') };
  if (span >= REPORT_MAX_DAYS)
    return { id: msgId('reports.range.tooLong'), values: { count: REPORT_MAX_DAYS } };
  return null;
}
