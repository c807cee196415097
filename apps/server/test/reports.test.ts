import type { BetHistory, AccountStatement, ProfitLoss } from '@backlay/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { matches, series } from '../src/modules/catalog/schema.ts';
import { bets } from '../src/modules/exchange/schema.ts';
import { markets, runners } from '../src/modules/markets/schema.ts';
import { ledgerAccounts, transfers } from '../src/modules/wallet/schema.ts';
import type { Api } from './helpers/api.ts';
import { snapshotStore } from './helpers/api.ts';
import { createBettor, createMarket } from './helpers/exchange.ts';
import { expectLedgerBalanced } from './helpers/ledger.ts';
import { describeStores } from './helpers/stores.ts';

let made = 0;
const unique = () => `${++made}-${Math.random().toString(36).slice(2, 8)}`;

/** A fresh match of the sport with one 'Match Odds' market and its runners. */
async function makeMarket(app: FastifyInstance, sportId: number, matchName: string, runnerNames: string[]) {
  const [s] = await app.db.select().from(series).where(eq(series.sportId, sportId)).limit(1);
  const start = new Date('2024-01-01T10:00:00Z');
  const [m] = await app.db
    .insert(matches)
    .values({ seriesId: s!.seriesId, sportId, matchName, startTime: start, openDate: start })
    .returning();
  const [mk] = await app.db
    .insert(markets)
    .values({ matchId: m!.matchId, marketName: 'Match Odds', marketType: 'MATCH_ODDS', startTime: start })
    .returning();
  const rs = await app.db
    .insert(runners)
    .values(runnerNames.map((name, i) => ({ marketId: mk!.marketId, name, sortOrder: i })))
    .returning();
  return {
    matchId: m!.matchId,
    matchName,
    marketId: mk!.marketId,
    sportId,
    selectionIds: rs.map((r) => r.selectionId),
  };
}
type Market = Awaited<ReturnType<typeof makeMarket>>;

/**
 * A ledger transfer between the user's cash account and a house account at an explicit time
 * (wallet.transfer stamps the store's now(), and these tests need chosen IST days). Moves both
 * cached balances like wallet.transfer does, so the ledger stays balanced. Settlement-like kinds
 * as the settlement service writes them: market_win / market_loss / commission, and
 * settlement_reversal with the undone kind as memo.
 */
async function post(
  app: FastifyInstance,
  userId: number,
  p: { kind: string; deltaPaise: number; at: string; marketId?: number; memo?: string },
) {
  return app.db.transaction(async (tx) => {
    const [acct] = await tx
      .select({ id: ledgerAccounts.accountId })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.kind, 'user_cash')));
    const commission = p.kind === 'commission' || p.memo === 'commission';
    const house = await app.wallet.houseAccount(tx, commission ? 'HOUSE_COMMISSION' : 'HOUSE_CASH');
    const credit = p.deltaPaise > 0;
    const amount = Math.abs(p.deltaPaise);
    const [row] = await tx
      .insert(transfers)
      .values({
        debitAccountId: credit ? house : acct!.id,
        creditAccountId: credit ? acct!.id : house,
        amountPaise: amount,
        kind: p.kind,
        idempotencyKey: `reports-test/${unique()}`,
        memo: p.memo ?? null,
        marketId: p.marketId ?? null,
        createdAt: new Date(p.at),
      })
      .returning({ transferId: transfers.transferId });
    const move = (accountId: number, delta: number) =>
      tx
        .update(ledgerAccounts)
        .set({ balancePaise: sql`${ledgerAccounts.balancePaise} + ${delta}::bigint` })
        .where(eq(ledgerAccounts.accountId, accountId));
    await move(credit ? acct!.id : house, amount);
    await move(credit ? house : acct!.id, -amount);
    return row!.transferId;
  });
}

let seq = 1_000_000;

/** A fully matched bet as settlement leaves it (result, profit, settled_at, settled_status). */
async function settledBet(
  app: FastifyInstance,
  userId: number,
  m: Market,
  p: {
    runner?: number;
    side?: 'BACK' | 'LAY';
    result: 'WON' | 'LOST' | 'VOID' | null;
    plPaise?: number;
    settledAt?: string;
    stakePaise?: number;
  },
) {
  const placed = new Date('2024-01-01T09:00:00Z');
  const settled = p.result !== null;
  const [b] = await app.db
    .insert(bets)
    .values({
      userId,
      matchId: m.matchId,
      marketId: m.marketId,
      selectionId: m.selectionIds[p.runner ?? 0]!,
      side: p.side ?? 'BACK',
      price: 200,
      sizePaise: p.stakePaise ?? 10_000,
      matchedPaise: p.stakePaise ?? 10_000,
      remainingPaise: 0,
      seq: ++seq,
      requestId: `reports-bet-${unique()}`,
      placedAt: placed,
      updatedAt: placed,
      ...(settled
        ? {
            result: p.result,
            profitLossPaise: p.plPaise ?? 0,
            settledAt: new Date(p.settledAt!),
            settledStatus: p.result === 'VOID' ? ('VOIDED' as const) : ('SETTLED' as const),
          }
        : {}),
    })
    .returning({ betId: bets.betId });
  return b!.betId;
}

