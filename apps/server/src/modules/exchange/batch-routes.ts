// Batches of orders on one market (issue 46, docs/trading-api.md): a program places up to 50
// orders, or cancels up to 50 of its bets, in one call. The orders go through placeBet's path each
// (its checks, the stake gate, the bet delay) and are queued together, so they are taken into the
// market's same batch (`placeQuote`, as a market maker's quote is); each is placed or refused on
// its own and answered in the request's order.
import type { batchOrder } from '@backlay/contract';
import { hundredthsFromDecimal, oddsFromDecimal } from '@backlay/engine';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { ok, refuse, route } from '../../http/route.ts';
import { rupees } from '../markets/bet-view.ts';
import { checkOrder } from './order-check.ts';
import { bets } from './schema.ts';
import type { ExchangeServiceImpl } from './service.ts';
import type { PlaceBetOutcome, PlaceBetRequest } from './types.ts';

type BatchOrder = z.output<typeof batchOrder>;

/** A placement's answer on the wire (placeMarketBet's result, each placed order's of a batch). */
export const placedWire = (r: Extract<PlaceBetOutcome, { ok: true }>) => ({
  bet_id: r.bet_id,
  status: r.status,
  size_matched: rupees(r.size_matched_paise),
  size_remaining: rupees(r.size_remaining_paise),
  average_price_matched: r.average_price_matched === null ? 0 : Math.round(r.average_price_matched) / 100,
});

/** An order of the wire (rupees, decimal odds) on a market as the exchange takes it, or why it cannot be one. */
export function placeRequestOf(
  m: { match_id: number; market_id: number },
  o: BatchOrder,
  /** The market's version the bettor saw (refused if it moved). */
  version?: number,
): Readonly<PlaceBetRequest> | { refusal: string } {
  const price = oddsFromDecimal(o.odds);
  if (price === null) return { refusal: `Odds ${o.odds} are not a valid price on the ladder` };
  const size = hundredthsFromDecimal(o.stack);
  if (size === null || size <= 0)
    return { refusal: 'Stake must be a positive amount with at most 2 decimals' };
  // The order's own check, once (place.ts): placing it does not check it again.
  return checkOrder({
    match_id: m.match_id,
    market_id: m.market_id,
    selection_id: o.selection_id,
    side: o.is_back === '1' ? 'BACK' : 'LAY',
    price,
    size_paise: size,
    request_id: o.request_id,
    persistence: o.keep_in_play ? 'PERSIST' : 'LAPSE',
    ...(version === undefined ? {} : { version }),
  });
}

export function registerBatchRoutes(
  app: Pick<FastifyInstance, 'db' | 'route' | 'auth' | 'registeredEndpoints'>,
  exchange: Pick<ExchangeServiceImpl, 'placeQuote' | 'cancelBets'>,
): void {
  route(app, 'placeOrders', async ({ body, user, req }) => {
    const ids = new Set(body.orders.map((o) => o.request_id));
    if (ids.size !== body.orders.length) return refuse('Each order of a batch needs a request_id of its own');
    // An order whose odds or stake cannot be one is refused here; the others go on.
    const early = new Map<number, string>();
    const requests: PlaceBetRequest[] = [];
    const at: number[] = [];
    body.orders.forEach((o, i) => {
      const r = placeRequestOf(body, o);
      if ('refusal' in r) return early.set(i, r.refusal);
      at.push(i);
      requests.push(r);
    });
    const placed =
      requests.length === 0
        ? []
        : (
            await exchange.placeQuote(user.userId, body.market_id, requests, {
              staker: { sessionId: user.sessionId },
              // The in-play bet delay is a wait on purpose: the request deadline moves on by it.
              onDelay: (wait_ms) => req.extendDeadline?.(wait_ms),
            })
          ).placed;
    const outcomes = new Map<number, PlaceBetOutcome>(at.map((i, k) => [i, placed[k]!]));
    return ok({
      orders: body.orders.map((o, i) => {
        const r = outcomes.get(i);
        if (!r || !r.ok)
          return {
            request_id: o.request_id,
            placed: false,
            message: r ? r.message : early.get(i)!,
            result: null,
          };
        return {
          request_id: o.request_id,
          placed: true,
          message: r.repeated ? 'Bet already placed' : null,
          result: placedWire(r),
        };
      }),
    });
  });

  route(app, 'cancelOrders', async ({ body, user }) => {
    if (new Set(body.bet_ids).size !== body.bet_ids.length) return refuse('bet_ids must not repeat a bet');
    const mine = new Set(
      (
        await app.db
          .select({ betId: bets.betId })
          .from(bets)
          .where(
            and(
              inArray(bets.betId, body.bet_ids),
              eq(bets.userId, user.userId),
              eq(bets.marketId, body.market_id),
            ),
          )
      ).map((b) => b.betId),
    );
    // Queued on the market's queue together: they are taken into its next batch.
    const answers = await Promise.all(
      body.bet_ids.map((id) =>
        mine.has(id)
          ? exchange.cancelBets(user.userId, { bet_id: id })
          : Promise.resolve({ ok: false as const, message: 'Unknown bet on this market' }),
      ),
    );
    return ok({
      bets: body.bet_ids.map((id, i) => {
        const a = answers[i]!;
        return a.ok && a.cancelled > 0
          ? { bet_id: id, cancelled: true, size_cancelled: rupees(a.size_cancelled_paise), message: null }
          : {
              bet_id: id,
              cancelled: false,
              size_cancelled: 0,
              message: a.ok ? 'Nothing left to cancel' : a.message,
            };
      }),
    });
  });
}
