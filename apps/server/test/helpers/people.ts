// The people and the cricket match most server tests start from: a funded bettor logged in, the
// operator logged in, and a T20 IPL match between AUS and IND with the demo's cricket markets (its
// bookmaker: AUS 85/88, IND 110/114; its fancies). One copy, instead of one per test file.
import type { Scoreboard } from '@backlay/feed';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { matches } from '../../src/modules/catalog/schema.ts';
import { cricketMatches } from '../../src/modules/cricket/schema.ts';
import { setUpCricketMatch } from '../../src/seed/cricket-match.ts';
import type { Api } from './api.ts';
import { createBettor, createMarket } from './exchange.ts';
import type { StoreContext } from './stores.ts';

export type Bettor = Api & { userId: number };

/** A new bettor with `balancePaise` in their wallet, logged in on a client of their own. */
export async function bettorOf(ctx: StoreContext, balancePaise: number): Promise<Bettor> {
  const u = await createBettor(ctx.app, balancePaise);
  const api = ctx.api.fork();
  await api.login(u.userName, u.password);
  return Object.assign(api, { userId: u.userId });
}

/** The demo operator, logged in on a client of its own. */
export async function operatorOf(ctx: StoreContext): Promise<Api> {
  const api = ctx.api.fork();
  await api.login('operator', 'operator123');
  return api;
}

/**
 * A fresh in-play T20 IPL match, AUS v IND, with its exchange market (`exchange`) and the cricket
 * markets `setUpCricketMatch` makes (the bookmaker, the fancies), set up at `at`.
 */
export async function cricketTestMatch(app: FastifyInstance, at: Date = new Date()) {
  const exchange = await createMarket(app);
  const [match] = await app.db.select().from(matches).where(eq(matches.matchId, exchange.matchId));
  const existing = await app.db
    .select()
    .from(cricketMatches)
    .where(eq(cricketMatches.matchId, exchange.matchId));
  if (existing.length > 0) throw new Error('test match already has cricket markets');
  const made = await app.db.transaction((tx) =>
    setUpCricketMatch(tx, {
      matchId: exchange.matchId,
      format: 'T20',
      competition: 'IPL',
      teams: ['AUS', 'IND'],
      startTime: match!.startTime,
      inPlay: true,
      at,
    }),
  );
  return { matchId: exchange.matchId, exchange, ...made };
}

/** A first-innings scoreboard in progress after `balls` balls, a run each, no wicket. */
export const inProgress = (balls: number): Scoreboard => ({
  innings: 1,
  batting: 0,
  totals: [{ runs: balls, wickets: 0, balls }],
  recent: ['1'],
  target: null,
  status: 'IN_PROGRESS',
  ball_running_until_ms: null,
  result_text: null,
});
