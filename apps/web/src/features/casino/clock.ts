import type { CasinoRoundHead } from '@backlay/contract';

// The server's clock as this browser sees it. Every round head carries `server_time` (ms, when it
// was sent): the difference to the local clock at arrival is kept, so a countdown reads the window
// by the server's clock even when this machine's clock is minutes off. Bets are refused by the
// server's clock whatever a client shows; this only keeps what it shows honest.

let offsetMs = 0;

/** A head (or any message with the server's time) has just arrived. */
export function noteServerTime(serverTimeMs: number, localNowMs: number = Date.now()): void {
  if (Number.isFinite(serverTimeMs)) offsetMs = serverTimeMs - localNowMs;
}

/** The server's clock now, from the local one. */
export const serverNow = (localNowMs: number): number => localNowMs + offsetMs;

/** Milliseconds left in the round's betting window by the server's clock (0 once closed). */
export function windowLeftMs(head: Pick<CasinoRoundHead, 'state' | 'closes_at'>, localNowMs: number): number {
  if (head.state !== 'BETTING') return 0;
  return Math.max(0, Date.parse(head.closes_at) - serverNow(localNowMs));
}

/** Whole seconds as the countdown shows them (a window with 0.2 s left still shows 1). */
export const secondsShown = (ms: number): number => Math.ceil(ms / 1000);
