// Issue 40, the in-house casino under the operator's voids and status calls (docs/casino.md
// "The operator's calls on a round"): the bet's transaction asks the market whether it takes bets
// now (OPEN, not voided), a round's hold is its bets that no void touches — the very function the
// ledger check recomputes — and every void releases what it voids in its own transaction. A settled
// round is never unsettled (its result is its cards); a void re-settles it. Each scenario ends with
// the ledger balanced and the ledger check clean, on PGlite and PostgreSQL.
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { casinoBets, casinoRounds } from '../src/modules/casino/schema.ts';
import type { Fence } from '../src/plugins/leader.ts';
import { expectLedgerClean, openRound, playOut, termBeforeEach } from './helpers/casino.ts';
import { nextRequestId } from './helpers/exchange.ts';
import { bettorOf, operatorOf, type Bettor } from './helpers/people.ts';
import { describeStores } from './helpers/stores.ts';

const DT = 'dragon_tiger_20';

describeStores('casino rounds under the operator’s voids and status (issue 40)', (ctx) => {
  let fence: Fence;
  termBeforeEach(
    () => ctx.app,
    (f) => (fence = f),
  );

  const balanceOf = async (b: Bettor) => {
    const d = (await b.call('getUserBalance')).body.data as { total_balance: number; liability: number };
    return { balance: d.total_balance, liability: d.liability };
  };
  const bet = (b: Bettor, body: Record<string, unknown>) =>
    b.call('placeCasinoBet', { request_id: nextRequestId('cv'), ...body });
  const placed = async (b: Bettor, body: Record<string, unknown>) => {
    const r = await bet(b, body);
    expect(r.statusCode).toBe(200);
    expect(r.body.message ?? '', JSON.stringify(r.body)).toMatch(/Bet placed/);
  };
  const refused = async (b: Bettor, body: Record<string, unknown>, message: RegExp) => {
    const r = await bet(b, body);
    expect(r.statusCode).toBe(200);
    expect(r.body).toMatchObject({ status: false, message: expect.stringMatching(message) });
  };
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const stateOf = async (roundId: number) =>
    (await ctx.app.db.select().from(casinoRounds).where(eq(casinoRounds.roundId, roundId)))[0]!;

  it('a round whose market the operator voids mid-window takes no more bets, and the void releases its hold at once', async () => {
    const o = await operatorOf(ctx);
    const b = await bettorOf(ctx, 100_000);
    const r = await openRound(ctx.app, fence, DT);
    const on = { match_id: r.matchId, round_id: r.roundId };
    await placed(b, { ...on, option_id: 'dragon', stack: 100 });
    expect(await balanceOf(b)).toEqual({ balance: 1_000, liability: 100 });

    const v = await o.call('adminMarketVoid', { market_id: r.marketId, request_id: nextRequestId('v') });
    expect(v.body.status, JSON.stringify(v.body)).toBe(true);
    // Released in the void's transaction; the window is still open by the round's clock.
    expect(await balanceOf(b)).toEqual({ balance: 1_000, liability: 0 });
    await expectLedgerClean(ctx.app);

    // The round is still BETTING by its own row, but its market takes no bet.
    expect((await stateOf(r.roundId)).state).toBe('BETTING');
    await refused(b, { ...on, option_id: 'tiger', stack: 200 }, /voided|not open/);
    expect(await balanceOf(b)).toEqual({ balance: 1_000, liability: 0 });
    await expectLedgerClean(ctx.app);

    // The table ends the round VOID; a second void changes nothing.
    await playOut(ctx.app, fence, r);
    expect((await stateOf(r.roundId)).state).toBe('VOID');
    const again = await o.call('adminMarketVoid', { market_id: r.marketId, request_id: nextRequestId('v') });
    expect(again.body.status, JSON.stringify(again.body)).toBe(true);
    expect(await balanceOf(b)).toEqual({ balance: 1_000, liability: 0 });
    const mine = await ctx.app.db.select().from(casinoBets).where(eq(casinoBets.roundId, r.roundId));
    expect(mine.map((x) => [x.optionId, x.settledStatus])).toEqual([['dragon', 'VOIDED']]);
    await expectLedgerClean(ctx.app);
  });

  it('bets racing the operator’s void of their round: each is voided with it or refused after it, nothing stays held', async () => {
    const o = await operatorOf(ctx);
    const bettors = await Promise.all([0, 1, 2].map(() => bettorOf(ctx, 100_000)));
    const r = await openRound(ctx.app, fence, DT);
    const on = { match_id: r.matchId, round_id: r.roundId };
    const answers = await Promise.all([
      ...bettors.flatMap((b, i) =>
        [0, 1, 2].map((k) =>
          pause(k * 3 + i).then(() => bet(b, { ...on, option_id: k % 2 ? 'tiger' : 'dragon', stack: 100 })),
        ),
      ),
      pause(4).then(() =>
        o.call('adminMarketVoid', { market_id: r.marketId, request_id: nextRequestId('v') }),
      ),
    ]);
    for (const a of answers) expect(a.statusCode).toBe(200);
    await playOut(ctx.app, fence, r);
    for (const b of bettors) expect(await balanceOf(b)).toEqual({ balance: 1_000, liability: 0 });
    const rows = await ctx.app.db.select().from(casinoBets).where(eq(casinoBets.roundId, r.roundId));
    expect(rows.every((x) => x.settledStatus === 'VOIDED')).toBe(true);
    await expectLedgerClean(ctx.app);
  });

  it('a round whose market the operator suspends takes no bet until it is opened again', async () => {
    const o = await operatorOf(ctx);
    const b = await bettorOf(ctx, 100_000);
    const r = await openRound(ctx.app, fence, DT, 60_000, (p) => p.result.summary === 'Tiger');
    const on = { match_id: r.matchId, round_id: r.roundId };
    await placed(b, { ...on, option_id: 'tiger', stack: 100 });
    const s = await o.call('adminMarketStatus', {
      market_id: r.marketId,
      status: 'SUSPENDED',
      request_id: nextRequestId('s'),
    });
    expect(s.body.status, JSON.stringify(s.body)).toBe(true);
    await refused(b, { ...on, option_id: 'tiger', stack: 200 }, /suspended/);
    expect(await balanceOf(b)).toEqual({ balance: 1_000, liability: 100 });
    await expectLedgerClean(ctx.app);
    const open = await o.call('adminMarketStatus', {
      market_id: r.marketId,
      status: 'OPEN',
      request_id: nextRequestId('s'),
    });
    expect(open.body.status, JSON.stringify(open.body)).toBe(true);
    await placed(b, { ...on, option_id: 'tiger', stack: 200 });
    expect(await balanceOf(b)).toEqual({ balance: 1_000, liability: 300 });
    await playOut(ctx.app, fence, r);
    // Tiger at 1.98: ₹300 wins ₹294.
    expect(await balanceOf(b)).toEqual({ balance: 1_294, liability: 0 });
    await expectLedgerClean(ctx.app);
  });

  it('a wrong-rate window void mid-window holds only the bets it left, at once and after later bets', async () => {
    const o = await operatorOf(ctx);
    const b = await bettorOf(ctx, 25_000);
    const r = await openRound(ctx.app, fence, DT, 60_000, (p) => p.result.summary === 'Dragon');
    const on = { match_id: r.matchId, round_id: r.roundId };
    const from = new Date();
    await placed(b, { ...on, option_id: 'dragon', stack: 100 });
    const to = new Date();
    await pause(15);
    const v = await o.call('adminMarketVoidWindow', {
      market_id: r.marketId,
      from: from.toISOString(),
      to: to.toISOString(),
      request_id: nextRequestId('w'),
    });
    expect(v.body.status, JSON.stringify(v.body)).toBe(true);
    expect(await balanceOf(b)).toEqual({ balance: 250, liability: 0 });
    await expectLedgerClean(ctx.app);

    // The voided ₹100 is no stake: ₹250 takes a ₹200 bet, held ₹200 (not ₹300).
    await placed(b, { ...on, option_id: 'dragon', stack: 200 });
    expect(await balanceOf(b)).toEqual({ balance: 250, liability: 200 });
    await expectLedgerClean(ctx.app);

    await playOut(ctx.app, fence, r);
    // Dragon at 1.98: ₹200 wins ₹196; the voided ₹100 neither wins nor loses.
    expect(await balanceOf(b)).toEqual({ balance: 446, liability: 0 });
    const mine = await ctx.app.db.select().from(casinoBets).where(eq(casinoBets.roundId, r.roundId));
    expect(mine.map((x) => [x.stakePaise, x.settledStatus, x.profitLossPaise])).toEqual([
      [10_000, 'VOIDED', 0],
      [20_000, 'SETTLED', 19_600],
    ]);
    await expectLedgerClean(ctx.app);
  });

  it('a settled round is not unsettled (its result is its cards); a window void or a void re-settles it', async () => {
    const o = await operatorOf(ctx);
    const b = await bettorOf(ctx, 100_000);
    const r = await openRound(ctx.app, fence, DT, 60_000, (p) => p.result.summary === 'Dragon');
    const on = { match_id: r.matchId, round_id: r.roundId };
    const from = new Date();
    await placed(b, { ...on, option_id: 'dragon', stack: 100 });
    const to = new Date();
    await pause(15);
    await placed(b, { ...on, option_id: 'dragon', stack: 200 });
    await playOut(ctx.app, fence, r);
    expect(await balanceOf(b)).toEqual({ balance: 1_294, liability: 0 });

    const u = await o.call('adminMarketUnsettle', { market_id: r.marketId, request_id: nextRequestId('u') });
    expect(u.statusCode).toBe(200);
    expect(u.body).toMatchObject({ status: false, message: expect.stringMatching(/cannot be unsettled/) });
    expect(await balanceOf(b)).toEqual({ balance: 1_294, liability: 0 });
    // No other result can be declared for it either.
    const res = await o.call('adminMarketResult', { market_id: r.marketId, winners: [1] });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatchObject({ status: false, message: expect.any(String) });
    await expectLedgerClean(ctx.app);

    // A wrong-rate void of the first bet: re-settled at once, only the ₹200 bet stands.
    const w = await o.call('adminMarketVoidWindow', {
      market_id: r.marketId,
      from: from.toISOString(),
      to: to.toISOString(),
      request_id: nextRequestId('w'),
    });
    expect(w.body.status, JSON.stringify(w.body)).toBe(true);
    expect(await balanceOf(b)).toEqual({ balance: 1_196, liability: 0 });
    await expectLedgerClean(ctx.app);

    // A void of the round: every stake back.
    const v = await o.call('adminMarketVoid', { market_id: r.marketId, request_id: nextRequestId('v') });
    expect(v.body.status, JSON.stringify(v.body)).toBe(true);
    expect(await balanceOf(b)).toEqual({ balance: 1_000, liability: 0 });
    await expectLedgerClean(ctx.app);
  });
});
