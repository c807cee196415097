// A bettor of the chaos run: a loop of seeded operations over HTTP through HAProxy — exchange bets
// on a match-odds and a place market, bookmaker, fancy and casino bets, cash outs, cancels of its
// own bets, balance reads, deposits (with the gateway's notice) and withdrawals — each with its own
// request id, retried with the same id until an answer says what happened, and each recorded with
// every attempt.
import { WITHDRAW_MIN_RUPEES, WITHDRAW_MAX_RUPEES } from '@backlay/contract';
import { signWebhook } from '../../src/modules/payments/gateway.ts';
import { apiCall, login, settle, type ApiAnswer } from '../helpers/cluster.ts';
import type { Attempt, Operation, Outcome } from './history.ts';

/** A placement or cancel is retried at most this many times while no answer says what happened. */
const ATTEMPTS_MAX = 40;
const RETRY_WAIT_MS = 150;
/** A request with no answer after this long counts as ambiguous (and is retried). */
const REQUEST_TIMEOUT_MS = 8_000;

export interface ChaosMarket {
  readonly matchId: number;
  readonly marketId: number;
  readonly selectionIds: readonly number[];
}

/** A cricket match's house markets as quoted when the run began (no feed moves them). */
export interface HouseMarkets {
  readonly matchId: number;
  readonly bookmaker: { marketId: number; quotes: { selection_id: number; back: number; lay: number }[] };
  readonly fancy: {
    fancyId: number;
    yes: { line: number; rate: number };
    no: { line: number; rate: number };
  };
}

/** What the run set up for a bettor's money: a deposit method, a saved bank account, the gateway's secret. */
export interface BettorPayments {
  readonly method_id: number;
  readonly bank_account_id: number;
  readonly gateway_secret: string;
}

export interface BettorContext {
  readonly host: string;
  readonly index: number;
  readonly account: { userId: number; userName: string; password: string };
  readonly payments: BettorPayments;
  /** The exchange markets: match odds (cash outs go there), then a place market (2 of 4 placed). */
  readonly markets: readonly ChaosMarket[];
  readonly house: HouseMarkets;
  /** An in-house card table (Dragon Tiger) whose rounds the leader deals. */
  readonly casinoMatchId: number;
  readonly rand: () => number;
  readonly running: () => boolean;
  readonly history: Operation[];
  /**
   * A deliberately broken client, for the checker's own tests: `retry-new-id` sends a placement
   * again under a new request id, as a client that ignores idempotency would when it thinks the
   * answer was lost (on every ambiguous attempt, and after 1 acknowledged placement in 10).
   */
  readonly plant?: 'retry-new-id';
  /**
   * `two-tabs`: a withdrawal is asked for from two tabs at once, each for 60 % of the available
   * balance just read, so only one can be held (a server that skips the balance lock holds both).
   */
  readonly withdrawals?: 'one' | 'two-tabs';
}

/**
 * An answer as an outcome: 200 with status true or false says what happened, and so does a 429
 * (the rate limit turned it away before anything ran); nothing else does.
 */
function outcomeOfAnswer(r: ApiAnswer | null): Outcome {
  if (r?.code === 200 && r.json.status === true) return 'ok';
  if ((r?.code === 200 && r.json.status === false) || r?.code === 429) return 'refused';
  return 'ambiguous';
}

