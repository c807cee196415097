import { useConnectionState } from './useLive.ts';

const LABEL = {
  idle: 'Offline',
  connecting: 'Connecting…',
  open: 'Live',
  stale: 'Prices delayed',
  reconnecting: 'Reconnecting…',
};

/**
 * A dot and a word: live prices on, the connection quiet for seconds (prices may be behind), or
 * the connection being restored.
 */
export function LiveIndicator() {
  const state = useConnectionState();
  return (
    <span className={`conn conn--${state}`} role="status" data-testid="live-indicator" data-state={state}>
      <span className="conn__dot" aria-hidden="true" />
      {LABEL[state]}
    </span>
  );
}
