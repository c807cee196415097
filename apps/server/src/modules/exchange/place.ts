// Placing and cancelling on an exchange market: everything a bet goes through before its
// market's queue (its checks, the repeat and market pre-check, the in-play bet delay; the stake
// gate and the money are its round's, rounds.ts `grantAll`), a maker's quote placed as one batch
// with its cancels, and a cancel.
// The queue's round (rounds.ts) runs them; this answers each caller with its outcome.
import { layLiabilityPaise } from '@backlay/engine';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Fence } from '../../plugins/leader.ts';
import { QUEUE_FULL_CANCEL_MESSAGE } from '../markets/command-queue.ts';
import type { Staker } from '../wallet/stake-gate.ts';
import { checkMarket, Refusal, repeatedOf, type CancelCommand } from './batch.ts';
import type { BookCache } from './book-cache.ts';
import type { Command } from './commands.ts';
import { uncheckedOrderRefusal } from './order-check.ts';
import { createMarketRowReader, createPreCheckReader } from './pre-check.ts';
import * as q from './queries.ts';
import type { Rounds } from './rounds.ts';
import { bets } from './schema.ts';
import type { CancelOutcome, PlaceBetOutcome, PlaceBetRequest, Sleeper } from './types.ts';

/**
 * A maker's quote cancels at most this many bets of its own (an amend's list, or those resting
 * before a full quote): a 16-runner ladder three deep each side is 96.
 */
export const MAX_QUOTE_CANCEL_BETS = 500;

export type PlacingDeps = {
  app: Pick<FastifyInstance, 'db' | 'log' | 'wallet'>;
  cache: BookCache;
  sleep: Sleeper;
  rounds: Rounds;
};

/**
 * Long because it is a factory: its inner functions (each short) share the pre-check reader,
 * the cache of rows seen and the queue.
 */
