// The live connection's state where a screen shows live data (markets, cricket, the casino
// tables): a dot and a word. Imported by its path, not from index.ts: only the live screens (lazy)
// need it.
import { useSyncExternalStore } from 'react';
import { msgId, useT } from './i18n.ts';
import { liveClient, type ConnectionState } from '../lib/ws.ts';
import './LiveIndicator.css';

/** The live connection's state, re-rendering on each change. */
export function useConnectionState(): ConnectionState {
  const client = liveClient();
  return useSyncExternalStore((cb) => client.onState(cb), client.getState, client.getState);
}

/** What is on screen may be behind the server: the socket went quiet or is reconnecting. */
export const isStale = (state: ConnectionState) => state === 'stale' || state === 'reconnecting';

const LABEL: Record<ConnectionState, string> = {
  idle: msgId('components.live.idle'),
  connecting: msgId('components.live.connecting'),
  open: msgId('components.live.open'),
  stale: msgId('components.live.stale'),
  reconnecting: msgId('components.live.reconnecting'),
};

/**
 * A dot and a word: live on, the connection quiet for seconds (what is shown may be behind), or
 * the connection being restored. `labels` replaces words a screen says otherwise (a casino table
 * has no prices), already in the bettor's language.
 */
export function LiveIndicator({ labels = {} }: { labels?: Partial<Record<ConnectionState, string>> }) {
  const t = useT();
  const state = useConnectionState();
  return (
    <span className={`conn conn--${state}`} role="status" data-testid="live-indicator" data-state={state}>
      <span className="conn__dot" aria-hidden="true" />
      {labels[state] ?? t(LABEL[state])}
    </span>
  );
}
