// A cricket match's match-odds market as its scoreboard decides it (issue 32, docs/live-prices.md
// "Match odds and the scoreboard"): the demo feed asks here whether a market's match has a
// scoreboard, and if so closes and settles it from the scoreboard's result instead of its clock
// and its drifting draw; the cricket feed's score writes suspend the market the moment a score
// says the match is over, so no bet is taken on a decided match in between.
//
// The result is read from the scoreboard's `result_text` (what the bettor's screen shows), with
// the teams' names matched to the market's runners:
// - "<team> won by …": that team's runner wins;
// - "Match tied": the two teams dead-heat (the stake is shared, DOMAIN.md "Dead heat"), as a real
//   exchange settles a tied match whose competition plays no deciding super over; the spec's rules
//   text says nothing about match odds on a tie;
// - "Match drawn" (a Test): the market's draw runner wins if it has one, else every bet is void;
// - "No result", "abandoned": every bet is void;
// - anything else, or a team with no runner: the feed cannot tell, the operator settles it.
import type { FeedOutcome, FeedScoreState, Scoreboard } from '@backlay/feed';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { EXCHANGE_KIND } from '../exchange/kind.ts';
import { cricketMatches } from './schema.ts';
import { markets } from '../markets/schema.ts';

type RunnerInfo = { selection_id: number; name: string; status: string };

/** Scoreboard statuses during which the match is on (or yet to start). */
const PLAYING = new Set(['NOT_STARTED', 'IN_PROGRESS', 'INNINGS_BREAK']);

/** What a finished match's result line means for its match-odds runners (null: cannot tell). */
export function outcomeOf(
  resultText: string,
  teams: readonly [string, string],
  runnerList: readonly RunnerInfo[],
): FeedOutcome | null {
  const live = runnerList.filter((r) => r.status !== 'REMOVED');
  const runnerOf = (name: string) => live.find((r) => r.name === name)?.selection_id;
  const text = resultText.trim();
  const won = /^(.+?) won\b/i.exec(text);
  if (won) {
    const team = teams.find((t) => t === won[1]);
    const sel = team === undefined ? undefined : runnerOf(team);
    return sel === undefined ? null : { kind: 'WINNER', selection_id: sel };
  }
  if (/\bno result\b|\babandon/i.test(text)) return { kind: 'VOID', reason: text };
  if (/\btied?\b/i.test(text)) {
    const a = runnerOf(teams[0]);
    const b = runnerOf(teams[1]);
    return a === undefined || b === undefined ? null : { kind: 'DEAD_HEAT', selection_ids: [a, b] };
  }
  if (/\bdrawn?\b/i.test(text)) {
    const draw = live.find((r) => /\bdraw\b/i.test(r.name) && !teams.includes(r.name));
    return draw ? { kind: 'WINNER', selection_id: draw.selection_id } : { kind: 'VOID', reason: text };
  }
  return null;
}

/**
 * The scoreboard's state for a match-odds market: PLAYING while the match is on (a match that has
 * a scoreboard row but no ball yet included), ENDED with the outcome once it is COMPLETE, and
 * STOPPED for any other status (play stopped: rain, bad light, an innings stopped).
 */
export function scoreStateOf(
  score: Scoreboard | null,
  teams: readonly [string, string],
  runnerList: readonly RunnerInfo[],
): FeedScoreState {
  if (score === null || PLAYING.has(score.status)) return { state: 'PLAYING' };
  if (score.status === 'COMPLETE') {
    const text = score.result_text ?? '';
    return { state: 'ENDED', result_text: text, outcome: outcomeOf(text, teams, runnerList) };
  }
  return { state: 'STOPPED', reason: score.result_text ?? String(score.status) };
}

/** Whether this score ends the match (its match-odds market takes no more bets). */
export const endsMatch = (score: Scoreboard) => score.status === 'COMPLETE';

/**
 * The scoreboard state of each listed match-odds market whose match has a scoreboard (a
 * cricket_matches row); markets of other matches are absent (no scoreboard: the demo's clock).
 */
export async function matchOddsScoreStates(
  app: Pick<FastifyInstance, 'db'>,
  list: readonly { market_id: number; match_id: number; runners: readonly RunnerInfo[] }[],
): Promise<Map<number, FeedScoreState>> {
  const out = new Map<number, FeedScoreState>();
  if (list.length === 0) return out;
  const ids = [...new Set(list.map((m) => m.match_id))];
  const rows = await app.db
    .select({
      matchId: cricketMatches.matchId,
      teamA: cricketMatches.teamA,
      teamB: cricketMatches.teamB,
      score: cricketMatches.score,
    })
    .from(cricketMatches)
    .where(inArray(cricketMatches.matchId, ids));
  const byMatch = new Map(rows.map((r) => [r.matchId, r]));
  for (const m of list) {
    const cm = byMatch.get(m.match_id);
    if (!cm) continue;
    out.set(
      m.market_id,
      scoreStateOf((cm.score as Scoreboard | null) ?? null, [cm.teamA, cm.teamB], m.runners),
    );
  }
  return out;
}

/**
 * Suspends the match's open match-odds markets (before the score that ends the match is
 * stored, so no bet lands on a decided match); the demo feed then closes and settles them.
 */
export async function suspendMatchOdds(
  app: Pick<FastifyInstance, 'db' | 'exchange'>,
  matchId: number,
): Promise<void> {
  const open = await app.db
    .select({ marketId: markets.marketId })
    .from(markets)
    .where(
      and(eq(markets.matchId, matchId), eq(markets.marketKind, EXCHANGE_KIND), ne(markets.status, 'CLOSED')),
    );
  for (const m of open) await app.exchange.setMarketStatus(m.marketId, 'SUSPENDED');
}
