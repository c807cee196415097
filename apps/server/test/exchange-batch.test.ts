// The exchange's group commit: commands for one market that arrive together run in one
// transaction, in arrival order, each bet checked against its user's balance and exposure as the
// previous commands of the batch left them; refusals leave nothing, repeats answer the first.
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { bets } from '../src/modules/exchange/schema.ts';
import type { PlaceBetOutcome } from '../src/modules/exchange/service.ts';
import { createBettor, createMarket, expectExchangeInvariants } from './helpers/exchange.ts';
import { describeStores } from './helpers/stores.ts';
import { SYSTEM_STAKER } from '../src/modules/wallet/stake-gate.ts';

describeStores('exchange batches', (ctx) => {
  /** Counts the 'market' notices of one market while `fn` runs (one per committed batch). */
  async function noticesDuring<T>(marketId: number, fn: () => Promise<T>) {
    let n = 0;
    const off = ctx.app.bus.subscribe('market', (msg) => {
      if ((msg as { market_id: number }).market_id === marketId) n += 1;
    });
    try {
      return { value: await fn(), notices: n };
    } finally {
      off();
    }
  }

  it('one batch: a hedge that only fits once matched, then a bet refused mid-batch, then one that fits', async () => {
    const m = await createMarket(ctx.app, { runners: 2 });
    const [r0, r1] = m.selectionIds as [number, number];
    const a = await createBettor(ctx.app, 10_000); // ₹100
    const maker = await createBettor(ctx.app, 10_000_000);
    const order = (userId: number, selection_id: number, side: 'BACK' | 'LAY', price: number, size: number) =>
      ctx.app.exchange.placeBet(
        userId,
        {
          market_id: m.marketId,
          selection_id,
          side,
          price,
          size_paise: size,
          request_id: `h-${Math.random().toString(36).slice(2)}`,
        },
        { staker: SYSTEM_STAKER },
      );
    // a backs ₹100 at 2.0 on R0 against the maker's lay: +100 on R0, −100 on R1, nothing left.
    expect(await order(maker.userId, r0, 'LAY', 200, 10_000)).toMatchObject({ ok: true });
    expect(await order(a.userId, r0, 'BACK', 200, 10_000)).toMatchObject({ ok: true, status: 'MATCHED' });
    expect(await ctx.app.exchange.liabilityPaise(a.userId)).toBe(10_000);
    // The maker offers ₹250 of backs at 1.5 on R0.
    expect(await order(maker.userId, r0, 'BACK', 150, 25_000)).toMatchObject({ ok: true });

    const { value, notices } = await noticesDuring(m.marketId, () =>
      Promise.all([
        // Unmatched at its 2.0 limit it would risk ₹150 on R0; matched at 1.5 it leaves −25 / +150.
        order(a.userId, r0, 'LAY', 200, 25_000),
        // Then a ₹100 back on R1 would take R0 to −125: more than the ₹100 balance.
        order(a.userId, r1, 'BACK', 500, 10_000),
        // A ₹50 one takes it to −75: fits.
        order(a.userId, r1, 'BACK', 500, 5_000),
      ]),
    );
    expect(notices).toBe(1);
    expect(value[0]).toMatchObject({ ok: true, status: 'MATCHED', size_matched_paise: 25_000 });
    expect(value[0].ok && value[0].average_price_matched).toBe(150);
    expect(value[1]).toEqual({ ok: false, message: 'Insufficient balance for this bet' });
    expect(value[2]).toMatchObject({ ok: true, status: 'UNMATCHED', size_remaining_paise: 5_000 });
    expect(await ctx.app.exchange.liabilityPaise(a.userId)).toBe(7_500);
    expect(await ctx.app.exchange.recomputeExposure(a.userId, m.marketId)).toBe(7_500);
    await expectExchangeInvariants(ctx.app);
  });

  it('many bets at once from several users: refusals mid-batch, repeated request_ids, cancels', async () => {
    const m = await createMarket(ctx.app, { minStakePaise: 100 });
    // Small balances for half of them, so balance refusals happen inside batches.
    const people = await Promise.all(
      [5_000, 20_000, 50_000, 8_000, 2_000_000, 3_000_000, 12_000, 1_000_000].map((b) =>
        createBettor(ctx.app, b),
      ),
    );
    // Warm up: this node now knows the market is open, so the calls below queue at once.
    expect(
      await ctx.app.exchange.placeBet(
        people[4]!.userId,
        {
          market_id: m.marketId,
          selection_id: m.selectionIds[0]!,
          side: 'BACK',
          price: 1_000,
          size_paise: 100,
          request_id: 'warm',
        },
        { staker: SYSTEM_STAKER },
      ),
    ).toMatchObject({ ok: true });
    let seed = 7;
    const rnd = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const prices = [180, 190, 196, 200, 204, 210, 220];
    type Job = { userId: number; key: string | null; run: () => Promise<unknown> };
    const used = new Map<number, string[]>();
    const jobs: Job[] = Array.from({ length: 240 }, (_, i) => {
      const p = people[rnd(people.length)]!;
      const kind = rnd(20);
      if (kind === 0) {
        return {
          userId: p.userId,
          key: null,
          run: () => ctx.app.exchange.cancelBets(p.userId, { market_id: m.marketId }),
        };
      }
      // One in five reuses one of the user's earlier request_ids (the same batch or a later one).
      const mine = used.get(p.userId) ?? [];
      const requestId = kind <= 4 && mine.length > 0 ? mine[rnd(mine.length)]! : `b-${i}`;
      used.set(p.userId, [...mine, requestId]);
      const request = {
        market_id: m.marketId,
        selection_id: m.selectionIds[rnd(3)]!,
        side: rnd(2) === 0 ? ('BACK' as const) : ('LAY' as const),
        price: prices[rnd(prices.length)]!,
        size_paise: 100 * (1 + rnd(300)),
        request_id: requestId,
      };
      return {
        userId: p.userId,
        key: `${p.userId}:${requestId}`,
        run: () => ctx.app.exchange.placeBet(p.userId, request, { staker: SYSTEM_STAKER }),
      };
    });
    const { value: results, notices } = await noticesDuring(m.marketId, () =>
      Promise.all(jobs.map((j) => j.run())),
    );

    const refused = results.filter((r) => !(r as { ok: boolean }).ok) as { message: string }[];
    expect(refused.filter((r) => r.message !== 'Insufficient balance for this bet')).toEqual([]);
    expect(refused.length).toBeGreaterThan(0);
    // Per (user, request_id): every accepted answer names one bet; exactly one is not a repeat,
    // and the repeats carry what the first placement matched.
    const byKey = new Map<string, PlaceBetOutcome[]>();
    jobs.forEach((j, i) => {
      if (j.key === null) return;
      byKey.set(j.key, [...(byKey.get(j.key) ?? []), results[i] as PlaceBetOutcome]);
    });
    let accepted = 0;
    let repeats = 0;
    for (const [key, answers] of byKey) {
      const ok = answers.filter((a): a is PlaceBetOutcome & { ok: true } => a.ok);
      if (ok.length === 0) continue;
      accepted += 1;
      const firsts = ok.filter((a) => !a.repeated);
      expect(firsts, key).toHaveLength(1);
      const first = firsts[0]!;
      // Answers come in call order, so a refusal may only come before the placement.
      expect(answers.indexOf(first), key).toBe(answers.findIndex((a) => a.ok));
      for (const a of ok.filter((x) => x.repeated)) {
        repeats += 1;
        expect(a, key).toMatchObject({
          bet_id: first.bet_id,
          size_matched_paise: first.size_matched_paise,
          size_remaining_paise: first.size_remaining_paise,
        });
      }
      const [row] = await ctx.app.db.select().from(bets).where(eq(bets.betId, first.bet_id));
      expect(`${row!.userId}:${row!.requestId}`).toBe(key);
      expect(row!.placedMatchedPaise).toBe(first.size_matched_paise);
    }
    expect(repeats).toBeGreaterThan(0);
    const stored = await ctx.app.db.select().from(bets).where(eq(bets.marketId, m.marketId));
    expect(stored.length).toBe(accepted + 1); // + the warm-up bet
    // Group commit did happen: far fewer committed batches than accepted bets.
    expect(notices).toBeLessThan(accepted / 2);
    const counts = await expectExchangeInvariants(ctx.app);
    expect(counts.fills).toBeGreaterThan(0);
  });

  it('a batch that fails (a request_id raced on another market) is run again one by one', async () => {
    const x = await createMarket(ctx.app);
    const y = await createMarket(ctx.app);
    const [u, v, w] = await Promise.all([1, 2, 3].map(() => createBettor(ctx.app, 1_000_000)));
    const req = (
      marketId: number,
      selection_id: number,
      request_id: string,
      side: 'BACK' | 'LAY' = 'BACK',
    ) => ({
      market_id: marketId,
      selection_id,
      side,
      price: 300,
      size_paise: 1_000,
      request_id,
    });
    // Warm both markets up so the calls below queue in the same turn.
    await ctx.app.exchange.placeBet(v!.userId, req(x.marketId, x.selectionIds[0]!, 'wx'), {
      staker: SYSTEM_STAKER,
    });
    await ctx.app.exchange.placeBet(v!.userId, req(y.marketId, y.selectionIds[0]!, 'wy'), {
      staker: SYSTEM_STAKER,
    });
    // The twins go on runner 3, which nobody else bets on: whichever wins, w1 meets v1's lay.
    const answers = await Promise.all([
      ctx.app.exchange.placeBet(u!.userId, req(x.marketId, x.selectionIds[2]!, 'twin'), {
        staker: SYSTEM_STAKER,
      }),
      ctx.app.exchange.placeBet(v!.userId, req(y.marketId, y.selectionIds[1]!, 'v1', 'LAY'), {
        staker: SYSTEM_STAKER,
      }),
      ctx.app.exchange.placeBet(u!.userId, req(y.marketId, y.selectionIds[2]!, 'twin'), {
        staker: SYSTEM_STAKER,
      }),
      ctx.app.exchange.placeBet(w!.userId, req(y.marketId, y.selectionIds[1]!, 'w1'), {
        staker: SYSTEM_STAKER,
      }),
    ]);
    expect(answers.every((a) => a.ok)).toBe(true);
    const [ux, , uy] = answers as (PlaceBetOutcome & { ok: true })[];
    expect(uy!.bet_id).toBe(ux!.bet_id);
    expect([ux!.repeated, uy!.repeated].sort()).toEqual([false, true]);
    expect(answers[3]).toMatchObject({ ok: true, repeated: false, size_matched_paise: 1_000 });
    await expectExchangeInvariants(ctx.app);
  });

  it('a maker’s quote in one batch: every order through the bet’s path, the other maker’s orders cancelled after them (issue 48)', async () => {
    const m = await createMarket(ctx.app, { runners: 2 });
    const [r0, r1] = m.selectionIds as [number, number];
    const alpha = await createBettor(ctx.app, 10_000_000, 'mma');
    const beta = await createBettor(ctx.app, 10_000_000, 'mmb');
    const broke = await createBettor(ctx.app, 0, 'mmc');
    const req = (selection_id: number, side: 'BACK' | 'LAY', price: number, size_paise = 10_000) => ({
      market_id: m.marketId,
      selection_id,
      side,
      price,
      size_paise,
      request_id: `q-${Math.random().toString(36).slice(2)}`,
    });
    const quote = (side: 'BACK' | 'LAY', centre: number) =>
      [r0, r1].flatMap((sel) =>
        side === 'BACK'
          ? [req(sel, 'BACK', centre + 2), req(sel, 'BACK', centre + 4)]
          : [req(sel, 'LAY', centre - 2), req(sel, 'LAY', centre - 4)],
      );
    const resting = async (userId: number) =>
      (await ctx.app.db.select().from(bets).where(eq(bets.userId, userId))).filter((b) => b.resting).length;
    const first = await noticesDuring(m.marketId, () =>
      ctx.app.exchange.placeBets(alpha.userId, m.marketId, [...quote('BACK', 250), ...quote('LAY', 250)], {
        staker: SYSTEM_STAKER,
      }),
    );
    expect(first.value.every((o) => o.ok)).toBe(true);
    expect(first.notices).toBe(1);
    expect(await resting(alpha.userId)).toBe(8);
    // Beta's quote, one order off the ladder and one of another market: those refused in words,
    // the rest placed, and alpha's orders cancelled in the same batch (one notice).
    const orders = [...quote('BACK', 260), req(r0, 'LAY', 257), { ...req(r1, 'LAY', 240), market_id: 1 }];
    const second = await noticesDuring(m.marketId, () =>
      ctx.app.exchange.placeBets(beta.userId, m.marketId, orders, {
        staker: SYSTEM_STAKER,
        cancel: [alpha.userId],
      }),
    );
    expect(second.value.map((o) => (o.ok ? 'ok' : o.message))).toEqual([
      'ok',
      'ok',
      'ok',
      'ok',
      'Odds are not a valid price on the ladder',
      'An order of another market',
    ]);
    expect(second.notices).toBe(1);
    expect(await resting(alpha.userId)).toBe(0);
    expect(await resting(beta.userId)).toBe(4);
    // Each order is checked as a bet is: one whose maker has no money is refused by the batch.
    const third = await ctx.app.exchange.placeBets(broke.userId, m.marketId, [req(r0, 'BACK', 200)], {
      staker: SYSTEM_STAKER,
      cancel: [beta.userId],
    });
    expect(third[0]).toMatchObject({ ok: false });
    await expectExchangeInvariants(ctx.app);
  });
});
