import type { BinaryBoard, BinaryInstrument, BinaryInstrumentHead } from '@backlay/contract';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { liveClient } from '../../lib/ws.ts';
import { binaryBoardKey } from './api/binary-board.ts';
import { binaryInstrumentKey } from './api/binary-instrument.ts';
import { appendTick } from './format.ts';

/** Lays a pushed head on the board and on the instrument (its tick appended to the chart). */
export function applyHead(queryClient: QueryClient, head: BinaryInstrumentHead): void {
  queryClient.setQueryData<BinaryBoard>(binaryBoardKey, (board) =>
    board
      ? {
          ...board,
          server_time: head.server_time,
          clock_speed: head.clock_speed,
          groups: board.groups.map((g) => ({
            ...g,
            instruments: g.instruments.map((i) => (i.match_id === head.match_id ? head : i)),
          })),
        }
      : board,
  );
  const key = binaryInstrumentKey(head.match_id);
  const old = queryClient.getQueryData<BinaryInstrument>(key);
  if (!old) return;
  // A new session or a change of state (opened, closed, settled) changes the exposure and book too.
  const changed = old.instrument.session_id !== head.session_id || old.instrument.state !== head.state;
  const ticks = old.instrument.session_id === head.session_id ? old.ticks : [];
  queryClient.setQueryData<BinaryInstrument>(key, {
    ...old,
    instrument: head,
    ticks: appendTick(ticks, head.last_tick),
  });
  if (changed) void queryClient.invalidateQueries({ queryKey: key });
}

/**
 * Follows the board's instruments over the live connection: every `binary` message is a whole
 * head (price, change, line, state), laid on the board and the open instrument. A reconnect
 * refetches both (the socket also sends each head again).
 */
export function useBinaryLive(matchIds: readonly number[]) {
  const queryClient = useQueryClient();
  const key = matchIds.join(',');
  useEffect(() => {
    if (!key) return;
    const client = liveClient();
    const off = client.subscribeBinary(key.split(',').map(Number), (head) => applyHead(queryClient, head));
    const offResync = client.onResync(() => {
      void queryClient.invalidateQueries({ queryKey: binaryBoardKey });
      void queryClient.invalidateQueries({ queryKey: ['binaryInstrument'] });
    });
    return () => {
      offResync();
      off();
    };
  }, [key, queryClient]);
}
