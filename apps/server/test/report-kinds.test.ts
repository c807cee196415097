// Issue 28: current bets and bet history show every kind's bets (exchange, bookmaker, fancy), paged
// and sorted across kinds; a user's bets of a market add up to what the ledger moved for it; a
// never-matched bet leaves current bets when its market settles; a profit of 0 is labelled by
// whether the bet's side came in.
import type { Bet, BetHistory, CurrentBets, ProfitLoss, SettledBet } from '@backlay/contract';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { fancies } from '../src/modules/fancy/schema.ts';
import { markets as marketsTable } from '../src/modules/markets/schema.ts';
import { checkLedger } from '../src/modules/admin/ledger-check.ts';
import type { Api } from './helpers/api.ts';
import { createMarket } from './helpers/exchange.ts';
import { expectLedgerBalanced } from './helpers/ledger.ts';
import { bettorOf, cricketTestMatch, operatorOf } from './helpers/people.ts';
import { describeStores } from './helpers/stores.ts';

let rid = 0;
const requestId = () => `rk-${++rid}-${Math.random().toString(36).slice(2, 8)}`;

type Bettor = Api & { userId: number };

/** Today in IST (the reports' days). */
const istToday = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

describeStores('reports: every kind of bet', (ctx) => {
  const bettor = (balancePaise = 10_000_000) => bettorOf(ctx, balancePaise);
  const operator = () => operatorOf(ctx);

  /** An exchange market (3 runners, commission 0) and the cricket kinds on the same match. */
  async function cricketMatch() {
    const made = await cricketTestMatch(ctx.app);
    const m = made.exchange;
    const fancyRows = await ctx.app.db.select().from(fancies).where(eq(fancies.matchId, m.matchId));
    const fancy = (variant: string) => fancyRows.find((f) => f.variant === variant)!;
    // Exchange runners Runner 1..3; bookmaker teams AUS (back 85, lay 88) and IND (back 110, lay 114).
    return {
      matchId: m.matchId,
      marketId: m.marketId,
      runnerIds: m.selectionIds,
      bookmakerMarketId: made.bookmakerMarketId,
      teamIds: made.selectionIds,
      fancy,
    };
  }

  async function ok(r: Promise<{ body: { status: boolean } }>) {
    const { body } = await r;
    expect(body, JSON.stringify(body)).toMatchObject({ status: true });
    return body as { status: true; data: unknown };
  }

  const exchangeBet = (
    b: Bettor,
    m: { matchId: number; marketId: number },
    selectionId: number,
    back: boolean,
    odds: number,
    stack: number,
  ) =>
    ok(
      b.call('placeMarketBet', {
        match_id: m.matchId,
        market_id: m.marketId,
        selection_id: selectionId,
        is_back: back ? '1' : '0',
        odds,
        stack,
        request_id: requestId(),
      }),
    );

  const fancyBet = (
    b: Bettor,
    matchId: number,
    f: {
      marketId: number;
      yesLine: number | null;
      yesRate: number | null;
      noLine: number | null;
      noRate: number | null;
    },
    yes: boolean,
    stack = 100,
  ) =>
    ok(
      b.call('placeFancyBet', {
        match_id: matchId,
        fancy_id: f.marketId,
        is_yes: yes ? '1' : '0',
        line: (yes ? f.yesLine : f.noLine)!,
        rate: (yes ? f.yesRate : f.noRate)!,
        stack,
        request_id: requestId(),
      }),
    );

  const bookmakerBet = (
    b: Bettor,
    matchId: number,
    marketId: number,
    selectionId: number,
    back: boolean,
    rate: number,
    stack = 100,
  ) =>
    ok(
      b.call('placeBookmakerBet', {
        match_id: matchId,
        market_id: marketId,
        selection_id: selectionId,
        is_back: back ? '1' : '0',
        rate,
        stack,
        request_id: requestId(),
      }),
    );

  const current = async (api: Api, bet_type: 'M' | 'U' | 'D', page = 1, search?: string) => {
    const r = await api.call('getCurrentBets', { bet_type, page, ...(search ? { search } : {}) });
    expect(r.statusCode, JSON.stringify(r.body)).toBe(200);
    return r.body.data as CurrentBets;
  };
  const history = async (api: Api, body: object) => {
    const r = await api.call('getBetHistory', { page: 1, ...body });
    expect(r.statusCode, JSON.stringify(r.body)).toBe(200);
    return r.body.data as BetHistory;
  };
  /** Every page of a paged list, in order. */
  async function allPages<T>(
    fetch: (page: number) => Promise<{ bets: T[]; total: number; page_size: number }>,
  ) {
    const first = await fetch(1);
    const out = [...first.bets];
    for (let p = 2; (p - 1) * first.page_size < first.total; p++) out.push(...(await fetch(p)).bets);
    expect(out).toHaveLength(first.total);
    return out;
  }
  const key = (b: Bet) => `${b.kind}:${b.bet_id}`;

  /** The market's profit/loss before commission from the ledger (P/L by market), paise. */
  async function ledgerPlPaise(api: Api, marketId: number) {
    const today = istToday();
    const r = await api.call('getProfitLoss', { from_date: today, to_date: today, group_by: 'market' });
    const row = (r.body.data as ProfitLoss).rows.find((x) => x.market_id === marketId);
    return Math.round((row?.profit_loss ?? 0) * 100);
  }
  const sumPaise = (bets: SettledBet[]) => bets.reduce((s, b) => s + Math.round(b.profit_loss * 100), 0);

  async function expectLedgerClean() {
    const check = await checkLedger(ctx.app);
    expect(check.problems).toEqual([]);
    await expectLedgerBalanced(ctx.app);
  }

  it('current bets and bet history list every kind, with its line, side and rate, paged and sorted across kinds', async () => {
    const c = await cricketMatch();
    const op = await operator();
    const u = await bettor();
    const other = await bettor();
    const runs = c.fancy('RUNS');
    const oddEven = c.fancy('ODD_EVEN');
    const khado = c.fancy('KHADO');

    // Exchange: one matched back, one unmatched back.
    await exchangeBet(other, c, c.runnerIds[0]!, false, 2, 100);
    await exchangeBet(u, c, c.runnerIds[0]!, true, 2, 100);
    await exchangeBet(u, c, c.runnerIds[1]!, true, 5, 100);
    // Fancy: Yes and No on a runs line, both sides of Odd/Even, a Khado band.
    await fancyBet(u, c.matchId, runs, true);
    await fancyBet(u, c.matchId, runs, false);
    await fancyBet(u, c.matchId, oddEven, true);
    await fancyBet(u, c.matchId, oddEven, false);
    await fancyBet(u, c.matchId, khado, true);
    // Bookmaker: a back of AUS at 85, a lay of IND at 114.
    await bookmakerBet(u, c.matchId, c.bookmakerMarketId, c.teamIds[0]!, true, 85);
    await bookmakerBet(u, c.matchId, c.bookmakerMarketId, c.teamIds[1]!, false, 114);

    const m = await current(u, 'M');
    expect(m.total).toBe(8);
    const byName = new Map(m.bets.map((b) => [`${b.kind} ${b.selection_name}`, b]));
    const runsLine = `${runs.yesLine}`;
    expect(byName.get(`FANCY Yes ${runsLine}`)).toMatchObject({
      kind: 'FANCY',
      market_id: runs.marketId,
      selection_id: null,
      is_back: '1',
      line: runs.yesLine,
      rate: runs.yesRate,
      odds: 1 + runs.yesRate! / 100,
      stack: 100,
      size_matched: 100,
      size_remaining: 0,
      status: 'MATCHED',
    });
    expect(byName.get(`FANCY No ${runs.noLine}`)).toMatchObject({ is_back: '0', line: runs.noLine });
    // Odd/Even: both sides are backs, without a line.
    expect(byName.get('FANCY Odd')).toMatchObject({ is_back: '1', line: null, rate: oddEven.yesRate });
    expect(byName.get('FANCY Even')).toMatchObject({ is_back: '1', line: null, rate: oddEven.noRate });
    expect(byName.get(`FANCY Yes ${khado.yesLine}-${khado.yesLine! + khado.band! - 1}`)).toMatchObject({
      line: khado.yesLine,
    });
    expect(byName.get('BOOKMAKER AUS')).toMatchObject({
      selection_id: c.teamIds[0],
      is_back: '1',
      rate: 85,
      odds: 1.85,
      line: null,
      size_matched: 100,
    });
    expect(byName.get('BOOKMAKER IND')).toMatchObject({ is_back: '0', rate: 114, odds: 2.14 });
    expect(byName.get('EXCHANGE Runner 1')).toMatchObject({ size_matched: 100, line: null, rate: null });
    // Newest placed first, across kinds.
    const placed = m.bets.map((b) => b.placed_at);
    expect([...placed].sort().reverse()).toEqual(placed);
    expect((await current(u, 'U')).bets.map(key)).toEqual([expect.stringMatching(/^EXCHANGE:/)]);
    expect((await current(u, 'D')).total).toBe(0);
    expect((await current(u, 'M', 1, 'odd/even')).bets.map((b) => b.selection_name).sort()).toEqual([
      'Even',
      'Odd',
    ]);

    // More fancy bets than a page holds: the pages join into every bet once, in order.
    for (let i = 0; i < 20; i++) await fancyBet(u, c.matchId, runs, i % 2 === 0);
    const pages = await allPages((p) => current(u, 'M', p));
    expect(pages).toHaveLength(28);
    expect(new Set(pages.map(key)).size).toBe(28);
    // The operator's view is the bettor's.
    const opPage = await op.call('adminUserCurrentBets', { user_id: u.userId, bet_type: 'M', page: 2 });
    expect(opPage.body.data).toEqual(await current(u, 'M', 2));

    // Settle every market: Runner 1, AUS, and results on each fancy.
    expect(
      (await ctx.app.settlement.declareResult(null, c.marketId, { winners: [c.runnerIds[0]!] })).ok,
    ).toBe(true);
    expect(
      (await ctx.app.settlement.declareResult(null, c.bookmakerMarketId, { winners: [c.teamIds[0]!] })).ok,
    ).toBe(true);
    for (const [f, value] of [
      [runs, runs.yesLine! + 3],
      [oddEven, 7],
      [khado, khado.yesLine! + 1],
    ] as const) {
      const r = await ctx.app.settlement.declareValue(null, f.marketId, value, 'RESULT');
      expect(r.ok, JSON.stringify(r)).toBe(true);
    }
    for (const t of ['M', 'U', 'D'] as const) expect((await current(u, t)).total).toBe(0);

    const today = istToday();
    const settled = (await allPages((p) =>
      history(u, { from_date: today, to_date: today, page: p }),
    )) as SettledBet[];
    // Every bet: the exchange's two (the unmatched one lapsed, void), 25 fancy, 2 bookmaker.
    expect(settled).toHaveLength(29);
    expect(new Set(settled.map(key)).size).toBe(settled.length);
    const at = settled.map((b) => `${b.settled_at}`);
    expect([...at].sort().reverse()).toEqual(at);
    expect(settled.filter((b) => b.kind === 'FANCY')).toHaveLength(25);
    expect(settled.filter((b) => b.kind === 'BOOKMAKER')).toHaveLength(2);
    expect(settled.filter((b) => b.kind === 'EXCHANGE')).toHaveLength(2);
    // Odd result: Odd won, Even lost, both backs.
    const oe = settled.filter((b) => b.market_id === oddEven.marketId);
    expect(oe.map((b) => [b.selection_name, b.result, b.is_back]).sort()).toEqual([
      ['Even', 'LOST', '1'],
      ['Odd', 'WON', '1'],
    ]);
    // A statement row opens its market's bets, for every kind; they add up to the ledger's P/L.
    for (const marketId of [
      c.marketId,
      c.bookmakerMarketId,
      runs.marketId,
      oddEven.marketId,
      khado.marketId,
    ]) {
      const one = await allPages((p) => history(u, { market_id: marketId, page: p }));
      expect(one.length).toBeGreaterThan(0);
      expect(one.every((b) => b.market_id === marketId)).toBe(true);
      expect(sumPaise(one as SettledBet[])).toBe(await ledgerPlPaise(u, marketId));
    }
    // Filters apply to every kind.
    const won = await allPages((p) =>
      history(u, { from_date: today, to_date: today, result: 'WON', page: p }),
    );
    expect(won.every((b) => (b as SettledBet).result === 'WON')).toBe(true);
    expect(new Set(won.map((b) => b.kind))).toEqual(new Set(['FANCY', 'BOOKMAKER', 'EXCHANGE']));
    const voided = await history(u, { from_date: today, to_date: today, result: 'VOID' });
    expect(voided.bets).toEqual([
      expect.objectContaining({ kind: 'EXCHANGE', status: 'LAPSED', size_matched: 0, profit_loss: 0 }),
    ]);
    const searched = await history(u, { from_date: today, to_date: today, search: 'Khado' });
    expect(searched.bets.map((b) => b.market_id)).toEqual([khado.marketId]);
    const opHistory = await op.call('adminUserBetHistory', { user_id: u.userId, market_id: runs.marketId });
    expect(opHistory.body.data).toEqual(await history(u, { market_id: runs.marketId }));
    await expectLedgerClean();
  });

  it('a user’s bets of a market add up to the ledger’s movement when the fills’ truncations lose paise', async () => {
    const m = await createMarket(ctx.app, { minStakePaise: 100, runners: 2 });
    await ctx.app.db
      .update(marketsTable)
      .set({ commissionBps: 0 })
      .where(eq(marketsTable.marketId, m.marketId));
    const market = { matchId: m.matchId, marketId: m.marketId };
    const [r1, r2] = m.selectionIds as [number, number];
    const backer = await bettor();
    const layer = await bettor();
    const others = await Promise.all([1, 2, 3, 4, 5].map(() => bettor()));
    // The backer's ₹2.02 @ 1.5 is matched by two lays of ₹1.01: each fill wins 50.5 paise,
    // truncated to 50; exact 101. A second bet (₹1.01 @ 1.5, one fill) wins 50.5 → 50.
    await exchangeBet(others[0]!, market, r1, false, 1.5, 1.01);
    await exchangeBet(others[1]!, market, r1, false, 1.5, 1.01);
    await exchangeBet(backer, market, r1, true, 1.5, 2.02);
    await exchangeBet(others[2]!, market, r1, false, 1.5, 1.01);
    await exchangeBet(backer, market, r1, true, 1.5, 1.01);
    // The layer's ₹2.02 @ 1.5 on runner 2 is matched by two backs of ₹1.01: each fill loses 50.5.
    await exchangeBet(others[3]!, market, r2, true, 1.5, 1.01);
    await exchangeBet(others[4]!, market, r2, true, 1.5, 1.01);
    await exchangeBet(layer, market, r2, false, 1.5, 2.02);

    const settle = await ctx.app.settlement.declareResult(null, m.marketId, { winners: [r1] });
    expect(settle.ok).toBe(true);
    const betsOf = async (u: Bettor) => (await history(u, { market_id: m.marketId })).bets;
    // Backer: exact 151.5 → the ledger moved 151; the bets carry 101 + 50 (the residue on the larger).
    expect(await ledgerPlPaise(backer, m.marketId)).toBe(151);
    expect((await betsOf(backer)).map((b) => [b.stack, Math.round(b.profit_loss * 100)])).toEqual([
      [1.01, 50],
      [2.02, 101],
    ]);
    // Layer: runner 2 lost, so the lay wins the backers' stakes, 202 paise (no fractions).
    expect(await ledgerPlPaise(layer, m.marketId)).toBe(202);
    for (const u of [backer, layer, ...others]) {
      expect(sumPaise(await betsOf(u))).toBe(await ledgerPlPaise(u, m.marketId));
    }

    // Unsettle clears every bet's result; settling again gives the same numbers.
    expect((await ctx.app.settlement.unsettle(null, m.marketId)).ok).toBe(true);
    expect((await betsOf(backer)).length).toBe(0);
    expect((await ctx.app.settlement.declareResult(null, m.marketId, { winners: [r2] })).ok).toBe(true);
    // Runner 2 won: the layer loses 2 × 50.5 = 101 exactly, charged once (not 2 × 50).
    expect(await ledgerPlPaise(layer, m.marketId)).toBe(202 - 202 - 101);
    for (const u of [backer, layer, ...others]) {
      expect(sumPaise(await betsOf(u))).toBe(await ledgerPlPaise(u, m.marketId));
    }
    await expectLedgerClean();
  });

  it('a never-matched bet leaves current bets when its market settles (void, cancelled or lapsed) and comes back on unsettle', async () => {
    const m = await createMarket(ctx.app, { minStakePaise: 100, runners: 2 });
    const market = { matchId: m.matchId, marketId: m.marketId };
    const u = await bettor();
    const resting = (await exchangeBet(u, market, m.selectionIds[0]!, true, 5, 10)).data as {
      bet_id: number;
    };
    const cancelled = (await exchangeBet(u, market, m.selectionIds[1]!, true, 5, 10)).data as {
      bet_id: number;
    };
    await ok(u.call('cancelBet', { bet_id: cancelled.bet_id }));
    expect((await current(u, 'U')).bets.map((b) => b.bet_id)).toEqual([resting.bet_id]);
    expect((await current(u, 'D')).bets.map((b) => b.bet_id)).toEqual([cancelled.bet_id]);

    expect(
      (await ctx.app.settlement.declareResult(null, m.marketId, { winners: [m.selectionIds[0]!] })).ok,
    ).toBe(true);
    for (const t of ['M', 'U', 'D'] as const) expect((await current(u, t)).total).toBe(0);
    const settled = (await history(u, { market_id: m.marketId })).bets;
    expect(settled.map((b) => [b.bet_id, b.status, b.result, b.profit_loss]).sort()).toEqual(
      [
        [resting.bet_id, 'LAPSED', 'VOID', 0],
        [cancelled.bet_id, 'CANCELLED', 'VOID', 0],
      ].sort(),
    );

    expect((await ctx.app.settlement.unsettle(null, m.marketId)).ok).toBe(true);
    expect((await current(u, 'D')).bets.map((b) => b.bet_id).sort()).toEqual(
      [resting.bet_id, cancelled.bet_id].sort(),
    );
    expect((await history(u, { market_id: m.marketId })).total).toBe(0);
    expect(
      (await ctx.app.settlement.declareResult(null, m.marketId, { winners: [m.selectionIds[1]!] })).ok,
    ).toBe(true);
    expect((await current(u, 'D')).total).toBe(0);
    expect((await history(u, { market_id: m.marketId })).total).toBe(2);
    await expectLedgerClean();
  });

  it('a profit of exactly 0 is labelled by whether the bet’s side came in (a bookmaker dead heat at evens)', async () => {
    const c = await cricketMatch();
    const op = await operator();
    const quote = await op.call('adminBookmakerQuote', {
      market_id: c.bookmakerMarketId,
      runners: c.teamIds.map((id) => ({ selection_id: id, back_rate: 100, lay_rate: 100 })),
    });
    expect(quote.body, JSON.stringify(quote.body)).toMatchObject({ status: true });
    const backer = await bettor();
    const layer = await bettor();
    await bookmakerBet(backer, c.matchId, c.bookmakerMarketId, c.teamIds[0]!, true, 100);
    await bookmakerBet(layer, c.matchId, c.bookmakerMarketId, c.teamIds[1]!, false, 100);
    const r = await ctx.app.settlement.declareResult(null, c.bookmakerMarketId, {
      winners: [...c.teamIds],
      dead_heat_count: 2,
    });
    expect(r.ok, JSON.stringify(r)).toBe(true);
    // Each bet's dead-heat result: (win + loss) / 2 = 0. The back's runner came in; the lay's did too.
    expect((await history(backer, { market_id: c.bookmakerMarketId })).bets).toEqual([
      expect.objectContaining({ result: 'WON', profit_loss: 0 }),
    ]);
    expect((await history(layer, { market_id: c.bookmakerMarketId })).bets).toEqual([
      expect.objectContaining({ result: 'LOST', profit_loss: 0 }),
    ]);
    await expectLedgerClean();
  });
});
