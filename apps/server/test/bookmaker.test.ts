// Bookmaker bets against the operator (issue 28): bets go through a per-market queue, so a suspend,
// a quote or a settlement waits at most one batch and no bet is taken at the old rate after it
// committed; one lock order (market row first); the generic market status is honoured; a position
// leaves out void bets and removed runners; a declared result cannot be flipped to void by a
// racing `bookmaker/incomplete`. The lock races run on PostgreSQL.
import type { CricketDetail } from '@backlay/contract';
import { and, count, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { bookmakerBets } from '../src/modules/bookmaker/schema.ts';
import { checkLedger } from '../src/modules/admin/ledger-check.ts';
import type { Api } from './helpers/api.ts';
import { expectLedgerBalanced } from './helpers/ledger.ts';
import { bettorOf, cricketTestMatch, operatorOf } from './helpers/people.ts';
import { describeStores } from './helpers/stores.ts';
import { SYSTEM_STAKER } from '../src/modules/wallet/stake-gate.ts';

let rid = 0;
const nextRequestId = () => `bk-${++rid}-${Math.random().toString(36).slice(2, 8)}`;

type Bettor = Api & { userId: number };

describeStores('bookmaker: bets in batches, the operator never held off, positions over the voids', (ctx) => {
  const bettor = (balanceRupees = 10_000) => bettorOf(ctx, balanceRupees * 100);
  const operator = () => operatorOf(ctx);
  /** A T20 between AUS and IND with the demo bookmaker: AUS 85/88, IND 110/114. */
  async function cricketMatch() {
    const c = await cricketTestMatch(ctx.app);
    const [aus, ind] = c.selectionIds as [number, number];
    return {
      matchId: c.matchId,
      marketId: c.bookmakerMarketId,
      aus,
      ind,
      exchangeMarketId: c.exchange.marketId,
    };
  }
  type Match = Awaited<ReturnType<typeof cricketMatch>>;

  function bet(b: Bettor, c: Match, selectionId: number, isBack: boolean, rate: number, stackRupees: number) {
    return b.call('placeBookmakerBet', {
      match_id: c.matchId,
      market_id: c.marketId,
      selection_id: selectionId,
      is_back: isBack ? '1' : '0',
      rate,
      stack: stackRupees,
      request_id: nextRequestId(),
    });
  }
  async function taken(
    b: Bettor,
    c: Match,
    selectionId: number,
    isBack: boolean,
    rate: number,
    stack: number,
  ) {
    const r = await bet(b, c, selectionId, isBack, rate, stack);
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ status: true });
  }
  async function bookmakerOf(b: Bettor, c: Match) {
    const r = await b.call('getCricketDetail', { match_id: c.matchId });
    expect(r.body.status).toBe(true);
    return (r.body.data as CricketDetail).bookmakers.find((x) => x.market_id === c.marketId)!;
  }
  const liability = (b: Bettor) => ctx.app.wallet.liabilityPaise(b.userId);
  async function recomputed(c: Match, b: Bettor) {
    const holds = await ctx.app.kinds.of('BOOKMAKER').recomputeHolds(ctx.app.db, [c.marketId]);
    return holds.get(`${b.userId}:${c.marketId}`) ?? 0;
  }
  async function expectClean() {
    const check = await checkLedger(ctx.app);
    expect(check.problems).toEqual([]);
    await expectLedgerBalanced(ctx.app);
  }
  const betsAt = async (c: Match, rate: number) =>
    (
      await ctx.app.db
        .select({ n: count() })
        .from(bookmakerBets)
        .where(and(eq(bookmakerBets.marketId, c.marketId), eq(bookmakerBets.rate, rate)))
    )[0]!.n;

  it('a voided runner leaves the position: lay AUS ₹1000 @ 88 + lay IND ₹1000 @ 114 holds ₹140, ₹880 once IND is void', async () => {
    const c = await cricketMatch();
    const a = await bettor(1_000);
    await taken(a, c, c.aus, false, 88, 1000);
    await taken(a, c, c.ind, false, 114, 1000);
    // AUS wins: −880 + 1000 = +120; IND wins: +1000 − 1140 = −140.
    expect(await liability(a)).toBe(14_000);
    expect(await recomputed(c, a)).toBe(14_000);
    const op = await operator();
    const v = await op.call('adminMarketVoid', { market_id: c.marketId, selection_id: c.ind });
    expect(v.body, JSON.stringify(v.body)).toMatchObject({ status: true });
    // Only the lay of AUS is left, over AUS alone: −880.
    expect(await recomputed(c, a)).toBe(88_000);
    // The bet check counts the same: a lay of AUS ₹200 @ 88 needs 880 + 176 = ₹1,056 > ₹1,000 (the
    // old count, with IND's void bet and runner, made it a hedge: 140 → 56).
    const short = await bet(a, c, c.aus, false, 88, 200);
    expect(short.body).toMatchObject({ status: false });
    expect(short.body.message).toContain('Insufficient balance');
    // A lay of ₹100 fits (880 + 88 = 968) and writes the hold from the same count.
    await taken(a, c, c.aus, false, 88, 100);
    expect(await liability(a)).toBe(96_800);
    expect((await bookmakerOf(a, c)).runners.map((r) => r.position)).toEqual([-968, 0]);
    // The position runs over the runners still running: a back of AUS, the one left, cannot lose.
    const b = await bettor(1_000);
    await taken(b, c, c.aus, true, 85, 100);
    expect(await liability(b)).toBe(0);
    expect(await recomputed(c, b)).toBe(0);
    await expectClean();
  });

  it('a voided window leaves its bets out of the position', async () => {
    const c = await cricketMatch();
    const a = await bettor(2_000);
    await taken(a, c, c.aus, false, 88, 1000);
    const from = new Date();
    await taken(a, c, c.ind, false, 114, 1000);
    const to = new Date();
    expect(await recomputed(c, a)).toBe(14_000);
    const op = await operator();
    const v = await op.call('adminMarketVoidWindow', {
      market_id: c.marketId,
      from: from.toISOString(),
      to: to.toISOString(),
    });
    expect(v.body, JSON.stringify(v.body)).toMatchObject({ status: true });
    // The lay of IND (in the window) is void; AUS wins: −880, IND wins: +1000.
    expect(await recomputed(c, a)).toBe(88_000);
    await taken(a, c, c.aus, true, 85, 100);
    expect(await liability(a)).toBe(88_000 - 8_500);
    await expectClean();
  });

  it('the generic market status is honoured: suspended by admin/market/status, no bet is taken and the bettor sees SUSPENDED', async () => {
    const c = await cricketMatch();
    const a = await bettor();
    const op = await operator();
    const s = await op.call('adminMarketStatus', { market_id: c.marketId, status: 'SUSPENDED' });
    expect(s.body, JSON.stringify(s.body)).toMatchObject({ status: true });
    expect((await bookmakerOf(a, c)).status).toBe('SUSPENDED');
    const refused = await bet(a, c, c.aus, true, 85, 100);
    expect(refused.body).toMatchObject({ status: false });
    expect(refused.body.message).toMatch(/suspended/i);
    // A new quote does not reopen the market.
    const q = await op.call('adminBookmakerQuote', {
      market_id: c.marketId,
      runners: [{ selection_id: c.aus, back_rate: 80, lay_rate: 84 }],
    });
    expect(q.body, JSON.stringify(q.body)).toMatchObject({ status: true, data: { status: 'SUSPENDED' } });
    expect((await bet(a, c, c.aus, true, 80, 100)).body).toMatchObject({ status: false });
    await op.call('adminMarketStatus', { market_id: c.marketId, status: 'OPEN' });
    expect((await bookmakerOf(a, c)).status).toBe('ACTIVE');
    await taken(a, c, c.aus, true, 80, 100);
    // A bookmaker bet naming another kind's market is refused.
    const other = await bet(a, { ...c, marketId: c.exchangeMarketId }, c.aus, true, 80, 100);
    expect(other.body).toEqual({ status: false, message: 'Unknown bookmaker market' });
    await expectClean();
  });

  it('one batch takes many bettors’ bets at once, each against its own budget, and answers a repeated request id', async () => {
    const c = await cricketMatch();
    const rich = await Promise.all([1, 2, 3, 4].map(() => bettor(10_000)));
    const poor = await bettor(150);
    const body = {
      match_id: c.matchId,
      market_id: c.marketId,
      selection_id: c.aus,
      is_back: '1',
      rate: 85,
      stack: 100,
      request_id: nextRequestId(),
    };
    const answers = await Promise.all([
      ...rich.map((b) => bet(b, c, c.aus, true, 85, 1000)),
      poor.call('placeBookmakerBet', body),
      poor.call('placeBookmakerBet', body),
      bet(poor, c, c.aus, true, 85, 100), // ₹100 + ₹100 > ₹150: one of the two bets is taken
    ]);
    for (const r of answers.slice(0, 4))
      expect(r.body, JSON.stringify(r.body)).toMatchObject({ status: true });
    const [first, copy, other] = answers.slice(4).map((r) => r.body);
    expect(copy!.status).toBe(first!.status);
    expect([first!.status, other!.status].filter(Boolean)).toHaveLength(1);
    const refused = first!.status ? other! : first!;
    expect(refused.message).toContain('Insufficient balance');
    const stored = await ctx.app.db.select().from(bookmakerBets).where(eq(bookmakerBets.userId, poor.userId));
    expect(stored).toHaveLength(1);
    expect(await liability(poor)).toBe(10_000);
    for (const b of rich) expect(await liability(b)).toBe(100_000);
    await expectClean();
  });

  // ---------------------------------------------------------------- the lock races (PostgreSQL)

  /**
   * Bettors each placing bets in a loop until `stop()` (`perBettor` loops each, straight to the
   * service so that the stream is dense); every answer is kept.
   */
  function betLoop(bettors: readonly Bettor[], c: Match, rate: () => number, perBettor = 4) {
    let running = true;
    const answers: { ok: boolean; message?: string }[] = [];
    const errors: unknown[] = [];
    const loops = bettors.flatMap((b, i) =>
      Array.from({ length: perBettor }, async () => {
        while (running) {
          const aus = i % 2 === 0;
          try {
            const r = await ctx.app.bookmaker.place(
              b.userId,
              {
                match_id: c.matchId,
                market_id: c.marketId,
                selection_id: aus ? c.aus : c.ind,
                is_back: true,
                rate: aus ? rate() : 110,
                stake_paise: 10_000,
                request_id: nextRequestId(),
              },
              SYSTEM_STAKER,
            );
            answers.push(r.ok ? { ok: true } : { ok: false, message: r.message });
          } catch (err) {
            errors.push(err);
          }
        }
      }),
    );
    return {
      answers,
      errors,
      async stop() {
        running = false;
        await Promise.all(loops);
      },
    };
  }
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('a suspend, a quote and a settlement wait at most about one batch under a stream of bets; no bet at the old rate after they commit', async () => {
    if (ctx.store !== 'postgres') return;
    const c = await cricketMatch();
    const bettors = await Promise.all(Array.from({ length: 8 }, () => bettor(10_000_000)));
    const op = await operator();
    let rate = 85;
    const loop = betLoop(bettors, c, () => rate);
    try {
      await sleep(400);
      let t = Date.now();
      const s = await op.call('adminBookmakerStatus', { market_id: c.marketId, status: 'SUSPENDED' });
      expect(s.body, JSON.stringify(s.body)).toMatchObject({ status: true });
      expect(Date.now() - t).toBeLessThan(1_000);
      const atSuspend = await betsAt(c, 85);
      await sleep(300);
      expect(await betsAt(c, 85)).toBe(atSuspend);

      await op.call('adminBookmakerStatus', { market_id: c.marketId, status: 'ACTIVE' });
      await sleep(300);
      t = Date.now();
      const q = await op.call('adminBookmakerQuote', {
        market_id: c.marketId,
        runners: [{ selection_id: c.aus, back_rate: 80, lay_rate: 84 }],
      });
      expect(q.body, JSON.stringify(q.body)).toMatchObject({ status: true });
      expect(Date.now() - t).toBeLessThan(1_000);
      const atQuote = await betsAt(c, 85);
      await sleep(300);
      expect(await betsAt(c, 85)).toBe(atQuote);
      rate = 80;
      await sleep(300);

      t = Date.now();
      const d = await op.call('adminMarketResult', { market_id: c.marketId, winners: [c.aus] });
      expect(d.body, JSON.stringify(d.body)).toMatchObject({ status: true });
      expect(Date.now() - t).toBeLessThan(2_000);
      await sleep(200);
    } finally {
      await loop.stop();
    }
    expect(loop.errors).toEqual([]);
    expect(loop.answers.filter((r) => r.ok).length).toBeGreaterThan(20);
    const open = await ctx.app.db
      .select({ n: count() })
      .from(bookmakerBets)
      .where(and(eq(bookmakerBets.marketId, c.marketId)));
    const settled = await ctx.app.settlement.view(c.marketId);
    expect(settled.state).toBe('SETTLED');
    expect(settled.bets_settled).toBe(open[0]!.n);
    await expectClean();
  }, 30_000);

  it('bookmaker/incomplete cannot flip a declared result to void: the result declared between its first look and its void', async () => {
    const c = await cricketMatch();
    const a = await bettor();
    await taken(a, c, c.aus, true, 85, 100);
    const op = await operator();
    // The incomplete call has looked (the market was open) and is on its way to void it; the
    // declared result commits meanwhile.
    const settlement = ctx.app.settlement;
    const voidMarket = settlement.voidMarket;
    let entered!: () => void;
    const reached = new Promise<void>((r) => (entered = r));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    settlement.voidMarket = async (...args) => {
      entered();
      await gate;
      return voidMarket(...args);
    };
    try {
      const incomplete = op.call('adminBookmakerIncomplete', {
        market_id: c.marketId,
        runs_at_mark: [null, null],
      });
      await reached;
      const declared = await op.call('adminMarketResult', { market_id: c.marketId, winners: [c.aus] });
      expect(declared.body, JSON.stringify(declared.body)).toMatchObject({ status: true });
      release();
      const r = await incomplete;
      expect(r.statusCode).toBe(200);
      expect(r.body).toMatchObject({ status: false });
      expect(r.body.message).toContain('already settled');
    } finally {
      settlement.voidMarket = voidMarket;
      release();
    }
    const view = await ctx.app.settlement.view(c.marketId);
    expect(view).toMatchObject({ state: 'SETTLED', generation: 1, void_market: false, winners: [c.aus] });
    expect(await ctx.app.wallet.balancePaise(a.userId)).toBe(1_008_500);
    await expectClean();
  });

  it('bookmaker/incomplete and a declared result racing: exactly one settles the market', async () => {
    if (ctx.store !== 'postgres') return;
    const op = await operator();
    const op2 = await operator();
    for (const delay_ms of [0, 2, 5, 10, 20, 40]) {
      const c = await cricketMatch();
      const a = await bettor();
      await taken(a, c, c.aus, true, 85, 100);
      const [declared, incomplete] = await Promise.all([
        op.call('adminMarketResult', { market_id: c.marketId, winners: [c.aus] }),
        sleep(delay_ms).then(() =>
          op2.call('adminBookmakerIncomplete', { market_id: c.marketId, runs_at_mark: [null, null] }),
        ),
      ]);
      expect(declared.statusCode).toBe(200);
      expect(incomplete.statusCode).toBe(200);
      expect([declared.body.status, incomplete.body.status].filter(Boolean)).toHaveLength(1);
      const view = await ctx.app.settlement.view(c.marketId);
      expect(view.generation).toBe(1);
      expect(view.void_market).toBe(!declared.body.status);
      expect(await ctx.app.wallet.balancePaise(a.userId)).toBe(declared.body.status ? 1_008_500 : 1_000_000);
    }
    await expectClean();
  }, 30_000);
});
