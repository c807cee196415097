// The bot: follows one market on the stream, keeps a back/lay pair quoted on its first runner around
// the best prices (cancelling and placing them in one batch each when the book moves or a quote is
// matched), and says its position after each step. At the end it cancels what still rests.
import type { StreamOrder } from '@backlay/contract';
import { createApi, type Api } from './api.ts';
import { positionOf, quoteFor, type Position, type Quote } from './quotes.ts';
import { MarketStream } from './stream.ts';

export type BotOptions = {
  baseUrl: string;
  /** `<key_id>:<secret>` of a key with the read and trade scopes. */
  credential: string;
  /** The market to trade; the first open match-odds market before the off when left out. */
  marketId?: number;
  /** Stake of each quote, rupees. */
  stake: number;
  /** Quoting steps before it stops (each after a change, at least `step_ms` apart). */
  steps: number;
  step_ms: number;
  log(line: string): void;
};

export type BotResult = {
  market_id: number;
  selection_id: number;
  position: Position;
  placed: number;
  cancelled: number;
};

type Target = { match_id: number; market_id: number; name: string };

/** The market to trade, and its match (a batch names both). */
async function findMarket(api: Api, marketId: number | undefined): Promise<Target> {
  const matches = await api('getMatches', {});
  for (const m of matches)
    for (const k of m.markets ?? []) {
      const wanted =
        marketId === undefined
          ? k.market_type === 'MATCH_ODDS' && k.status === 'OPEN' && !k.in_play
          : k.market_id === marketId;
      if (wanted)
        return { match_id: m.match_id, market_id: k.market_id, name: `${m.match_name} / ${k.market_name}` };
    }
  throw new Error(
    marketId === undefined ? 'no open match-odds market to trade' : `market ${marketId} is not listed`,
  );
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let sequence = 0;
const requestId = () => `bot-${process.pid}-${Date.now().toString(36)}-${++sequence}`;

export const describePosition = (p: Position) =>
  `if it wins ₹${p.if_wins.toFixed(2)}, if it loses ₹${p.if_loses.toFixed(2)} ` +
  `(matched: back ₹${p.matched_back.toFixed(2)}, lay ₹${p.matched_lay.toFixed(2)})`;

export async function runBot(o: BotOptions): Promise<BotResult> {
  const api = createApi(o.baseUrl, o.credential);
  const target = await findMarket(api, o.marketId);
  let wake: () => void = () => {};
  const stream = new MarketStream(o.baseUrl, o.credential, {
    book: () => wake(),
    orders: () => wake(),
    error: (message) => o.log(`stream: ${message}`),
  });
  await stream.open();
  stream.subscribeMarkets(1, { market_ids: [target.market_id] });
  stream.subscribeOrders();
  const changed = () => new Promise<void>((resolve) => (wake = resolve));
  while (!stream.books.has(target.market_id)) await Promise.race([changed(), sleep(o.step_ms)]);
  const selection_id = stream.books.get(target.market_id)!.runners[0]!.selection_id;
  o.log(`trading ${target.name} (market ${target.market_id}), runner ${selection_id}, ₹${o.stake} a quote`);

  const mine = () => [...stream.orders.values()].filter((x) => x.market_id === target.market_id);
  const resting = () => mine().filter((x) => x.size_remaining > 0);
  let placed = 0;
  let cancelled = 0;

  async function cancel(orders: readonly StreamOrder[]) {
    if (orders.length === 0) return;
    const r = await api('cancelOrders', {
      market_id: target.market_id,
      bet_ids: orders.map((x) => x.bet_id),
    });
    cancelled += r.bets.filter((b) => b.cancelled).length;
  }

  async function quote(q: Quote) {
    const r = await api('placeOrders', {
      match_id: target.match_id,
      market_id: target.market_id,
      orders: [
        { selection_id, is_back: '1', odds: q.back, stack: o.stake, request_id: requestId() },
        { selection_id, is_back: '0', odds: q.lay, stack: o.stake, request_id: requestId() },
      ],
    });
    for (const x of r.orders) {
      if (x.placed) placed += 1;
      else o.log(`refused: ${x.message}`);
      // The answer is the truth at once; the stream says the same a moment later.
      if (x.result && !stream.orders.has(x.result.bet_id)) await sleep(0);
    }
  }

  /** Whether the resting pair is the quote wanted, whole (one back, one lay, at its prices, unmatched). */
  const inPlace = (q: Quote, now: readonly StreamOrder[]) =>
    now.length === 2 &&
    now.some((x) => x.side === 'BACK' && x.price === q.back && x.size_matched === 0) &&
    now.some((x) => x.side === 'LAY' && x.price === q.lay && x.size_matched === 0);

  for (let step = 1; step <= o.steps; step++) {
    const book = stream.books.get(target.market_id)!;
    const q = quoteFor(book, selection_id, resting());
    if (q === null) {
      await cancel(resting());
      o.log(`step ${step}: the market is not open: no quotes`);
    } else if (!inPlace(q, resting())) {
      await cancel(resting());
      await quote(q);
      o.log(`step ${step}: quoting back ${q.back} / lay ${q.lay}`);
    }
    o.log(`step ${step}: position ${describePosition(positionOf(mine(), selection_id))}`);
    await Promise.all([Promise.race([changed(), sleep(o.step_ms * 4)]), sleep(o.step_ms)]);
  }
  await cancel(resting());
  // The cancels' own notices arrive on the stream: wait for them so the position is the last word.
  for (let i = 0; i < 50 && resting().length > 0; i++) await sleep(20);
  const position = positionOf(mine(), selection_id);
  o.log(`done: placed ${placed}, cancelled ${cancelled}, reconnects ${stream.reconnects}`);
  o.log(`final position: ${describePosition(position)}`);
  await stream.close();
  return { market_id: target.market_id, selection_id, position, placed, cancelled };
}
