import { isStale, LiveIndicator, useConnectionState } from '../../components/LiveIndicator.tsx';
import { useT } from './i18n.ts';
import { Trans } from '../../lib/i18n/trans.ts';

/** The live connection's dot and word, as the market screens show it (a table has no prices: a quiet socket is "Not live"). */
export function CasinoLiveIndicator() {
  const t = useT();
  return <LiveIndicator labels={{ stale: t('casino.live.notLive') }} />;
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
      <Trans id="casino.live.connectionLost" components={{ 0: <strong /> }} />
    </p>
  );
}
