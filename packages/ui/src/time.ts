/**
 * The one date helper: every date the user sees is UTC+5:30, dd/MM/yyyy HH:mm:ss (spec §2, §9).
 *
 * India keeps one fixed offset all year (no summer time since 1945), so a date is shown by shifting
 * the instant by DISPLAY_TIME_ZONE and reading its UTC fields: no time-zone database and no date
 * library in the shell's first load (date-fns and its locales cost the signed-in home about 7 kB
 * brotli; docs/performance.md, "First load"). Patterns are numeric only: the tokens below.
 */
import { DISPLAY_DATE_TIME_FORMAT, DISPLAY_TIME_ZONE } from './constants.ts';

/** '+05:30' → 330: minutes east of UTC. */
function offsetMinutes(zone: string): number {
  const m = /^([+-])(\d{2}):(\d{2})$/.exec(zone);
  if (!m) throw new Error(`display time zone must be ±HH:MM, got ${zone}`);
  const minutes = Number(m[2]) * 60 + Number(m[3]);
  return m[1] === '-' ? -minutes : minutes;
}

const DISPLAY_OFFSET_MS = offsetMinutes(DISPLAY_TIME_ZONE) * 60_000;

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** What each token reads from the shifted instant (its UTC fields are the display zone's). */
const TOKENS: Readonly<Record<string, (d: Date) => string>> = {
  yyyy: (d) => pad(d.getUTCFullYear(), 4),
  MM: (d) => pad(d.getUTCMonth() + 1, 2),
  dd: (d) => pad(d.getUTCDate(), 2),
  HH: (d) => pad(d.getUTCHours(), 2),
  mm: (d) => pad(d.getUTCMinutes(), 2),
  ss: (d) => pad(d.getUTCSeconds(), 2),
};
const TOKEN = /yyyy|MM|dd|HH|mm|ss|[A-Za-z]/g;

function toDate(value: string | number | Date): Date | null {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * dd/MM/yyyy HH:mm:ss (or `pattern`: yyyy MM dd HH mm ss and separators) in UTC+5:30; '' for an
 * invalid input. Any other letter in the pattern is a programming error and throws.
 */
export function formatDateTime(value: string | number | Date, pattern = DISPLAY_DATE_TIME_FORMAT): string {
  const d = toDate(value);
  if (!d) return '';
  const shifted = new Date(d.getTime() + DISPLAY_OFFSET_MS);
  return pattern.replace(TOKEN, (token) => {
    const read = TOKENS[token];
    if (!read) throw new Error(`date pattern ${pattern}: unknown token ${token}`);
    return read(shifted);
  });
}

/** HH:mm in UTC+5:30 (race times in the venue dropdown). */
export const formatTime = (value: string | number | Date): string => formatDateTime(value, 'HH:mm');

/** yyyy-MM-dd of the given instant in UTC+5:30 (the "day" of the venue list and the home screen). */
export const displayDay = (value: string | number | Date = new Date()): string =>
  formatDateTime(value, 'yyyy-MM-dd');
