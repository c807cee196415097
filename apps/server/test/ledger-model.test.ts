// Model-based property test of the money paths: fast-check generates sequences of operator and
// bettor calls over the real HTTP API (app.inject) and, after every call, the operator's ledger
// check must find nothing and the exact parts of a coarse model must hold (deposits and
// withdrawals move exactly their amount, refusals change nothing, settled markets hold no
// exposure, repeated request_ids answer the same). Fixed seeds per store: a failure prints its
// seed and path, so it can be replayed with fc.assert(…, { seed, path }).
import { eq, inArray, sql, type AnyColumn } from 'drizzle-orm';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { adminActions } from '../src/modules/audit/schema.ts';
import { bets, fills } from '../src/modules/exchange/schema.ts';
import { marketSettlements, marketVoids, markets, runners } from '../src/modules/markets/schema.ts';
import { ledgerAccounts, exposureHolds, transfers } from '../src/modules/wallet/schema.ts';
import type { Answer, Api } from './helpers/api.ts';
import { createBettor, createMarket, expectExchangeInvariants } from './helpers/exchange.ts';
import { describeStores, type StoreContext } from './helpers/stores.ts';

/** One seed per store, so CI runs the same sequences every time. */
const SEEDS = { pglite: 20_260_501, postgres: 20_260_502 } as const;
/** LEDGER_MODEL_SEED and LEDGER_MODEL_RUNS override both, to explore more sequences by hand. */
const SEED_OVERRIDE = process.env.LEDGER_MODEL_SEED ? Number(process.env.LEDGER_MODEL_SEED) : null;
const NUM_RUNS = Number(process.env.LEDGER_MODEL_RUNS ?? 10);
const MAX_COMMANDS = 25;
const START_BALANCE_PAISE = 500_000; // ₹5,000.00
const USERS = 3;
const MARKETS = 2;
const RUNNERS = 3;
const ODDS = [1.5, 2, 2.5, 3, 4] as const;

let seq = 0;
const nextId = (p: string) => `${p}-${++seq}-${Math.random().toString(36).slice(2, 8)}`;
const paise = (rupees: number) => Math.round(rupees * 100);

type Market = Awaited<ReturnType<typeof createMarket>>;
type Settlement = 'NONE' | 'SETTLED' | 'UNSETTLED';

type Model = {
  /** Exact cash balance per user (paise). */
  balance: number[];
  /** Last observed liability per user (paise). */
  liability: number[];
  markets: { status: 'OPEN' | 'SUSPENDED' | 'CLOSED'; settlement: Settlement; removed: Set<number> }[];
  /** Accepted bets, by user and market. */
  bets: { user: number; market: number; betId: number }[];
  /** The last call made with a request_id, to repeat. */
  lastAdmin: { name: AdminCall; body: Record<string, unknown>; answer: Answer['body'] } | null;
  lastBet: { user: number; body: Record<string, unknown>; answer: Answer['body'] } | null;
};

type AdminCall =
  | 'adminWalletDeposit'
  | 'adminWalletWithdraw'
  | 'adminMarketStatus'
  | 'adminMarketResult'
  | 'adminMarketVoid'
  | 'adminMarketVoidWindow'
  | 'adminMarketUnsettle';

type Real = {
  ctx: StoreContext;
  op: Api;
  users: (Api & { userId: number })[];
  markets: Market[];
};

/**
 * What a call could change, for the "a refusal changes nothing" check: all accounts, transfers and
 * exposures, and the bets, fills, settlement, voids, markets and runners of this run's markets.
 * The operator audit only with `withAudit` (it records refusals too).
 */
