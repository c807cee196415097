import type { Fence } from '../../plugins/leader.ts';
import type { MarketImage, StreamOrder } from '@backlay/contract';
import type { OrdersQuery } from './orders-view.ts';
import type { Executor } from '../../db/store.ts';
import type { Staker } from '../wallet/stake-gate.ts';

/**
 * The exchange service, `app.exchange`. Internal units throughout: money in integer PAISE, odds in
 * integer HUNDREDTHS (2.5 → 250); the HTTP routes convert from/to rupees and decimal odds.
 * Every call that changes state runs in one transaction and publishes on `app.bus` after it
 * commits ('market' for the book/status, 'user' for each user whose bets changed).
 *
 * Signatures (for the feed / market makers):
 *
 *   getMarketImage(market_id: number): Promise<MarketImage | null>
 *     The WebSocket image (rupees/decimal odds, top-3 levels per side), null for an unknown market.
 *
 *   placeBet(user_id: number, request: PlaceBetRequest): Promise<PlaceBetOutcome>
 *     { ok: true, bet_id, status, size_matched_paise, size_remaining_paise, average_price_matched, repeated }
 *     or { ok: false, message } (nothing changed). The same (user, request_id) twice returns the
 *     first result with repeated: true. In play, waits the market's bet delay first.
 *
 *   cancelBets(user_id: number, target: { bet_id: number } | { market_id: number }): Promise<CancelOutcome>
 *     Cancels the unmatched remainder of one bet, or of all the user's bets on a market.
 *     { ok: true, cancelled, size_cancelled_paise } or { ok: false, message }.
 *
 *   setMarketStatus(market_id: number, status: 'OPEN' | 'SUSPENDED' | 'CLOSED'): Promise<void>
 *     Bumps the version; CLOSED lapses every unmatched bet. Throws for an unknown market.
 *
 *   setInPlay(market_id: number, bet_delay_s?: number): Promise<void>
 *     Lapses unmatched LAPSE-persistence bets, sets in_play (and the bet delay when given), bumps
 *     the version, marks the match in play. Idempotent.
 *
 *   listMarkets(filter?: { status?: MarketStatus | MarketStatus[]; market_type?: string }): Promise<MarketInfo[]>
 *     Markets with their runners and match start time, by market id; `market_type` keeps one type
 *     (the demo feed's match odds: the racing markets' runners are never read for it).
 */
export type MarketStatus = 'OPEN' | 'SUSPENDED' | 'CLOSED' | 'INACTIVE';
export type Side = 'BACK' | 'LAY';

export type PlaceBetRequest = {
  market_id: number;
  selection_id: number;
  side: Side;
  /** Hundredths, on the ladder. */
  price: number;
  /** Stake, paise. */
  size_paise: number;
  /** 1–64 characters, unique per user. */
  request_id: string;
  /** Default 'LAPSE'. */
  persistence?: 'LAPSE' | 'PERSIST';
  /** Refused when the market's version differs. */
  version?: number;
  /** Refused when the market is not of this match. */
  match_id?: number;
};

export type PlaceBetOutcome =
  | {
      ok: true;
      bet_id: number;
      status: 'MATCHED' | 'PARTIAL' | 'UNMATCHED';
      size_matched_paise: number;
      size_remaining_paise: number;
      /** Hundredths (may be fractional); null when nothing matched. */
      average_price_matched: number | null;
      /** True when this request_id was already placed: the first result, nothing new placed. */
      repeated: boolean;
    }
  | { ok: false; message: string };

export type CancelOutcome =
  { ok: true; cancelled: number; size_cancelled_paise: number } | { ok: false; message: string };

export type MarketInfo = {
  market_id: number;
  match_id: number;
  sport_id: number;
  market_name: string;
  market_type: string;
  status: MarketStatus;
  in_play: boolean;
  bet_delay_s: number;
  version: number;
  min_stake_paise: number;
  max_stake_paise: number;
  /** The market's (and match's) start time. */
  start_time: Date;
  runners: { selection_id: number; name: string; status: 'ACTIVE' | 'WINNER' | 'LOSER' | 'REMOVED' }[];
};

/** Waits a number of milliseconds; tests inject one that does not wait. */
export type Sleeper = (ms: number) => Promise<void>;

export interface ExchangeService {
  getMarketImage(market_id: number): Promise<MarketImage | null>;
  /** A bettor's orders as the stream for programs sends them (orders-view.ts). */
  ordersOf(query: OrdersQuery): Promise<StreamOrder[]>;
  /**
   * `fence` (leader-only orders: the demo feed's market makers): the order is refused in the
   * batch's own transaction unless that leader term is still current (plugins/leader.ts).
   */
  placeBet(
    user_id: number,
    request: PlaceBetRequest,
    opts: { staker: Staker; fence?: Fence | null; onDelay?: (wait_ms: number) => void },
  ): Promise<PlaceBetOutcome>;
  /**
   * A quote: several orders of one user on one market, each through `placeBet`'s path, queued
   * together (one batch), then `cancel`'s users' unmatched orders on the market cancelled after
   * them in the same batch. Answers per order.
   */
  placeBets(
    user_id: number,
    market_id: number,
    requests: readonly PlaceBetRequest[],
    opts: { staker: Staker; fence?: Fence | null; cancel?: readonly number[] },
  ): Promise<PlaceBetOutcome[]>;
  /**
   * `placeBets` with the cancels' answer, and the user's own bets cancellable in the same batch
   * after the placements: `cancel_own` lists them by id (a market maker's amend: only its own
   * unmatched bets of this market are touched, the others skipped; at most
   * MAX_QUOTE_CANCEL_BETS), or 'resting' names every one resting before the quote (a full quote).
   * `cancelled` sums the cancels (not ok if one failed or found the queue full).
   */
  placeQuote(
    user_id: number,
    market_id: number,
    requests: readonly PlaceBetRequest[],
    opts: {
      staker: Staker;
      fence?: Fence | null;
      cancel?: readonly number[];
      cancel_own?: readonly number[] | 'resting';
      /** Told each order's in-play bet delay before it is waited (a request's deadline moves on by it). */
      onDelay?: (wait_ms: number) => void;
    },
  ): Promise<{ placed: PlaceBetOutcome[]; cancelled: CancelOutcome }>;
  cancelBets(user_id: number, target: { bet_id: number } | { market_id: number }): Promise<CancelOutcome>;
  setMarketStatus(market_id: number, status: 'OPEN' | 'SUSPENDED' | 'CLOSED'): Promise<void>;
  setInPlay(market_id: number, bet_delay_s?: number): Promise<void>;
  listMarkets(filter?: {
    status?: MarketStatus | MarketStatus[];
    market_type?: string;
  }): Promise<MarketInfo[]>;
  /** A user's exposure in paise (sum over markets of the stored per-market exposure). */
  liabilityPaise(user_id: number, tx?: Executor): Promise<number>;
}
