// A bet's money in its round (docs/decisions.md, "The bet's money in its round"): a bet's worst case
// is granted off its user's available balance under the wallet lock in its market's round, which
// turns it into the market's hold in the same transaction; the reservations a node of the previous
// version left still count until the sweep releases them.
import { layLiabilityPaise } from '@backlay/engine';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { exposureReservations } from '../src/modules/wallet/schema.ts';
import { checkLedger } from '../src/modules/admin/ledger-check.ts';
import { RESERVATION_SWEEP_MS, RESERVATION_TIMEOUT_MS } from '../src/modules/wallet/reservations.ts';
import { TestClock } from './helpers/clock.ts';
import {
  aroundTransactions,
  createBettor,
  createMarket,
  expectExchangeInvariants,
  insertPreviousVersionReservation,
} from './helpers/exchange.ts';
import { describeStores } from './helpers/stores.ts';
import { SYSTEM_STAKER } from '../src/modules/wallet/stake-gate.ts';

const clock = new TestClock();
let rid = 0;
const requestId = () => `rv-${++rid}`;

describeStores(
  'a bet’s money in its round',
  (ctx) => {
    const reservedOf = async (userId: number) =>
      (await ctx.app.wallet.reservations.all(ctx.app.db)).filter((r) => r.userId === userId);
    const available = async (userId: number) =>
      (await ctx.app.wallet.balancePaise(userId)) -
      (await ctx.app.wallet.liabilityPaise(userId)) -
      (await reservedOf(userId)).reduce((s, r) => s + r.amountPaise, 0);
    const expectLedgerClean = async () => expect((await checkLedger(ctx.app)).problems).toEqual([]);

    it('grants a worst case, or what is left of the available balance, in order, in the caller’s transaction; writes nothing', async () => {
      const u = await createBettor(ctx.app, 10_000);
      const m = await createMarket(ctx.app);
      const req = (userId: number, wantPaise: number) => ({
        userId,
        marketId: m.marketId,
        wantPaise,
        stakePaise: 0,
        staker: SYSTEM_STAKER,
      });
      const granted = await ctx.app.db.transaction(async (tx) => {
        const out = await ctx.app.wallet.grant(tx, [
          req(u.userId, 6_000),
          req(u.userId, 6_000),
          req(u.userId, 1_000),
          req(2_000_000_000, 1_000),
        ]);
        // Nothing written: the round's holds take the grants in the same transaction.
        expect(await ctx.app.wallet.reservations.all(tx)).toEqual([]);
        return out;
      });
      expect(granted).toEqual([
        { hasWallet: true, paise: 6_000 },
        { hasWallet: true, paise: 4_000 },
        { hasWallet: true, paise: 0 },
        { hasWallet: false },
      ]);
      expect(await available(u.userId)).toBe(10_000);
      await expectLedgerClean();
    });

    it('one bet is one transaction: the gate, the money and the book in its round', async () => {
      const u = await createBettor(ctx.app, 10_000);
      const m = await createMarket(ctx.app);
      let count = 0;
      const restore = aroundTransactions(ctx.app.db, (run) => {
        count += 1;
        return run();
      });
      try {
        for (const side of ['BACK', 'LAY'] as const) {
          const before = count;
          const r = await ctx.app.exchange.placeBet(
            u.userId,
            {
              market_id: m.marketId,
              selection_id: m.selectionIds[0]!,
              side,
              price: 300,
              size_paise: 1_000,
              request_id: requestId(),
            },
            { staker: SYSTEM_STAKER },
          );
          expect(r).toMatchObject({ ok: true });
          expect(count - before, `a ${side} bet's transactions`).toBe(1);
        }
      } finally {
        restore();
      }
      expect(await reservedOf(u.userId)).toEqual([]);
      await expectExchangeInvariants(ctx.app);
      await expectLedgerClean();
    });

    it('a round turns the grant into the hold; a hedge needs none', async () => {
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
      // A bet that raises it beyond what is available is refused, and leaves nothing behind.
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
      // Warm up: the node knows each market is open, so the bets below go straight to their queues.
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

    it('a previous version’s reservation counts until swept: a bet is granted what is left; the ledger check flags a stale one', async () => {
      const u = await createBettor(ctx.app, 10_000);
      const m = await createMarket(ctx.app);
      // What a node of the previous version left when it died between reserving and its batch.
      await insertPreviousVersionReservation(ctx.app, u.userId, m.marketId, 7_000);
      expect(await available(u.userId)).toBe(3_000);
      const bet = (size_paise: number) =>
        ctx.app.exchange.placeBet(
          u.userId,
          {
            market_id: m.marketId,
            selection_id: m.selectionIds[0]!,
            side: 'BACK',
            price: 200,
            size_paise,
            request_id: requestId(),
          },
          { staker: SYSTEM_STAKER },
        );
      expect(await bet(3_001)).toEqual({ ok: false, message: 'Insufficient balance for this bet' });
      expect(await bet(2_000)).toMatchObject({ ok: true });
      expect(await available(u.userId)).toBe(1_000);
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
        expect.stringMatching(/^Reservation \d+ of user \d+ \(₹70\.00, node previous-version\) is older/),
      ]);
      // The sweep releases it (and a second sweep, on this or any node, finds nothing).
      const swept = await ctx.app.wallet.sweepReservations();
      expect(swept).toMatchObject({ count: 1, paise: 7_000, users: [u.userId] });
      expect((await ctx.app.wallet.sweepReservations()).count).toBe(0);
      expect(await available(u.userId)).toBe(8_000);
      await expectLedgerClean();
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