async function snapshotMoneyAndBook(real: Real, withAudit = false) {
  const db = real.ctx.app.db;
  const ids = real.markets.map((m) => m.marketId);
  const sorted = (rows: object[]) => rows.map((r) => JSON.stringify(r)).sort();
  const inRun = <T extends { marketId: AnyColumn }>(t: T) => inArray(t.marketId, ids);
  const [accounts, transferTotals, b, f, e, s, v, mk, rn, audit] = await Promise.all([
    db.select().from(ledgerAccounts),
    // Transfers are never updated: their count and last id say whether one was written.
    db.select({ n: sql<string>`count(*)::text`, last: sql<string>`max(transfer_id)::text` }).from(transfers),
    db.select().from(bets).where(inRun(bets)),
    db.select().from(fills).where(inRun(fills)),
    db.select().from(exposureHolds),
    db.select().from(marketSettlements).where(inRun(marketSettlements)),
    db.select().from(marketVoids).where(inRun(marketVoids)),
    db.select().from(markets).where(inRun(markets)),
    db.select().from(runners).where(inRun(runners)),
    withAudit ? db.select({ n: sql<string>`count(*)::text` }).from(adminActions) : Promise.resolve([]),
  ]);
  return {
    accounts: sorted(accounts),
    transfers: transferTotals,
    bets: sorted(b),
    fills: sorted(f),
    exposures: sorted(e),
    settlements: sorted(s),
    voids: sorted(v),
    markets: sorted(mk),
    runners: sorted(rn),
    audit,
  };
}

async function observe(real: Real) {
  const answers = await Promise.all(real.users.map((u) => u.call('getUserBalance')));
  const data = answers.map((r, i) => {
    expect(r.body.status, `getUserBalance of user ${real.users[i]!.userId}`).toBe(true);
    return r.body.data as { total_balance: number; liability: number };
  });
  return { balance: data.map((d) => paise(d.total_balance)), liability: data.map((d) => paise(d.liability)) };
}

async function ledgerCheckOk(real: Real, after: string) {
  const r = await real.op.call('adminLedgerCheck');
  expect(r.statusCode).toBe(200);
  const data = r.body.data as { ok: boolean; problems: string[] };
  if (!data.ok) console.error(`ledger check after ${after}:\n  ${data.problems.join('\n  ')}`);
  expect({ ok: data.ok, problems: data.problems }, `ledger check after ${after}`).toEqual({
    ok: true,
    problems: [],
  });
}

async function exposuresIn(real: Real, market: number) {
  const rows = await real.ctx.app.db
    .select()
    .from(exposureHolds)
    .where(eq(exposureHolds.marketId, real.markets[market]!.marketId));
  const byUser = new Map(rows.map((r) => [r.userId, r.exposurePaise]));
  return real.users.map((u) => byUser.get(u.userId) ?? 0);
}

/**
 * Runs one call and the checks every command shares: the ledger check, balances as the model
 * expects (`balances: 'same'` when the call cannot move cash, 'adopt' when the model is too coarse
 * to say), and, for a refusal, an unchanged store.
 */
async function step(
  m: Model,
  real: Real,
  label: string,
  call: () => Promise<Answer>,
  expectations: {
    /** true: must succeed; false: must be refused; a RegExp: may be refused with that message. */
    succeeds: boolean | RegExp;
    refusal?: string;
    balances: 'same' | 'adopt' | ((before: number[]) => number[]);
  },
): Promise<Answer> {
  const before = await snapshotMoneyAndBook(real);
  const r = await call();
  expect(r.statusCode, `${label}: HTTP status (${JSON.stringify(r.body)})`).toBe(200);
  if (expectations.succeeds === true) {
    expect(r.body, label).toMatchObject({ status: true });
  } else if (expectations.succeeds === false) {
    expect(r.body, label).toEqual({ status: false, message: expectations.refusal });
  } else if (!r.body.status) {
    expect(r.body.message, `${label}: refusal`).toMatch(expectations.succeeds);
  }
  if (!r.body.status) {
    // A refusal changes nothing (but the audit of operator calls).
    expect(
      await snapshotMoneyAndBook(real),
      `${label} was refused (${r.body.message}) but changed the store`,
    ).toEqual(before);
  }
  const now = await observe(real);
  if (!r.body.status || expectations.balances === 'same') {
    expect(now.balance, `${label}: balances`).toEqual(m.balance);
    if (!r.body.status) expect(now.liability, `${label}: liabilities after a refusal`).toEqual(m.liability);
  } else if (typeof expectations.balances === 'function') {
    expect(now.balance, `${label}: balances`).toEqual(expectations.balances(m.balance));
  }
  m.balance = now.balance;
  m.liability = now.liability;
  await ledgerCheckOk(real, label);
  return r;
}

// ---------------------------------------------------------------- commands

