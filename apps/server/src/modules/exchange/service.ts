import type { MarketImage } from '@backlay/contract';
import { closeBook, setInPlay as bookSetInPlay } from '@backlay/engine';
import { type SQL, type SQLWrapper } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { setMatchInPlay } from '../catalog/writes.ts';
import { bumpMarketVersion, MarketLifecycleRefusal, setStatusByOperator } from '../markets/lifecycle.ts';
import type { Executor } from '../../db/store.ts';
import { Refusal } from './batch.ts';
import { createBookCache } from './book-cache.ts';
import { createRounds, type Rounds } from './rounds.ts';
import { createCashOuts } from './cash-out-service.ts';
import { createPlacing } from './place.ts';
import { createWarmer, type Warmer } from './warm.ts';
import { listMarkets, recomputeExposure } from './reads.ts';
import type { CashOutOutcome, CashOutQuoteView } from './cash-out-types.ts';
import { readBestPrices, readMarketImage, type BestPrice } from './ladder-view.ts';
import { createLiveImages, type LiveImages } from './live-images.ts';
import { readOrders } from './orders-view.ts';
import type { ExchangeService, Sleeper } from './types.ts';
import * as q from './queries.ts';
import type { Staker } from '../wallet/stake-gate.ts';

export type * from './types.ts';

// The exchange service (`app.exchange`), composed of named units: placing and cancelling
// (place.ts: a bet's checks, pre-check and bet delay before its market's queue; a maker's quote as
// one batch), cash outs (cash-out-service.ts), the market's round (rounds.ts: the queued commands
// of one or several markets in one transaction — the stake gate and the money granted under the
// wallet lock, then the engine, batch.ts, on the cached state, book-cache.ts), the store's rows
// around a round (book-store.ts), the ladder views (ladder-view.ts) and the reads for other
// modules (reads.ts).
// What stays here: a market's status and in-play changes under its lock, and the wiring.

const realSleep: Sleeper = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export type ExchangeOptions = {
  /** Waits the in-play bet delay; tests pass one that resolves at once (or on their cue). */
  sleep?: Sleeper;
  /** Keep each market's book in memory between commands (default true); false rebuilds it every time. */
  bookCache?: boolean;
};

export function createExchangeService(
  app: Pick<FastifyInstance, 'bus' | 'clock' | 'db' | 'log' | 'metrics' | 'shards' | 'wallet'>,
  options: ExchangeOptions = {},
) {
  const db = app.db;
  const sleep = options.sleep ?? realSleep;
  const cache = createBookCache({ enabled: options.bookCache ?? true });
  const rounds = createRounds(app, cache);
  const { lapse } = rounds;
  const placing = createPlacing({ app, cache, sleep, rounds });
  const cashOuts = createCashOuts({ app, cache, sleep, rounds });
  // The markets this node takes, read before their first bets (warm.ts).
  const warming = createWarmer(app, cache);

  const service: ExchangeService & {
    getCashOut(
      userId: number,
      marketId: number,
    ): Promise<{ quote: CashOutQuoteView; version: number; known: boolean }>;
    cashOut(
      userId: number,
      request: { market_id: number; request_id: string; accepted_profit_paise: number },
      opts: { staker: Staker; onDelay?: (wait_ms: number) => void },
    ): Promise<{ outcome: CashOutOutcome; version: number }>;
    bestPrices(marketIds: number[]): Promise<Map<number, BestPrice>>;
    recomputeExposure(userId: number, marketId: number): Promise<number>;
    liabilityExpr(userId: SQLWrapper | number): SQL<string>;
    /** The images the live hub sends: the rounds' own, else read (live-images.ts). */
    liveImages: LiveImages;
    /** Where commands ran: forwarded to their owner, served as the owner, run here (owners.ts). */
    owners: Rounds['owners'];
    /** The markets this node takes, read before their first bets (warm.ts). */
    warming: Warmer;
  } = {
    owners: rounds.owners,
    warming,
    getMarketImage: (marketId: number): Promise<MarketImage | null> => readMarketImage(db, marketId),
    liveImages: createLiveImages(db),
    ordersOf: (query) => readOrders(db, query),
    placeBet: placing.placeBet,
    placeBets: placing.placeBets,
    placeQuote: placing.placeQuote,
    cancelBets: placing.cancelBets,
    getCashOut: cashOuts.getCashOut,
    cashOut: cashOuts.cashOut,

    async setMarketStatus(marketId: number, status: 'OPEN' | 'SUSPENDED' | 'CLOSED') {
      await lapse(marketId, async (tx, market, book) => {
        // Under the market lock: the market's lifecycle (markets/lifecycle.ts) refuses to open a
        // settled market again (a market OPEN and SETTLED would take bets).
        try {
          if (!(await setStatusByOperator(tx, marketId, market.status, status))) return [];
        } catch (err) {
          if (err instanceof MarketLifecycleRefusal) throw new Refusal(err.message);
          throw err;
        }
        return status === 'CLOSED' ? closeBook(book) : [];
      });
    },

    async setInPlay(marketId: number, betDelayS?: number) {
      await lapse(marketId, async (tx, market, book) => {
        if (market.inPlay && (betDelayS === undefined || betDelayS === market.betDelayS)) return [];
        await bumpMarketVersion(tx, [marketId], {
          inPlay: true,
          ...(betDelayS === undefined ? {} : { betDelayS }),
        });
        await setMatchInPlay(tx, market.matchId);
        return bookSetInPlay(book);
      });
    },

    listMarkets: (filter = {}) => listMarkets(db, filter),
    recomputeExposure: (userId: number, marketId: number) => recomputeExposure(db, userId, marketId),

    /** Best price to back at and to lay at (decimal odds, null when none) by selection id. */
    bestPrices: (marketIds: number[]) => readBestPrices(db, marketIds),

    liabilityPaise: (userId: number, tx: Executor = db) => q.totalExposure(tx, userId),

    /**
     * The same sum as an SQL expression (paise as text) for a statement of another module that
     * reads it with its own columns (getUserBalance: balance and liability in one query).
     */
    liabilityExpr: (userId: SQLWrapper | number) => q.totalExposureExpr(userId),
  };
  return service;
}

export type ExchangeServiceImpl = ReturnType<typeof createExchangeService>;
