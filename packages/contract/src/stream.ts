// The stream for programs (issue 46, docs/trading-api.md "The stream"): one WebSocket at
// STREAM_PATH, opened with `Authorization: Key <key_id>:<secret>`. A program subscribes to markets
// by a filter and to its own orders; every market message and every orders message carries a clock
// token (`clk`), which a program sends back after a dropped connection to get what it missed (or a
// fresh image: never a silent gap). The market messages are the site's (`image`, `delta`), with
// their `clk`.
import { z } from 'zod';
import { marketKind, plainText } from './common.ts';
import { WS_MAX_SUBSCRIPTIONS, type MarketDelta, type MarketImage } from './exchange.ts';

export const STREAM_PATH = '/api/stream';
/** Filter subscriptions one connection may hold at once. */
export const STREAM_SUBSCRIPTIONS_MAX = 10;
/** Open stream connections per key on one node. */
export const STREAM_CONNECTIONS_PER_KEY_MAX = 10;
/** Orders sent in one `orders` image (the open ones first, then the newest ended). */
export const STREAM_ORDERS_IMAGE_MAX = 1_000;
/** Clock tokens a resume may carry (one per market). */
const STREAM_RESUME_MARKETS_MAX = 200;

const ids = (what: string) =>
  z
    .array(z.number({ error: `${what} must be whole numbers` }).int(`${what} must be whole numbers`))
    .min(1, `${what} must name at least one id`)
    .max(WS_MAX_SUBSCRIPTIONS, `at most ${WS_MAX_SUBSCRIPTIONS} ${what}`);

/** Which markets a subscription follows: every condition given must hold (an AND of ORs). */
export const streamMarketFilter = z
  .object({
    sport_ids: ids('sport_ids').optional(),
    match_ids: ids('match_ids').optional(),
    market_ids: ids('market_ids').optional(),
    /** Market kinds (EXCHANGE, BOOKMAKER, …). */
    kinds: z.array(marketKind).min(1).max(5).optional(),
    /** Market types as the catalogue names them (MATCH_ODDS, …). */
    market_types: z
      .array(z.string().min(1).max(40).check(plainText('market_types')))
      .min(1)
      .max(20)
      .optional(),
  })
  .refine((f) => Object.values(f).some((v) => v !== undefined), {
    message: 'filter must name sport_ids, match_ids, market_ids, kinds or market_types',
  });
export type StreamMarketFilter = z.infer<typeof streamMarketFilter>;

/** A clock token as the server wrote it (`<epoch>.<seq>` for a market, `o<ms>` for orders). */
const clk = z.string().min(1).max(64).check(plainText('clk'));

export const streamClientMessage = z.discriminatedUnion('op', [
  /**
   * Follow the markets the filter names (those there now, and those made later while the
   * subscription lasts). `clk`: the last clock token received per market (after a reconnect):
   * each market answers with what was missed, or with an image.
   */
  z.object({
    op: z.literal('subscribe_markets'),
    id: z.number().int().min(1).max(1_000_000_000),
    filter: streamMarketFilter,
    clk: z
      .record(z.string().regex(/^\d{1,10}$/, 'clk must be keyed by market id'), clk)
      .refine((r) => Object.keys(r).length <= STREAM_RESUME_MARKETS_MAX, {
        message: `clk may name at most ${STREAM_RESUME_MARKETS_MAX} markets`,
      })
      .optional(),
  }),
  z.object({ op: z.literal('unsubscribe_markets'), id: z.number().int().min(1).max(1_000_000_000) }),
  /**
   * Follow the bettor's own exchange orders: an image of the open ones (and, with `clk`, of every
   * order that changed since), then each change.
   */
  z.object({ op: z.literal('subscribe_orders'), clk: clk.optional() }),
  /** Ask again for a market's full image. */
  z.object({ op: z.literal('image'), market_id: z.number().int() }),
]);
export type StreamClientMessage = z.infer<typeof streamClientMessage>;

/** One of the bettor's orders as the stream sends it (money in rupees, prices decimal). */
export const streamOrder = z.object({
  bet_id: z.number().int(),
  request_id: z.string(),
  market_id: z.number().int(),
  match_id: z.number().int(),
  selection_id: z.number().int(),
  side: z.enum(['BACK', 'LAY']),
  price: z.number(),
  size: z.number(),
  size_matched: z.number(),
  size_remaining: z.number(),
  size_cancelled: z.number(),
  average_price_matched: z.number(),
  /** EXECUTABLE while part of it rests on the book; EXECUTION_COMPLETE once nothing does. */
  status: z.enum(['EXECUTABLE', 'EXECUTION_COMPLETE']),
  /** Why the unmatched rest ended, when it did: the bettor cancelled it, or it lapsed. */
  end_reason: z.enum(['CANCELLED', 'LAPSED']).nullable(),
  /** Set once the market is settled: WON, LOST or VOID and the profit or loss before commission. */
  result: z.enum(['WON', 'LOST', 'VOID']).nullable(),
  profit_loss: z.number().nullable(),
  placed_at: z.string(),
  updated_at: z.string(),
});
export type StreamOrder = z.infer<typeof streamOrder>;

export const streamServerMessage = z.discriminatedUnion('type', [
  /** The first message: who the key is, the clock epoch's meaning, the limits. */
  z.object({
    type: z.literal('connected'),
    user_id: z.number().int(),
    key_id: z.string(),
    heartbeat_ms: z.number().int(),
    limits: z.object({
      subscriptions: z.number().int(),
      markets: z.number().int(),
      send_buffer_bytes: z.number().int(),
      messages_per_s: z.number(),
    }),
  }),
  /** A filter subscription's markets now (later ones are added as they are made). */
  z.object({
    type: z.literal('subscribed'),
    id: z.number().int(),
    market_ids: z.array(z.number().int()),
    /** More markets matched than a connection may follow: the first ones by id were taken. */
    truncated: z.boolean(),
  }),
  z.object({ type: z.literal('unsubscribed'), id: z.number().int(), market_ids: z.array(z.number().int()) }),
  /**
   * The bettor's orders: `image` true for the first answer to subscribe_orders (every open order,
   * and with a clk every order changed since), false for a change. Each order is whole: a program
   * replaces what it had under that bet_id.
   */
  z.object({ type: z.literal('orders'), clk, image: z.boolean(), orders: z.array(streamOrder) }),
]);
export type StreamServerMessage = z.infer<typeof streamServerMessage>;

type MarketMessage = { type: 'image'; market: MarketImage } | { type: 'delta'; market: MarketDelta };

/**
 * A program's local copy of a market after one message of it: an image replaces it, a delta
 * replaces the fields it carries and the runners it names (each runner whole). Null when a delta
 * comes with no image before it (the program asks `{op:'image'}`).
 */
export function applyMarketMessage(book: MarketImage | null, msg: MarketMessage): MarketImage | null {
  if (msg.type === 'image') return structuredClone(msg.market);
  if (!book) return null;
  const { runners, ...fields } = msg.market;
  const next: MarketImage = { ...book, ...fields };
  if (runners) {
    const changed = new Map(runners.map((r) => [r.selection_id, r]));
    next.runners = book.runners.map((r) => structuredClone(changed.get(r.selection_id) ?? r));
  }
  return next;
}