type Cmd = fc.AsyncCommand<Model, Real>;

class Deposit implements Cmd {
  constructor(
    readonly user: number,
    readonly amountPaise: number,
  ) {}
  check = () => true;
  async run(m: Model, real: Real) {
    const u = real.users[this.user]!;
    const body = { user_id: u.userId, amount: this.amountPaise / 100, request_id: nextId('dep') };
    const liabilityBefore = [...m.liability];
    const r = await step(m, real, this.toString(), () => real.op.call('adminWalletDeposit', body), {
      succeeds: true,
      balances: (b) => b.map((x, i) => (i === this.user ? x + this.amountPaise : x)),
    });
    expect(m.liability).toEqual(liabilityBefore);
    expect(r.body.data).toMatchObject({ user_id: u.userId, balance: m.balance[this.user]! / 100 });
    m.lastAdmin = { name: 'adminWalletDeposit', body, answer: r.body };
  }
  toString = () => `deposit(user ${this.user}, ${this.amountPaise} p)`;
}

class Withdraw implements Cmd {
  /** mode: an amount of its own, exactly the available balance, or 1 paisa more. */
  constructor(
    readonly user: number,
    readonly mode: 'amount' | 'all' | 'over',
    readonly amountPaise: number,
  ) {}
  check = () => true;
  async run(m: Model, real: Real) {
    const u = real.users[this.user]!;
    const available = m.balance[this.user]! - m.liability[this.user]!;
    const amount =
      this.mode === 'amount'
        ? this.amountPaise
        : this.mode === 'all'
          ? Math.max(available, 1)
          : available + 1;
    const body = { user_id: u.userId, amount: amount / 100, request_id: nextId('wd') };
    const allowed = amount <= available;
    const r = await step(
      m,
      real,
      `${this.toString()} = ${amount} p of ${available} p available`,
      () => real.op.call('adminWalletWithdraw', body),
      {
        succeeds: allowed,
        refusal: `Withdrawal of ₹${(amount / 100).toFixed(2)} is more than the available ₹${(Math.max(available, 0) / 100).toFixed(2)}`,
        balances: (b) => b.map((x, i) => (i === this.user ? x - amount : x)),
      },
    );
    m.lastAdmin = { name: 'adminWalletWithdraw', body, answer: r.body };
  }
  toString = () =>
    `withdraw(user ${this.user}, ${this.mode}${this.mode === 'amount' ? ` ${this.amountPaise} p` : ''})`;
}

class PlaceBet implements Cmd {
  constructor(
    readonly user: number,
    readonly market: number,
    readonly runner: number,
    readonly back: boolean,
    readonly odds: number,
    readonly stakeRupees: number,
  ) {}
  check = () => true;
  async run(m: Model, real: Real) {
    const mk = real.markets[this.market]!;
    const state = m.markets[this.market]!;
    const body = {
      match_id: mk.matchId,
      market_id: mk.marketId,
      selection_id: mk.selectionIds[this.runner]!,
      is_back: this.back ? '1' : '0',
      odds: this.odds,
      stack: this.stakeRupees,
      request_id: nextId('bet'),
    };
    const refusal =
      state.status === 'SUSPENDED'
        ? 'Market is suspended'
        : state.status === 'CLOSED'
          ? 'Market is not open for betting'
          : state.removed.has(this.runner)
            ? `Runner ${this.runner + 1} is not active`
            : null;
    const r = await step(
      m,
      real,
      this.toString(),
      () => real.users[this.user]!.call('placeMarketBet', body),
      refusal === null
        ? { succeeds: /^Insufficient balance for this bet$/, balances: 'same' }
        : { succeeds: false, refusal, balances: 'same' },
    );
    if (r.body.status) {
      m.bets.push({
        user: this.user,
        market: this.market,
        betId: (r.body.data as { bet_id: number }).bet_id,
      });
      m.lastBet = { user: this.user, body, answer: r.body };
    }
  }
  toString = () =>
    `${this.back ? 'back' : 'lay'}(user ${this.user}, market ${this.market}, runner ${this.runner}, ${this.odds}, ₹${this.stakeRupees})`;
}

