/**
 * Every application constant of spec §9, in one place. Nothing else in the client hard-codes
 * these numbers.
 */
import type { ToastContainerProps } from 'react-toastify';

// Shared with the operator console: money decimals, display zone and format, API and image
// prefixes, the console clear.
export {
  API_PREFIX,
  CONSOLE_CLEAR_AFTER_MS,
  DISPLAY_DATE_TIME_FORMAT,
  DISPLAY_TIME_ZONE,
  IMAGE_PREFIX,
  MONEY_DECIMALS,
} from '@backlay/ui/constants';

/** Balance poll interval; a failed poll is retried after the same delay. */
export const BALANCE_POLL_MS = 5000;
/** Below this width (px) the layout is the mobile one: sidebar as a drawer, compact header. */
export const MOBILE_BREAKPOINT_PX = 993;
/** Media query that matches the mobile layout. */
export const MOBILE_MEDIA_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;
/** Delay before the welcome popup shows. */
export const WELCOME_POPUP_DELAY_MS = 100;

/** Toasts: 800 ms, top-center, tap to dismiss, close button shown. */
export const TOAST_AUTO_CLOSE_MS = 800;
export const TOAST_OPTIONS = {
  autoClose: TOAST_AUTO_CLOSE_MS,
  position: 'top-center',
  closeOnClick: true,
  closeButton: true,
} as const satisfies Partial<ToastContainerProps>;

/** Age limit stated in the 18+ modal. */
export const AGE_LIMIT_YEARS = 18;
/** Search: wait this long after the last keystroke before asking the server. */
export const SEARCH_DEBOUNCE_MS = 300;
/** Search: fewer characters than this do not query. */
export const SEARCH_MIN_CHARS = 2;

/** Sport ids of note (spec §9). */
export const SPORT_ID = {
  FOOTBALL: 1,
  TENNIS: 2,
  CRICKET: 4,
  HORSE_RACING: 7,
  GREYHOUND_RACING: 4339,
  VOLLEYBALL: 998917,
  BASKETBALL: 7522,
  POLITICS: 2378961,
} as const;

/** The server's own sports beside the spec's: products whose "matches" are not sports events. */
export const PRODUCT_SPORT_ID = {
  /** The in-house casino's tables (their screen is casino/match/{id}). */
  CASINO: -1,
  /** Binary sessions' instruments (their screen is binary/{id}). */
  BINARY: -17,
} as const;

/** Sports in the top navigation, in this order. */
export const TOP_NAV_SPORT_IDS: readonly number[] = [
  SPORT_ID.CRICKET,
  SPORT_ID.FOOTBALL,
  SPORT_ID.TENNIS,
  SPORT_ID.VOLLEYBALL,
  SPORT_ID.BASKETBALL,
];
/** Racing sports of the sidebar. */
export const RACING_SPORT_IDS: readonly number[] = [SPORT_ID.HORSE_RACING, SPORT_ID.GREYHOUND_RACING];
/** Sport ids never shown in the sidebar's All Sports list. */
export const SIDEBAR_EXCLUDED_SPORT_IDS: readonly number[] = [
  PRODUCT_SPORT_ID.BINARY,
  PRODUCT_SPORT_ID.CASINO,
];

/** series/getSeriesHeader: 1 for the header, 2 for the sidebar. */
export const SERIES_HEADER_CALL = { HEADER: 1, SIDEBAR: 2 } as const;
