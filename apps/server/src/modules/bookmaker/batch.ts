// One batch of bets on one bookmaker market, decided in memory (docs/decisions.md, "Bookmaker bets
// in batches"): each bet in arrival order against its bettor's position as the batch's earlier bets
// left it. Pure: the service reads the inputs under the market's and the wallets' locks and writes
// what this returns in the same transaction.
import type { MarketKind, QuoteStatus } from '@backlay/contract';
import { SCORE_STALE_MESSAGE } from '@backlay/feed';
import { bookmakerPosition, bookmakerRefusal, type BookmakerBet } from '@backlay/engine';
import type { TreeLimit } from '../wallet/tree-limit.ts';
import { budgetRefusal } from '../markets/house-bets.ts';
import type { MarketStatus } from '../markets/lifecycle.ts';
import { marketRefusalOf } from '../markets/takes-bets.ts';

export type BookmakerBetRequest = {
  match_id: number;
  market_id: number;
  selection_id: number;
  is_back: boolean;
  rate: number;
  stake_paise: number;
  request_id: string;
};

/**
 * What the bettor sees and the bet check applies: the bookmaker's own status, unless the generic
 * market status (admin/market/status, settlement's close) stops the market: a market that is not
 * OPEN takes no bet whatever the bookmaker's own status says.
 */
export function bookmakerStatusOf(own: QuoteStatus, market: MarketStatus): QuoteStatus {
  if (market === 'CLOSED' || own === 'CLOSED') return 'CLOSED';
  return market === 'OPEN' ? own : 'SUSPENDED';
}

export type BatchRunner = {
  selection_id: number;
  name: string;
  status: 'ACTIVE' | 'WINNER' | 'LOSER' | 'REMOVED';
  back_rate: number | null;
  lay_rate: number | null;
};

export type BatchMarket = {
  match_id: number;
  /** The market row's kind and generic status: the market module's question (takes-bets.ts) first. */
  kind: MarketKind;
  status: MarketStatus;
  own_status: QuoteStatus;
  min_stake_paise: number;
  max_stake_paise: number;
  runners: readonly BatchRunner[];
  /** The match's scoreboard has gone quiet (modules/cricket/staleness.ts): its rates are old. */
  score_stale?: boolean;
};

/** A bettor's open, not voided bets on the market and the hold they need over the running runners. */
export type UserPosition = { bets: readonly BookmakerBet[]; hold_paise: number };

export type Decision = { ok: true; bet: BookmakerBet } | { ok: false; message: string };

/** The runners a position is taken over: every runner still running (a removed one's bets are void). */
export const runningIds = (runners: readonly BatchRunner[]) =>
  runners.filter((r) => r.status !== 'REMOVED').map((r) => String(r.selection_id));

/** A bettor's position from their open, not voided bets over the running runners. */
export function positionOf(running: readonly string[], bets: readonly BookmakerBet[]): UserPosition {
  return { bets, hold_paise: bets.length === 0 ? 0 : bookmakerPosition(running, bets).exposure_paise };
}

/**
 * Decides each request in order. `open` holds each requesting bettor's position before the batch
 * (absent: no open bet); `wallets` their balance (budget less reservations) and Σ holds on other
 * markets, absent for an unknown user. Returns one decision per request and the positions of the
 * bettors whose bets were taken (new objects: a batch whose transaction fails leaves no trace).
 */
export function decideBatch(input: {
  market: BatchMarket;
  requests: readonly { userId: number; req: BookmakerBetRequest }[];
  /** `limit`: the uplines' limits on the market's sport (the stake gate's limitOf). */
  wallets: ReadonlyMap<number, { balance_paise: number; elsewhere_paise: number; limit?: TreeLimit }>;
  open: ReadonlyMap<number, UserPosition>;
}): { decisions: Decision[]; changed: Map<number, UserPosition> } {
  const { market } = input;
  const running = runningIds(market.runners);
  const generic = marketRefusalOf(market, 'BOOKMAKER');
  const status = bookmakerStatusOf(market.own_status, market.status);
  const changed = new Map<number, UserPosition>();
  const decisions = input.requests.map(({ userId, req }): Decision => {
    const refuse = (message: string): Decision => ({ ok: false, message });
    if (generic !== null) return refuse(generic);
    if (market.match_id !== req.match_id) return refuse('Unknown market for this match');
    if (market.score_stale && status !== 'CLOSED') return refuse(SCORE_STALE_MESSAGE);
    const runner = market.runners.find((r) => r.selection_id === req.selection_id);
    if (!runner) return refuse('Unknown runner for this market');
    if (runner.status !== 'ACTIVE') return refuse(`${runner.name} is not taking bets`);
    const refusal = bookmakerRefusal({
      quote: { status, back_rate: runner.back_rate, lay_rate: runner.lay_rate },
      is_back: req.is_back,
      rate: req.rate,
      stake_paise: req.stake_paise,
      min_stake_paise: market.min_stake_paise,
      max_stake_paise: market.max_stake_paise,
    });
    if (refusal) return refuse(refusal);
    const wallet = input.wallets.get(userId);
    if (!wallet) return refuse('Unknown user');
    const before = changed.get(userId) ?? input.open.get(userId) ?? positionOf(running, []);
    const bet: BookmakerBet = {
      selection_id: String(req.selection_id),
      is_back: req.is_back,
      rate: req.rate,
      stake_paise: req.stake_paise,
    };
    const after = positionOf(running, [...before.bets, bet]);
    const short = budgetRefusal({
      balance_paise: wallet.balance_paise,
      elsewhere_paise: wallet.elsewhere_paise,
      old_hold_paise: before.hold_paise,
      new_hold_paise: after.hold_paise,
      limit: wallet.limit,
    });
    if (short) return refuse(short);
    changed.set(userId, after);
    return { ok: true, bet };
  });
  return { decisions, changed };
}
