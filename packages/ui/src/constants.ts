/**
 * Constants both clients (the bettor's app and the operator console) keep alike: where the API
 * is, how money and dates are shown (spec §2, §9). The bettor's app re-exports them beside its
 * own (apps/web/src/lib/constants.ts).
 */

/** Balance and exposure are shown with this many decimals. */
export const MONEY_DECIMALS = 2;
/** Display time zone: every date the user sees is in UTC+5:30. */
export const DISPLAY_TIME_ZONE = '+05:30';
/** Display format of every date-time. */
export const DISPLAY_DATE_TIME_FORMAT = 'dd/MM/yyyy HH:mm:ss';
/** The console is cleared once, this long after the first request. */
export const CONSOLE_CLEAR_AFTER_MS = 1_115_000;
/** Images (logo, banners) are served under this prefix when the setting holds a bare file name. */
export const IMAGE_PREFIX = '/api/upload/image/';
/** All calls go under this prefix. */
export const API_PREFIX = '/api/';
