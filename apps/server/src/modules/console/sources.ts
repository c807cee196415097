// What a product adds to the operator console without the console naming it (issue 42: the
// generic modules ask, never name a kind or a product): the dashboard's alerts a product raises
// (the demo feed's makers went quiet, a cricket scoreboard stopped moving) and a sport's own detail
// of a match in the console's match view (cricket: format, competition, teams). Each product
// declares its sources when its plugin registers; the console reads the tables of none of them.
import type { AdminMatch, DashboardAlert } from '@backlay/contract';
import fp from 'fastify-plugin';
import type { Executor } from '../../db/executor.ts';

/** A product's alerts now (none when all is well). */
export type AlertSource = (db: Executor, now: Date) => Promise<DashboardAlert[]>;
/** The match-view fields a sport adds for one match (only the fields it knows). */
export type MatchDetail = Partial<Pick<AdminMatch, 'cricket'>>;
export type MatchDetailSource = (db: Executor, matchId: number) => Promise<MatchDetail>;

/** Bound on declared sources: each product declares a few once, at start. */
const SOURCES_MAX = 32;

export function createConsoleSources() {
  const alerts: AlertSource[] = [];
  const details: MatchDetailSource[] = [];
  const add = <T>(list: T[], source: T) => {
    if (list.length >= SOURCES_MAX) throw new Error(`console sources: more than ${SOURCES_MAX} declared`);
    list.push(source);
  };
  return {
    declareAlerts: (source: AlertSource) => add(alerts, source),
    declareMatchDetail: (source: MatchDetailSource) => add(details, source),
    /** Every product's alerts, in the order the products declared them. */
    async alertsOf(db: Executor, now: Date): Promise<DashboardAlert[]> {
      return (await Promise.all(alerts.map((a) => a(db, now)))).flat();
    },
    /** What every sport adds to one match's view. */
    async matchDetailOf(db: Executor, matchId: number): Promise<MatchDetail> {
      return Object.assign({}, ...(await Promise.all(details.map((d) => d(db, matchId)))));
    },
  };
}
export type ConsoleSources = ReturnType<typeof createConsoleSources>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Where products declare what they add to the console (modules/console/sources.ts). */
    consoleSources: ConsoleSources;
  }
}

/** Registered before the products, so each can declare its sources as it registers. */
export const consoleSourcesModule = fp(
  async (app) => {
    app.decorate('consoleSources', createConsoleSources());
  },
  { name: 'console-sources' },
);
