import type { CricketDetail, KindBet } from '@backlay/contract';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { matches } from '../src/modules/catalog/schema.ts';
import { fancyBets } from '../src/modules/fancy/schema.ts';
import { markets } from '../src/modules/markets/schema.ts';
import { checkLedger } from '../src/modules/admin/ledger-check.ts';
import type { Api } from './helpers/api.ts';
import { snapshotStore } from './helpers/api.ts';
import { bettorOf, cricketTestMatch, operatorOf } from './helpers/people.ts';
import { describeStores } from './helpers/stores.ts';

let rid = 0;
const nextRequestId = () => `cr-${++rid}-${Math.random().toString(36).slice(2, 8)}`;

describeStores('cricket: bookmaker and fancy', (ctx) => {
  const bettor = (balanceRupees = 10_000) => bettorOf(ctx, balanceRupees * 100);
  const operator = () => operatorOf(ctx);
  const cricketMatch = () => cricketTestMatch(ctx.app);
  async function detail(api: Api, matchId: number) {
    const r = await api.call('getCricketDetail', { match_id: matchId });
    expect(r.body.status).toBe(true);
    return r.body.data as CricketDetail;
  }
  async function expectLedgerClean() {
    const check = await checkLedger(ctx.app);
    expect(check.problems).toEqual([]);
  }

  it('bookmaker: a back at the quoted rate is taken whole; position, liability and idempotency', async () => {
    const c = await cricketMatch();
    const a = await bettor();
    const d = await detail(a, c.matchId);
    const bm = d.bookmakers[0]!;
    expect(bm.runners.map((r) => [r.back_rate, r.lay_rate])).toEqual([
      [85, 88],
      [110, 114],
    ]);
    const body = {
      match_id: c.matchId,
      market_id: bm.market_id,
      selection_id: bm.runners[0]!.selection_id,
      is_back: '1',
      rate: 85,
      stack: 1000,
      request_id: nextRequestId(),
    };
    const r = await a.call('placeBookmakerBet', body);
    expect(r.body).toMatchObject({
      status: true,
      data: { bet: { kind: 'BOOKMAKER', rate: 85, stack: 1000, status: 'MATCHED' } },
    });
    // Back 1000 @85 on AUS: +850 if AUS wins, −1000 if IND wins.
    const after = await detail(a, c.matchId);
    expect(after.bookmakers[0]!.runners.map((x) => x.position)).toEqual([850, -1000]);
    expect((await a.call('getUserBalance')).body.data).toEqual({ total_balance: 10_000, liability: 1000 });
    // The same request_id again places nothing.
    const again = await a.call('placeBookmakerBet', body);
    expect(again.body.status).toBe(true);
    expect((await a.call('getCricketBets', { match_id: c.matchId })).body.data).toMatchObject({
      bets: [{ kind: 'BOOKMAKER' }],
    });
    await expectLedgerClean();
  });

  it('bookmaker refusals say why and change nothing', async () => {
    const c = await cricketMatch();
    const a = await bettor(100);
    const d = await detail(a, c.matchId);
    const bm = d.bookmakers[0]!;
    const base = {
      match_id: c.matchId,
      market_id: bm.market_id,
      selection_id: bm.runners[0]!.selection_id,
      is_back: '1',
      rate: 85,
      stack: 50,
    };
    const before = await snapshotStore(ctx.app);
    const cases: [object, string][] = [
      [{ rate: 86 }, 'Rate changed'],
      [{ stack: 1 }, 'Minimum stake'],
      [{ stack: 500 }, 'Insufficient balance'],
      [{ match_id: c.matchId + 100_000 }, 'Unknown market for this match'],
      [{ market_id: 2_000_000_000 }, 'Unknown bookmaker market'],
    ];
    for (const [patch, message] of cases) {
      const r = await a.call('placeBookmakerBet', { ...base, ...patch, request_id: nextRequestId() });
      expect(r.body.status, JSON.stringify(patch)).toBe(false);
      expect(r.body.message).toContain(message);
    }
    const zero = await a.call('placeBookmakerBet', { ...base, rate: 0, request_id: nextRequestId() });
    expect(zero.statusCode).toBe(400);
    expect(zero.body.message).toContain('rate');
    const op = await operator();
    await op.call('adminBookmakerStatus', { market_id: bm.market_id, status: 'SUSPENDED' });
    const suspended = await a.call('placeBookmakerBet', { ...base, request_id: nextRequestId() });
    expect(suspended.body).toMatchObject({ status: false });
    await op.call('adminBookmakerStatus', { market_id: bm.market_id, status: 'ACTIVE' });
    expect(await snapshotStore(ctx.app)).not.toBe(before); // the operator's calls are audited …
    const bets = (await a.call('getCricketBets', { match_id: c.matchId })).body.data as { bets: KindBet[] };
    expect(bets.bets).toEqual([]); // … but no bet was taken
    await expectLedgerClean();
  });

  it('fancy: Yes and No net on one fancy; the book; Line changed and Ball running refuse', async () => {
    const c = await cricketMatch();
    const a = await bettor();
    const op = await operator();
    const fancyId = c.fancyIds[0]!; // "6 over runs AUS", No 48 / Yes 49
    await op.call('adminFancyQuote', {
      fancy_id: fancyId,
      no_line: 45,
      no_rate: 100,
      yes_line: 46,
      yes_rate: 100,
    });
    const place = (is_yes: '1' | '0', line: number, rate = 100, stack = 1000) =>
      a.call('placeFancyBet', {
        match_id: c.matchId,
        fancy_id: fancyId,
        is_yes,
        line,
        rate,
        stack,
        request_id: nextRequestId(),
      });
    expect((await place('0', 45)).body.status).toBe(true);
    expect((await place('1', 46)).body.status).toBe(true);
    // DOMAIN.md: 1000 on No 45 and 1000 on Yes 46 → r ≤ 44: 0, r = 45: −2000, r ≥ 46: 0.
    const book = (await a.call('getFancyBook', { fancy_id: fancyId })).body.data as {
      rows: { result: number; profit_loss: number }[];
    };
    expect(book.rows).toEqual([
      { result: 43, profit_loss: 0 },
      { result: 44, profit_loss: 0 },
      { result: 45, profit_loss: -2000 },
      { result: 46, profit_loss: 0 },
      { result: 47, profit_loss: 0 },
      { result: 48, profit_loss: 0 },
    ]);
    const f = (await detail(a, c.matchId)).fancies.find((x) => x.fancy_id === fancyId)!;
    expect(f.exposure).toBe(2000);
    expect((await a.call('getUserBalance')).body.data).toEqual({ total_balance: 10_000, liability: 2000 });

    const before = await snapshotStore(ctx.app);
    expect((await place('1', 47)).body).toMatchObject({ status: false, message: 'Line changed' });
    expect((await place('1', 46, 90)).body).toMatchObject({ status: false, message: 'Line changed' });
    expect((await place('1', 46, 100, 20_000_000)).body.status).toBe(false);
    const unknown = await a.call('placeFancyBet', {
      match_id: c.matchId,
      fancy_id: 2_000_000_000,
      is_yes: '1',
      line: 46,
      rate: 100,
      stack: 100,
      request_id: nextRequestId(),
    });
    expect(unknown.body).toMatchObject({ status: false, message: 'Unknown fancy' });
    expect(await snapshotStore(ctx.app)).toBe(before);
    await op.call('adminFancyStatus', { fancy_id: fancyId, status: 'BALL_RUNNING' });
    expect((await place('1', 46)).body).toMatchObject({ status: false, message: 'Ball running' });
    await expectLedgerClean();
  });

  it('fancy settlement: Yes wins at result ≥ line, No below; unsettle and void return the money', async () => {
    const c = await cricketMatch();
    const yes = await bettor();
    const no = await bettor();
    const op = await operator();
    const fancyId = c.fancyIds[0]!;
    await op.call('adminFancyQuote', {
      fancy_id: fancyId,
      no_line: 45,
      no_rate: 100,
      yes_line: 46,
      yes_rate: 90,
    });
    const bet = (api: Api, is_yes: '1' | '0', line: number, rate: number) =>
      api.call('placeFancyBet', {
        match_id: c.matchId,
        fancy_id: fancyId,
        is_yes,
        line,
        rate,
        stack: 1000,
        request_id: nextRequestId(),
      });
    expect((await bet(yes, '1', 46, 90)).body.status).toBe(true);
    expect((await bet(no, '0', 45, 100)).body.status).toBe(true);
    const settled = await op.call('adminFancyResult', {
      fancy_id: fancyId,
      result: 52,
      request_id: nextRequestId(),
    });
    expect(settled.body).toMatchObject({ status: true, data: { state: 'SETTLED', result_value: 52 } });
    // Yes 46 @90 wins 900; No 45 loses 1000.
    expect((await yes.call('getUserBalance')).body.data).toEqual({ total_balance: 10_900, liability: 0 });
    expect((await no.call('getUserBalance')).body.data).toEqual({ total_balance: 9_000, liability: 0 });
    const again = await op.call('adminFancyResult', { fancy_id: fancyId, result: 40 });
    expect(again.body.status).toBe(false);
    await expectLedgerClean();

    await op.call('adminMarketUnsettle', { market_id: fancyId });
    expect((await yes.call('getUserBalance')).body.data).toEqual({ total_balance: 10_000, liability: 1000 });
    const voided = await op.call('adminFancyVoid', { fancy_id: fancyId });
    expect(voided.body).toMatchObject({ status: true, data: { void_market: true } });
    expect((await yes.call('getUserBalance')).body.data).toEqual({ total_balance: 10_000, liability: 0 });
    expect((await no.call('getUserBalance')).body.data).toEqual({ total_balance: 10_000, liability: 0 });
    await expectLedgerClean();
  });

  it('fancy idempotency: a request id answers its one bet, at once, twice together, and after a suspension', async () => {
    const c = await cricketMatch();
    const a = await bettor();
    const op = await operator();
    const fancyId = c.fancyIds[0]!; // No 48 / Yes 49 at 100
    const bet = (request_id: string, stack = 1000) =>
      a.call('placeFancyBet', {
        match_id: c.matchId,
        fancy_id: fancyId,
        is_yes: '1',
        line: 49,
        rate: 100,
        stack,
        request_id,
      });
    const first = await bet('fy-1');
    expect(first.body).toMatchObject({ status: true, message: 'Bet placed' });
    // The answer names the bet's match and fancy, as My Bets will.
    const [names] = await ctx.app.db
      .select({ match: matches.matchName, market: markets.marketName })
      .from(markets)
      .innerJoin(matches, eq(matches.matchId, markets.matchId))
      .where(eq(markets.marketId, fancyId));
    expect((first.body.data as { bet: KindBet }).bet).toMatchObject({
      match_name: names!.match,
      market_name: names!.market,
    });
    expect(names!.match).not.toBe('');
    const again = await bet('fy-1');
    expect(again.body).toMatchObject({ status: true, message: 'Bet already placed' });
    expect(again.body.data).toEqual(first.body.data);
    expect((await bet('fy-1', 2000)).body).toMatchObject({
      status: false,
      message: 'request_id was already used for a different bet',
    });
    // Two copies in flight together: one bet, both answered with it.
    const [x, y] = await Promise.all([bet('fy-2'), bet('fy-2')]);
    expect([x.body.status, y.body.status]).toEqual([true, true]);
    expect((x.body.data as { bet: KindBet }).bet.bet_id).toBe((y.body.data as { bet: KindBet }).bet.bet_id);
    expect([x.body.message, y.body.message].sort()).toEqual(['Bet already placed', 'Bet placed']);
    // A retry after the fancy was suspended still gets its bet, not the suspension.
    await op.call('adminFancyStatus', { fancy_id: fancyId, status: 'SUSPENDED' });
    expect((await bet('fy-2')).body).toMatchObject({ status: true, message: 'Bet already placed' });
    expect((await bet('fy-3')).body).toMatchObject({ status: false });
    const mine = await ctx.app.db.select().from(fancyBets).where(eq(fancyBets.userId, a.userId));
    expect(mine.map((b) => b.requestId).sort()).toEqual(['fy-1', 'fy-2']);
    expect((await a.call('getUserBalance')).body.data).toEqual({ total_balance: 10_000, liability: 2000 });
    await expectLedgerClean();
  });

  it('many bettors on one fancy while its line moves keep every invariant', async () => {
    const c = await cricketMatch();
    const op = await operator();
    const fancyId = c.fancyIds[0]!;
    await op.call('adminFancyQuote', {
      fancy_id: fancyId,
      no_line: 45,
      no_rate: 100,
      yes_line: 46,
      yes_rate: 100,
    });
    const bettors = await Promise.all(Array.from({ length: 6 }, () => bettor(5_000)));
    const bets = bettors.flatMap((b, i) =>
      Array.from({ length: 5 }, (_, k) =>
        b.call('placeFancyBet', {
          match_id: c.matchId,
          fancy_id: fancyId,
          is_yes: (i + k) % 2 ? '1' : '0',
          line: (i + k) % 2 ? 46 : 45,
          rate: 100,
          stack: 500,
          request_id: nextRequestId(),
        }),
      ),
    );
    const moves = [47, 48, 45].map((l) =>
      op.call('adminFancyQuote', {
        fancy_id: fancyId,
        no_line: l,
        no_rate: 100,
        yes_line: l + 1,
        yes_rate: 100,
      }),
    );
    const answers = await Promise.all([...bets, ...moves]);
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    const refused = answers.slice(0, bets.length).filter((r) => !r.body.status);
    expect(refused.every((r) => r.body.message === 'Line changed')).toBe(true);
    await expectLedgerClean();
    await op.call('adminFancyResult', { fancy_id: fancyId, result: 45 });
    await expectLedgerClean();
  });
});
