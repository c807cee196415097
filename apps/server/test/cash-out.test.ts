// Cash out (issue 21, docs/cash-out.md) through HTTP on both stores: the quote that levels a matched
// position at the best prices now, its placement fill-or-kill inside the market's batch (partial
// liquidity and a price move refused with the quote now, nothing placed), a repeated request_id,
// the in-play bet delay, and the money after settlement with every possible winner. The exchange's
// invariants and the ledger check after every scenario.
import { and, eq } from 'drizzle-orm';
import { marketPosition } from '@backlay/engine';
import type { CashOutQuote, CashOutResult } from '@backlay/contract';
import { expect, it } from 'vitest';
import { bets } from '../src/modules/exchange/schema.ts';
import type { Api } from './helpers/api.ts';
import {
  createMarket,
  expectBooksClean,
  marketBet as bet,
  nextRequestId as nextId,
  placedBet as placed,
  type TestMarket as M,
} from './helpers/exchange.ts';
import { bettorOf, operatorOf, type Bettor } from './helpers/people.ts';
import { describeStores } from './helpers/stores.ts';

/** The in-play bet delay: tests decide when a sleeping cash out wakes up. */
let onSleep: (ms: number) => Promise<void> = async () => {};
const sleep = (ms: number) => onSleep(ms);

