import type {
  CasinoLobby,
  CasinoRound,
  CasinoRoundHead,
  CasinoRoundResult,
  CasinoSeriesId,
} from '@backlay/contract';
import type { AdminCasinoTable, CasinoResults } from '@backlay/contract';
import fp from 'fastify-plugin';
import type { ExchangeOptions } from '../exchange/service.ts';
import { ok, refuse, route } from '../../http/route.ts';
import { audited } from '../audit/audit.ts';
import { createCasinoBets, type CasinoBetRequest } from './bets.ts';
import { createCasinoKind } from './casino-kind.ts';
import { createRounds } from './rounds.ts';
import { createCasinoScheduler, type CasinoScheduler } from './scheduler.ts';
import { createCasinoService } from './service.ts';
import { CASINO_SERIES_NAMES, ensureTables, setLimits } from './tables.ts';
import { CASINO_RESULTS_PAGE_SIZE } from './timing.ts';
import {
  currentRounds,
  finishedBetween,
  headOf,
  lastResults,
  limitsOf,
  resultOf,
  roundById,
  tableOf,
  tablesOf,
  userBetsOnRound,
  type TableInfo,
} from './views.ts';
import type { Staker } from '../wallet/stake-gate.ts';
import { casinoLiveTopic } from './live-topic.ts';

declare module 'fastify' {
  interface FastifyInstance {
    casino: CasinoApi;
  }
}

declare module '../../plugins/bus.ts' {
  interface BusChannels {
    /** A casino table's round changed (opened, closed, a step, result, void): its head is read again. */
    casino: { match_id: number; round_id: number };
  }
}

/** Whether this node takes part in running the tables (under the leader lease), and how fast. */
export type CasinoOptions = {
  /** Run the tables' rounds when this node leads (default off: tests that want rounds ask). */
  run?: boolean;
  /** CASINO_CLOCK_SPEED: every phase of a round divided by it (fast-clock runs and tests). */
  speed?: number;
  /** A floor on the betting window in wall time, ms (fast-clock runs: bots must get their bets in). */
  minWindowMs?: number;
};

const paiseOf = (rupees: number) => Math.round(rupees * 100);

const adminTableOf = (t: TableInfo): AdminCasinoTable => ({
  match_id: t.matchId,
  game_id: t.gameId,
  table_name: t.tableName,
  series_id: t.seriesId,
  limits: limitsOf(t),
});

/** The calendar day in UTC+5:30 of a report (today when absent): [from, to). */
function istDay(date: string | undefined, now: Date): { from: Date; to: Date } {
  const day = date ?? new Date(now.getTime() + 5.5 * 3_600_000).toISOString().slice(0, 10);
  const from = new Date(`${day}T00:00:00+05:30`);
  return { from, to: new Date(from.getTime() + 24 * 3_600_000) };
}

/**
 * The in-house casino tables: the catalog of casino series, the tables' lobby, rounds and results,
 * the casino kind on the market-kind seam, bets, and (on the leader, when `run`) the scheduler.
 */
