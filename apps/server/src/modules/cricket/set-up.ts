// A cricket match's own row: its format, competition and the two teams in order. The markets a
// demo match opens with (a bookmaker table, the fancies, the players' rows) are the kinds' own,
// put together by the seed (seed/cricket-match.ts).
import type { CricketFormat } from '@backlay/contract';
import { cricketMatches } from './schema.ts';
import type { Tx } from '../../db/store.ts';

/** The match's cricket row: its format, competition and the two teams in order. */
export async function insertCricketMatch(
  tx: Tx,
  c: { matchId: number; format: CricketFormat; competition: string; teams: readonly [string, string] },
): Promise<void> {
  await tx.insert(cricketMatches).values({
    matchId: c.matchId,
    format: c.format,
    competition: c.competition,
    teamA: c.teams[0],
    teamB: c.teams[1],
  });
}