class CancelOne implements Cmd {
  constructor(
    readonly user: number,
    readonly pick: number,
  ) {}
  check = (m: Readonly<Model>) => m.bets.some((b) => b.user === this.user);
  async run(m: Model, real: Real) {
    const mine = m.bets.filter((b) => b.user === this.user);
    const target = mine[this.pick % mine.length]!;
    const liabilityBefore = m.liability[this.user]!;
    await step(
      m,
      real,
      `${this.toString()} = bet ${target.betId}`,
      () => real.users[this.user]!.call('cancelBet', { bet_id: target.betId }),
      { succeeds: /^Bet has nothing left to cancel$/, balances: 'same' },
    );
    expect(m.liability[this.user]!).toBeLessThanOrEqual(liabilityBefore);
  }
  toString = () => `cancelOne(user ${this.user}, #${this.pick})`;
}

class CancelAll implements Cmd {
  constructor(
    readonly user: number,
    readonly market: number,
  ) {}
  check = () => true;
  async run(m: Model, real: Real) {
    const liabilityBefore = m.liability[this.user]!;
    await step(
      m,
      real,
      this.toString(),
      () => real.users[this.user]!.call('cancelBet', { market_id: real.markets[this.market]!.marketId }),
      { succeeds: true, balances: 'same' },
    );
    expect(m.liability[this.user]!).toBeLessThanOrEqual(liabilityBefore);
  }
  toString = () => `cancelAll(user ${this.user}, market ${this.market})`;
}

class SetStatus implements Cmd {
  constructor(
    readonly market: number,
    readonly status: 'OPEN' | 'SUSPENDED',
  ) {}
  check = () => true;
  async run(m: Model, real: Real) {
    const state = m.markets[this.market]!;
    const body = {
      market_id: real.markets[this.market]!.marketId,
      status: this.status,
      request_id: nextId('st'),
    };
    const liabilityBefore = [...m.liability];
    const settled = state.settlement === 'SETTLED';
    const r = await step(m, real, this.toString(), () => real.op.call('adminMarketStatus', body), {
      succeeds: !settled,
      refusal: 'Market is settled; unsettle it before opening it again',
      balances: 'same',
    });
    expect(m.liability, `${this.toString()}: liabilities`).toEqual(liabilityBefore);
    if (r.body.status) {
      expect(r.body.data).toMatchObject({ status: this.status });
      state.status = this.status;
    }
    m.lastAdmin = { name: 'adminMarketStatus', body, answer: r.body };
  }
  toString = () => `status(market ${this.market}, ${this.status})`;
}

/** Shared by the calls that settle (or re-settle) a market: no exposure is left in it. */
async function settledExpectations(
  m: Model,
  real: Real,
  market: number,
  exposureBefore: number[],
  liabilityBefore: number[],
  label: string,
) {
  expect(await exposuresIn(real, market), `${label}: exposure in a settled market`).toEqual(
    real.users.map(() => 0),
  );
  // Each user's liability drops by exactly what they had in this market.
  expect(m.liability, `${label}: liabilities`).toEqual(liabilityBefore.map((l, i) => l - exposureBefore[i]!));
  const state = m.markets[market]!;
  state.settlement = 'SETTLED';
  state.status = 'CLOSED';
}

/** Only an unsettle is refused for a bettor's shortfall; a result or a void applies (a debt). */
const BELOW_ZERO = /below zero available/;

class DeclareResult implements Cmd {
  constructor(
    readonly market: number,
    readonly winner: number,
  ) {}
  check = () => true;
  async run(m: Model, real: Real) {
    const mk = real.markets[this.market]!;
    const state = m.markets[this.market]!;
    const body = {
      market_id: mk.marketId,
      winners: [mk.selectionIds[this.winner]!],
      request_id: nextId('res'),
    };
    const exposureBefore = await exposuresIn(real, this.market);
    const liabilityBefore = [...m.liability];
    const expectation =
      state.settlement === 'SETTLED'
        ? { succeeds: false, refusal: 'Market is already settled; unsettle it first to settle it again' }
        : state.removed.has(this.winner)
          ? { succeeds: false, refusal: `Runner ${this.winner + 1} was removed and cannot win` }
          : { succeeds: true };
    const r = await step(m, real, this.toString(), () => real.op.call('adminMarketResult', body), {
      ...expectation,
      balances: 'adopt',
    });
    if (r.body.status)
      await settledExpectations(m, real, this.market, exposureBefore, liabilityBefore, this.toString());
    m.lastAdmin = { name: 'adminMarketResult', body, answer: r.body };
  }
  toString = () => `result(market ${this.market}, winner ${this.winner})`;
}

