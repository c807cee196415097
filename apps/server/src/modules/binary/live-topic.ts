// Binary's topic of the live hub (docs/live-prices.md, "Binary instruments";
// plugins/live-topics.ts): a socket follows instruments (`subscribe_binary {match_ids}`), gets
// each one's head at once, then the whole head (`{type:'binary', instrument}`) after every tick,
// line move or state change the feed runner publishes on the bus (`binary {match_id}`, from the
// leader).
import type { BinaryInstrumentHead } from '@backlay/contract';
import type { LiveTopic } from '../../plugins/live-topics.ts';

/** Instruments one socket may follow at once (the board follows all 14; each message carries ≤ 50). */
export const MAX_BINARY_INSTRUMENTS_PER_SOCKET = 50;

export function binaryLiveTopic(
  head: (match_id: number) => Promise<BinaryInstrumentHead | null>,
): LiveTopic<BinaryInstrumentHead> {
  return {
    name: 'binary',
    label: 'binary head',
    max: MAX_BINARY_INSTRUMENTS_PER_SOCKET,
    idsOf: (m) => (m.op === 'subscribe_binary' || m.op === 'unsubscribe_binary' ? m.match_ids : []),
    read: head,
    message: (instrument) => ({ type: 'binary', instrument }),
    tooMany: `At most ${MAX_BINARY_INSTRUMENTS_PER_SOCKET} binary instruments per connection`,
    unknown: (id) => `Unknown binary instrument ${id}`,
    follow: (bus, changed) => bus.subscribe('binary', (m) => changed(m.match_id)),
  };
}
