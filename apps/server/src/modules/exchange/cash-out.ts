// Cash out (issue 21, docs/cash-out.md): the hedge that leaves a bettor's matched position on an
// exchange market the same whatever wins, at the best prices now (the engine's `quoteCashOut`),
// and its placement as fill-or-kill inside the market's batch (`cashOutIn`, the batch's
// `CashOutStep`): every hedge bet matches in full at its price or better, or nothing is placed.
import {
  cloneBook,
  ladderView,
  marketPosition,
  placeOrder,
  quoteCashOut,
  type BookEvent,
  type CashOutRunner,
  type OrderBook,
  type PositionBet,
  type TakePrice,
} from '@backlay/engine';
import type { CashOutQuote } from '@backlay/contract';
import {
  applyEvents,
  aggregate,
  positionIn,
  positionOf,
  type BatchMarket,
  type CashOutStep,
  type RunnerRow,
} from './batch.ts';
import type { CashOutLeg, CashOutOutcome, CashOutQuoteView } from './cash-out-types.ts';
import { MARKET_OTHER_KIND_MESSAGE, marketRefusalOf } from '../markets/takes-bets.ts';

export type * from './cash-out-types.ts';

const rupees = (paise: number) => Math.round(paise) / 100;

/** The rupee figure of a quote as bettors read it (₹1,234.50; a loss with a minus sign). */
export const figure = (paise: number) =>
  `${paise < 0 ? '−' : ''}₹${(Math.abs(paise) / 100).toLocaleString('en-IN', {
    minimumFractionDigits: paise % 100 === 0 ? 0 : 2,
    maximumFractionDigits: 2,
  })}`;

/** The message of a cash out refused because the quote moved below what the caller accepted. */
export const movedMessage = (q: CashOutQuoteView) =>
  q.available
    ? `Prices moved: cash out is now ${figure(q.profit_paise)}. Nothing was placed.`
    : `Prices moved: ${q.message} Nothing was placed.`;

/** What a quote reads of a market: its row, its runners in order, the caller's bets, the book's tops. */
export type QuoteInputs = {
  market: Pick<BatchMarket, 'marketKind' | 'status' | 'minStakePaise' | 'maxStakePaise' | 'winners'>;
  runners: readonly RunnerRow[];
  /** The caller's matched parts (per runner, side, price), voided ones left out. */
  matched: readonly PositionBet[];
  /** Whether the caller has unmatched bets resting on the market. */
  hasUnmatched: boolean;
  /** The best price to back at and to lay at now, with its size, per selection id. */
  best(selectionId: number): { back: TakePrice | null; lay: TakePrice | null };
};

/**
 * The cash-out quote of a matched position: the market must be an open exchange market, the caller
 * must hold a matched position and no unmatched bets (they would change the position, and a hedge
 * could match them); then the engine's quote over the running runners, each hedge bet within the
 * market's stake limits.
 */
export function cashOutQuoteOf(x: QuoteInputs): CashOutQuoteView {
  const no = (message: string): CashOutQuoteView => ({ available: false, message });
  const refusal = marketRefusalOf({ kind: x.market.marketKind, status: x.market.status }, 'EXCHANGE');
  if (refusal === MARKET_OTHER_KIND_MESSAGE) return no('This market has no cash out.');
  // The engine's hedge evens a position over one winner of n; over any k of n placed it is not
  // even (a review's quote of +₹607.66 ended +₹7.54), so a place market offers none (docs/cash-out.md).
  if (x.market.winners !== 1) return no('Cash out is not offered on a place market.');
  if (refusal !== null) return no(`${refusal}.`);
  const running = x.runners.filter((r) => r.status !== 'REMOVED');
  const selIds = running.map((r) => String(r.selectionId));
  const matched = x.matched.filter((b) => selIds.includes(b.selection_id));
  const position = marketPosition(selIds, { matched });
  if (position.runners.every((r) => r.pnl_paise === 0)) {
    return no('You have no matched bets on this market to cash out.');
  }
  if (x.hasUnmatched) return no('Cancel your unmatched bets on this market to cash out.');
  if (running.length < 2) return no('Cash out needs two runners or more.');
  const input: CashOutRunner[] = running.map((r, i) => ({
    selection_id: String(r.selectionId),
    pnl_paise: position.runners[i]!.pnl_paise,
    // Matched bets only, so worst_rest is the rest of pnl_paise: the quote works on the exact position.
    pnl_rest: position.runners[i]!.worst_rest,
    ...x.best(r.selectionId),
  }));
  const q = quoteCashOut(input, { min_stake_paise: x.market.minStakePaise });
  if (!q.ok) return no(q.message);
  if (q.bets.length === 0) {
    return no(
      `Your position is already the same whatever wins (${figure(q.profit_paise)}); nothing to cash out.`,
    );
  }
  if (q.bets.some((b) => b.stake_paise > x.market.maxStakePaise)) {
    return no(`The cash out would need a bet above the maximum stake of ${figure(x.market.maxStakePaise)}.`);
  }
  const names = new Map(running.map((r) => [String(r.selectionId), r.name]));
  return {
    available: true,
    legs: q.bets.map((b) => ({
      selection_id: Number(b.selection_id),
      runner_name: names.get(b.selection_id) ?? '',
      side: b.side,
      price: b.price,
      stake_paise: b.stake_paise,
    })),
    profit_paise: q.profit_paise,
  };
}