class VoidMarket implements Cmd {
  constructor(readonly market: number) {}
  check = () => true;
  async run(m: Model, real: Real) {
    const body = { market_id: real.markets[this.market]!.marketId, request_id: nextId('void') };
    const exposureBefore = await exposuresIn(real, this.market);
    const liabilityBefore = [...m.liability];
    const r = await step(m, real, this.toString(), () => real.op.call('adminMarketVoid', body), {
      // Voiding a settled market re-settles it, even when a winner who withdrew is left owing.
      succeeds: true,
      balances: 'adopt',
    });
    if (r.body.status) {
      expect(r.body.data).toMatchObject({ state: 'SETTLED', void_market: true, movements: [] });
      await settledExpectations(m, real, this.market, exposureBefore, liabilityBefore, this.toString());
    }
    m.lastAdmin = { name: 'adminMarketVoid', body, answer: r.body };
  }
  toString = () => `voidMarket(market ${this.market})`;
}

class VoidRunner implements Cmd {
  constructor(
    readonly market: number,
    readonly runner: number,
  ) {}
  check = () => true;
  async run(m: Model, real: Real) {
    const mk = real.markets[this.market]!;
    const state = m.markets[this.market]!;
    const body = {
      market_id: mk.marketId,
      selection_id: mk.selectionIds[this.runner]!,
      request_id: nextId('vr'),
    };
    const settled = state.settlement === 'SETTLED';
    const r = await step(m, real, this.toString(), () => real.op.call('adminMarketVoid', body), {
      succeeds: true,
      balances: settled ? 'adopt' : 'same',
    });
    if (r.body.status) {
      state.removed.add(this.runner);
      if (settled) expect(await exposuresIn(real, this.market)).toEqual(real.users.map(() => 0));
    }
    m.lastAdmin = { name: 'adminMarketVoid', body, answer: r.body };
  }
  toString = () => `voidRunner(market ${this.market}, runner ${this.runner})`;
}

class VoidWindow implements Cmd {
  constructor(
    readonly market: number,
    readonly seconds: number,
  ) {}
  check = () => true;
  async run(m: Model, real: Real) {
    const state = m.markets[this.market]!;
    const to = new Date();
    const from = new Date(to.getTime() - this.seconds * 1000);
    const body = {
      market_id: real.markets[this.market]!.marketId,
      from: from.toISOString(),
      to: to.toISOString(),
      request_id: nextId('vw'),
    };
    const settled = state.settlement === 'SETTLED';
    const r = await step(m, real, this.toString(), () => real.op.call('adminMarketVoidWindow', body), {
      succeeds: true,
      balances: settled ? 'adopt' : 'same',
    });
    if (r.body.status && settled)
      expect(await exposuresIn(real, this.market)).toEqual(real.users.map(() => 0));
    m.lastAdmin = { name: 'adminMarketVoidWindow', body, answer: r.body };
  }
  toString = () => `voidWindow(market ${this.market}, last ${this.seconds} s)`;
}

class Unsettle implements Cmd {
  constructor(readonly market: number) {}
  check = () => true;
  async run(m: Model, real: Real) {
    const state = m.markets[this.market]!;
    const body = { market_id: real.markets[this.market]!.marketId, request_id: nextId('un') };
    const r = await step(m, real, this.toString(), () => real.op.call('adminMarketUnsettle', body), {
      ...(state.settlement === 'SETTLED'
        ? { succeeds: BELOW_ZERO }
        : { succeeds: false, refusal: 'Market is not settled' }),
      balances: 'adopt',
    });
    if (r.body.status) {
      expect(r.body.data).toMatchObject({ state: 'UNSETTLED', movements: [] });
      state.settlement = 'UNSETTLED';
    }
    m.lastAdmin = { name: 'adminMarketUnsettle', body, answer: r.body };
  }
  toString = () => `unsettle(market ${this.market})`;
}

