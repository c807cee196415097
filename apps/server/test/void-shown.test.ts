// Issue 47, item 1: a void is shown where the bet and the market are shown, with the operator's
// words. The money was right before (the stakes came back); what the bettor read was not: a voided
// market kept its pre-void book and its bets said MATCHED. Through HTTP, on both stores.
import { expect, it } from 'vitest';
import type { Bet, CurrentBets, EndpointName, MatchBets, MatchDetail } from '@backlay/contract';
import { checkLedger } from '../src/modules/admin/ledger-check.ts';
import type { Api } from './helpers/api.ts';
import {
  createMarket,
  marketBet as bet,
  nextRequestId as nextId,
  type TestMarket as M,
} from './helpers/exchange.ts';
import { bettorOf, operatorOf } from './helpers/people.ts';
import { describeStores } from './helpers/stores.ts';

describeStores('a void as the bettor reads it', (ctx) => {
  let operator: Promise<Api> | undefined;
  const op = () => (operator ??= operatorOf(ctx));
  const bettor = () => bettorOf(ctx, 10_000_00);
  const ok = async (api: Api, name: EndpointName, body: object) => {
    const r = await api.call(name, body);
    expect(r.statusCode, JSON.stringify(r.body)).toBe(200);
    expect(r.body.status, JSON.stringify(r.body)).toBe(true);
    return r.body.data;
  };
  const marketOf = async (api: Api, m: M) =>
    ((await ok(api, 'getMatchDetail', { match_id: m.matchId })) as MatchDetail).markets.find(
      (x) => x.market_id === m.marketId,
    )!;
  const matchBets = async (api: Api, m: M) =>
    (await ok(api, 'getMatchBets', { match_id: m.matchId })) as MatchBets;
  const current = async (api: Api) =>
    ((await ok(api, 'getCurrentBets', { bet_type: 'M', page: 1 })) as CurrentBets).bets;

  /** A backs runner 0 for 100 at 3.0 against B's lay: A's book +200 / −100 / −100. */
  async function matchedPair() {
    const m = await createMarket(ctx.app);
    const a = await bettor();
    const b = await bettor();
    await ok(b, 'placeMarketBet', bet(m, 0, false, 3, 100));
    expect(((await ok(a, 'placeMarketBet', bet(m, 0, true, 3, 100))) as Bet).status).toBe('MATCHED');
    expect((await marketOf(a, m)).runners.map((r) => r.position)).toEqual([200, -100, -100]);
    return { m, a, b };
  }

  it('a whole market voided: its page says void with the reason and keeps no book; its bets say VOIDED', async () => {
    const { m, a } = await matchedPair();
    await ok(await op(), 'adminMarketVoid', {
      market_id: m.marketId,
      reason: '  Match abandoned (rain)  ',
      request_id: nextId('void'),
    });
    const market = await marketOf(a, m);
    expect(market).toMatchObject({ status: 'CLOSED', voided: true, void_reason: 'Match abandoned (rain)' });
    expect(market.runners.map((r) => r.position)).toEqual([0, 0, 0]);
    const mine = await matchBets(a, m);
    expect(mine.matched.map((b) => [b.status, b.void_reason])).toEqual([
      ['VOIDED', 'Match abandoned (rain)'],
    ]);
    const check = await checkLedger(ctx.app);
    expect(check.problems).toEqual([]);
  });

  it('a void without words says void and gives no reason', async () => {
    const { m, a } = await matchedPair();
    await ok(await op(), 'adminMarketVoid', { market_id: m.marketId, request_id: nextId('void') });
    expect(await marketOf(a, m)).toMatchObject({ voided: true, void_reason: null });
    expect((await matchBets(a, m)).matched.map((b) => [b.status, b.void_reason])).toEqual([['VOIDED', null]]);
  });

  it('a runner voided before settlement: its bets say VOIDED in My Bets and Current Bets at once, the runner carries the reason', async () => {
    const { m, a } = await matchedPair();
    await ok(await op(), 'adminMarketVoid', {
      market_id: m.marketId,
      selection_id: m.selectionIds[0],
      reason: 'Runner withdrawn',
      request_id: nextId('void'),
    });
    const market = await marketOf(a, m);
    expect(market.voided).toBe(false);
    expect(market.runners[0]).toMatchObject({
      status: 'REMOVED',
      void_reason: 'Runner withdrawn',
      position: 0,
    });
    expect(market.runners[1]!.void_reason).toBeNull();
    expect((await matchBets(a, m)).matched.map((b) => [b.status, b.void_reason])).toEqual([
      ['VOIDED', 'Runner withdrawn'],
    ]);
    const listed = (await current(a)).filter((b) => b.market_id === m.marketId);
    expect(listed.map((b) => [b.status, b.void_reason])).toEqual([['VOIDED', 'Runner withdrawn']]);
  });

  it('a window void names only the bets placed in it; a bet outside it stays MATCHED', async () => {
    const { m, a, b } = await matchedPair();
    const from = new Date(Date.now() - 60_000).toISOString();
    const to = new Date().toISOString();
    await ok(await op(), 'adminMarketVoidWindow', {
      market_id: m.marketId,
      from,
      to,
      reason: 'Wrong rate',
      request_id: nextId('window'),
    });
    // A later pair on runner 1, outside the window.
    await ok(b, 'placeMarketBet', bet(m, 1, false, 2, 50));
    await ok(a, 'placeMarketBet', bet(m, 1, true, 2, 50));
    const statuses = (await matchBets(a, m)).matched
      .map((x) => [x.selection_id === m.selectionIds[0] ? 'r0' : 'r1', x.status, x.void_reason])
      .sort();
    expect(statuses).toEqual([
      ['r0', 'VOIDED', 'Wrong rate'],
      ['r1', 'MATCHED', null],
    ]);
  });

  it('the reason is checked: at most 120 characters of plain text, refused with the field named and nothing changed', async () => {
    const { m, a } = await matchedPair();
    const r = await (
      await op()
    ).call('adminMarketVoid', {
      market_id: m.marketId,
      reason: 'x'.repeat(121),
      request_id: nextId('void'),
    });
    expect(r.statusCode).toBe(400);
    expect(JSON.stringify(r.body)).toContain('reason must be at most 120 characters');
    expect(await marketOf(a, m)).toMatchObject({ status: 'OPEN', voided: false });
  });
});