export function createPlacing({ app, cache, sleep, rounds }: PlacingDeps) {
  const db = app.db;
  const preCheck = createPreCheckReader(db);
  const readRow = createMarketRowReader(db);

  type PlaceCmd = Command & { kind: 'place' };
  /** A placement ready for its market's queue: its command and its answer. */
  type Prepared = { cmd: PlaceCmd; answer: Promise<PlaceBetOutcome> };

  /**
   * Everything a bet goes through before its market's queue: its checks, the repeat and market
   * pre-check (a market this node has not seen open, or in play with a bet delay), the bet delay.
   * Returns the command to queue (its round passes the stake gate and grants its money, in the
   * round's transaction), or the answer already.
   */
  async function preparePlace(
    userId: number,
    request: PlaceBetRequest,
    opts: { staker: Staker; fence?: Fence | null; onDelay?: (wait_ms: number) => void },
  ): Promise<{ outcome: PlaceBetOutcome } | Prepared> {
    const refuse = (message: string) => ({ outcome: { ok: false as const, message } });
    const refusal = uncheckedOrderRefusal(request);
    if (refusal !== null) return refuse(refusal);
    // A market this node last saw open and without a bet delay goes straight to its queue (the
    // batch repeats every check on the locked row). Otherwise: the repeat and market checks
    // now, then in play the bet delay, then the queue; the batch refuses the bet if the market
    // was suspended or its version moved meanwhile.
    let delayedVersion: number | null = null;
    let seen = cache.row(request.market_id);
    if (!seen) {
      // A market not seen yet: its row, read once for all the bets that arrive before it comes back.
      const row = await readRow(request.market_id);
      if (row) cache.rememberRow(row);
      seen = row ?? undefined;
    }
    if (!seen || seen.status !== 'OPEN' || (seen.inPlay && seen.betDelayS > 0)) {
      // Read with the other bets pre-checked at this moment (pre-check.ts): a quote's orders share two statements.
      const { repeated, market: pre } = await preCheck(userId, request.request_id, request.market_id);
      if (repeated) return { outcome: repeatedOf(repeated) };
      if (pre) cache.rememberRow(pre);
      try {
        const market = checkMarket(pre, request);
        if (market.inPlay && market.betDelayS > 0) {
          delayedVersion = market.version;
          opts.onDelay?.(market.betDelayS * 1000);
          await sleep(market.betDelayS * 1000);
        }
      } catch (err) {
        if (err instanceof Refusal) return refuse(err.message);
        throw err;
      }
    }
    let done!: (o: PlaceBetOutcome) => void;
    let fail!: (err: unknown) => void;
    const answer = new Promise<PlaceBetOutcome>((resolve, reject) => {
      done = resolve;
      fail = reject;
    });
    const cmd: PlaceCmd = {
      kind: 'place',
      userId,
      request,
      delayedVersion,
      ...(opts.fence === undefined ? {} : { fence: opts.fence }),
      // The bet's worst case (a back's stake, a lay's liability: never less than the exposure it
      // can add), granted off the user's available balance in the round that places it.
      want: {
        wantPaise:
          request.side === 'BACK' ? request.size_paise : layLiabilityPaise(request.size_paise, request.price),
        staker: opts.staker,
        stakePaise: request.size_paise,
        busyTries: 0,
      },
      done,
      fail,
    };
    return { cmd, answer };
  }

  /**
   * Queues prepared placements on their market together, on its owner (nothing runs between them:
   * they join the same batch), then the cancels (`cancels`: a user and a target on this market).
   * Answers each placement (one the queue could not take, full, is refused) and each cancel (a
   * failed one is logged and answered not ok).
   */
  function submitPlaces(
    marketId: number,
    places: readonly Prepared[],
    cancels: readonly { userId: number; target: CancelCommand['target'] }[] = [],
  ): { placed: Promise<PlaceBetOutcome>[]; cancelled: Promise<CancelOutcome>[] } {
    const cmds: Command[] = places.map((p) => p.cmd);
    const cancelled = cancels.map(
      ({ userId, target }) =>
        new Promise<CancelOutcome>((done) => {
          cmds.push({
            kind: 'cancel',
            userId,
            target,
            done: (o) => {
              if (!o.ok && o.message === QUEUE_FULL_CANCEL_MESSAGE)
                app.log.warn(
                  { market_id: marketId, user_id: userId },
                  'exchange: a cancel found the queue full',
                );
              done(o);
            },
            fail: (err: unknown) => {
              app.log.warn({ err, market_id: marketId, user_id: userId }, 'exchange: a cancel failed');
              done({ ok: false, message: 'The cancel failed' });
            },
          });
        }),
    );
    // Together, in this order, on the market's owner (owners.ts): they join the same batch.
    rounds.submit(marketId, cmds);
    return { placed: places.map((p) => p.answer), cancelled };
  }

  async function placeBet(
    userId: number,
    request: PlaceBetRequest,
    opts: { staker: Staker; fence?: Fence | null; onDelay?: (wait_ms: number) => void },
  ): Promise<PlaceBetOutcome> {
    const prepared = await preparePlace(userId, request, opts);
    if ('outcome' in prepared) return prepared.outcome;
    return submitPlaces(request.market_id, [prepared]).placed[0]!;
  }

  /** `placeQuote`'s placements alone: answers per order. */
  async function placeBets(
    userId: number,
    marketId: number,
    requests: readonly PlaceBetRequest[],
    opts: { staker: Staker; fence?: Fence | null; cancel?: readonly number[] },
  ): Promise<PlaceBetOutcome[]> {
    return (await placeQuote(userId, marketId, requests, opts)).placed;
  }

  /**
   * Several orders of one user on one market placed together (a market maker's quote), then the
   * cancels: with `cancel`, those users' unmatched orders on the market (the other makers'); with
   * `cancel_own`, the user's own bets there — these ids (an amend's: the levels it replaces or
   * drops; ids not the user's, not on this market or with nothing left are skipped) or 'resting'
   * (every one resting before the quote: a full quote's). Each order goes through everything
   * `placeBet` does (its checks, the pre-check, the bet delay; the stake gate and its grant in
   * the round), and once all are ready they join the market's queue together, the cancels after
   * them, so that they are taken into the same batch: one transaction, and the book never shows
   * the market without a quote. Answers per order, and the cancels' sum (not ok if one failed).
   */
  async function placeQuote(
    userId: number,
    marketId: number,
    requests: readonly PlaceBetRequest[],
    opts: {
      staker: Staker;
      fence?: Fence | null;
      cancel?: readonly number[];
      cancel_own?: readonly number[] | 'resting';
      onDelay?: (wait_ms: number) => void;
    },
  ): Promise<{ placed: PlaceBetOutcome[]; cancelled: CancelOutcome }> {
    const own = opts.cancel_own ?? [];
    if (own !== 'resting' && own.length > MAX_QUOTE_CANCEL_BETS) {
      throw new RangeError(`a quote cancels at most ${MAX_QUOTE_CANCEL_BETS} bets of its own`);
    }
    // Read before any order is prepared (nothing is queued yet if it fails) and so before the
    // new orders are queued: none of them is among those cancelled.
    const ownIds =
      own === 'resting' ? await q.restingBetIds(db, userId, marketId, MAX_QUOTE_CANCEL_BETS) : own;
    const settled = await Promise.allSettled(
      requests.map(async (r) =>
        r.market_id === marketId
          ? preparePlace(userId, r, opts)
          : { outcome: { ok: false as const, message: 'An order of another market' } },
      ),
    );
    // An order that failed (the store, not a refusal) fails the quote, as placing the orders
    // one by one did: those ready are placed all the same, and nothing is cancelled.
    const failed = settled.find((x) => x.status === 'rejected');
    const prepared = settled.flatMap((x) => (x.status === 'fulfilled' ? [x.value] : []));
    const ready = prepared.flatMap((p) => ('cmd' in p ? [p] : []));
    const cancels = failed
      ? []
      : [
          ...(opts.cancel ?? []).map((u) => ({ userId: u, target: { market_id: marketId } })),
          ...(ownIds.length > 0 ? [{ userId, target: { market_id: marketId, bet_ids: ownIds } }] : []),
        ];
    const answers = submitPlaces(marketId, ready, cancels);
    let k = 0;
    const placed = await Promise.all(
      prepared.map((p) => ('outcome' in p ? p.outcome : answers.placed[k++]!)),
    );
    const outcomes = await Promise.all(answers.cancelled);
    if (failed) throw failed.reason;
    const refused = outcomes.find((o) => !o.ok);
    const cancelled: CancelOutcome = refused ?? {
      ok: true,
      cancelled: outcomes.reduce((n, o) => n + (o.ok ? o.cancelled : 0), 0),
      size_cancelled_paise: outcomes.reduce((n, o) => n + (o.ok ? o.size_cancelled_paise : 0), 0),
    };
    return { placed, cancelled };
  }

  async function cancelBets(
    userId: number,
    target: { bet_id: number } | { market_id: number },
  ): Promise<CancelOutcome> {
    let marketId: number;
    if ('bet_id' in target) {
      const [b] = await db
        .select({ marketId: bets.marketId, userId: bets.userId })
        .from(bets)
        .where(eq(bets.betId, target.bet_id));
      if (!b || b.userId !== userId) return { ok: false, message: 'Unknown bet' };
      marketId = b.marketId;
    } else {
      marketId = target.market_id;
    }
    return new Promise<CancelOutcome>((done, fail) => {
      rounds.submit(marketId, [{ kind: 'cancel', userId, target, done, fail }]);
    });
  }

  return { placeBet, placeBets, placeQuote, cancelBets };
}
export type Placing = ReturnType<typeof createPlacing>;
