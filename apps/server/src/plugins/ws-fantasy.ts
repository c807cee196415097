// The fantasy topic of the live hub: a socket follows contests (`subscribe_fantasy {contest_ids}`),
// gets each one's leaderboard at once, then again after every change the fantasy runner publishes
// on the bus (`fantasy {contest_id}`: a ball moved the points, an entry joined, the contest ended).
// The rows are read without a viewer (`mine` false, other users' names masked); the client marks
// its own entries. The machinery is ws-topic.ts.
import type { FantasyLeaderboard } from '@backlay/contract';
import { createTopicFeeds, type TopicDeps } from './ws-topic.ts';

/** Contests one socket may follow at once (each message carries ≤ 50). */
export const MAX_FANTASY_CONTESTS_PER_SOCKET = 50;

export type FantasyClient = { closed: boolean; fantasyContests: Set<number> };

export function createFantasyFeeds<C extends FantasyClient>(deps: TopicDeps<C, FantasyLeaderboard>) {
  const stats = { fantasy_reads: 0, fantasy_sent: 0 };
  const topic = createTopicFeeds<C, FantasyLeaderboard>(
    {
      name: 'fantasy leaderboard',
      max: MAX_FANTASY_CONTESTS_PER_SOCKET,
      followed: (c) => c.fantasyContests,
      message: (board) => ({ type: 'fantasy', board }),
      tooMany: `At most ${MAX_FANTASY_CONTESTS_PER_SOCKET} fantasy contests per connection`,
      unknown: (id) => `Unknown fantasy contest ${id}`,
      counted: {
        read: () => void (stats.fantasy_reads += 1),
        sent: (n) => void (stats.fantasy_sent += n),
      },
    },
    deps,
  );
  return { stats, ...topic };
}
