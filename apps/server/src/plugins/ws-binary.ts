// The binary topic of the live hub (docs/live-prices.md, "Binary instruments"): a socket follows
// instruments (`subscribe_binary {match_ids}`), gets each one's head at once, then the whole head
// (`{type:'binary', instrument}`) after every tick, line move or state change the feed runner
// publishes on the bus (`binary {match_id}`, from the leader). The machinery is ws-topic.ts.
import type { BinaryInstrumentHead } from '@backlay/contract';
import { createTopicFeeds, type TopicDeps } from './ws-topic.ts';

/** Instruments one socket may follow at once (the board follows all 14; each message carries ≤ 50). */
export const MAX_BINARY_INSTRUMENTS_PER_SOCKET = 50;

export type BinaryClient = { closed: boolean; binaryInstruments: Set<number> };

export function createBinaryFeeds<C extends BinaryClient>(deps: TopicDeps<C, BinaryInstrumentHead>) {
  const stats = { binary_reads: 0, binary_sent: 0 };
  const topic = createTopicFeeds<C, BinaryInstrumentHead>(
    {
      name: 'binary head',
      max: MAX_BINARY_INSTRUMENTS_PER_SOCKET,
      followed: (c) => c.binaryInstruments,
      message: (instrument) => ({ type: 'binary', instrument }),
      tooMany: `At most ${MAX_BINARY_INSTRUMENTS_PER_SOCKET} binary instruments per connection`,
      unknown: (id) => `Unknown binary instrument ${id}`,
      counted: {
        read: () => void (stats.binary_reads += 1),
        sent: (n) => void (stats.binary_sent += n),
      },
    },
    deps,
  );
  return { stats, ...topic };
}
