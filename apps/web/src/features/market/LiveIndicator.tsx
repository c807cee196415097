import { useConnectionState } from './useLive.ts';

const LABEL = { idle: 'Offline', connecting: 'Connecting…', open: 'Live', reconnecting: 'Reconnecting…' };

/** A dot and a word: live prices on, or the connection being restored. */
export function LiveIndicator() {
  const state = useConnectionState();
  return (
    <span
      className={`live-dot live-dot--${state}`}
      role="status"
      data-testid="live-indicator"
      data-state={state}
    >
      <span className="live-dot__dot" aria-hidden="true" />
      {LABEL[state]}
    </span>
  );
}