/** The kind modules share one options object (app.ts); this one reads `casino`. */
export const casinoModule = fp<{ exchange?: ExchangeOptions; casino?: CasinoOptions }>(
  // Long because it registers the casino's routes (lobby, table, bets, results, operator), each a
  // few lines over the service.
  async (app, opts) => {
    const rounds = createRounds(app);
    const bets = createCasinoBets(app);
    const base = createCasinoService(app.db);
    app.kinds.register(createCasinoKind(app));

    /** The live head of a table's current round (the WebSocket `casino` message), or null. */
    async function head(matchId: number): Promise<CasinoRoundHead | null> {
      const table = await tableOf(app.db, matchId);
      if (!table) return null;
      const r = (await currentRounds(app.db, [matchId])).get(matchId);
      return r ? headOf(table, r) : null;
    }

    async function lobby(seriesId: CasinoSeriesId): Promise<CasinoLobby> {
      const tables = (await tablesOf(app.db)).filter((t) => t.seriesId === seriesId);
      const ids = tables.map((t) => t.matchId);
      const [current, results] = await Promise.all([currentRounds(app.db, ids), lastResults(app.db, ids)]);
      const now = Date.now();
      return {
        series_id: seriesId,
        name: CASINO_SERIES_NAMES[seriesId],
        tables: tables.map((t) => {
          const r = current.get(t.matchId);
          return {
            match_id: t.matchId,
            game_id: t.gameId,
            table_name: t.tableName,
            round: r ? headOf(t, r, now) : null,
            last_results: results.get(t.matchId) ?? [],
          };
        }),
      };
    }

    async function round(userId: number, matchId: number): Promise<CasinoRound | string> {
      const table = await tableOf(app.db, matchId);
      if (!table) return `match_id: ${matchId} is not a casino table`;
      const r = (await currentRounds(app.db, [matchId])).get(matchId);
      if (!r) return `${table.tableName} has not started its first round yet`;
      return {
        round: headOf(table, r),
        // The limits this round's bets are judged by (fixed at its open).
        limits: limitsOf(r),
        last_results: (await lastResults(app.db, [matchId])).get(matchId) ?? [],
        my_bets: await userBetsOnRound(app.db, userId, r.roundId),
      };
    }

    async function result(matchId: number, roundId: number): Promise<CasinoRoundResult | string> {
      const table = await tableOf(app.db, matchId);
      if (!table) return `match_id: ${matchId} is not a casino table`;
      const r = await roundById(app.db, roundId);
      if (!r || r.matchId !== matchId) return `round_id: ${roundId} is not a round of ${table.tableName}`;
      return resultOf(table, r);
    }

    async function results(
      matchId: number,
      date: string | undefined,
      page: number,
    ): Promise<CasinoResults | string> {
      const table = await tableOf(app.db, matchId);
      if (!table) return `match_id: ${matchId} is not a casino table`;
      const { from, to } = istDay(date, app.clock.now());
      const found = await finishedBetween(app.db, matchId, from, to, page, CASINO_RESULTS_PAGE_SIZE);
      return {
        rows: found.rows.map((r) => resultOf(table, r)),
        total: found.total,
        page,
        page_size: CASINO_RESULTS_PAGE_SIZE,
      };
    }

    const scheduler: CasinoScheduler = createCasinoScheduler(app, rounds, {
      speed: opts.casino?.speed ?? 1,
      minWindowMs: opts.casino?.minWindowMs ?? 0,
    });

    app.decorate('casino', {
      sports: base.sports,
      ensureTables: () => ensureTables(app),
      head,
      lobby,
      round,
      result,
      results,
      place: (userId: number, req: CasinoBetRequest, staker: Staker) => bets.place(userId, req, staker),
      rounds,
      scheduler,
    });
    app.liveTopics.register(casinoLiveTopic(head));

    route(app, 'getCasinoSport', async () => ok(await base.sports()));
    route(app, 'getCasinoLobby', async ({ body }) => ok(await lobby(body.series_id)));
    route(app, 'getCasinoRound', async ({ body, user }) => {
      const r = await round(user.userId, body.match_id);
      return typeof r === 'string' ? refuse(r) : ok(r);
    });
    route(app, 'getCasinoResult', async ({ body }) => {
      const r = await result(body.match_id, body.round_id);
      return typeof r === 'string' ? refuse(r) : ok(r);
    });
    route(app, 'getCasinoResults', async ({ body }) => {
      const r = await results(body.match_id, body.date, body.page);
      return typeof r === 'string' ? refuse(r) : ok(r);
    });
    route(app, 'placeCasinoBet', async ({ body, user }) => {
      const r = await bets.place(
        user.userId,
        {
          match_id: body.match_id,
          round_id: body.round_id,
          option_id: body.option_id,
          stake_paise: Math.round(body.stack * 100),
          request_id: body.request_id,
        },
        { sessionId: user.sessionId },
      );
      return r.ok ? ok({ bet: r.bet }, r.repeated ? 'Bet already placed' : 'Bet placed') : refuse(r.message);
    });

    route(app, 'adminCasinoTables', async () => ok({ tables: (await tablesOf(app.db)).map(adminTableOf) }));
    route(app, 'adminCasinoSetLimits', async ({ body, user }) =>
      audited(app, user.userId, 'casino/setLimits', body, async () => {
        const found = await setLimits(app, body.match_id, {
          minStakePaise: paiseOf(body.min_stake),
          maxPerOptionPaise: paiseOf(body.max_per_option),
          maxPerRoundPaise: paiseOf(body.max_per_round),
        });
        const table = found ? await tableOf(app.db, body.match_id) : null;
        if (!table) return refuse(`match_id: ${body.match_id} is not a casino table`);
        return ok(adminTableOf(table), `${table.tableName}: the new limits apply from its next round`);
      }),
    );

    if (opts.casino?.run) {
      // One scheduler per deployment: it runs on the node that holds the lease, from ready to close.
      let resign: (() => Promise<void>) | null = null;
      const start = async () => {
        const fence = app.leader.fence();
        if (!fence) throw new Error('casino: started without a lease');
        await scheduler.start(fence);
        app.log.info({ generation: fence.generation, timing: scheduler.timing }, 'casino tables started');
      };
      const stop = async () => {
        await scheduler.stop();
        app.log.info('casino tables stopped');
      };
      app.addHook('onReady', async () => {
        resign = app.leader.onLeadership(start, stop);
      });
      app.addHook('preClose', async () => {
        await resign?.();
      });
    }
  },
  {
    name: 'casino',
    dependencies: ['db', 'auth', 'bus', 'wallet', 'markets', 'catalog', 'leader', 'live-topics'],
  },
);

export type CasinoApi = {
  sports: ReturnType<typeof createCasinoService>['sports'];
  ensureTables(): Promise<number>;
  head(matchId: number): Promise<CasinoRoundHead | null>;
  lobby(seriesId: CasinoSeriesId): Promise<CasinoLobby>;
  round(userId: number, matchId: number): Promise<CasinoRound | string>;
  result(matchId: number, roundId: number): Promise<CasinoRoundResult | string>;
  results(matchId: number, date: string | undefined, page: number): Promise<CasinoResults | string>;
  place: ReturnType<typeof createCasinoBets>['place'];
  rounds: ReturnType<typeof createRounds>;
  scheduler: CasinoScheduler;
};