/** The last operator call with a request_id again: the same answer, and nothing changes. */
class RepeatAdmin implements Cmd {
  check = (m: Readonly<Model>) => m.lastAdmin !== null;
  async run(m: Model, real: Real) {
    const last = m.lastAdmin!;
    const before = await snapshotMoneyAndBook(real, true);
    const r = await real.op.call(last.name, last.body);
    expect(r.body, `repeat of ${last.name} ${JSON.stringify(last.body)}`).toEqual(last.answer);
    expect(await snapshotMoneyAndBook(real, true), `repeat of ${last.name} changed the store`).toEqual(
      before,
    );
    await ledgerCheckOk(real, `repeat of ${last.name}`);
  }
  toString = () => 'repeatAdmin()';
}

/** The last accepted bet's request_id again: the first answer (flagged as a repeat), nothing placed. */
class RepeatBet implements Cmd {
  check = (m: Readonly<Model>) => m.lastBet !== null;
  async run(m: Model, real: Real) {
    const last = m.lastBet!;
    const before = await snapshotMoneyAndBook(real, true);
    const r = await real.users[last.user]!.call('placeMarketBet', last.body);
    expect(r.body, `repeat of bet ${JSON.stringify(last.body)}`).toEqual({
      ...last.answer,
      message: 'Bet already placed',
    });
    expect(await snapshotMoneyAndBook(real, true), 'repeat of a bet changed the store').toEqual(before);
    await ledgerCheckOk(real, 'repeat of a bet');
  }
  toString = () => 'repeatBet()';
}

const user = fc.integer({ min: 0, max: USERS - 1 });
const market = fc.integer({ min: 0, max: MARKETS - 1 });
const runner = fc.integer({ min: 0, max: RUNNERS - 1 });

const placeBet = fc
  .tuple(user, market, runner, fc.boolean(), fc.constantFrom(...ODDS), fc.integer({ min: 1, max: 3_000 }))
  .map(([u, mk, r, back, odds, stake]) => new PlaceBet(u, mk, r, back, odds, stake));

/** Bets three times as often as any other call: fills are what settlement moves money for. */
const commands = [
  fc.tuple(user, fc.integer({ min: 1, max: 300_000 })).map(([u, a]) => new Deposit(u, a)),
  fc
    .tuple(
      user,
      fc.constantFrom('amount' as const, 'all' as const, 'over' as const),
      fc.integer({ min: 1, max: 1_000_000 }),
    )
    .map(([u, mode, a]) => new Withdraw(u, mode, a)),
  placeBet,
  placeBet,
  placeBet,
  fc.tuple(user, fc.nat(50)).map(([u, k]) => new CancelOne(u, k)),
  fc.tuple(user, market).map(([u, mk]) => new CancelAll(u, mk)),
  fc
    .tuple(market, fc.constantFrom('OPEN' as const, 'SUSPENDED' as const))
    .map(([mk, s]) => new SetStatus(mk, s)),
  fc.tuple(market, runner).map(([mk, w]) => new DeclareResult(mk, w)),
  market.map((mk) => new VoidMarket(mk)),
  fc.tuple(market, runner).map(([mk, r]) => new VoidRunner(mk, r)),
  fc.tuple(market, fc.integer({ min: 0, max: 5 })).map(([mk, s]) => new VoidWindow(mk, s)),
  market.map((mk) => new Unsettle(mk)),
  fc.constant(new RepeatAdmin()),
  fc.constant(new RepeatBet()),
];

