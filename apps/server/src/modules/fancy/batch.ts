// One batch of bets on one fancy, decided in memory (docs/decisions.md, "Fancy bets in batches"):
// each bet in arrival order against its bettor's state as the batch's earlier bets left it. Pure:
// the service reads the inputs under the fancy's and the wallets' locks and writes what this
// returns in the same transaction; tested without a store (test/fancy-batch.test.ts).
import { SCORE_STALE_MESSAGE } from '@backlay/feed';
import { fancyExposurePaise, fancyRefusal, type FancyBet, type FancyVariant } from '@backlay/engine';
import type { TreeLimit } from '../wallet/tree-limit.ts';
import type { MarketKind } from '@backlay/contract';
import { budgetRefusal } from '../markets/house-bets.ts';
import type { MarketStatus } from '../markets/lifecycle.ts';
import { marketRefusalOf } from '../markets/takes-bets.ts';

export type FancyBetRequest = {
  match_id: number;
  fancy_id: number;
  is_yes: boolean;
  line: number;
  rate: number;
  stake_paise: number;
  request_id: string;
};

/** A bettor's open bets on one fancy, their total stake and the hold they need (paise). */
export type UserOpenBets = { bets: readonly FancyBet[]; stake_paise: number; hold_paise: number };

export type FancyQuoteState = {
  variant: FancyVariant;
  status: 'ACTIVE' | 'BALL_RUNNING' | 'SUSPENDED' | 'CLOSED' | 'REMOVED';
  no_line: number | null;
  no_rate: number | null;
  yes_line: number | null;
  yes_rate: number | null;
  band: number | null;
  max_user_stake_paise: number;
  result_max: number;
};

export type FancyMarketState = {
  match_id: number;
  /** The market row's kind and generic status: the market module's question (takes-bets.ts) first. */
  kind: MarketKind;
  status: MarketStatus;
  /** An operator's window void covers the time of this batch (its bets would be void). */
  voided_now?: boolean;
  min_stake_paise: number;
  max_stake_paise: number;
  /** The match's scoreboard has gone quiet (modules/cricket/staleness.ts): its lines are old. */
  score_stale?: boolean;
};

export type Decision = { ok: true; bet: FancyBet } | { ok: false; message: string };

/** A bettor's state from their open bets (a cold read, or a test's oracle). */
export function openBetsOf(
  variant: FancyVariant,
  result_max: number,
  bets: readonly FancyBet[],
): UserOpenBets {
  return {
    bets,
    stake_paise: bets.reduce((s, b) => s + b.stake_paise, 0),
    hold_paise: bets.length === 0 ? 0 : fancyExposurePaise(variant, bets, result_max),
  };
}

/** The engine's bet for a request (a KHADO bet covers the fancy's band from its line). */
export function engineBetOf(fancy: FancyQuoteState, req: FancyBetRequest): FancyBet {
  return {
    is_yes: req.is_yes,
    line: req.line,
    ...(fancy.variant === 'KHADO' && fancy.band !== null ? { line_to: req.line + fancy.band - 1 } : {}),
    rate: req.rate,
    stake_paise: req.stake_paise,
  };
}

/**
 * Decides each request in order. `open` holds every requesting bettor's state before the batch;
 * `wallets` their balance (budget less reservations) and Σ holds on other markets, absent for an
 * unknown user. Returns one decision per request and the states of the bettors whose bets were
 * taken (new objects: `open` is not changed, so a batch whose transaction fails leaves no trace).
 */
export function decideBatch(input: {
  fancy: FancyQuoteState;
  market: FancyMarketState;
  requests: readonly { userId: number; req: FancyBetRequest }[];
  /** `limit`: the uplines' limits on the market's sport (the stake gate's limitOf). */
  wallets: ReadonlyMap<number, { balance_paise: number; elsewhere_paise: number; limit?: TreeLimit }>;
  open: ReadonlyMap<number, UserOpenBets>;
}): { decisions: Decision[]; changed: Map<number, UserOpenBets> } {
  const { fancy, market } = input;
  const generic = marketRefusalOf(market, 'FANCY');
  const changed = new Map<number, UserOpenBets>();
  const decisions = input.requests.map(({ userId, req }): Decision => {
    const refuse = (message: string): Decision => ({ ok: false, message });
    if (generic !== null) return refuse(generic);
    if (market.match_id !== req.match_id) return refuse('Unknown fancy for this match');
    if (market.score_stale) return refuse(SCORE_STALE_MESSAGE);
    if (market.voided_now)
      return refuse('Suspended: bets placed now are void (the operator voided this period)');
    const wallet = input.wallets.get(userId);
    if (!wallet) return refuse('Unknown user');
    const before =
      changed.get(userId) ?? input.open.get(userId) ?? openBetsOf(fancy.variant, fancy.result_max, []);
    const bet = engineBetOf(fancy, req);
    const refusal = fancyRefusal({
      variant: fancy.variant,
      quote: {
        status: fancy.status,
        no_line: fancy.no_line,
        no_rate: fancy.no_rate,
        yes_line: fancy.yes_line,
        yes_rate: fancy.yes_rate,
      },
      bet,
      min_stake_paise: market.min_stake_paise,
      max_stake_paise: market.max_stake_paise,
      max_user_stake_paise: fancy.max_user_stake_paise,
      user_stake_paise: before.stake_paise,
    });
    if (refusal) return refuse(refusal);
    const bets = [...before.bets, bet];
    const hold_paise = fancyExposurePaise(fancy.variant, bets, fancy.result_max);
    const short = budgetRefusal({
      balance_paise: wallet.balance_paise,
      elsewhere_paise: wallet.elsewhere_paise,
      old_hold_paise: before.hold_paise,
      new_hold_paise: hold_paise,
      limit: wallet.limit,
    });
    if (short) return refuse(short);
    changed.set(userId, { bets, stake_paise: before.stake_paise + bet.stake_paise, hold_paise });
    return { ok: true, bet };
  });
  return { decisions, changed };
}
