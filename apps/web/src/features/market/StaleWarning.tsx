import { isStale, useConnectionState } from './useLive.ts';

/**
 * Shown while the live connection delivers nothing (stalled or reconnecting): the prices on screen
 * may be behind the server's. They are refreshed over HTTP every few seconds meanwhile, and a bet
 * is always checked against the server's current prices and status.
 */
export function StaleWarning() {
  return (
    <p className="stale-warning" role="status" data-testid="stale-warning">
      Prices are not live: the connection has stopped updating. Prices refresh every few seconds; your bet is
      checked against the current price when you place it.
    </p>
  );
}

/**
 * The slip holds Place while the prices may be behind the server's (issue 30, "Place warns or
 * waits"): the bettor sees why next to the button, and Place comes back the moment the live
 * connection delivers again.
 */
export function useSlipHeld(): boolean {
  return isStale(useConnectionState());
}

export function SlipStaleLine({ held }: { held: boolean }) {
  if (!held) return null;
  return (
    <p className="slip__warn" role="status" data-testid="slip-stale">
      Prices delayed: waiting for live prices
    </p>
  );
}
