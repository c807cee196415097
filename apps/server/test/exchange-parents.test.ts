// The bets' and fills' parents (migration 0043): the two tables carry no foreign keys, so the
// round checks each write before it is sent (batch.ts `assertRowsOfMarket`), and the ledger check
// reads the store for rows naming a parent that is not there or not theirs (the kind's `orphans`).
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { assertRowsOfMarket } from '../src/modules/exchange/batch.ts';
import type { BatchWrite } from '../src/modules/exchange/queries.ts';
import { checkLedger } from '../src/modules/admin/ledger-check.ts';
import { SYSTEM_STAKER } from '../src/modules/wallet/stake-gate.ts';
import { createBettor, createMarket, expectExchangeInvariants } from './helpers/exchange.ts';
import { describeStores } from './helpers/stores.ts';

const at = new Date('2026-12-05T09:00:00Z');
const market = { marketId: 7, matchId: 3 };
const newBet = (
  betId: number,
  over: Partial<BatchWrite['newBets'][number]> = {},
): BatchWrite['newBets'][number] => ({
  betId,
  userId: 11,
  matchId: 3,
  marketId: 7,
  selectionId: 21,
  side: 'BACK',
  price: 200,
  sizePaise: 1_000,
  remainingPaise: 0,
  matchedPaise: 1_000,
  seq: betId,
  requestId: `r${betId}`,
  placedAt: at,
  updatedAt: at,
  ...over,
});
const fill = (over: Partial<BatchWrite['fills'][number]> = {}): BatchWrite['fills'][number] => ({
  marketId: 7,
  selectionId: 21,
  price: 200,
  sizePaise: 1_000,
  backBetId: 101,
  layBetId: 90,
  backUserId: 11,
  layUserId: 12,
  takerBetId: 101,
  createdAt: at,
  ...over,
});
/** A taker (bet 101) that matched a resting lay placed in an earlier round (bet 90). */
const write = (over: Partial<Pick<BatchWrite, 'newBets' | 'deltas' | 'fills'>> = {}) => ({
  newBets: [newBet(101)],
  deltas: [{ betId: 90, matched: 1_000, value: 200_000, cancelled: 0, end: null }],
  fills: [fill()],
  ...over,
});
const running = ['21', '22'];

describe('a round checks the parents its write names, before the write', () => {
  it('a taker and the resting bet it matched pass', () => {
    expect(() => assertRowsOfMarket(market, running, write())).not.toThrow();
  });
  it('a bet on another market, or on another match, is refused', () => {
    expect(() =>
      assertRowsOfMarket(market, running, write({ newBets: [newBet(101, { marketId: 8 })] })),
    ).toThrow(/bet 101 names market 8/);
    expect(() =>
      assertRowsOfMarket(market, running, write({ newBets: [newBet(101, { matchId: 4 })] })),
    ).toThrow(/of match 4/);
  });
  it('a bet on a runner that is not running here is refused', () => {
    expect(() => assertRowsOfMarket(market, ['22'], write({ fills: [] }))).toThrow(
      /runner 21, not running here/,
    );
  });
  it('a bet naming no user is refused', () => {
    expect(() =>
      assertRowsOfMarket(market, running, write({ newBets: [newBet(101, { userId: 0 })] })),
    ).toThrow(/names user 0/);
  });
  it('a fill naming a bet the write neither inserts nor changes is refused', () => {
    expect(() => assertRowsOfMarket(market, running, write({ deltas: [] }))).toThrow(
      /bet 90, which this write/,
    );
    expect(() => assertRowsOfMarket(market, running, write({ fills: [fill({ takerBetId: 55 })] }))).toThrow(
      /bet 55/,
    );
  });
  it('a fill on another market or runner is refused', () => {
    expect(() => assertRowsOfMarket(market, running, write({ fills: [fill({ marketId: 8 })] }))).toThrow(
      /a fill names market 8/,
    );
    expect(() => assertRowsOfMarket(market, running, write({ fills: [fill({ selectionId: 23 })] }))).toThrow(
      /a fill names runner 23/,
    );
  });
});

describeStores('the ledger check names bets and fills whose parents are not there', (ctx) => {
  it('matched bets pass; a bet on another market’s runner, a fill naming a missing bet, are named', async () => {
    const m = await createMarket(ctx.app, { runners: 2 });
    const other = await createMarket(ctx.app, { runners: 2 });
    const a = await createBettor(ctx.app, 1_000_000);
    const b = await createBettor(ctx.app, 1_000_000);
    const place = (userId: number, side: 'BACK' | 'LAY') =>
      ctx.app.exchange.placeBet(
        userId,
        {
          market_id: m.marketId,
          selection_id: m.selectionIds[0]!,
          side,
          price: 200,
          size_paise: 10_000,
          request_id: `p-${side}-${userId}`,
        },
        { staker: SYSTEM_STAKER },
      );
    expect(await place(a.userId, 'LAY')).toMatchObject({ ok: true });
    const taker = await place(b.userId, 'BACK');
    expect(taker).toMatchObject({ ok: true, status: 'MATCHED' });
    await expectExchangeInvariants(ctx.app);
    expect((await checkLedger(ctx.app)).problems).toEqual([]);

    // Rows the round would never write, put in by hand: no key refuses them any more.
    const betId = (taker as { bet_id: number }).bet_id;
    await ctx.app.db.execute(
      sql`update bets set selection_id = ${other.selectionIds[1]!} where bet_id = ${betId}`,
    );
    await ctx.app.db.execute(sql`insert into fills (market_id, selection_id, price, size_paise, back_bet_id,
      lay_bet_id, back_user_id, lay_user_id, taker_bet_id, created_at)
      values (${m.marketId}, ${m.selectionIds[0]!}, 200, 100, 999999999, ${betId}, ${a.userId}, ${b.userId},
        ${betId}, now())`);
    const problems = (await checkLedger(ctx.app)).problems;
    expect(problems).toContain(`Bet ${betId} names runner ${other.selectionIds[1]!}, not of its market`);
    expect(problems.some((p) => /^Fill \d+ names back bet 999999999, which is not there$/.test(p))).toBe(
      true,
    );
  });
});
