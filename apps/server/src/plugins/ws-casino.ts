// The casino topic of the live hub (docs/live-prices.md, "Casino tables"): a socket follows tables
// (`subscribe_casino {match_ids}`), gets each table's current round at once, then the whole round
// head (`{type:'casino', round}`) after every change the scheduler publishes on the bus (`casino
// {match_id}`, from whichever node runs the tables). The machinery is ws-topic.ts.
import type { CasinoRoundHead } from '@backlay/contract';
import { createTopicFeeds, type TopicDeps } from './ws-topic.ts';

/** Tables one socket may follow at once (a lobby follows a series' dozen; each message carries ≤ 50). */
export const MAX_CASINO_TABLES_PER_SOCKET = 50;

export type CasinoClient = { closed: boolean; casinoTables: Set<number> };

export function createCasinoFeeds<C extends CasinoClient>(deps: TopicDeps<C, CasinoRoundHead>) {
  const stats = { casino_reads: 0, casino_sent: 0 };
  const topic = createTopicFeeds<C, CasinoRoundHead>(
    {
      name: 'casino round',
      max: MAX_CASINO_TABLES_PER_SOCKET,
      followed: (c) => c.casinoTables,
      message: (round) => ({ type: 'casino', round }),
      tooMany: `At most ${MAX_CASINO_TABLES_PER_SOCKET} casino tables per connection`,
      unknown: (id) => `Unknown casino table ${id} (or it has no round yet)`,
      counted: {
        read: () => void (stats.casino_reads += 1),
        sent: (n) => void (stats.casino_sent += n),
      },
    },
    deps,
  );
  return { stats, ...topic };
}
