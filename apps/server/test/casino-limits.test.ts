// Issue 22: the operator's table limits (docs/casino.md "Limits"). admin/casino/tables lists each
// table with the limits its next round opens with; admin/casino/setLimits changes them (audited),
// refusing a bad figure with a 4xx naming its field and an unknown table by name, changing nothing.
// A round's limits are fixed at its open: the round in its window keeps its own, the next takes
// the new ones. The ledger check is clean after each scenario.
import type { AdminCasinoTable, AdminCasinoTables, CasinoRound } from '@backlay/contract';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { adminActions } from '../src/modules/audit/schema.ts';
import { casinoTables } from '../src/modules/casino/schema.ts';
import type { Fence } from '../src/plugins/leader.ts';
import { expectLedgerClean, openRound, tableFor, termBeforeEach } from './helpers/casino.ts';
import { nextRequestId } from './helpers/exchange.ts';
import { bettorOf, operatorOf } from './helpers/people.ts';
import { describeStores } from './helpers/stores.ts';

const GAME = 'andar_bahar';
const DEFAULTS = { min_stake: 10, max_per_option: 25_000, max_per_round: 50_000 };

describeStores('casino table limits set by the operator (issue 22)', (ctx) => {
  let fence: Fence;
  termBeforeEach(
    () => ctx.app,
    (f) => (fence = f),
  );
  const limitsRow = async (matchId: number) =>
    (await ctx.app.db.select().from(casinoTables).where(eq(casinoTables.matchId, matchId)))[0]!;

  it('lists every table with the limits its next round opens with; a bettor may not', async () => {
    const o = await operatorOf(ctx);
    const r = await o.call('adminCasinoTables');
    expect(r.statusCode).toBe(200);
    const tables = (r.body.data as AdminCasinoTables).tables;
    const t = await tableFor(ctx.app, GAME);
    expect(tables).toContainEqual({
      match_id: t.matchId,
      game_id: GAME,
      table_name: t.tableName,
      series_id: 'ourcasino',
      limits: DEFAULTS,
    });
    const b = await bettorOf(ctx, 0);
    expect((await b.call('adminCasinoTables')).statusCode).toBe(403);
    expect(
      (await b.call('adminCasinoSetLimits', { match_id: t.matchId, ...DEFAULTS, min_stake: 1 })).statusCode,
    ).toBe(403);
    expect((await limitsRow(t.matchId)).minStakePaise).toBe(1_000);
  });

  it('refuses bad limits naming the field, and an unknown table, changing nothing', async () => {
    const o = await operatorOf(ctx);
    const t = await tableFor(ctx.app, GAME);
    const before = await limitsRow(t.matchId);
    const ok = { match_id: t.matchId, ...DEFAULTS };
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...ok, min_stake: 0 }, 400, 'min_stake'],
      [{ ...ok, min_stake: -5 }, 400, 'min_stake'],
      [{ ...ok, min_stake: 10.001 }, 400, 'min_stake'],
      [{ ...ok, min_stake: '10' }, 400, 'min_stake'],
      [{ ...ok, max_per_option: 5 }, 400, 'max_per_option'],
      [{ ...ok, max_per_round: 20_000 }, 400, 'max_per_round'],
      [{ ...ok, max_per_round: 10_000_001 }, 400, 'max_per_round'],
      [{ ...ok, max_per_option: undefined }, 400, 'max_per_option'],
      [{ ...ok, match_id: 'x' }, 400, 'match_id'],
      [{ ...ok, match_id: 999_999 }, 200, 'match_id'],
    ];
    for (const [body, status, field] of cases) {
      const r = await o.call('adminCasinoSetLimits', body);
      expect(r.statusCode, JSON.stringify(body)).toBe(status);
      expect(r.body.status).toBe(false);
      expect(r.body.message, JSON.stringify(body)).toContain(field);
    }
    expect(await limitsRow(t.matchId)).toEqual(before);
  });

  it('new limits apply from the next round: the round in its window keeps its own', async () => {
    const o = await operatorOf(ctx);
    const b = await bettorOf(ctx, 1_000_000);
    const now = await openRound(ctx.app, fence, GAME);
    const bet = (round_id: number, stack: number) =>
      b.call('placeCasinoBet', {
        match_id: now.matchId,
        round_id,
        option_id: 'andar',
        stack,
        request_id: nextRequestId('lim'),
      });

    const set = await o.call('adminCasinoSetLimits', {
      match_id: now.matchId,
      min_stake: 100,
      max_per_option: 200,
      max_per_round: 300,
      request_id: 'casino-limits-1',
    });
    expect(set.body).toMatchObject({
      status: true,
      message: expect.stringContaining('from its next round'),
      data: { match_id: now.matchId, limits: { min_stake: 100, max_per_option: 200, max_per_round: 300 } },
    });
    expect((set.body.data as AdminCasinoTable).game_id).toBe(GAME);
    const audit = await ctx.app.db
      .select()
      .from(adminActions)
      .where(eq(adminActions.requestId, 'casino-limits-1'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'casino/setLimits', request: { min_stake: 100 } });

    // The round in its window: its own limits (₹10 minimum, ₹25,000 an option) still hold.
    const round = (await b.call('getCasinoRound', { match_id: now.matchId })).body.data as CasinoRound;
    expect(round.round.round_id).toBe(now.roundId);
    expect(round.limits).toEqual(DEFAULTS);
    expect((await bet(now.roundId, 50)).body.message).toBe('Bet placed');
    expect((await bet(now.roundId, 1_000)).body.message).toBe('Bet placed');

    // The next round opens with the new ones.
    await ctx.app.casino.rounds.voidRound(now.roundId, fence, 'test');
    const next = await openRound(ctx.app, fence, GAME);
    const after = (await b.call('getCasinoRound', { match_id: now.matchId })).body.data as CasinoRound;
    expect(after.limits).toEqual({ min_stake: 100, max_per_option: 200, max_per_round: 300 });
    expect((await bet(next.roundId, 50)).body.message).toContain('smallest stake is ₹100');
    expect((await bet(next.roundId, 200)).body.message).toBe('Bet placed');
    expect((await bet(next.roundId, 100)).body.message).toContain('on one option');
    await ctx.app.casino.rounds.voidRound(next.roundId, fence, 'test');

    const back = await o.call('adminCasinoSetLimits', { match_id: now.matchId, ...DEFAULTS });
    expect(back.body.status).toBe(true);
    await expectLedgerClean(ctx.app);
  });
});