describeStores(
  'cash out',
  (ctx) => {
    let operator: Promise<Api> | undefined;
    const op = () => (operator ??= operatorOf(ctx));
    const bettor = (balanceRupees = 10_000): Promise<Bettor> => bettorOf(ctx, balanceRupees * 100);
    const balanceOf = async (api: Api) =>
      (await api.call('getUserBalance')).body.data as { total_balance: number; liability: number };
    const quoteOf = async (api: Api, m: M) => {
      const r = await api.call('getCashOut', { market_id: m.marketId });
      expect(r.statusCode, JSON.stringify(r.body)).toBe(200);
      expect(r.body.status, JSON.stringify(r.body)).toBe(true);
      return r.body.data as CashOutQuote;
    };
    const cashOut = async (api: Api, m: M, profit: number, request_id = nextId('co')) => {
      const r = await api.call('cashOut', { market_id: m.marketId, request_id, profit });
      expect(r.statusCode, JSON.stringify(r.body)).toBe(200);
      return r.body as { status: boolean; message?: string; data?: CashOutResult };
    };
    const betsOf = (userId: number, marketId: number) =>
      ctx.app.db
        .select()
        .from(bets)
        .where(and(eq(bets.userId, userId), eq(bets.marketId, marketId)));
    const clean = () => expectBooksClean(ctx.app);

    /**
     * A backs Runner 1 ₹100 @ 4.0 (a ₹100 balance: all of it at risk), then the price shortens: the
     * maker offers Runner 1 to lay at 2.0 (₹`at2` of backs) and at 2.5 (₹1000).
     */
    async function shortened(at2 = 500) {
      const m = await createMarket(ctx.app, { runners: 3 });
      const maker = await bettor(100_000);
      const a = await bettor(100);
      await placed(maker, bet(m, 0, false, 4, 100));
      expect((await placed(a, bet(m, 0, true, 4, 100))).status).toBe('MATCHED');
      expect(await balanceOf(a)).toEqual({ total_balance: 100, liability: 100 });
      await placed(maker, bet(m, 0, true, 2, at2));
      await placed(maker, bet(m, 0, true, 2.5, 1000));
      return { m, maker, a };
    }

    it('back @ 4.0, the price shortens to 2.0: the quote lays ₹200 @ 2.0 and locks ₹100 on every runner', async () => {
      const { m, a } = await shortened();
      const q = await quoteOf(a, m);
      expect(q).toEqual({
        market_id: m.marketId,
        available: true,
        bets: [
          { selection_id: m.selectionIds[0], runner_name: 'Runner 1', side: 'LAY', price: 2, stake: 200 },
        ],
        profit: 100,
        version: expect.any(Number),
      });
      await clean();
    });

    for (const winner of [0, 1, 2]) {
      it(`cash out places the hedge; Runner ${winner + 1} wins: the balance moved by the locked profit less commission`, async () => {
        const { m, a } = await shortened();
        const q = await quoteOf(a, m);
        // A's balance is all at risk, yet the hedge lowers the worst case: it is not refused.
        const r = await cashOut(a, m, q.profit);
        expect(r.status, JSON.stringify(r)).toBe(true);
        expect(r.data!.profit).toBe(100);
        expect(r.data!.bets).toEqual([
          {
            bet_id: expect.any(Number),
            selection_id: m.selectionIds[0],
            runner_name: 'Runner 1',
            side: 'LAY',
            price: 2,
            stake: 200,
          },
        ]);
        const mine = await betsOf(a.userId, m.marketId);
        expect(mine).toHaveLength(2);
        expect(mine.every((b) => b.remainingPaise === 0)).toBe(true);
        // Nothing at risk any more: every runner wins ₹100.
        expect(await balanceOf(a)).toEqual({ total_balance: 100, liability: 0 });
        const after = await quoteOf(a, m);
        expect(after.available).toBe(false);
        expect(after.message).toMatch(/already the same whatever wins/);
        await clean();

        const res = await (
          await op()
        ).call('adminMarketResult', { market_id: m.marketId, winners: [m.selectionIds[winner]] });
        expect(res.body.status, JSON.stringify(res.body)).toBe(true);
        // +₹100 whatever wins, less 2% commission on the net win.
        expect(await balanceOf(a)).toEqual({ total_balance: 198, liability: 0 });
        await clean();
      });
    }

    it('the profit after settlement is the quote to within the stakes’ rounding, whoever wins (odd stakes)', async () => {
      // 3 runners, prices that do not divide: a back ₹37 @ 3.65 and a lay ₹23 @ 5.5, then hedged.
      const m = await createMarket(ctx.app, { runners: 3 });
      const maker = await bettor(100_000);
      const a = await bettor(1_000);
      await placed(maker, bet(m, 0, false, 3.65, 37));
      await placed(a, bet(m, 0, true, 3.65, 37));
      await placed(maker, bet(m, 1, true, 5.5, 23));
      await placed(a, bet(m, 1, false, 5.5, 23));
      for (const [runner, back, lay] of [
        [0, 2.94, 3.05],
        [1, 4.1, 4.3],
        [2, 1.97, 2.02],
      ] as const) {
        await placed(maker, bet(m, runner, false, back, 5_000)); // a can back at `back`
        await placed(maker, bet(m, runner, true, lay, 5_000)); // a can lay at `lay`
      }
      const q = await quoteOf(a, m);
      expect(q.available, JSON.stringify(q)).toBe(true);
      const r = await cashOut(a, m, q.profit);
      expect(r.status, JSON.stringify(r)).toBe(true);
      // The oracle: the exact result per runner of every matched bet a now holds.
      const sel = m.selectionIds.map(String);
      const mine = await betsOf(a.userId, m.marketId);
      const pos = marketPosition(sel, {
        matched: mine.map((b) => ({
          selection_id: String(b.selectionId),
          side: b.side,
          price: b.price,
          stake_paise: b.matchedPaise,
        })),
      });
      const profitPaise = Math.round(q.profit * 100);
      const spreads = pos.runners.map((x) => x.pnl_paise - profitPaise);
      // Every runner at the quoted profit or up to a few paise above it (stakes rounded to paise).
      for (const s of spreads) {
        expect(s).toBeGreaterThanOrEqual(0);
        expect(s).toBeLessThanOrEqual(3);
      }
      await clean();
    });

    // Issue 47, item 2: a cash out quoted and locked at −₹4.15 settled at −₹4.14, and Bet History
    // showed the lost ₹100 stake as −99.99. Now the quote, the money and each bet agree to the paisa.
    for (const winner of [0, 1] as const) {
      it(`a losing cash out settles at the figure it locked, and each bet shows its own result (winner ${winner + 1})`, async () => {
        // A backs Runner 1 ₹100 @ 3.0, then it drifts: A can lay it only at 4.1. Laying ₹73.17
        // there levels A at −₹26.83 (exactly −26.827 if Runner 1 wins, −26.83 if not).
        const m = await createMarket(ctx.app, { runners: 2 });
        const maker = await bettor(100_000);
        const a = await bettor(1_000);
        await placed(maker, bet(m, 0, false, 3, 100));
        expect((await placed(a, bet(m, 0, true, 3, 100))).status).toBe('MATCHED');
        await placed(maker, bet(m, 0, true, 4.1, 1_000));
        const q = await quoteOf(a, m);
        expect(q).toMatchObject({ available: true, profit: -26.83 });
        expect((await cashOut(a, m, q.profit)).status).toBe(true);
        const before = await balanceOf(a);
        const res = await (
          await op()
        ).call('adminMarketResult', { market_id: m.marketId, winners: [m.selectionIds[winner]] });
        expect(res.body.status, JSON.stringify(res.body)).toBe(true);
        // The money: exactly the figure locked, whoever won (no commission on a loss).
        const after = await balanceOf(a);
        expect(Math.round((after.total_balance - before.total_balance) * 100)).toBe(-2_683);
        // Each bet its own result: the back +200.00 or −100.00 exactly; the lay the rest.
        const history = (await a.call('getBetHistory', { market_id: m.marketId, page: 1 })).body.data as {
          bets: { is_back: string; profit_loss: number }[];
        };
        const shown = Object.fromEntries(
          history.bets.map((b) => [b.is_back === '1' ? 'back' : 'lay', b.profit_loss]),
        );
        expect(shown).toEqual(winner === 0 ? { back: 200, lay: -226.83 } : { back: -100, lay: 73.17 });
        await clean();
      });
    }

    it('partial liquidity: not enough at the best price, no cash out; cashOut refused and nothing placed', async () => {
      // Only ₹150 of backs at 2.0: the ₹200 lay cannot match there in full.
      const { m, a } = await shortened(150);
      const q = await quoteOf(a, m);
      expect(q).toMatchObject({ available: false, bets: [], profit: 0 });
      expect(q.message).toMatch(/Not enough is available/);
      const r = await cashOut(a, m, 100);
      expect(r.status).toBe(false);
      expect(r.message).toMatch(/Not enough is available/);
      expect(r.data!.quote).toMatchObject({ available: false, bets: [] });
      expect(await betsOf(a.userId, m.marketId)).toHaveLength(1);
      expect(await balanceOf(a)).toEqual({ total_balance: 100, liability: 100 });
      await clean();
    });

    it('the price moves between quote and click (another user takes the liquidity): refused with the new quote, nothing placed', async () => {
      const { m, a } = await shortened();
      const q = await quoteOf(a, m);
      expect(q.profit).toBe(100);
      // c lays all ₹500 at 2.0: the best left to lay at is 2.5.
      const c = await bettor(10_000);
      await placed(c, bet(m, 0, false, 2, 500));
      const r = await cashOut(a, m, q.profit);
      expect(r.status).toBe(false);
      expect(r.message).toBe('Prices moved: cash out is now ₹60. Nothing was placed.');
      expect(r.data!.quote).toMatchObject({
        available: true,
        profit: 60,
        bets: [{ side: 'LAY', price: 2.5, stake: 160 }],
      });
      expect(await betsOf(a.userId, m.marketId)).toHaveLength(1);
      await clean();
      // Accepting the new figure cashes out at it.
      const again = await cashOut(a, m, 60);
      expect(again.status, JSON.stringify(again)).toBe(true);
      expect(again.data!.profit).toBe(60);
      await clean();
    });

    it('in play: the cash out waits the bet delay; liquidity taken meanwhile → the batch refuses it with the new quote', async () => {
      const { m, a } = await shortened();
      await ctx.app.exchange.setInPlay(m.marketId, 5);
      // The maker's 2.0 and 2.5 backs are LAPSE bets: in play they lapsed. New ones, PERSIST.
      const maker = await bettor(100_000);
      await placed(maker, { ...bet(m, 0, true, 2, 500), keep_in_play: true } as never);
      await placed(maker, { ...bet(m, 0, true, 2.5, 1000), keep_in_play: true } as never);
      onSleep = async () => {};
      const q = await quoteOf(a, m);
      expect(q.profit).toBe(100);
      const c = await bettor(10_000);
      let waited = 0;
      onSleep = async (ms) => {
        waited = ms;
        // While the cash out waits its delay, c takes the 2.0 backs (c waits no delay: sleeps resolve).
        onSleep = async () => {};
        await placed(c, bet(m, 0, false, 2, 500));
      };
      const r = await cashOut(a, m, q.profit);
      expect(waited).toBe(5_000);
      expect(r.status).toBe(false);
      expect(r.message).toBe('Prices moved: cash out is now ₹60. Nothing was placed.');
      expect(r.data!.quote).toMatchObject({ available: true, profit: 60 });
      expect(await betsOf(a.userId, m.marketId)).toHaveLength(1);
      await clean();
      onSleep = async () => {};
    });

    it('a repeated request_id answers the first answer and places nothing more', async () => {
      const { m, a } = await shortened();
      const id = nextId('co');
      const first = await cashOut(a, m, 100, id);
      expect(first.status).toBe(true);
      const again = await cashOut(a, m, 100, id);
      expect(again.status).toBe(true);
      expect(again.message).toBe('Already cashed out');
      expect(again.data).toEqual(first.data);
      expect(await betsOf(a.userId, m.marketId)).toHaveLength(2);
      // Two at once under one id: one cash out.
      const { m: m2, a: a2 } = await shortened();
      const id2 = nextId('co');
      const both = await Promise.all([cashOut(a2, m2, 100, id2), cashOut(a2, m2, 100, id2)]);
      expect(both.map((b) => b.status)).toEqual([true, true]);
      expect(both[0]!.data!.bets).toEqual(both[1]!.data!.bets);
      expect(await betsOf(a2.userId, m2.marketId)).toHaveLength(2);
      await clean();
    });

    it('no matched position, unmatched bets, a suspended market: clear refusals, nothing placed', async () => {
      const m = await createMarket(ctx.app);
      const a = await bettor(1_000);
      const q = await quoteOf(a, m);
      expect(q).toMatchObject({ available: false, bets: [], profit: 0 });
      expect(q.message).toBe('You have no matched bets on this market to cash out.');
      const r = await cashOut(a, m, 0);
      expect(r.status).toBe(false);
      expect(r.message).toBe('You have no matched bets on this market to cash out.');

      const { m: m2, a: a2 } = await shortened();
      await placed(a2, bet(m2, 0, false, 1.5, 10)); // rests unmatched (below the best back, 2.0)
      const q2 = await quoteOf(a2, m2);
      expect(q2.message).toBe('Cancel your unmatched bets on this market to cash out.');
      await a2.call('cancelBet', { market_id: m2.marketId });
      expect((await quoteOf(a2, m2)).available).toBe(true);
      await ctx.app.exchange.setMarketStatus(m2.marketId, 'SUSPENDED');
      const q3 = await quoteOf(a2, m2);
      expect(q3.message).toBe('Market is suspended.');
      expect((await cashOut(a2, m2, 100)).message).toBe('Market is suspended.');
      expect((await betsOf(a2.userId, m2.marketId)).filter((b) => b.matchedPaise > 0)).toHaveLength(1);

      const unknown = await a.call('getCashOut', { market_id: 99_999_999 });
      expect(unknown.body).toEqual({ status: false, message: 'Unknown market' });
      const bad = await a.call('cashOut', { market_id: m.marketId, request_id: nextId() });
      expect(bad.statusCode).toBe(400);
      expect(JSON.stringify(bad.body)).toMatch(/profit/);
      await clean();
    });
  },
  { exchange: { sleep } },
);
