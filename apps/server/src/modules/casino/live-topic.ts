// The casino's topic of the live hub (docs/live-prices.md, "Casino tables"; plugins/live-topics.ts):
// a socket follows tables (`subscribe_casino {match_ids}`), gets each table's current round at
// once, then the whole round head (`{type:'casino', round}`) after every change the scheduler
// publishes on the bus (`casino {match_id}`, from whichever node runs the tables).
import type { CasinoRoundHead } from '@backlay/contract';
import type { LiveTopic } from '../../plugins/live-topics.ts';
import { MAX_CASINO_TABLES_PER_SOCKET } from './timing.ts';

export function casinoLiveTopic(
  head: (match_id: number) => Promise<CasinoRoundHead | null>,
): LiveTopic<CasinoRoundHead> {
  return {
    name: 'casino',
    label: 'casino round',
    max: MAX_CASINO_TABLES_PER_SOCKET,
    idsOf: (m) => (m.op === 'subscribe_casino' || m.op === 'unsubscribe_casino' ? m.match_ids : []),
    read: head,
    message: (round) => ({ type: 'casino', round }),
    tooMany: `At most ${MAX_CASINO_TABLES_PER_SOCKET} casino tables per connection`,
    unknown: (id) => `Unknown casino table ${id} (or it has no round yet)`,
    follow: (bus, changed) => bus.subscribe('casino', (m) => changed(m.match_id)),
  };
}
