import type { MatchDetail } from '@backlay/contract';
import { hundredthsFromDecimal, marketPosition } from '@backlay/engine';
import { DEFAULT_FEED_OPTIONS } from '@backlay/feed';
import { and, asc, eq, gt, or } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { matches, series, sports } from '../catalog/schema.ts';
import { matchInPlay } from '../catalog/queries.ts';
import { bets } from './schema.ts';
import { markets, runners } from '../markets/schema.ts';
import { ok, refuse, route } from '../../http/route.ts';
import { rupees, toBet, type BetViewRow } from '../markets/bet-view.ts';
import { EXCHANGE_KIND } from './kind.ts';
import { legWire, quoteWire } from './cash-out.ts';
import { ladderOf, readLadders } from './ladder-view.ts';
import { createExchangeService, type ExchangeOptions } from './service.ts';
import { createMatchOddsKind } from './settler.ts';
import { STALE_VERSION_MESSAGE } from '../markets/takes-bets.ts';
import { voidsOfMarkets } from '../markets/voids.ts';
import { removedSince, RUNNER_REMOVED_MESSAGE } from './non-runners.ts';
import * as q from './queries.ts';
import { makersQuietAlerts } from './console.ts';
import { priceHistoryOf } from './price-history.ts';
import { placedWire, placeRequestOf, registerBatchRoutes } from './batch-routes.ts';
import type { ExchangeServiceImpl } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    exchange: ExchangeServiceImpl;
  }
}

/** An exchange bet row as the wire's bet (the exchange's own rows carry no kind). */
const exchangeBet = (r: Omit<BetViewRow, 'kind'>) => toBet({ ...r, kind: EXCHANGE_KIND });

