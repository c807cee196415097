import type { CasinoRoundHead } from '@backlay/contract';
import { useEffect, useRef } from 'react';
import { liveClient } from '../../lib/ws.ts';
import { noteServerTime } from './clock.ts';

/**
 * Follows casino tables over the live socket (`subscribe_casino`): each `casino` message, the round's
 * whole head, goes to `onHead`; after a reconnect `onResync` refetches what the screen shows. No
 * polling: the socket's own reconnect and freshness watch keep it alive (lib/ws.ts).
 */
export function useCasinoLive(
  matchIds: readonly number[],
  onHead: (head: CasinoRoundHead) => void,
  onResync: () => void,
) {
  const handlers = useRef({ onHead, onResync });
  useEffect(() => {
    handlers.current = { onHead, onResync };
  });
  const key = matchIds.join(',');
  useEffect(() => {
    if (!key) return;
    const ids = key.split(',').map(Number);
    const client = liveClient();
    const off = client.subscribeCasino(ids, (head) => {
      noteServerTime(head.server_time);
      handlers.current.onHead(head);
    });
    const offResync = client.onResync(() => handlers.current.onResync());
    return () => {
      offResync();
      off();
    };
  }, [key]);
}
