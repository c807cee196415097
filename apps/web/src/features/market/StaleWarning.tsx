import { useT } from './i18n.ts';
import { isStale, useConnectionState } from './useLive.ts';

/**
 * Shown while the live connection delivers nothing (stalled or reconnecting): the prices on screen
 * may be behind the server's. They are refreshed over HTTP every few seconds meanwhile, and a bet
 * is always checked against the server's current prices and status.
 */
export function StaleWarning() {
  const t = useT();
  return (
    <p className="stale-warning" role="status" data-testid="stale-warning">
      {t('market.stale.warning')}
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
  const t = useT();
  if (!held) return null;
  return (
    <p className="slip__warn" role="status" data-testid="slip-stale">
      {t('market.stale.slipHeld')}
    </p>
  );
}