/** The best price to back at (top resting lay) and to lay at (top resting back) on a book, with sizes. */
export function bestOnBook(book: OrderBook, selectionId: number) {
  const l = ladderView(book, String(selectionId), 1);
  const top = (levels: typeof l.available_to_back): TakePrice | null =>
    levels[0] ? { price: levels[0].price, size_paise: levels[0].size_paise } : null;
  return { back: top(l.available_to_back), lay: top(l.available_to_lay) };
}

/** The wire form of a quote (rupees, decimal odds). */
export function quoteWire(marketId: number, version: number, q: CashOutQuoteView): CashOutQuote {
  return q.available
    ? {
        market_id: marketId,
        available: true,
        bets: q.legs.map(legWire),
        profit: rupees(q.profit_paise),
        version,
      }
    : { market_id: marketId, available: false, message: q.message, bets: [], profit: 0, version };
}

export function legWire(l: CashOutLeg) {
  return {
    selection_id: l.selection_id,
    runner_name: l.runner_name,
    side: l.side,
    price: l.price / 100,
    stake: rupees(l.stake_paise),
  };
}

/**
 * One cash out inside its market's batch, on the locked market's state: the quote recomputed from
 * the state (the caller's matched position, the book's best prices and sizes); refused with it when
 * none is available or it locks less than the caller accepted; else every hedge bet placed on a copy
 * of the book, and kept only if each matched in full and the caller's exposure stays within what
 * the batch allows (a hedge that lowers the worst case always does). Fill-or-kill: a refusal leaves
 * the state as it was.
 * Long because it is one cash-out inside the market's batch: the quote, the hedge orders and the
 * lock of the profit, in order.
 */
export const cashOutIn: CashOutStep = ({
  state,
  ch,
  space,
  cmd,
  betIds,
  seq,
  allowance,
  market,
  runners,
}) => {
  const u = String(cmd.userId);
  const matched = positionOf(state, u);
  const quote = cashOutQuoteOf({
    market,
    runners,
    matched,
    hasUnmatched: state.resting.has(u),
    best: (sel) => bestOnBook(state.book, sel),
  });
  const refuse = (message: string) => ({
    outcome: { ok: false, message, quote } satisfies CashOutOutcome,
    nextSeq: seq,
  });
  if (!quote.available) return refuse(quote.message);
  if (quote.profit_paise < cmd.accepted_profit_paise) return refuse(movedMessage(quote));
  if (quote.legs.length > betIds.length) return refuse('The market changed; cash out again.');

  const book = cloneBook(state.book);
  const events: BookEvent[] = [];
  const fills: PositionBet[] = [];
  let next = seq;
  const legs = quote.legs.map((l, i) => ({ ...l, bet_id: betIds[i]!, seq: next++ }));
  for (const l of legs) {
    const r = placeOrder(book, {
      order_id: String(l.bet_id),
      user_id: u,
      selection_id: String(l.selection_id),
      side: l.side,
      price: l.price,
      size_paise: l.stake_paise,
      persistence: 'LAPSE',
      seq: l.seq,
    });
    // Fill-or-kill: a leg that did not match in full leaves the copy behind, and nothing is placed.
    if (r.size_remaining_paise > 0) return refuse(movedMessage(quote));
    events.push(...r.events);
    for (const e of r.events) {
      if (e.type === 'FILL') {
        fills.push({ selection_id: e.selection_id, side: l.side, price: e.price, stake_paise: e.size_paise });
      }
    }
  }
  const old = positionIn(space, { matched, unmatched: [] }).exposure_paise;
  const after = positionIn(space, { matched: aggregate([...matched, ...fills]) }).exposure_paise;
  if (after > old && after > allowance(old)) {
    return refuse('Insufficient balance for this cash out');
  }
  allowance(old);
  state.book = book;
  applyEvents(state, events);
  for (const l of legs) {
    ch.newBets.set(l.bet_id, {
      betId: l.bet_id,
      userId: cmd.userId,
      matchId: market.matchId,
      marketId: market.marketId,
      selectionId: l.selection_id,
      side: l.side,
      price: l.price,
      sizePaise: l.stake_paise,
      matchedPaise: 0,
      remainingPaise: l.stake_paise,
      cancelledPaise: 0,
      matchedValue: 0,
      placedMatchedPaise: l.stake_paise,
      placedMatchedValue: events.reduce(
        (v, e) =>
          e.type === 'FILL' && e.taker_order_id === String(l.bet_id) ? v + e.size_paise * e.price : v,
        0,
      ),
      persistence: 'LAPSE',
      endReason: null,
      seq: l.seq,
      // One id per hedge bet, apart from any id a client may send (those hold no control character).
      requestId: `${cmd.request_id}\u001fcash-out ${l.seq - seq + 1}`,
      placedAt: ch.at,
      updatedAt: ch.at,
    });
  }
  ch.touched.add(cmd.userId);
  ch.apply(events);
  const placed = legs.map(({ seq: _seq, ...l }) => l);
  ch.cashOuts.push({
    userId: cmd.userId,
    requestId: cmd.request_id,
    first: { profit_paise: quote.profit_paise, legs: placed },
  });
  state.book.next_seq = next;
  return {
    outcome: { ok: true, legs: placed, profit_paise: quote.profit_paise, repeated: false },
    nextSeq: next,
  };
};
