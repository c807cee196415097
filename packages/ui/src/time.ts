/** The one date helper: every date the user sees is UTC+5:30, dd/MM/yyyy HH:mm:ss (spec §2, §9). */
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { DISPLAY_DATE_TIME_FORMAT, DISPLAY_TIME_ZONE } from './constants.ts';

function toDate(value: string | number | Date): Date | null {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** dd/MM/yyyy HH:mm:ss in UTC+5:30; '' for an invalid input. */
export function formatDateTime(value: string | number | Date, pattern = DISPLAY_DATE_TIME_FORMAT): string {
  const d = toDate(value);
  if (!d) return '';
  return format(new TZDate(d.getTime(), DISPLAY_TIME_ZONE), pattern);
}

/** HH:mm in UTC+5:30 (race times in the venue dropdown). */
export const formatTime = (value: string | number | Date): string => formatDateTime(value, 'HH:mm');

/** yyyy-MM-dd of the given instant in UTC+5:30 (the "day" of the venue list and the home screen). */
export const displayDay = (value: string | number | Date = new Date()): string =>
  formatDateTime(value, 'yyyy-MM-dd');