describeStores('ledger model', (ctx) => {
  let op: Api;

  async function setup(): Promise<{ model: Model; real: Real }> {
    if (!op) {
      op = ctx.api.fork();
      await op.login('operator', 'operator123');
    }
    const users: Real['users'] = [];
    for (let i = 0; i < USERS; i++) {
      const b = await createBettor(ctx.app, START_BALANCE_PAISE, 'model');
      const api = ctx.api.fork();
      // A session straight from the auth service: a login per bettor and run would cost an argon2 verify.
      api.token = (await ctx.app.auth.issue(ctx.app.db, b.userId, null)).token;
      users.push(Object.assign(api, { userId: b.userId }));
    }
    const markets: Market[] = [];
    for (let i = 0; i < MARKETS; i++) markets.push(await createMarket(ctx.app, { runners: RUNNERS }));
    return {
      model: {
        balance: users.map(() => START_BALANCE_PAISE),
        liability: users.map(() => 0),
        markets: markets.map(() => ({ status: 'OPEN', settlement: 'NONE', removed: new Set<number>() })),
        bets: [],
        lastAdmin: null,
        lastBet: null,
      },
      real: { ctx, op, users, markets },
    };
  }

  it('a void window that voids a hedge after a withdrawal leaves a debt; the result still settles', async () => {
    const { model: _m, real } = await setup();
    const [a, b, c] = real.users as [Real['users'][0], Real['users'][0], Real['users'][0]];
    const mk = real.markets[0]!;
    const bet = (runner: number, back: boolean, odds: number, stack: number) => ({
      match_id: mk.matchId,
      market_id: mk.marketId,
      selection_id: mk.selectionIds[runner]!,
      is_back: back ? '1' : '0',
      odds,
      stack,
      request_id: nextId('bet'),
    });
    const pause = () => new Promise((r) => setTimeout(r, 20));
    expect((await b.call('placeMarketBet', bet(0, false, 2, 100))).body.status).toBe(true);
    await pause();
    const from = new Date();
    // a backs runner 1 at 2 (matched with b's lay) inside the window …
    expect((await a.call('placeMarketBet', bet(0, true, 2, 100))).body.data).toMatchObject({
      status: 'MATCHED',
    });
    const to = new Date();
    await pause();
    // … and lays it at 3 after it (matched with c's back): worst case −100, so exposure ₹100.
    expect((await c.call('placeMarketBet', bet(0, true, 3, 100))).body.status).toBe(true);
    expect((await a.call('placeMarketBet', bet(0, false, 3, 100))).body.data).toMatchObject({
      status: 'MATCHED',
    });
    // An unmatched bet of c's on another runner.
    expect((await c.call('placeMarketBet', bet(1, true, 4, 10))).body.data).toMatchObject({
      status: 'UNMATCHED',
    });
    const balance = (await a.call('getUserBalance')).body.data as {
      total_balance: number;
      liability: number;
    };
    expect(balance.liability).toBe(100);
    const w = await real.op.call('adminWalletWithdraw', {
      user_id: a.userId,
      amount: balance.total_balance - balance.liability,
      request_id: nextId('wd'),
    });
    expect(w.body.status).toBe(true);
    const vw = await real.op.call('adminMarketVoidWindow', {
      market_id: mk.marketId,
      from: from.toISOString(),
      to: to.toISOString(),
    });
    expect(vw.body.status).toBe(true);
    await ledgerCheckOk(real, 'void window');
    // With a's back void, runner 1 winning costs a ₹200 on the lay: ₹100 more than a has.
    expect((await a.call('getUserBalance')).body.data).toEqual({ total_balance: 100, liability: 200 });
    const owed = (await real.op.call('adminLedgerCheck')).body.data as { owed: { user_id: number }[] };
    expect(owed.owed.map((o) => o.user_id)).toEqual([a.userId]);
    const r = await real.op.call('adminMarketResult', {
      market_id: mk.marketId,
      winners: [mk.selectionIds[0]],
    });
    expect(r.body.status).toBe(true);
    expect((await a.call('getUserBalance')).body.data).toEqual({ total_balance: -100, liability: 0 });
    await ledgerCheckOk(real, 'result after the void');
  });

  it(
    'after every operator and bettor call the ledger check is clean and the model holds',
    async () => {
      const seed = SEED_OVERRIDE ?? SEEDS[ctx.store];
      console.log(
        `ledger model [${ctx.store}]: seed ${seed}, ${NUM_RUNS} runs of up to ${MAX_COMMANDS} commands`,
      );
      await fc.assert(
        fc.asyncProperty(
          fc.noBias(fc.commands(commands, { maxCommands: MAX_COMMANDS, size: 'max' })),
          async (cmds) => {
            await fc.asyncModelRun(setup, cmds);
          },
        ),
        { seed, numRuns: NUM_RUNS },
      );
      await expectExchangeInvariants(ctx.app);
    },
    120_000 + NUM_RUNS * 10_000,
  );
});
