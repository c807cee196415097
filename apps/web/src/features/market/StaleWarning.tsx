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
