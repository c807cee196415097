// Exposure reservations (docs/decisions.md, "Exposure reservations"): a bet's worst case is
// reserved off its user's available balance before its market's batch, which converts it into the
// market's hold without taking the user's wallet lock; a sweep releases what a dead node left.
import { layLiabilityPaise } from '@backlay/engine';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { exposureReservations } from '../src/modules/wallet/schema.ts';
import { checkLedger } from '../src/modules/admin/ledger-check.ts';
import { RESERVATION_LOST_MESSAGE } from '../src/modules/exchange/rounds.ts';
import * as holds from '../src/modules/wallet/holds.ts';
import { RESERVATION_SWEEP_MS, RESERVATION_TIMEOUT_MS } from '../src/modules/wallet/reservations.ts';
import { TestClock } from './helpers/clock.ts';
import { createBettor, createMarket, expectExchangeInvariants } from './helpers/exchange.ts';
import { describeStores } from './helpers/stores.ts';
import { SYSTEM_STAKER } from '../src/modules/wallet/stake-gate.ts';

const clock = new TestClock();
let rid = 0;
const requestId = () => `rv-${++rid}`;

describeStores(
  'exposure reservations',
  (ctx) => {
    const reservedOf = async (userId: number) =>
      (await ctx.app.wallet.reservations.all(ctx.app.db)).filter((r) => r.userId === userId);
    const available = async (userId: number) =>
      (await ctx.app.wallet.balancePaise(userId)) -
      (await ctx.app.wallet.liabilityPaise(userId)) -
      (await reservedOf(userId)).reduce((s, r) => s + r.amountPaise, 0);
    const expectLedgerClean = async () => expect((await checkLedger(ctx.app)).problems).toEqual([]);

    it('reserves a worst case, or what is left of the available balance, in order; nothing for no wallet', async () => {
      const u = await createBettor(ctx.app, 10_000);
      const m = await createMarket(ctx.app);
      const [a, b, c, none] = await Promise.all([
        ctx.app.wallet.reserve({
          userId: u.userId,
          marketId: m.marketId,
          wantPaise: 6_000,
          stakePaise: 0,
          staker: SYSTEM_STAKER,
        }),
        ctx.app.wallet.reserve({
          userId: u.userId,
          marketId: m.marketId,
          wantPaise: 6_000,
          stakePaise: 0,
          staker: SYSTEM_STAKER,
        }),
        ctx.app.wallet.reserve({
          userId: u.userId,
          marketId: m.marketId,
          wantPaise: 1_000,
          stakePaise: 0,
          staker: SYSTEM_STAKER,
        }),
        ctx.app.wallet.reserve({
          userId: 2_000_000_000,
          marketId: m.marketId,
          wantPaise: 1_000,
          stakePaise: 0,
          staker: SYSTEM_STAKER,
        }),
      ]);
      expect(a).toMatchObject({ hasWallet: true, paise: 6_000 });
      expect(b).toMatchObject({ hasWallet: true, paise: 4_000 });
      expect(c).toEqual({ hasWallet: true, id: null, paise: 0 });
      expect(none).toEqual({ hasWallet: false });
      expect(await available(u.userId)).toBe(0);
      await expectLedgerClean();

      // Every other kind's balance check sees them: the wallet's budget for a bet, a withdrawal.
      const gate = await ctx.app.db.transaction((tx) =>
        ctx.app.wallet.passStakeGate(
          tx,
          m.marketId,
          [{ userId: u.userId, staker: SYSTEM_STAKER, stakePaise: 0 }],
          (x) => holds.elsewhereExpr(x, m.marketId),
        ),
      );
      expect(gate.wallets.get(u.userId)?.balancePaise).toBe(0);
      const w = await ctx.app.wallet.withdraw(u.userId, 100, requestId());
      expect(w).toMatchObject({ ok: false });

      await ctx.app.wallet.reservations.release(ctx.app.db, [
        (a as { id: number }).id,
        (b as { id: number }).id,
      ]);
      expect(await available(u.userId)).toBe(10_000);
      expect(await ctx.app.wallet.withdraw(u.userId, 100, requestId())).toMatchObject({ ok: true });
    });

    it('a batch turns the reservation into the hold and releases the rest; a hedge needs none', async () => {
      const u = await createBettor(ctx.app, 10_000);
      const m = await createMarket(ctx.app);
      const sel = m.selectionIds[0]!;
      const bet = (side: 'BACK' | 'LAY', price: number, size: number) =>
        ctx.app.exchange.placeBet(
          u.userId,
          {
            market_id: m.marketId,
            selection_id: sel,
            side,
            price,
            size_paise: size,
            request_id: requestId(),
          },
          { staker: SYSTEM_STAKER },
        );
      // A lay of ₹50 at 3.0 risks ₹100: the whole balance.
      expect(layLiabilityPaise(5_000, 300)).toBe(10_000);
      expect(await bet('LAY', 300, 5_000)).toMatchObject({ ok: true, status: 'UNMATCHED' });
      expect(await reservedOf(u.userId)).toEqual([]);
      expect(await ctx.app.wallet.liabilityPaise(u.userId)).toBe(10_000);
      expect(await available(u.userId)).toBe(0);
      // Nothing is left to reserve, yet a back on the same runner lowers the exposure: taken (it
      // matches ₹20 of the resting lay: ₹30 of it is left, ₹60 at risk).
      expect(await bet('BACK', 300, 2_000)).toMatchObject({ ok: true, status: 'MATCHED' });
      expect(await ctx.app.wallet.liabilityPaise(u.userId)).toBe(6_000);
      expect(await available(u.userId)).toBe(4_000);
      // A bet that raises it beyond what is available is refused, and leaves no reservation.
      expect(await bet('LAY', 300, 2_500)).toEqual({
        ok: false,
        message: 'Insufficient balance for this bet',
      });
      expect(await reservedOf(u.userId)).toEqual([]);
      // A ₹20 lay at 3.0 (₹40 liability) fits exactly.
      expect(await bet('LAY', 300, 2_000)).toMatchObject({ ok: true });
      expect(await available(u.userId)).toBe(0);
      await expectExchangeInvariants(ctx.app);
      await expectLedgerClean();
    });

    it('one user betting on many markets at once never spends the same money twice', async () => {
      const u = await createBettor(ctx.app, 50_000);
      const ms = await Promise.all(Array.from({ length: 8 }, () => createMarket(ctx.app)));
      // Warm up: the node knows each market is open, so the bets below go straight to reserving.
      for (const m of ms) {
        expect(
          await ctx.app.exchange.placeBet(
            u.userId,
            {
              market_id: m.marketId,
              selection_id: m.selectionIds[0]!,
              side: 'BACK',
              price: 200,
              size_paise: 100,
              request_id: requestId(),
            },
            { staker: SYSTEM_STAKER },
          ),
        ).toMatchObject({ ok: true });
      }
      let seed = 11;
      const rnd = (n: number) => {
        seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
        return seed % n;
      };
      // 320 bets of ₹5–₹40 over 8 markets, backs and lays: far more than ₹492 can cover.
      const results = await Promise.all(
        Array.from({ length: 320 }, () => {
          const m = ms[rnd(ms.length)]!;
          return ctx.app.exchange.placeBet(
            u.userId,
            {
              market_id: m.marketId,
              selection_id: m.selectionIds[rnd(3)]!,
              side: rnd(2) === 0 ? 'BACK' : 'LAY',
              price: [150, 200, 250, 300][rnd(4)]!,
              size_paise: 500 * (1 + rnd(8)),
              request_id: requestId(),
            },
            { staker: SYSTEM_STAKER },
          );
        }),
      );
      const ok = results.filter((r) => r.ok).length;
      expect(ok).toBeGreaterThan(5);
      expect(results.length - ok).toBeGreaterThan(5);
      expect(results.filter((r) => !r.ok && r.message !== 'Insufficient balance for this bet')).toEqual([]);
      expect(await ctx.app.wallet.liabilityPaise(u.userId)).toBeLessThanOrEqual(50_000);
      expect(await available(u.userId)).toBeGreaterThanOrEqual(0);
      await expectExchangeInvariants(ctx.app);
      await expectLedgerClean();
    });

    it('a node that died after reserving: the ledger check flags the stale reservation, the sweep releases it', async () => {
      const u = await createBettor(ctx.app, 10_000);
      const m = await createMarket(ctx.app);
      // What a node leaves when it dies between reserving a bet and the market's batch.
      const r = await ctx.app.wallet.reserve({
        userId: u.userId,
        marketId: m.marketId,
        wantPaise: 7_000,
        stakePaise: 0,
        staker: SYSTEM_STAKER,
      });
      expect(r).toMatchObject({ hasWallet: true, paise: 7_000 });
      expect(await available(u.userId)).toBe(3_000);
      const [row] = await reservedOf(u.userId);
      expect(row!.nodeId).toBe(ctx.app.wallet.nodeId);
      // Young: a bet on its way. The ledger check is clean, the sweep leaves it.
      await expectLedgerClean();
      expect((await ctx.app.wallet.sweepReservations()).count).toBe(0);
      // Past the timeout and a sweep's period by the database's clock (the node's does not count): flagged.
      clock.advance(RESERVATION_TIMEOUT_MS + RESERVATION_SWEEP_MS + 1);
      expect((await ctx.app.wallet.sweepReservations()).count).toBe(0);
      await expectLedgerClean();
      await ctx.app.db
        .update(exposureReservations)
        .set({
          createdAt: sql`${exposureReservations.createdAt} - ${RESERVATION_TIMEOUT_MS + RESERVATION_SWEEP_MS + 1} * interval '1 millisecond'`,
        })
        .where(eq(exposureReservations.userId, u.userId));
      const check = await checkLedger(ctx.app);
      expect(check.problems).toEqual([
        expect.stringMatching(/^Reservation \d+ of user \d+ \(₹70\.00, node .+\) is older/),
      ]);
      // The sweep releases it (and a second sweep, on this or any node, finds nothing).
      const swept = await ctx.app.wallet.sweepReservations();
      expect(swept).toMatchObject({ count: 1, paise: 7_000, users: [u.userId] });
      expect((await ctx.app.wallet.sweepReservations()).count).toBe(0);
      expect(await available(u.userId)).toBe(10_000);
      await expectLedgerClean();
    });

    it('a bet whose reservation was swept before its batch ran is refused and spends nothing', async () => {
      const u = await createBettor(ctx.app, 10_000);
      const m = await createMarket(ctx.app);
      const wallet = ctx.app.wallet;
      const reserve = wallet.reserve;
      // A node so slow that its bet's reservation passed the timeout and the sweep took it.
      wallet.reserve = async (req) => {
        const got = await reserve(req);
        await wallet.sweepReservations({ olderThanMs: 0 });
        return got;
      };
      try {
        const r = await ctx.app.exchange.placeBet(
          u.userId,
          {
            market_id: m.marketId,
            selection_id: m.selectionIds[0]!,
            side: 'BACK',
            price: 200,
            size_paise: 5_000,
            request_id: requestId(),
          },
          { staker: SYSTEM_STAKER },
        );
        expect(r).toEqual({ ok: false, message: RESERVATION_LOST_MESSAGE });
      } finally {
        wallet.reserve = reserve;
      }
      expect(await ctx.app.wallet.liabilityPaise(u.userId)).toBe(0);
      expect(await available(u.userId)).toBe(10_000);
      await expectExchangeInvariants(ctx.app);
    });

    it('the table refuses a reservation of zero or less', async () => {
      const u = await createBettor(ctx.app, 1_000);
      await expect(
        ctx.app.db.insert(exposureReservations).values({
          userId: u.userId,
          marketId: 1,
          amountPaise: 0,
          nodeId: 'x',
          createdAt: new Date(),
        }),
      ).rejects.toThrow();
    });
  },
  { clock },
);