export const exchangeModule = fp<{ exchange?: ExchangeOptions }>(
  // Long because it registers the exchange's routes, each a few lines over the service's units.
  async (app, options) => {
    const exchange = createExchangeService(app, options.exchange);
    app.decorate('exchange', exchange);
    // A single node's markets read once it is ready, in the background (a node of several reads
    // each shard as it takes it): warm.ts. Stopped before the store closes.
    app.addHook('onReady', async () => void exchange.warming.start());
    app.addHook('preClose', () => exchange.warming.close());
    app.kinds.register(createMatchOddsKind(app));
    app.consoleSources.declareAlerts(makersQuietAlerts(app.kinds, DEFAULT_FEED_OPTIONS.makers));
    const db = app.db;

    route(app, 'getMatchDetail', async ({ body, user }) => {
      const [m] = await db
        .select({
          matchId: matches.matchId,
          matchName: matches.matchName,
          startTime: matches.startTime,
          sportId: matches.sportId,
          sportName: sports.name,
          seriesName: series.name,
          // Begun and not over (catalog/queries.ts): a finished match is not In Play.
          inPlay: matchInPlay,
          resultText: matches.resultText,
        })
        .from(matches)
        .innerJoin(sports, eq(sports.sportId, matches.sportId))
        .innerJoin(series, eq(series.seriesId, matches.seriesId))
        .where(eq(matches.matchId, body.match_id));
      if (!m) return refuse('Unknown match');
      const marketRows = await db
        .select()
        .from(markets)
        // The exchange's own markets only: bookmaker and fancy markets have their own calls.
        .where(and(eq(markets.matchId, m.matchId), eq(markets.marketKind, 'EXCHANGE')))
        .orderBy(asc(markets.marketId));
      const ids = marketRows.map((r) => r.marketId);
      const [runnerRows, ladders, voids] = await Promise.all([
        ids.length === 0
          ? []
          : db
              .select()
              .from(runners)
              .where(or(...ids.map((id) => eq(runners.marketId, id))))
              .orderBy(asc(runners.marketId), asc(runners.sortOrder)),
        readLadders(db, ids),
        voidsOfMarkets(db, ids),
      ]);
      const markets_: MatchDetail['markets'] = [];
      for (const mk of marketRows) {
        const rs = runnerRows.filter((r) => r.marketId === mk.marketId);
        const selIds = rs.map((r) => String(r.selectionId));
        const matched = (await q.matchedParts(db, user.userId, mk.marketId)).map((p) => ({
          selection_id: String(p.selectionId),
          side: p.side,
          price: p.price,
          stake_paise: p.total,
        }));
        // A whole market's void leaves no position: every bet on it is void.
        const voided = voids.markets.has(mk.marketId);
        const position = marketPosition(selIds, { matched: voided ? [] : matched }, { winners: mk.winners });
        markets_.push({
          market_id: mk.marketId,
          market_name: mk.marketName,
          market_type: mk.marketType,
          status: mk.status,
          // A closed market is over, though it went in play.
          in_play: mk.inPlay && mk.status !== 'CLOSED',
          bet_delay: mk.betDelayS,
          version: mk.version,
          min_stake: rupees(mk.minStakePaise),
          max_stake: rupees(mk.maxStakePaise),
          winners: mk.winners,
          voided,
          void_reason: voids.markets.get(mk.marketId) || null,
          runners: rs.map((r, i) => ({
            selection_id: r.selectionId,
            name: r.name,
            status: r.status,
            ...ladderOf(ladders, r.selectionId),
            position: rupees(position.runners[i]!.pnl_paise),
            // Matched bets only, so worst_rest is the rest of pnl_paise.
            position_rest: position.runners[i]!.worst_rest,
            // A removed runner's reduction factor (percent), for the race card to strike it through.
            ...(r.status === 'REMOVED' && voids.runners.has(r.selectionId)
              ? { reduction_factor: voids.runners.get(r.selectionId)!.reductionBp / 100 }
              : {}),
            void_reason: voids.runners.get(r.selectionId)?.reason || null,
          })),
        });
      }
      return ok({
        match_id: m.matchId,
        match_name: m.matchName,
        match_Date: m.startTime.toISOString(),
        sport_id: m.sportId,
        sport_name: m.sportName,
        series_name: m.seriesName,
        in_play: m.inPlay,
        result: m.resultText,
        markets: markets_,
      });
    });

    route(app, 'placeMarketBet', async ({ body, user, req }) => {
      const request = placeRequestOf(body, body, body.version);
      if ('refusal' in request) return refuse(request.refusal);
      const r = await exchange.placeBet(
        user.userId,
        request,
        // The in-play bet delay is a wait on purpose: the request deadline moves on by it.
        { staker: { sessionId: user.sessionId }, onDelay: (wait_ms) => req.extendDeadline?.(wait_ms) },
      );
      if (!r.ok) {
        // A bet sent on the version before a runner's removal is told so.
        if (
          r.message === STALE_VERSION_MESSAGE &&
          body.version !== undefined &&
          (await removedSince(db, body.market_id, body.version))
        )
          return refuse(RUNNER_REMOVED_MESSAGE);
        return refuse(r.message);
      }
      return ok(placedWire(r), r.repeated ? 'Bet already placed' : undefined);
    });

    route(app, 'cancelBet', async ({ body, user }) => {
      const r = await exchange.cancelBets(
        user.userId,
        'bet_id' in body ? { bet_id: body.bet_id } : { market_id: body.market_id },
      );
      if (!r.ok) return refuse(r.message);
      return ok({ cancelled: r.cancelled, size_cancelled: rupees(r.size_cancelled_paise) });
    });

    registerBatchRoutes(app, exchange);

    route(app, 'getPriceHistory', async ({ body }) => {
      const h = await priceHistoryOf(app.db, app.kinds.exchangeKinds(), body.market_id);
      return h ? ok(h) : refuse('Unknown market');
    });

    route(app, 'getCashOut', async ({ body, user }) => {
      const r = await exchange.getCashOut(user.userId, body.market_id);
      if (!r.known) return refuse('Unknown market');
      return ok(quoteWire(body.market_id, r.version, r.quote));
    });

    route(app, 'cashOut', async ({ body, user, req }) => {
      const accepted = hundredthsFromDecimal(Math.abs(body.profit));
      if (accepted === null) return refuse('profit must be rupees with at most 2 decimals');
      const { outcome: r, version } = await exchange.cashOut(
        user.userId,
        {
          market_id: body.market_id,
          request_id: body.request_id,
          accepted_profit_paise: body.profit < 0 ? -accepted : accepted,
        },
        // In play a cash out waits the bet delay like any bet: the request deadline moves on by it.
        { staker: { sessionId: user.sessionId }, onDelay: (wait_ms) => req.extendDeadline?.(wait_ms) },
      );
      if (!r.ok) {
        if (!r.quote) return refuse(r.message);
        return refuse(r.message, {
          market_id: body.market_id,
          bets: [],
          profit: 0,
          quote: quoteWire(body.market_id, version, r.quote),
        });
      }
      return ok(
        {
          market_id: body.market_id,
          bets: r.legs.map((l) => ({ ...legWire(l), bet_id: l.bet_id })),
          profit: Math.round(r.profit_paise) / 100,
        },
        r.repeated ? 'Already cashed out' : undefined,
      );
    });

    route(app, 'getMatchBets', async ({ body, user }) => {
      const rows = await q.listBets(
        db,
        and(
          eq(bets.userId, user.userId),
          eq(bets.matchId, body.match_id),
          or(gt(bets.matchedPaise, 0), gt(bets.remainingPaise, 0)),
        ),
        500,
      );
      return ok({
        matched: rows.filter((r) => r.matchedPaise > 0).map(exchangeBet),
        unmatched: rows.filter((r) => r.remainingPaise > 0).map(exchangeBet),
      });
    });
  },
  {
    name: 'exchange',
    dependencies: ['db', 'auth', 'bus', 'shard-leases', 'wallet', 'markets', 'console-sources'],
  },
);
