// An exchange order's own check (price on the ladder, stake, request id) is made once, where the
// order comes in (modules/exchange/order-check.ts; issue 42 item 7): the HTTP routes check it as
// they read the wire, and placing it does not check it again; an order from the service (a feed,
// a maker) is checked where it is placed.
import { expect, it } from 'vitest';
import { orderChecks } from '../src/modules/exchange/order-check.ts';
import { SYSTEM_STAKER } from '../src/modules/wallet/stake-gate.ts';
import { Api } from './helpers/api.ts';
import {
  createBettor,
  createMarket,
  expectExchangeInvariants,
  marketBet,
  nextRequestId,
} from './helpers/exchange.ts';
import { describeStores } from './helpers/stores.ts';

describeStores('an exchange order is checked once', (ctx) => {
  /** A bet through the service (a feed's or a maker's path), with the fields a test changes. */
  const serviceBet = (
    userId: number,
    marketId: number,
    selectionId: number,
    order: { side: 'BACK' | 'LAY'; price: number; request_id?: string },
  ) =>
    ctx.app.exchange.placeBet(
      userId,
      {
        market_id: marketId,
        selection_id: selectionId,
        size_paise: 1_000,
        request_id: nextRequestId('oc'),
        ...order,
      },
      { staker: SYSTEM_STAKER },
    );

  it('a bet over HTTP once, each order of a batch once, a bet from the service once', async () => {
    const m = await createMarket(ctx.app);
    const u = await createBettor(ctx.app, 10_000_000);
    const api = new Api(ctx.app);
    await api.login(u.userName, u.password);

    let before = orderChecks.count;
    const one = await api.call('placeMarketBet', marketBet(m, 0, true, 3, 100));
    expect(one.body, one.body.message).toMatchObject({ status: true });
    expect(orderChecks.count - before).toBe(1);

    before = orderChecks.count;
    const order = (odds: number, stack: number) => ({
      selection_id: m.selectionIds[1]!,
      is_back: '1',
      odds,
      stack,
      request_id: nextRequestId('oc'),
    });
    const batch = await api.call('placeOrders', {
      match_id: m.matchId,
      market_id: m.marketId,
      orders: [order(3, 100), order(3.5, 200), order(4, 50)],
    });
    expect(batch.body, batch.body.message).toMatchObject({ status: true });
    expect(orderChecks.count - before).toBe(3);

    before = orderChecks.count;
    const r = await serviceBet(u.userId, m.marketId, m.selectionIds[2]!, { side: 'LAY', price: 250 });
    expect(r.ok).toBe(true);
    expect(orderChecks.count - before).toBe(1);
    await expectExchangeInvariants(ctx.app);
  });

  it('an order refused by its check leaves nothing behind, over HTTP and from the service', async () => {
    const m = await createMarket(ctx.app);
    const u = await createBettor(ctx.app, 10_000_000);
    const api = new Api(ctx.app);
    await api.login(u.userName, u.password);
    const off = await api.call('placeMarketBet', marketBet(m, 0, true, 2.03, 100));
    expect(off.body).toMatchObject({
      status: false,
      message: 'Odds 2.03 are not a valid price on the ladder',
    });
    const r = await serviceBet(u.userId, m.marketId, m.selectionIds[0]!, { side: 'BACK', price: 203 });
    expect(r).toEqual({ ok: false, message: 'Odds are not a valid price on the ladder' });
    const long = await serviceBet(u.userId, m.marketId, m.selectionIds[0]!, {
      side: 'BACK',
      price: 200,
      request_id: 'x'.repeat(65),
    });
    expect(long).toEqual({ ok: false, message: 'request_id must be 1 to 64 characters' });
    const balance = await api.call('getUserBalance');
    expect(balance.body.data).toMatchObject({ liability: 0 });
    await expectExchangeInvariants(ctx.app);
  });
});
