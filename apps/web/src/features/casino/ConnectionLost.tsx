import { isStale, LiveIndicator, useConnectionState } from '../../components/LiveIndicator.tsx';

/** A table has no prices: the indicator's words for a quiet socket. */
const CASINO_LABELS = { stale: 'Not live' } as const;

/** The live connection's dot and word, as the market screens show it. */
export function CasinoLiveIndicator() {
  return <LiveIndicator labels={CASINO_LABELS} />;
}

/**
 * Shown while the live socket is down or delivers nothing: the round's clock, state and cards on
 * screen may be behind the table's. A bet is still judged by the server's clock (placed or refused,
 * whatever the screen shows), and the screen refetches the round the moment the socket is back.
 */
export function ConnectionLost() {
  if (!isStale(useConnectionState())) return null;
  return (
    <p className="stale-warning" role="status" data-testid="connection-lost">
      <strong>Connection lost.</strong> Reconnecting… The clock and cards shown may be behind the table; a bet
      is judged by the server’s clock.
    </p>
  );
}
