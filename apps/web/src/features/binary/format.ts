import type { BinaryInstrumentHead, BinaryTick } from '@backlay/contract';
import { translateAnswer } from '../../lib/i18n/index.ts';
import { t } from './i18n.ts';
import { activeLocale, type Locale } from '../../lib/i18n/catalog.ts';

/** India time for every time the screen shows (the sessions' hours are India time). */
const IST = 'Asia/Kolkata';

/** A price with the instrument's decimals (two at most): 24,345.05. */
export function formatPrice(price: number, tickSize: number): string {
  const decimals = tickSize >= 1 ? 0 : 2;
  return price.toLocaleString('en-IN', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

/** "24,350", or "71.25" for a line finer than a whole point (always two decimals then). */
export const formatLine = (line: number) =>
  Number.isInteger(line)
    ? line.toLocaleString('en-IN')
    : line.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "+12.35 (+0.05%)", or "" without a change. */
export function formatChange(
  head: Pick<BinaryInstrumentHead, 'change' | 'change_pct' | 'tick_size'>,
): string {
  if (head.change == null) return '';
  const sign = head.change > 0 ? '+' : head.change < 0 ? '−' : '';
  const pct = head.change_pct == null ? '' : ` (${sign}${Math.abs(head.change_pct).toFixed(2)}%)`;
  return `${sign}${formatPrice(Math.abs(head.change), head.tick_size)}${pct}`;
}

/** "Mon 27 Nov, 10:00 IST" (in Hindi the day and month are Hindi's: "सोम, 27 नव॰, 10:00 IST"). */
export function formatIstDateTime(iso: string, locale: Locale = activeLocale()): string {
  const d = new Date(iso);
  const day = d.toLocaleDateString(locale === 'hi' ? 'hi-IN' : 'en-GB', {
    timeZone: IST,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  });
  // The 24-hour clock's digits, the same in both languages.
  const time = d.toLocaleTimeString('en-GB', {
    timeZone: IST,
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  });
  return `${day}, ${time} IST`;
}

/** "10:00:05" in India time, for the chart's axis. */
export const formatIstTime = (ms: number) =>
  new Date(ms).toLocaleTimeString('en-GB', { timeZone: IST, hour12: false });

/**
 * Now by the binary clock: the head's server_time, plus the device's ms since the head arrived
 * times the clock's speed (BINARY_CLOCK_SPEED: 1 in production, 60 in a fast-clock run), so a
 * countdown runs at the session's pace whatever the speed.
 */
export function binaryNow(
  at: { server_time: number; received_ms: number; clock_speed: number },
  device_now_ms: number,
): number {
  return at.server_time + (device_now_ms - at.received_ms) * at.clock_speed;
}

/** "1h 02m 05s" / "2m 05s" / "5s" (in the active language); never negative. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  if (h > 0) return t('binary.countdown.hours', { h, m: pad(m), s: pad(s) });
  if (m > 0) return t('binary.countdown.minutes', { m, s: pad(s) });
  return t('binary.countdown.seconds', { s });
}

/** Why a not-open instrument takes no bets and when it opens next ("Weekend · opens Mon 30 Nov, 10:00 IST"). */
export function nextOpenText(
  head: Pick<BinaryInstrumentHead, 'state' | 'reason' | 'opens_at'>,
): string | null {
  if (head.state === 'OPEN') return null;
  const why =
    head.reason != null
      ? translateAnswer(head.reason)
      : head.state === 'CLOSED'
        ? t('binary.state.closed')
        : t('binary.state.suspended');
  if (!head.opens_at) return why;
  const at = formatIstDateTime(head.opens_at);
  // The server's 'Opens 10:00 IST' says the time already: the day is what it lacks.
  // i18n-exempt: the server's English wording, compared
  if (head.reason?.startsWith('Opens')) return t('binary.state.opensAt', { at });
  return t('binary.state.reasonOpens', { reason: why, at });
}

/** The session's high and low so far, from its ticks. */
export function highLow(ticks: readonly BinaryTick[]): { high: number; low: number } | null {
  if (ticks.length === 0) return null;
  let high = -Infinity;
  let low = Infinity;
  for (const tick of ticks) {
    if (tick.p > high) high = tick.p;
    if (tick.p < low) low = tick.p;
  }
  return { high, low };
}

/** The chart keeps at most this many ticks (the server sends at most 2000). */
export const CHART_TICKS_MAX = 2000;

/** The ticks with a newer one added (older or equal times are not added); at most CHART_TICKS_MAX. */
export function appendTick(ticks: readonly BinaryTick[], tick: BinaryTick | null): BinaryTick[] {
  const last = ticks[ticks.length - 1];
  if (!tick || (last && tick.t <= last.t)) return ticks as BinaryTick[];
  const next = [...ticks, tick];
  return next.length > CHART_TICKS_MAX ? next.slice(next.length - CHART_TICKS_MAX) : next;
}