describeStores('reports', (ctx) => {
  async function bettor(balancePaise = 0): Promise<Api & { userId: number }> {
    const u = await createBettor(ctx.app, balancePaise, 'rep');
    const api = ctx.api.fork();
    await api.login(u.userName, u.password);
    return Object.assign(api, { userId: u.userId });
  }
  const statement = async (api: Api, body: object) => {
    const r = await api.call('getAccountStatement', body);
    expect(r.statusCode, JSON.stringify(r.body)).toBe(200);
    expect(r.body.status).toBe(true);
    return r.body.data as AccountStatement;
  };
  const profitLoss = async (api: Api, body: object) => {
    const r = await api.call('getProfitLoss', body);
    expect(r.statusCode, JSON.stringify(r.body)).toBe(200);
    return r.body.data as ProfitLoss;
  };
  const history = async (api: Api, body: object) => {
    const r = await api.call('getBetHistory', body);
    expect(r.statusCode, JSON.stringify(r.body)).toBe(200);
    return r.body.data as BetHistory;
  };

  it('statement: opening, running and closing balances; filters keep the true running balance; IST days', async () => {
    const u = await bettor();
    const other = await bettor();
    const a = await makeMarket(ctx.app, 4, `Stmt A ${unique()}`, ['Home', 'Away']);
    const b = await makeMarket(ctx.app, 1, `Stmt B ${unique()}`, ['Home', 'Away']);
    const t1 = await post(ctx.app, u.userId, {
      kind: 'deposit',
      deltaPaise: 100_000,
      at: '2024-03-01T10:00:00+05:30',
      memo: 'opening cash',
    });
    // 23:59 IST on the 2nd and 00:01 IST on the 3rd: the same UTC day (the 2nd), two IST days.
    const t2 = await post(ctx.app, u.userId, {
      kind: 'market_loss',
      deltaPaise: -20_000,
      at: '2024-03-02T23:59:00+05:30',
      marketId: a.marketId,
    });
    const t3 = await post(ctx.app, u.userId, {
      kind: 'market_win',
      deltaPaise: 50_000,
      at: '2024-03-03T00:01:00+05:30',
      marketId: b.marketId,
    });
    // Same instant as t3: ordered by transfer id.
    const t4 = await post(ctx.app, u.userId, {
      kind: 'commission',
      deltaPaise: -1_000,
      at: '2024-03-03T00:01:00+05:30',
      marketId: b.marketId,
    });
    const t5 = await post(ctx.app, u.userId, {
      kind: 'withdrawal',
      deltaPaise: -30_000,
      at: '2024-03-03T12:00:00+05:30',
    });
    await post(ctx.app, u.userId, { kind: 'deposit', deltaPaise: 5_000, at: '2024-03-05T09:00:00+05:30' });
    // Another user's movements in the same days and markets never show.
    await post(ctx.app, other.userId, {
      kind: 'deposit',
      deltaPaise: 7_000,
      at: '2024-03-02T12:00:00+05:30',
    });
    await post(ctx.app, other.userId, {
      kind: 'market_win',
      deltaPaise: 3_000,
      at: '2024-03-03T01:00:00+05:30',
      marketId: a.marketId,
    });

    const all = await statement(u, { from_date: '2024-03-02', to_date: '2024-03-03' });
    expect(all).toMatchObject({
      opening_balance: 1_000,
      closing_balance: 990,
      page: 1,
      page_size: 25,
      total: 4,
    });
    expect(all.rows.map((r) => [r.transfer_id, r.kind, r.credit, r.debit, r.balance])).toEqual([
      [t2, 'market_loss', 0, 200, 800],
      [t3, 'market_win', 500, 0, 1_300],
      [t4, 'commission', 0, 10, 1_290],
      [t5, 'withdrawal', 0, 300, 990],
    ]);
    expect(all.rows[0]).toMatchObject({
      date: new Date('2024-03-02T23:59:00+05:30').toISOString(),
      description: `${a.matchName} › Match Odds — lost`,
      market_id: a.marketId,
      match_id: a.matchId,
      sport_id: 4,
    });
    expect(all.rows[1]!.description).toBe(`${b.matchName} › Match Odds — won`);
    expect(all.rows[2]!.description).toBe(`${b.matchName} › Match Odds — commission`);
    expect(all.rows[2]).toMatchObject({ market_id: b.marketId, match_id: b.matchId, sport_id: 1 });
    expect(all.rows[3]).toMatchObject({
      description: 'Withdrawal',
      market_id: null,
      match_id: null,
      sport_id: null,
    });

    // Filters: same opening/closing, the rows' balances still count every transfer.
    const game = await statement(u, { from_date: '2024-03-02', to_date: '2024-03-03', account_type: 'game' });
    expect(game).toMatchObject({ opening_balance: 1_000, closing_balance: 990, total: 3 });
    expect(game.rows.map((r) => [r.transfer_id, r.balance])).toEqual([
      [t2, 800],
      [t3, 1_300],
      [t4, 1_290],
    ]);
    const cash = await statement(u, {
      from_date: '2024-03-01',
      to_date: '2024-03-03',
      account_type: 'deposit_withdraw',
    });
    expect(cash).toMatchObject({ opening_balance: 0, closing_balance: 990, total: 2 });
    expect(cash.rows.map((r) => [r.transfer_id, r.description, r.credit, r.debit, r.balance])).toEqual([
      [t1, 'Deposit — opening cash', 1_000, 0, 1_000],
      [t5, 'Withdrawal', 0, 300, 990],
    ]);

    // IST day boundaries: 23:59 on the 2nd and 00:01 on the 3rd are on different days.
    const second = await statement(u, { from_date: '2024-03-02', to_date: '2024-03-02' });
    expect(second).toMatchObject({ opening_balance: 1_000, closing_balance: 800, total: 1 });
    expect(second.rows.map((r) => r.transfer_id)).toEqual([t2]);
    const third = await statement(u, { from_date: '2024-03-03', to_date: '2024-03-03' });
    expect(third).toMatchObject({ opening_balance: 800, closing_balance: 990, total: 3 });
    expect(third.rows.map((r) => r.transfer_id)).toEqual([t3, t4, t5]);

    // Empty ranges: before anything, between movements, after everything.
    expect(await statement(u, { from_date: '2024-02-01', to_date: '2024-02-10' })).toEqual({
      opening_balance: 0,
      closing_balance: 0,
      rows: [],
      page: 1,
      page_size: 25,
      total: 0,
    });
    expect(await statement(u, { from_date: '2024-03-04', to_date: '2024-03-04' })).toMatchObject({
      opening_balance: 990,
      closing_balance: 990,
      rows: [],
      total: 0,
    });
    expect(await statement(u, { from_date: '2024-04-01', to_date: '2024-04-30' })).toMatchObject({
      opening_balance: 1_040,
      closing_balance: 1_040,
      total: 0,
    });
    // A filter with nothing to show in a range that has rows.
    expect(
      await statement(u, {
        from_date: '2024-03-02',
        to_date: '2024-03-02',
        account_type: 'deposit_withdraw',
      }),
    ).toMatchObject({ opening_balance: 1_000, closing_balance: 800, rows: [], total: 0 });

    // The other user sees only their own rows.
    const theirs = await statement(other, { from_date: '2024-03-01', to_date: '2024-03-31' });
    expect(theirs).toMatchObject({ opening_balance: 0, closing_balance: 100, total: 2 });
    expect(theirs.rows.map((r) => r.balance)).toEqual([70, 100]);
    await expectLedgerBalanced(ctx.app);
  });

  it('statement: pages of 25 carry the running balance across pages; today through the real wallet', async () => {
    const u = await bettor();
    for (let i = 0; i < 30; i++) {
      const at = new Date(Date.parse('2024-07-10T08:00:00+05:30') + i * 60_000).toISOString();
      await post(ctx.app, u.userId, { kind: 'deposit', deltaPaise: 100 * (i + 1), at });
    }
    const body = { from_date: '2024-07-10', to_date: '2024-07-10' };
    const p1 = await statement(u, body);
    expect(p1).toMatchObject({ page: 1, page_size: 25, total: 30, opening_balance: 0, closing_balance: 465 });
    expect(p1.rows).toHaveLength(25);
    expect(p1.rows[24]!.balance).toBe(325); // 1 + 2 + … + 25 rupees
    const p2 = await statement(u, { ...body, page: 2 });
    expect(p2).toMatchObject({ page: 2, total: 30, closing_balance: 465 });
    expect(p2.rows.map((r) => r.balance)).toEqual([351, 378, 406, 435, 465]);
    expect(p2.rows[0]!.transfer_id).toBeGreaterThan(p1.rows[24]!.transfer_id);
    const p3 = await statement(u, { ...body, page: 3 });
    expect(p3).toMatchObject({ page: 3, total: 30, rows: [] });

    // A deposit made now through the wallet shows on today's IST date.
    const v = await bettor(12_345);
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() + 330 * 60_000 - 86_400_000).toISOString().slice(0, 10);
    const now = await statement(v, { from_date: yesterday, to_date: today });
    expect(now).toMatchObject({ opening_balance: 0, closing_balance: 123.45, total: 1 });
    expect(now.rows[0]).toMatchObject({ kind: 'deposit', credit: 123.45, debit: 0, balance: 123.45 });
    await expectLedgerBalanced(ctx.app);
  });

  it('profit and loss by market and by sport, with commission, a full unsettle and a re-settle', async () => {
    const u = await bettor();
    const other = await bettor();
    const a = await makeMarket(ctx.app, 4, `PL A ${unique()}`, ['Home', 'Away']);
    const b = await makeMarket(ctx.app, 4, `PL B ${unique()}`, ['Home', 'Away']);
    const c = await makeMarket(ctx.app, 1, `PL C ${unique()}`, ['Home', 'Away']);
    const d = await makeMarket(ctx.app, 1, `PL D ${unique()}`, ['Home', 'Away']);
    const e = await makeMarket(ctx.app, 1, `PL E ${unique()}`, ['Home', 'Away']);
    const day = (t: string) => `2024-05-10T${t}:00+05:30`;
    await post(ctx.app, u.userId, { kind: 'deposit', deltaPaise: 500_000, at: day('08:00') });
    // A: lost 200.
    await post(ctx.app, u.userId, {
      kind: 'market_loss',
      deltaPaise: -20_000,
      at: day('10:00'),
      marketId: a.marketId,
    });
    // B: won 1000, commission 20.
    await post(ctx.app, u.userId, {
      kind: 'market_win',
      deltaPaise: 100_000,
      at: day('11:00'),
      marketId: b.marketId,
    });
    await post(ctx.app, u.userId, {
      kind: 'commission',
      deltaPaise: -2_000,
      at: day('11:00'),
      marketId: b.marketId,
    });
    // C: won 500 with commission 10, then unsettled in full: a row of zeros (kept).
    await post(ctx.app, u.userId, {
      kind: 'market_win',
      deltaPaise: 50_000,
      at: day('12:00'),
      marketId: c.marketId,
    });
    await post(ctx.app, u.userId, {
      kind: 'commission',
      deltaPaise: -1_000,
      at: day('12:00'),
      marketId: c.marketId,
    });
    await post(ctx.app, u.userId, {
      kind: 'settlement_reversal',
      memo: 'market_win',
      deltaPaise: -50_000,
      at: day('13:00'),
      marketId: c.marketId,
    });
    await post(ctx.app, u.userId, {
      kind: 'settlement_reversal',
      memo: 'commission',
      deltaPaise: 1_000,
      at: day('13:00'),
      marketId: c.marketId,
    });
    // D: won 300 with commission 6, unsettled, then re-settled as a loss of 150.
    await post(ctx.app, u.userId, {
      kind: 'market_win',
      deltaPaise: 30_000,
      at: day('14:00'),
      marketId: d.marketId,
    });
    await post(ctx.app, u.userId, {
      kind: 'commission',
      deltaPaise: -600,
      at: day('14:00'),
      marketId: d.marketId,
    });
    await post(ctx.app, u.userId, {
      kind: 'settlement_reversal',
      memo: 'market_win',
      deltaPaise: -30_000,
      at: day('15:00'),
      marketId: d.marketId,
    });
    await post(ctx.app, u.userId, {
      kind: 'settlement_reversal',
      memo: 'commission',
      deltaPaise: 600,
      at: day('15:00'),
      marketId: d.marketId,
    });
    await post(ctx.app, u.userId, {
      kind: 'market_loss',
      deltaPaise: -15_000,
      at: day('16:00'),
      marketId: d.marketId,
    });
    // E: outside the day on both sides (IST).
    await post(ctx.app, u.userId, {
      kind: 'market_win',
      deltaPaise: 9_900,
      at: '2024-05-09T23:59:00+05:30',
      marketId: e.marketId,
    });
    await post(ctx.app, u.userId, {
      kind: 'market_loss',
      deltaPaise: -4_400,
      at: '2024-05-11T00:00:30+05:30',
      marketId: e.marketId,
    });
    // Another user's result in A.
    await post(ctx.app, other.userId, {
      kind: 'market_win',
      deltaPaise: 20_000,
      at: day('10:00'),
      marketId: a.marketId,
    });

    const range = { from_date: '2024-05-10', to_date: '2024-05-10' };
    const byMarket = await profitLoss(u, { ...range, group_by: 'market' });
    const rowOf = (m: Market) => byMarket.rows.find((r) => r.market_id === m.marketId);
    expect(byMarket.rows.map((r) => r.market_id)).toEqual([d.marketId, c.marketId, b.marketId, a.marketId]);
    expect(rowOf(a)).toEqual({
      sport_id: 4,
      sport_name: 'Cricket',
      market_id: a.marketId,
      market_name: 'Match Odds',
      match_id: a.matchId,
      match_name: a.matchName,
      settled_at: new Date(day('10:00')).toISOString(),
      profit_loss: -200,
      commission: 0,
      net: -200,
    });
    expect(rowOf(b)).toMatchObject({ profit_loss: 1_000, commission: 20, net: 980 });
    expect(rowOf(c)).toMatchObject({
      sport_name: 'Football',
      profit_loss: 0,
      commission: 0,
      net: 0,
      settled_at: new Date(day('13:00')).toISOString(),
    });
    expect(rowOf(d)).toMatchObject({ profit_loss: -150, commission: 0, net: -150 });
    expect(byMarket.total).toEqual({ profit_loss: 650, commission: 20, net: 630 });

    const bySport = await profitLoss(u, range);
    expect(bySport).toEqual({
      rows: [
        {
          sport_id: 4,
          sport_name: 'Cricket',
          market_id: null,
          market_name: null,
          match_id: null,
          match_name: null,
          settled_at: null,
          profit_loss: 800,
          commission: 20,
          net: 780,
        },
        expect.objectContaining({
          sport_id: 1,
          sport_name: 'Football',
          profit_loss: -150,
          commission: 0,
          net: -150,
        }),
      ],
      total: { profit_loss: 650, commission: 20, net: 630 },
      days: [{ day: '2024-05-10', net: 630 }],
    });
    // The chart's line (issue 45): the net per IST day, its days cut at midnight IST; they sum to
    // the total's net.
    const wide = await profitLoss(u, { from_date: '2024-05-09', to_date: '2024-05-11' });
    expect(wide.days).toEqual([
      { day: '2024-05-09', net: 99 },
      { day: '2024-05-10', net: 630 },
      { day: '2024-05-11', net: -44 },
    ]);
    expect(wide.days!.reduce((n, d) => n + Math.round(d.net * 100), 0)).toBe(
      Math.round(wide.total.net * 100),
    );

    // net is what the balance moved by: the statement's game rows agree.
    const game = await statement(u, { ...range, account_type: 'game' });
    const moved = game.rows.reduce((s, r) => s + Math.round(r.credit * 100) - Math.round(r.debit * 100), 0);
    expect(moved).toBe(63_000);
    expect(game.rows.find((r) => r.kind === 'settlement_reversal')?.description).toBe(
      `${c.matchName} › Match Odds — settlement reversed`,
    );

    // sport filter; wider range picks up E; another user sees only their own.
    expect(await profitLoss(u, { ...range, group_by: 'market', sport_id: 1 })).toMatchObject({
      rows: [{ market_id: d.marketId }, { market_id: c.marketId }],
      total: { profit_loss: -150, commission: 0, net: -150 },
    });
    expect(
      (await profitLoss(u, { from_date: '2024-05-09', to_date: '2024-05-11', sport_id: '1' })).total,
    ).toEqual({ profit_loss: -95, commission: 0, net: -95 });
    expect(await profitLoss(other, { ...range, group_by: 'market' })).toMatchObject({
      rows: [{ market_id: a.marketId, profit_loss: 200, commission: 0, net: 200 }],
      total: { profit_loss: 200, commission: 0, net: 200 },
    });
    expect(await profitLoss(u, { from_date: '2024-06-01', to_date: '2024-06-30' })).toEqual({
      rows: [],
      total: { profit_loss: 0, commission: 0, net: 0 },
      days: [],
    });
    await expectLedgerBalanced(ctx.app);
  });

  it('bet history by market and by date, with result, sport and search filters, paged', async () => {
    const u = await bettor();
    const other = await bettor();
    const tag = unique();
    const m1 = await makeMarket(ctx.app, 4, `Alpha v Beta ${tag}`, ['Alpha', 'Beta']);
    const m2 = await makeMarket(ctx.app, 1, `Gamma v Delta ${tag}`, ['Gamma', 'Zeta 100%']);
    const b1 = await settledBet(ctx.app, u.userId, m1, {
      result: 'WON',
      plPaise: 10_000,
      settledAt: '2024-06-01T23:59:00+05:30',
    });
    const b2 = await settledBet(ctx.app, u.userId, m1, {
      runner: 1,
      side: 'LAY',
      result: 'LOST',
      plPaise: -5_050,
      settledAt: '2024-06-02T00:01:00+05:30',
    });
    const b3 = await settledBet(ctx.app, u.userId, m2, {
      runner: 1,
      result: 'VOID',
      settledAt: '2024-06-02T10:00:00+05:30',
    });
    await settledBet(ctx.app, u.userId, m2, { result: null }); // not settled: never in the history
    await settledBet(ctx.app, other.userId, m1, {
      result: 'WON',
      plPaise: 777,
      settledAt: '2024-06-02T09:00:00+05:30',
    });

    const byMarket = await history(u, { market_id: m1.marketId });
    expect(byMarket).toMatchObject({ page: 1, page_size: 25, total: 2 });
    expect(byMarket.bets.map((x) => x.bet_id)).toEqual([b2, b1]);
    expect(byMarket.bets[0]).toMatchObject({
      bet_id: b2,
      match_id: m1.matchId,
      match_name: m1.matchName,
      sport_id: 4,
      market_id: m1.marketId,
      market_name: 'Match Odds',
      selection_id: m1.selectionIds[1],
      selection_name: 'Beta',
      is_back: '0',
      odds: 2,
      stack: 100,
      size_matched: 100,
      status: 'SETTLED',
      result: 'LOST',
      profit_loss: -50.5,
      settled_at: new Date('2024-06-02T00:01:00+05:30').toISOString(),
    });
    expect(byMarket.bets[1]).toMatchObject({ result: 'WON', profit_loss: 100, is_back: '1' });

    const second = await history(u, { from_date: '2024-06-02', to_date: '2024-06-02' });
    expect(second.bets.map((x) => x.bet_id)).toEqual([b3, b2]);
    expect(second.bets[0]).toMatchObject({ status: 'VOIDED', result: 'VOID', profit_loss: 0 });
    const first = await history(u, { from_date: '2024-06-01', to_date: '2024-06-01' });
    expect(first.bets.map((x) => x.bet_id)).toEqual([b1]);

    const range = { from_date: '2024-06-01', to_date: '2024-06-02' };
    expect((await history(u, { ...range, result: 'LOST' })).bets.map((x) => x.bet_id)).toEqual([b2]);
    expect((await history(u, { ...range, result: 'VOID' })).bets.map((x) => x.bet_id)).toEqual([b3]);
    expect((await history(u, { ...range, sport_id: 1 })).bets.map((x) => x.bet_id)).toEqual([b3]);
    expect((await history(u, { ...range, search: 'gAmMa' })).bets.map((x) => x.bet_id)).toEqual([b3]);
    expect((await history(u, { ...range, search: ` alpha v beta ${tag} ` })).total).toBe(2);
    expect((await history(u, { ...range, search: 'beta' })).bets.map((x) => x.bet_id)).toEqual([b2, b1]);
    // Wildcards are literal: '%' only finds the runner named with a '%'.
    expect((await history(u, { ...range, search: '100%' })).bets.map((x) => x.bet_id)).toEqual([b3]);
    expect((await history(u, { ...range, search: '_' })).total).toBe(0);
    // One market with dates too; dates outside the market's settlement; a market without my bets.
    expect(
      (await history(u, { market_id: m1.marketId, from_date: '2024-06-02', to_date: '2024-06-02' })).bets.map(
        (x) => x.bet_id,
      ),
    ).toEqual([b2]);
    expect(await history(u, { from_date: '2024-07-01', to_date: '2024-07-01' })).toEqual({
      bets: [],
      page: 1,
      page_size: 25,
      total: 0,
    });
    const mine = await makeMarket(ctx.app, 4, `Nobody ${tag}`, ['X', 'Y']);
    expect(await history(u, { market_id: mine.marketId })).toMatchObject({ bets: [], total: 0 });
    expect(await history(u, { market_id: 2_000_000_000 })).toMatchObject({ bets: [], total: 0 });
    // The other user sees only their bet.
    expect((await history(other, { market_id: m1.marketId })).bets.map((x) => x.result)).toEqual(['WON']);

    // Paging: 27 bets settled one minute apart, newest first.
    const m3 = await makeMarket(ctx.app, 4, `Paged ${tag}`, ['P', 'Q']);
    const ids: number[] = [];
    for (let i = 0; i < 27; i++) {
      const at = new Date(Date.parse('2024-06-05T08:00:00+05:30') + i * 60_000).toISOString();
      ids.push(await settledBet(ctx.app, u.userId, m3, { result: 'WON', plPaise: 100, settledAt: at }));
    }
    const p1 = await history(u, { market_id: m3.marketId });
    expect(p1).toMatchObject({ total: 27, page: 1 });
    expect(p1.bets.map((x) => x.bet_id)).toEqual(ids.slice(2).reverse());
    const p2 = await history(u, { market_id: m3.marketId, page: 2 });
    expect(p2.bets.map((x) => x.bet_id)).toEqual([ids[1], ids[0]]);
    await expectLedgerBalanced(ctx.app);
  });

  it('end to end with the settlement service: settle, unsettle, re-settle; reports agree with the balance', async () => {
    const backer = await bettor(1_000_000);
    const layer = await bettor(1_000_000);
    const m = await createMarket(ctx.app);
    const place = (api: Api, isBack: boolean) =>
      api.call('placeMarketBet', {
        match_id: m.matchId,
        market_id: m.marketId,
        selection_id: m.selectionIds[0]!,
        is_back: isBack ? '1' : '0',
        odds: 2,
        stack: 100,
        request_id: `rep-${unique()}`,
      });
    expect((await place(layer, false)).body.status).toBe(true);
    expect((await place(backer, true)).body.data).toMatchObject({ status: 'MATCHED' });
    const first = await ctx.app.settlement.declareResult(null, m.marketId, { winners: [m.selectionIds[0]!] });
    expect(first.ok).toBe(true);
    const unsettled = await ctx.app.settlement.unsettle(null, m.marketId);
    expect(unsettled.ok).toBe(true);
    const second = await ctx.app.settlement.declareResult(null, m.marketId, {
      winners: [m.selectionIds[1]!],
    });
    expect(second.ok).toBe(true);

    // Today in IST, give or take a day so a run across midnight still sees every row.
    const istDay = (offsetDays: number) =>
      new Date(Date.now() + 330 * 60_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);
    const range = { from_date: istDay(-1), to_date: istDay(1) };

    // Backer: won 100 (commission 2), reversed, then lost 100.
    expect((await profitLoss(backer, { ...range, group_by: 'market' })).rows).toEqual([
      expect.objectContaining({ market_id: m.marketId, profit_loss: -100, commission: 0, net: -100 }),
    ]);
    // Layer: lost 100, reversed, then won 100 paying 2 commission.
    const layerPl = await profitLoss(layer, { ...range, group_by: 'market' });
    expect(layerPl.total).toEqual({ profit_loss: 100, commission: 2, net: 98 });
    const stmt = await statement(layer, { ...range, account_type: 'game' });
    expect(stmt).toMatchObject({ opening_balance: 0, closing_balance: 10_098 });
    expect(stmt.rows.map((r) => [r.kind, r.credit, r.debit])).toEqual([
      ['market_loss', 0, 100],
      ['settlement_reversal', 100, 0],
      ['market_win', 100, 0],
      ['commission', 0, 2],
    ]);
    expect(stmt.rows.at(-1)!.balance).toBe(10_098);
    expect(stmt.rows[1]!.description).toBe(`${m.matchName} › Match Odds — settlement reversed`);
    expect((await layer.call('getUserBalance')).body.data).toMatchObject({ total_balance: 10_098 });

    const backerBets = await history(backer, { market_id: m.marketId });
    expect(backerBets.bets).toEqual([
      expect.objectContaining({ status: 'SETTLED', result: 'LOST', profit_loss: -100, is_back: '1' }),
    ]);
    const layerBets = await history(layer, { ...range, result: 'WON' });
    expect(layerBets.bets).toEqual([expect.objectContaining({ market_id: m.marketId, profit_loss: 100 })]);
    // (No expectExchangeInvariants here: other scenarios insert settled bets without fills.)
    await expectLedgerBalanced(ctx.app);
  });

  it('report dates are bounded to the years 2000–2100: every report answers 400 naming the field, never 500', async () => {
    const u = await bettor(1_000);
    const op = ctx.api.fork();
    await op.login('operator', 'operator123');
    const before = await snapshotStore(ctx.app);
    // [from_date, to_date, the fields refused]: each range is short, so only the bound can refuse it.
    const ranges: [string, string, ('from_date' | 'to_date')[]][] = [
      ['0001-01-01', '0001-01-01', ['from_date', 'to_date']],
      ['0000-01-01', '0000-01-02', ['from_date', 'to_date']],
      ['1999-12-31', '2000-01-01', ['from_date']],
      ['2100-12-31', '2101-01-01', ['to_date']],
      ['9999-12-30', '9999-12-31', ['from_date', 'to_date']],
    ];
    for (const [from, to, fields] of ranges) {
      const range = { from_date: from, to_date: to };
      const calls: [Api, string, object][] = [
        [u, 'getAccountStatement', range],
        [u, 'getProfitLoss', range],
        [u, 'getBetHistory', range],
        [u, 'getBetHistory', { ...range, market_id: 1 }],
        [u, 'getPaymentStatement', range],
        [op, 'adminUserStatement', { ...range, user_id: u.userId }],
        [op, 'adminUserBetHistory', { ...range, user_id: u.userId }],
      ];
      for (const [api, name, body] of calls) {
        const r = await api.call(name as 'getAccountStatement', body);
        expect(r.statusCode, `${name} ${JSON.stringify(body)} ${JSON.stringify(r.body)}`).toBe(400);
        // The message names the first field refused.
        expect(r.body.message).toContain(`${fields[0]}: must be a day in the years 2000 to 2100`);
      }
    }
    expect(await snapshotStore(ctx.app)).toBe(before);
    // The bounds themselves are days like any other.
    for (const range of [
      { from_date: '2000-01-01', to_date: '2000-01-01' },
      { from_date: '2100-12-31', to_date: '2100-12-31' },
    ]) {
      for (const name of ['getAccountStatement', 'getProfitLoss', 'getBetHistory'] as const) {
        const r = await u.call(name, range);
        expect(r.statusCode, `${name} ${JSON.stringify(range)} ${JSON.stringify(r.body)}`).toBe(200);
      }
      const r = await op.call('adminUserStatement', { ...range, user_id: u.userId });
      expect(r.statusCode, JSON.stringify(r.body)).toBe(200);
    }
  });

  it('400 names the bad field, 401 without a token, and reports write nothing', async () => {
    const u = await bettor(1_000);
    const before = await snapshotStore(ctx.app);
    const cases: [string, object, string][] = [
      [
        'getAccountStatement',
        { from_date: '2024-02-30', to_date: '2024-03-01' },
        'from_date: must be a real',
      ],
      ['getAccountStatement', { from_date: '2024-1-01', to_date: '2024-03-01' }, 'from_date: must be a date'],
      ['getAccountStatement', { from_date: '2024-01-01' }, 'to_date'],
      [
        'getAccountStatement',
        { from_date: '2024-03-02', to_date: '2024-03-01' },
        'from_date: from_date must not',
      ],
      [
        'getAccountStatement',
        { from_date: '2024-01-01', to_date: '2025-01-01' },
        'to_date: the range may span',
      ],
      [
        'getAccountStatement',
        { from_date: '2024-01-01', to_date: '2024-01-02', account_type: 'cash' },
        'account_type',
      ],
      ['getAccountStatement', { from_date: '2024-01-01', to_date: '2024-01-02', page: 0 }, 'page'],
      ['getProfitLoss', { from_date: 'yesterday', to_date: '2024-03-01' }, 'from_date'],
      ['getProfitLoss', { from_date: '2024-03-02', to_date: '2024-03-01' }, 'from_date'],
      ['getProfitLoss', { from_date: '2023-01-01', to_date: '2024-01-02' }, 'to_date'],
      ['getProfitLoss', { from_date: '2024-01-01', to_date: '2024-01-02', group_by: 'match' }, 'group_by'],
      ['getProfitLoss', { from_date: '2024-01-01', to_date: '2024-01-02', sport_id: 'x' }, 'sport_id'],
      ['getBetHistory', {}, 'from_date: from_date and to_date are needed'],
      ['getBetHistory', { from_date: '2024-01-01' }, 'from_date'],
      ['getBetHistory', { from_date: '2024-01-05', to_date: '2024-01-01', market_id: 1 }, 'from_date'],
      ['getBetHistory', { market_id: 'abc' }, 'market_id'],
      ['getBetHistory', { market_id: 1, result: 'WIN' }, 'result'],
      ['getBetHistory', { market_id: 1, search: 'x'.repeat(10_000) }, 'search'],
    ];
    for (const [name, body, field] of cases) {
      const r = await u.call(name as 'getAccountStatement', body);
      expect(r.statusCode, `${name} ${JSON.stringify(body)}`).toBe(400);
      expect(r.body.status).toBe(false);
      expect(r.body.message, `${name} ${JSON.stringify(body)}`).toContain(field);
    }
    // 366 days (a leap year, both ends included) is the limit and is fine.
    expect(
      (await u.call('getAccountStatement', { from_date: '2024-01-01', to_date: '2024-12-31' })).statusCode,
    ).toBe(200);
    for (const name of ['getAccountStatement', 'getProfitLoss', 'getBetHistory'] as const) {
      const r = await u.call(name, { from_date: '2024-01-01', to_date: '2024-01-02' }, { token: null });
      expect(r.statusCode).toBe(401);
      expect(r.body.status).toBe(false);
    }
    await u.call('getProfitLoss', { from_date: '2024-01-01', to_date: '2024-12-31', group_by: 'market' });
    await u.call('getBetHistory', { from_date: '2024-01-01', to_date: '2024-12-31' });
    expect(await snapshotStore(ctx.app)).toBe(before);
    await expectLedgerBalanced(ctx.app);
  });
});
