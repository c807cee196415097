// Fantasy's topic of the live hub (plugins/live-topics.ts): a socket follows contests
// (`subscribe_fantasy {contest_ids}`), gets each one's leaderboard at once, then again after every
// change the fantasy runner publishes on the bus (`fantasy {contest_id}`: a ball moved the points,
// an entry joined, the contest ended). The rows are read without a viewer (`mine` false, other
// users' names masked); the client marks its own entries.
import type { FantasyLeaderboard } from '@backlay/contract';
import type { LiveTopic } from '../../plugins/live-topics.ts';

/** Contests one socket may follow at once (each message carries ≤ 50). */
export const MAX_FANTASY_CONTESTS_PER_SOCKET = 50;

export function fantasyLiveTopic(
  board: (contest_id: number) => Promise<FantasyLeaderboard | null>,
): LiveTopic<FantasyLeaderboard> {
  return {
    name: 'fantasy',
    label: 'fantasy leaderboard',
    max: MAX_FANTASY_CONTESTS_PER_SOCKET,
    idsOf: (m) => (m.op === 'subscribe_fantasy' || m.op === 'unsubscribe_fantasy' ? m.contest_ids : []),
    read: board,
    message: (board) => ({ type: 'fantasy', board }),
    tooMany: `At most ${MAX_FANTASY_CONTESTS_PER_SOCKET} fantasy contests per connection`,
    unknown: (id) => `Unknown fantasy contest ${id}`,
    follow: (bus, changed) => bus.subscribe('fantasy', (m) => changed(m.contest_id)),
  };
}
