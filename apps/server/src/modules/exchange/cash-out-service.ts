// A cash out on an exchange market (docs/cash-out.md): the quote read from the store outside any
// lock, then the cash out itself — refused at once when there is no quote or it locks less than
// the caller accepted, in play the bet delay waited; the market's round grants what the hedge may
// add to the worst case, and its batch (rounds.ts, cash-out.ts `cashOutIn`) quotes again under
// its lock.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { markets } from '../markets/schema.ts';
import type { Staker } from '../wallet/stake-gate.ts';
import { positionIn, runnerSpace, type MarketRow } from './batch.ts';
import type { BookCache } from './book-cache.ts';
import { matchedOf, runnersOf } from './book-store.ts';
import { cashOutQuoteOf, movedMessage } from './cash-out.ts';
import type { CashOutOutcome, CashOutQuoteView } from './cash-out-types.ts';
import type { Command } from './commands.ts';
import * as q from './queries.ts';
import type { Rounds } from './rounds.ts';
import type { Sleeper } from './types.ts';

// Long because it is a factory: its inner functions, each short, share the book cache, the queue
// and the bet delay; the quote is the engine's.
export function createCashOuts({
  app,
  cache,
  sleep,
  rounds,
}: {
  app: Pick<FastifyInstance, 'db' | 'wallet'>;
  cache: BookCache;
  sleep: Sleeper;
  rounds: Rounds;
}) {
  const db = app.db;

  /** The cash-out quote of a user on a market from the store (outside any lock), with the market row. */
  async function quoteFromStore(
    userId: number,
    marketId: number,
  ): Promise<{ market: MarketRow | null; quote: CashOutQuoteView; running: number; exposure: number }> {
    const [market] = await db.select().from(markets).where(eq(markets.marketId, marketId));
    if (!market) {
      return {
        market: null,
        quote: { available: false, message: 'Unknown market' },
        running: 0,
        exposure: 0,
      };
    }
    const [runnerRows, matched, hasUnmatched, levels] = await Promise.all([
      runnersOf(db, marketId),
      matchedOf(db, userId, marketId),
      q.userHasResting(db, userId, marketId),
      q.restingLevels(db, [marketId]),
    ]);
    const best = (sel: number) => {
      // What a bettor backs at is the highest resting lay; what they lay at, the lowest resting back.
      let back: { price: number; size_paise: number } | null = null;
      let lay: { price: number; size_paise: number } | null = null;
      for (const l of levels) {
        if (l.selectionId !== sel) continue;
        if (l.side === 'LAY' && (back === null || l.price > back.price))
          back = { price: l.price, size_paise: l.total };
        if (l.side === 'BACK' && (lay === null || l.price < lay.price))
          lay = { price: l.price, size_paise: l.total };
      }
      return { back, lay };
    };
    const quote = cashOutQuoteOf({ market, runners: runnerRows, matched, hasUnmatched, best });
    const space = runnerSpace(market, runnerRows);
    const known = matched.filter((b) => space.ids.includes(b.selection_id));
    const exposure = space.ids.length === 0 ? 0 : positionIn(space, { matched: known }).exposure_paise;
    return { market, quote, running: space.ids.length, exposure };
  }

  /** The cash out of a user's matched position on a market now (docs/cash-out.md). */
  async function getCashOut(userId: number, marketId: number) {
    const r = await quoteFromStore(userId, marketId);
    return { quote: r.quote, version: r.market?.version ?? 0, known: r.market !== null };
  }

  /**
   * Places a cash out: the quote now checked (refused at once when there is none or it locks less
   * than the caller accepted), in play the bet delay waited; then its round grants what the hedge
   * may add to the worst case, and the market's batch recomputes the quote under its lock and
   * places every hedge bet fill-or-kill (cash-out.ts `cashOutIn`). The same request_id twice: the
   * first answer.
   */
  async function cashOut(
    userId: number,
    request: { market_id: number; request_id: string; accepted_profit_paise: number },
    opts: { staker: Staker; onDelay?: (wait_ms: number) => void },
  ): Promise<{ outcome: CashOutOutcome; version: number }> {
    const marketId = request.market_id;
    if (request.request_id.length < 1 || request.request_id.length > 64) {
      return { outcome: { ok: false, message: 'request_id must be 1 to 64 characters' }, version: 0 };
    }
    const firsts = await q.cashOutFirsts(db, [{ userId, requestId: request.request_id }]);
    const first = firsts.get(`${userId}:${request.request_id}`);
    if (first) return { outcome: { ok: true, ...first, repeated: true }, version: 0 };
    const pre = await quoteFromStore(userId, marketId);
    const version = pre.market?.version ?? 0;
    if (!pre.market) return { outcome: { ok: false, message: 'Unknown market' }, version };
    cache.rememberRow(pre.market);
    if (!pre.quote.available) {
      return { outcome: { ok: false, message: pre.quote.message, quote: pre.quote }, version };
    }
    if (pre.quote.profit_paise < request.accepted_profit_paise) {
      return { outcome: { ok: false, message: movedMessage(pre.quote), quote: pre.quote }, version };
    }
    // In play a cash out waits the bet delay like any bet, then its batch quotes again.
    let delayedVersion: number | null = null;
    if (pre.market.inPlay && pre.market.betDelayS > 0) {
      delayedVersion = pre.market.version;
      opts.onDelay?.(pre.market.betDelayS * 1000);
      await sleep(pre.market.betDelayS * 1000);
    }
    // After the hedge every runner ends at the profit locked or above, so the worst case is at
    // most the loss the caller accepted: only what that adds to the exposure now is granted, in the
    // round (a hedge that lowers the worst case needs nothing and is never refused for balance). A
    // cash out stakes nothing new: an upline's maximum stake does not apply to it.
    const wantPaise = Math.max(0, Math.max(0, -request.accepted_profit_paise) - pre.exposure);
    const answer = await new Promise<CashOutOutcome>((done, fail) => {
      const cmd: Command = {
        kind: 'cashout',
        userId,
        market_id: marketId,
        request_id: request.request_id,
        accepted_profit_paise: request.accepted_profit_paise,
        legs_max: pre.running,
        delayedVersion,
        want: { wantPaise, staker: opts.staker, stakePaise: 0, busyTries: 0 },
        done,
        fail,
      };
      rounds.submit(marketId, [cmd]);
    });
    return { outcome: answer, version };
  }

  return { getCashOut, cashOut };
}
