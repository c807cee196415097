// Issue 28, the fancy's part: a position is a function of the bets that are not void (the
// operator's window voids leave recomputeHolds and the bet check alike), the generic market
// status is honoured by fancy bets and shown to the bettor, operator commands that race each
// other decide under the market's lock (exactly one of a declare and an average wins), REMOVED
// and its void change nothing when the void is refused, and no result leaves the range the hold
// covered. Each scenario ends with the ledger invariants.
import type { AdminFancyIncompleteResult, CricketDetail } from '@backlay/contract';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { fancies, fancyBets } from '../src/modules/fancy/schema.ts';
import { marketVoids } from '../src/modules/markets/schema.ts';
import { checkLedger } from '../src/modules/admin/ledger-check.ts';
import { lockMarket } from '../src/modules/settlement/queries.ts';
import type { Api } from './helpers/api.ts';
import { TestClock } from './helpers/clock.ts';
import { expectLedgerBalanced } from './helpers/ledger.ts';
import { bettorOf, cricketTestMatch, operatorOf } from './helpers/people.ts';
import { describeStores } from './helpers/stores.ts';

let rid = 0;
const nextRequestId = () => `fm-${++rid}-${Math.random().toString(36).slice(2, 8)}`;

const clock = new TestClock();

describeStores(
  'fancy money: voids, generic status, races, result range',
  (ctx) => {
    const bettor = (balanceRupees: number) => bettorOf(ctx, balanceRupees * 100);
    const operator = () => operatorOf(ctx);
    /** A T20 IPL match with the demo fancies (fancyIds[0]: 6 over runs, averaged; [1]: 10 over runs, void). */
    async function cricketMatch() {
      return cricketTestMatch(ctx.app, clock.now());
    }
    async function fancyOnDetail(api: Api, matchId: number, fancyId: number) {
      const r = await api.call('getCricketDetail', { match_id: matchId });
      expect(r.body.status).toBe(true);
      return (r.body.data as CricketDetail).fancies.find((f) => f.fancy_id === fancyId);
    }
    async function quote(op: Api, fancyId: number, no_line: number, yes_line: number) {
      const r = await op.call('adminFancyQuote', {
        fancy_id: fancyId,
        no_line,
        no_rate: 100,
        yes_line,
        yes_rate: 100,
      });
      expect(r.body.status, r.body.message).toBe(true);
    }
    function bet(api: Api, matchId: number, fancyId: number, is_yes: '0' | '1', line: number, stack: number) {
      return api.call('placeFancyBet', {
        match_id: matchId,
        fancy_id: fancyId,
        is_yes,
        line,
        rate: 100,
        stack,
        request_id: nextRequestId(),
      });
    }
    const liability = async (api: Api) =>
      ((await api.call('getUserBalance')).body.data as { liability: number }).liability;
    async function expectInvariants() {
      expect((await checkLedger(ctx.app)).problems).toEqual([]);
      await expectLedgerBalanced(ctx.app);
    }
    const fancyKind = () => ctx.app.kinds.of('FANCY');

    it('a window void leaves its bets out of recomputeHolds and out of the next bet check', async () => {
      const c = await cricketMatch();
      const op = await operator();
      const a = await bettor(1500);
      const fancyId = c.fancyIds[0]!;
      await quote(op, fancyId, 45, 45);
      // No 45 ₹1000 hedged by Yes 45 ₹1000 (the Yes taken at a wrong rate): hold ₹0.
      expect((await bet(a, c.matchId, fancyId, '0', 45, 1000)).body.status).toBe(true);
      clock.advance(10_000);
      expect((await bet(a, c.matchId, fancyId, '1', 45, 1000)).body.status).toBe(true);
      expect(await liability(a)).toBe(0);
      const [yes] = await ctx.app.db
        .select()
        .from(fancyBets)
        .where(eq(fancyBets.userId, a.userId))
        .orderBy(fancyBets.betId)
        .offset(1);
      clock.advance(10_000);

      // The operator voids the window of the Yes, as the settlement service does for every void:
      // under the market's lock, the holds recomputed and written, then the kind told.
      await ctx.app.db.transaction(async (tx) => {
        expect(await lockMarket(tx, fancyId)).not.toBeNull();
        await tx.insert(marketVoids).values({
          marketId: fancyId,
          kind: 'WINDOW',
          fromAt: new Date(yes!.placedAt.getTime() - 1000),
          toAt: new Date(yes!.placedAt.getTime() + 1000),
          createdAt: clock.now(),
        });
        const holds = await fancyKind().recomputeHolds(tx, [fancyId]);
        expect(holds.get(`${a.userId}:${fancyId}`)).toBe(100_000);
        await ctx.app.wallet.holds.set(tx, fancyId, new Map([[a.userId, 100_000]]), clock.now());
        await fancyKind().onVoided!(tx, fancyId);
      });
      expect(await liability(a)).toBe(1000);
      await expectInvariants();

      // The next bet is checked against ₹1000 held, not the ₹0 of the hedge the node remembers.
      const over = await bet(a, c.matchId, fancyId, '0', 45, 600);
      expect(over.body).toMatchObject({ status: false });
      expect(over.body.message).toContain('Insufficient balance');
      expect((await bet(a, c.matchId, fancyId, '0', 45, 400)).body.status).toBe(true);
      expect(await liability(a)).toBe(1400);
      expect((await fancyOnDetail(a, c.matchId, fancyId))!.exposure).toBe(1400);
      const book = (await a.call('getFancyBook', { fancy_id: fancyId })).body.data as {
        rows: { result: number; profit_loss: number }[];
      };
      expect(book.rows.find((r) => r.result === 45)!.profit_loss).toBe(-1400);
      await expectInvariants();

      // Settles: the two Nos lose ₹1400, the voided Yes is void.
      const settled = await op.call('adminFancyResult', { fancy_id: fancyId, result: 50 });
      expect(settled.body).toMatchObject({ status: true, data: { state: 'SETTLED' } });
      expect((await a.call('getUserBalance')).body.data).toEqual({ total_balance: 100, liability: 0 });
      await expectInvariants();
    });

    it('a bet placed inside a window the operator voided is refused, not held for and then left out', async () => {
      const c = await cricketMatch();
      const op = await operator();
      const a = await bettor(1000);
      const fancyId = c.fancyIds[0]!;
      await quote(op, fancyId, 45, 46);
      await ctx.app.db.transaction(async (tx) => {
        await lockMarket(tx, fancyId);
        await tx.insert(marketVoids).values({
          marketId: fancyId,
          kind: 'WINDOW',
          fromAt: new Date(clock.now().getTime() - 1000),
          toAt: new Date(clock.now().getTime() + 60_000),
          createdAt: clock.now(),
        });
        await fancyKind().onVoided!(tx, fancyId);
      });
      const r = await bet(a, c.matchId, fancyId, '1', 46, 100);
      expect(r.body).toMatchObject({ status: false });
      expect(r.body.message).toMatch(/void/);
      expect(await liability(a)).toBe(0);
      clock.advance(61_000);
      expect((await bet(a, c.matchId, fancyId, '1', 46, 100)).body.status).toBe(true);
      expect(await liability(a)).toBe(100);
      await expectInvariants();
    });

    it('the generic market status SUSPENDED stops fancy bets and the bettor sees the fancy suspended', async () => {
      const c = await cricketMatch();
      const op = await operator();
      const a = await bettor(1000);
      const fancyId = c.fancyIds[0]!;
      await quote(op, fancyId, 45, 46);
      const s = await op.call('adminMarketStatus', { market_id: fancyId, status: 'SUSPENDED' });
      expect(s.body.status).toBe(true);
      expect((await fancyOnDetail(a, c.matchId, fancyId))!.status).toBe('SUSPENDED');
      expect((await bet(a, c.matchId, fancyId, '1', 46, 100)).body).toMatchObject({
        status: false,
        message: 'Market is suspended',
      });
      // A new quote does not reopen what the operator suspended.
      await quote(op, fancyId, 47, 48);
      expect((await fancyOnDetail(a, c.matchId, fancyId))!.status).toBe('SUSPENDED');
      expect((await bet(a, c.matchId, fancyId, '1', 48, 100)).body.status).toBe(false);
      expect(await liability(a)).toBe(0);

      await op.call('adminMarketStatus', { market_id: fancyId, status: 'OPEN' });
      expect((await fancyOnDetail(a, c.matchId, fancyId))!.status).toBe('ACTIVE');
      expect((await bet(a, c.matchId, fancyId, '1', 48, 100)).body.status).toBe(true);
      await expectInvariants();
    });

    it('a declared result and a racing average or incomplete: exactly one wins, under the lock', async () => {
      const rounds = ctx.store === 'postgres' ? 6 : 2;
      for (let round = 0; round < rounds; round++) {
        for (const other of ['average', 'incomplete'] as const) {
          const c = await cricketMatch();
          const op = await operator();
          const op2 = await operator();
          const yes = await bettor(1000);
          const no = await bettor(1000);
          const fancyId = c.fancyIds[1]!; // 10 over runs: no average, void on abandonment
          await quote(op, fancyId, 80, 80);
          expect((await bet(yes, c.matchId, fancyId, '1', 80, 100)).body.status).toBe(true);
          expect((await bet(no, c.matchId, fancyId, '0', 80, 100)).body.status).toBe(true);
          const [declared, raced] = await Promise.all([
            op.call('adminFancyResult', { fancy_id: fancyId, result: 90 }),
            other === 'average'
              ? op2.call('adminFancyAverage', { fancy_id: fancyId })
              : op2.call('adminFancyIncomplete', {
                  match_id: c.matchId,
                  overs_bowled: 5,
                  fancy_ids: [fancyId],
                }),
          ]);
          const racedWon =
            other === 'average'
              ? raced.body.status === true
              : (raced.body.data as AdminFancyIncompleteResult).fancies[0]!.settlement !== null;
          if (!racedWon && other === 'incomplete') {
            const f = (raced.body.data as AdminFancyIncompleteResult).fancies[0]!;
            expect(f.decision === 'ALREADY_SETTLED' || /already settled/.test(f.message ?? '')).toBe(true);
          }
          if (!racedWon && other === 'average') expect(raced.body.message).toMatch(/already settled/);
          expect(declared.body.status !== racedWon, `round ${round} ${other}`).toBe(true);
          if (!declared.body.status) expect(declared.body.message).toMatch(/already settled/);
          const view = (await ctx.app.fancy.view(fancyId))!;
          expect(view.settled).toBe(true);
          const yesBalance = (await yes.call('getUserBalance')).body.data;
          if (declared.body.status) {
            expect(view.result).toBe(90);
            expect(yesBalance).toEqual({ total_balance: 1100, liability: 0 });
          } else {
            expect(view.result).toBeNull();
            expect(yesBalance).toEqual({ total_balance: 1000, liability: 0 });
          }
        }
      }
      await expectInvariants();
    });

    it('an average decided before a declare committed is refused under the lock (stale read made certain)', async () => {
      const c = await cricketMatch();
      const op = await operator();
      const yes = await bettor(1000);
      const fancyId = c.fancyIds[1]!;
      await quote(op, fancyId, 80, 80);
      expect((await bet(yes, c.matchId, fancyId, '1', 80, 100)).body.status).toBe(true);
      expect((await op.call('adminFancyResult', { fancy_id: fancyId, result: 90 })).body.status).toBe(true);
      // Every read before the lock now says "unsettled", as it did for a command that read it
      // just before the declare committed: only the check under the lock can refuse.
      const settlement = ctx.app.settlement;
      const view = settlement.view;
      settlement.view = async (id) => ({ ...(await view(id)), state: 'OPEN' });
      try {
        const averaged = await op.call('adminFancyAverage', { fancy_id: fancyId });
        expect(averaged.body).toMatchObject({ status: false });
        expect(averaged.body.message).toMatch(/already settled/);
        const incomplete = await op.call('adminFancyIncomplete', {
          match_id: c.matchId,
          overs_bowled: 5,
          fancy_ids: [fancyId],
        });
        // Decided again under the lock (issue 32): the route's answer names what happened — the
        // fancy was settled already — not a void it never made.
        expect((incomplete.body.data as AdminFancyIncompleteResult).fancies[0]).toMatchObject({
          decision: 'ALREADY_SETTLED',
          value: null,
          settlement: null,
          message: null,
        });
      } finally {
        settlement.view = view;
      }
      expect(await ctx.app.fancy.view(fancyId)).toMatchObject({ result: 90, settled: true });
      expect((await yes.call('getUserBalance')).body.data).toEqual({ total_balance: 1100, liability: 0 });
      // The operator's own void of a settled fancy still re-settles it as void.
      expect((await op.call('adminFancyVoid', { fancy_id: fancyId })).body).toMatchObject({
        status: true,
        data: { void_market: true },
      });
      expect((await yes.call('getUserBalance')).body.data).toEqual({ total_balance: 1000, liability: 0 });
      await expectInvariants();
    });

    it('one rounding per outcome: a hedge at one rate holds and costs nothing; the bets add up to the ledger', async () => {
      const c = await cricketMatch();
      const op = await operator();
      const a = await bettor(1000);
      const fancyId = c.fancyIds[0]!;
      const q = await op.call('adminFancyQuote', {
        fancy_id: fancyId,
        no_line: 45,
        no_rate: 33,
        yes_line: 45,
        yes_rate: 33,
      });
      expect(q.body.status).toBe(true);
      // ₹101.01 each @33: the Yes wins ₹33.3333 where the No loses ₹33.3333 (r ≥ 45), and the
      // reverse below: exactly 0 everywhere (rounded per bet: −₹0.01 at r ≥ 45).
      const placed = (is_yes: '0' | '1') =>
        a.call('placeFancyBet', {
          match_id: c.matchId,
          fancy_id: fancyId,
          is_yes,
          line: 45,
          rate: 33,
          stack: 101.01,
          request_id: nextRequestId(),
        });
      expect((await placed('1')).body.status).toBe(true);
      expect((await placed('0')).body.status).toBe(true);
      expect(await liability(a)).toBe(0);
      expect((await fancyKind().recomputeHolds(ctx.app.db, [fancyId])).get(`${a.userId}:${fancyId}`)).toBe(0);
      await expectInvariants();
      expect((await op.call('adminFancyResult', { fancy_id: fancyId, result: 50 })).body.status).toBe(true);
      expect((await a.call('getUserBalance')).body.data).toEqual({ total_balance: 1000, liability: 0 });
      const mine = await ctx.app.db.select().from(fancyBets).where(eq(fancyBets.userId, a.userId));
      expect(mine.map((b) => b.profitLossPaise).sort()).toEqual([-3333, 3333]);
      await expectInvariants();
    });

    it('REMOVED whose void is refused changes nothing: the fancy is not hidden and its result stands', async () => {
      const c = await cricketMatch();
      const op = await operator();
      const a = await bettor(1000);
      const b = await bettor(1000);
      const fancyId = c.fancyIds[2]!;
      await quote(op, fancyId, 100, 100);
      expect((await bet(a, c.matchId, fancyId, '1', 100, 500)).body.status).toBe(true);
      expect((await bet(b, c.matchId, fancyId, '0', 100, 500)).body.status).toBe(true);
      expect((await op.call('adminFancyResult', { fancy_id: fancyId, result: 120 })).body.status).toBe(true);
      // The void refused (whatever the reason): REMOVED must change nothing.
      const real = ctx.app.settlement.voidMarket;
      ctx.app.settlement.voidMarket = async () => ({ ok: false, message: 'Refused for the test' });
      try {
        const removed = await op.call('adminFancyStatus', { fancy_id: fancyId, status: 'REMOVED' });
        expect(removed.body).toMatchObject({ status: false, message: 'Refused for the test' });
      } finally {
        ctx.app.settlement.voidMarket = real;
      }
      const [f] = await ctx.app.db.select().from(fancies).where(eq(fancies.marketId, fancyId));
      expect(f!.status).toBe('CLOSED');
      expect((await ctx.app.fancy.view(fancyId))!).toMatchObject({ result: 120, settled: true });
      // a won ₹500 and withdraws ₹1500; REMOVED now voids the result all the same (a void is a
      // fact): a owes the ₹500 back, and the ledger lists the debt.
      const wd = await op.call('adminWalletWithdraw', {
        user_id: a.userId,
        amount: 1500,
        request_id: nextRequestId(),
      });
      expect(wd.body.status, wd.body.message).toBe(true);
      const removed = await op.call('adminFancyStatus', { fancy_id: fancyId, status: 'REMOVED' });
      expect(removed.body.status, removed.body.message).toBe(true);
      const [after] = await ctx.app.db.select().from(fancies).where(eq(fancies.marketId, fancyId));
      expect(after!.status).toBe('REMOVED');
      expect((await checkLedger(ctx.app)).owed).toEqual([
        { user_id: a.userId, user_name: expect.any(String), amount: 500 },
      ]);
      await expectInvariants();
    });

    it('no result leaves the range the hold covered: quotes, declared, averaged and midpoint results', async () => {
      const c = await cricketMatch();
      const op = await operator();
      const a = await bettor(1000);
      const fancyId = c.fancyIds[0]!; // averaged: FIRST_6_OVERS_RUNS, IPL 46
      await ctx.app.db.update(fancies).set({ resultMax: 40 }).where(eq(fancies.marketId, fancyId));
      const high = await op.call('adminFancyQuote', {
        fancy_id: fancyId,
        no_line: 41,
        no_rate: 100,
        yes_line: 41,
        yes_rate: 100,
      });
      expect(high.body).toMatchObject({ status: false });
      expect(high.body.message).toMatch(/40/);
      await quote(op, fancyId, 30, 30);
      expect((await bet(a, c.matchId, fancyId, '0', 30, 100)).body.status).toBe(true);
      const declared = await op.call('adminFancyResult', { fancy_id: fancyId, result: 41 });
      expect(declared.body.status).toBe(false);
      expect(declared.body.message).toMatch(/at most 40/);
      // The settlement itself refuses, under the lock, whatever path the value came by.
      const direct = await ctx.app.settlement.declareValue(null, fancyId, 41, 'AVERAGE');
      expect(direct).toMatchObject({ ok: false, message: expect.stringMatching(/above 40/) });
      // The competition's average (46) lies above the range: refused, nothing settled.
      const averaged = await op.call('adminFancyAverage', { fancy_id: fancyId });
      expect(averaged.body.status).toBe(false);
      expect(averaged.body.message).toMatch(/46.*40|40.*46/);
      const incomplete = await op.call('adminFancyIncomplete', {
        match_id: c.matchId,
        overs_bowled: 3,
        fancy_ids: [fancyId],
      });
      expect(incomplete.body.status).toBe(false);
      expect(await liability(a)).toBe(100);

      // A Meter whose line pair lies above its range (a misconfigured fancy): its midpoint is refused.
      const meterId = c.fancyIds[8]!;
      const [meter] = await ctx.app.db.select().from(fancies).where(eq(fancies.marketId, meterId));
      expect(meter!.variant).toBe('METER');
      await ctx.app.db
        .update(fancies)
        .set({ resultMax: meter!.noLine! - 10 })
        .where(eq(fancies.marketId, meterId));
      const midpoint = await op.call('adminFancyAverage', { fancy_id: meterId });
      expect(midpoint.body.status).toBe(false);
      expect(midpoint.body.message).toMatch(/above \d+, its largest result/);
      expect((await ctx.app.settlement.view(meterId)).state).toBe('OPEN');
      await expectInvariants();
    });
  },
  { clock },
);