export async function runBettor(ctx: BettorContext): Promise<void> {
  const ip = `10.20.${Math.floor(ctx.index / 250)}.${(ctx.index % 250) + 1}`;
  let token: string | null = null;
  const signIn = async () => {
    while (ctx.running()) {
      try {
        token = await login(ctx.host, ip, ctx.account.userName, ctx.account.password);
        return;
      } catch {
        await settle(RETRY_WAIT_MS);
      }
    }
  };
  /** One attempt: the answer and its times. A 401 signs in again (the attempt is still ambiguous). */
  const attempt = async (method: string, p: string, body?: unknown): Promise<[Attempt, ApiAnswer | null]> => {
    const sent_ms = Date.now();
    let r: ApiAnswer | null = null;
    try {
      r = await apiCall(ctx.host, ip, token, method, p, body, REQUEST_TIMEOUT_MS);
    } catch {
      // reset or timeout: no answer
    }
    if (r?.code === 401) await signIn();
    const outcome = outcomeOfAnswer(r);
    return [
      {
        sent_ms,
        answered_ms: Date.now(),
        outcome,
        ...(r ? { code: r.code } : {}),
        ...(r?.json.message ? { message: r.json.message } : {}),
      },
      r,
    ];
  };
  /** Attempts until an answer says what happened (or the run ends). */
  const untilAnswered = async (op: Operation, method: string, p: string, body: (n: number) => unknown) => {
    for (let n = 0; n < ATTEMPTS_MAX; n++) {
      const [a, r] = await attempt(method, p, body(n));
      op.attempts.push(a);
      if (a.outcome !== 'ambiguous') return r;
      if (!ctx.running() && n > 2) return null;
      await settle(RETRY_WAIT_MS);
    }
    return null;
  };

  /** The gateway's signed notice that a deposit arrived, sent until it is answered. */
  const webhook = async (payment_id: number, amount: number) => {
    const op: Operation = {
      kind: 'webhook',
      bettor: ctx.index,
      user_id: ctx.account.userId,
      payment_id,
      attempts: [],
    };
    ctx.history.push(op);
    // One event id per payment: a retry is the same event, which the server applies once.
    const body = JSON.stringify({ id: `evt-${payment_id}`, type: 'deposit.succeeded', payment_id, amount });
    for (let n = 0; n < ATTEMPTS_MAX; n++) {
      const sent_ms = Date.now();
      let a: Attempt;
      try {
        const res = await fetch(`http://${ctx.host}/api/payment/webhook`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-gateway-signature': signWebhook(
              ctx.payments.gateway_secret,
              body,
              Math.floor(Date.now() / 1000),
            ),
          },
          body,
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        const json = (await res.json().catch(() => ({}))) as ApiAnswer['json'];
        a = {
          sent_ms,
          answered_ms: Date.now(),
          outcome: outcomeOfAnswer({ code: res.status, json }),
          code: res.status,
        };
      } catch {
        a = { sent_ms, answered_ms: Date.now(), outcome: 'ambiguous' };
      }
      op.attempts.push(a);
      if (a.outcome !== 'ambiguous') return;
      await settle(RETRY_WAIT_MS);
    }
  };

  /** Reads the balance (an operation of its own): the available balance, or null without an answer. */
  const readAvailable = async () => {
    const op: Operation = { kind: 'balance', bettor: ctx.index, user_id: ctx.account.userId, attempts: [] };
    ctx.history.push(op);
    const [a, r] = await attempt('GET', 'user/getUserBalance');
    op.attempts.push(a);
    if (a.outcome !== 'ok') return null;
    const d = r!.json.data as { total_balance: number; liability: number };
    op.available_paise = Math.round(d.total_balance * 100) - Math.round(Math.abs(d.liability) * 100);
    return op.available_paise;
  };

  /** A withdrawal to the saved bank account, retried under its request id while unanswered. */
  const withdraw = async (request_id: string, amount: number) => {
    const op: Operation = {
      kind: 'withdraw',
      bettor: ctx.index,
      user_id: ctx.account.userId,
      request_id,
      attempts: [],
    };
    ctx.history.push(op);
    const r = await untilAnswered(op, 'POST', 'payment/withdraw', () => ({
      amount,
      bank_account_id: ctx.payments.bank_account_id,
      request_id,
    }));
    if (r?.json.status === true) op.payment_id = (r.json.data as { payment_id: number }).payment_id;
  };

  await signIn();
  const mine: number[] = [];
  for (let k = 0; ctx.running(); k++) {
    // Two tabs (the checker's own test): every 8th operation, from the 5th, is the two tabs'
    // withdrawal, so a short run on a slow box still races them (by chance alone, 6 % of a few
    // dozen operations could be none: CI once saw none in 12 s).
    const roll = ctx.withdrawals === 'two-tabs' && k % 8 === 4 ? 0.99 : ctx.rand();
    if (roll < 0.56 || mine.length === 0) {
      const request_id = `chaos-${ctx.index}-${k}`;
      const op: Operation = {
        kind: 'place',
        bettor: ctx.index,
        user_id: ctx.account.userId,
        request_id,
        attempts: [],
      };
      ctx.history.push(op);
      const market = ctx.markets[ctx.rand() < 0.75 ? 0 : 1]!;
      const base = {
        match_id: market.matchId,
        market_id: market.marketId,
        selection_id: market.selectionIds[Math.floor(ctx.rand() * market.selectionIds.length)]!,
        is_back: ctx.rand() < 0.5 ? '1' : '0',
        odds: [1.96, 1.98, 2, 2.02, 2.04][Math.floor(ctx.rand() * 5)],
        stack: 100 + Math.floor(ctx.rand() * 5) * 50,
      };
      const r = await untilAnswered(op, 'POST', 'bet/placeMarketBet', (n) => ({
        ...base,
        request_id: ctx.plant === 'retry-new-id' && n > 0 ? `${request_id}-again-${n}` : request_id,
      }));
      if (r?.json.status === true) {
        op.bet_id = (r.json.data as { bet_id: number }).bet_id;
        mine.push(op.bet_id);
        // The broken client's retry under a new id: after its first acknowledged bet always (a
        // short run meets it however few bets it places), then one time in ten.
        if (ctx.plant === 'retry-new-id' && (mine.length === 1 || ctx.rand() < 0.1))
          await attempt('POST', 'bet/placeMarketBet', { ...base, request_id: `${request_id}-again` });
      }
    } else if (roll < 0.64) {
      // A bookmaker or a fancy bet at the rate quoted (the house's markets: filled at once or refused).
      const bookmaker = ctx.rand() < 0.5;
      const request_id = `chaos-${bookmaker ? 'bm' : 'fy'}-${ctx.index}-${k}`;
      const op: Operation = {
        kind: bookmaker ? 'bookmaker' : 'fancy',
        bettor: ctx.index,
        user_id: ctx.account.userId,
        request_id,
        attempts: [],
      };
      ctx.history.push(op);
      const back = ctx.rand() < 0.5;
      const stack = 100 + Math.floor(ctx.rand() * 3) * 100;
      if (bookmaker) {
        const q = ctx.house.bookmaker.quotes[Math.floor(ctx.rand() * ctx.house.bookmaker.quotes.length)]!;
        await untilAnswered(op, 'POST', 'bet/placeBookmakerBet', () => ({
          match_id: ctx.house.matchId,
          market_id: ctx.house.bookmaker.marketId,
          selection_id: q.selection_id,
          is_back: back ? '1' : '0',
          rate: back ? q.back : q.lay,
          stack,
          request_id,
        }));
      } else {
        const side = back ? ctx.house.fancy.yes : ctx.house.fancy.no;
        await untilAnswered(op, 'POST', 'bet/placeFancyBet', () => ({
          match_id: ctx.house.matchId,
          fancy_id: ctx.house.fancy.fancyId,
          is_yes: back ? '1' : '0',
          line: side.line,
          rate: side.rate,
          stack,
          request_id,
        }));
      }
    } else if (roll < 0.66) {
      // A bet on the card table's round while its window is open (Dragon or Tiger, ₹100).
      const r = (await attempt('POST', 'casino/getRound', { match_id: ctx.casinoMatchId }))[1];
      const round =
        r?.json.status === true
          ? (r.json.data as { round: { round_id: number; state: string; seconds_left: number } }).round
          : null;
      if (round === null || round.state !== 'BETTING' || round.seconds_left < 2) continue;
      const request_id = `chaos-cs-${ctx.index}-${k}`;
      const op: Operation = {
        kind: 'casino',
        bettor: ctx.index,
        user_id: ctx.account.userId,
        request_id,
        attempts: [],
      };
      ctx.history.push(op);
      await untilAnswered(op, 'POST', 'bet/placeCasinoBet', () => ({
        match_id: ctx.casinoMatchId,
        round_id: round.round_id,
        option_id: ctx.rand() < 0.5 ? 'dragon' : 'tiger',
        stack: 100,
        request_id,
      }));
    } else if (roll < 0.68) {
      // A cash out at the figure quoted now, retried under its request id while unanswered.
      const quote = (await attempt('POST', 'bet/getCashOut', { market_id: ctx.markets[0]!.marketId }))[1];
      const q =
        quote?.json.status === true ? (quote.json.data as { available: boolean; profit: number }) : null;
      if (q === null || !q.available) continue;
      const request_id = `chaos-co-${ctx.index}-${k}`;
      const op: Operation = {
        kind: 'cashout',
        bettor: ctx.index,
        user_id: ctx.account.userId,
        request_id,
        attempts: [],
      };
      ctx.history.push(op);
      await untilAnswered(op, 'POST', 'bet/cashOut', () => ({
        market_id: ctx.markets[0]!.marketId,
        request_id,
        profit: q.profit,
      }));
    } else if (roll < 0.78) {
      const bet_id = mine[Math.floor(ctx.rand() * mine.length)]!;
      const op: Operation = {
        kind: 'cancel',
        bettor: ctx.index,
        user_id: ctx.account.userId,
        bet_id,
        attempts: [],
      };
      ctx.history.push(op);
      await untilAnswered(op, 'POST', 'bet/cancelBet', () => ({ bet_id }));
    } else if (roll < 0.88) {
      await readAvailable();
    } else if (roll < 0.94) {
      const request_id = `chaos-dep-${ctx.index}-${k}`;
      const amount = 100 + Math.floor(ctx.rand() * 10) * 50;
      const op: Operation = {
        kind: 'deposit',
        bettor: ctx.index,
        user_id: ctx.account.userId,
        request_id,
        attempts: [],
      };
      ctx.history.push(op);
      const r = await untilAnswered(op, 'POST', 'payment/deposit', () => ({
        amount,
        method_id: ctx.payments.method_id,
        reference: `CHX${request_id.replace(/[^A-Za-z0-9]/g, '')}${ctx.account.userId}`.slice(0, 40),
        request_id,
      }));
      if (r?.json.status === true) {
        op.payment_id = (r.json.data as { payment_id: number }).payment_id;
        await webhook(op.payment_id, amount);
      }
    } else if (ctx.withdrawals === 'two-tabs') {
      const available_paise = await readAvailable();
      const amount = Math.min(Math.floor(((available_paise ?? 0) / 100) * 0.6), WITHDRAW_MAX_RUPEES);
      if (amount < WITHDRAW_MIN_RUPEES) continue;
      await Promise.all(['a', 'b'].map((tab) => withdraw(`chaos-wd-${ctx.index}-${k}-${tab}`, amount)));
    } else {
      await withdraw(`chaos-wd-${ctx.index}-${k}`, 100 + Math.floor(ctx.rand() * 5) * 50);
    }
  }
}
