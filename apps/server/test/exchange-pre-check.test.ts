// The pre-check reads of bets arriving together (exchange/pre-check.ts): a market maker's quote on
// an in-play market is dozens of orders at once, each pre-checked (repeat? market row?) before its
// bet delay. Read together they cost two statements, not two per bet, and each bet gets its own
// answer: a repeat its stored bet, an unknown market none, the others the row.
import { expect, it } from 'vitest';
import { createPreCheckReader } from '../src/modules/exchange/pre-check.ts';
import { createExchangeService } from '../src/modules/exchange/service.ts';
import { SYSTEM_STAKER } from '../src/modules/wallet/stake-gate.ts';
import type { Executor } from '../src/db/store.ts';
import { createBettor, createMarket, expectExchangeInvariants } from './helpers/exchange.ts';
import { describeStores } from './helpers/stores.ts';

let rid = 0;
const nextRequestId = () => `pre-${++rid}-${Math.random().toString(36).slice(2, 8)}`;

describeStores('exchange pre-check reads', (ctx) => {
  it('reads gathered together are two statements, each answered as if alone', async () => {
    const m = await createMarket(ctx.app);
    const other = await createMarket(ctx.app);
    const u = await createBettor(ctx.app, 1_000_000);
    const stored = nextRequestId();
    const placed = await ctx.app.exchange.placeBet(
      u.userId,
      {
        market_id: m.marketId,
        selection_id: m.selectionIds[0]!,
        side: 'BACK',
        price: 300,
        size_paise: 1_000,
        request_id: stored,
      },
      { staker: SYSTEM_STAKER },
    );
    expect(placed.ok).toBe(true);
    let selects = 0;
    const counting = {
      select: (...args: Parameters<Executor['select']>) => {
        selects += 1;
        return ctx.app.db.select(...args);
      },
    } as unknown as Executor;
    const read = createPreCheckReader(counting);
    const fresh = nextRequestId();
    const [a, b, c, d] = await Promise.all([
      read(u.userId, stored, m.marketId),
      read(u.userId, fresh, m.marketId),
      read(u.userId + 1_000_000, stored, other.marketId),
      read(u.userId, nextRequestId(), 2_000_000_000),
    ]);
    expect(selects).toBe(2);
    expect(a.repeated?.requestId).toBe(stored);
    expect(a.market?.marketId).toBe(m.marketId);
    expect(b.repeated).toBeNull();
    expect(b.market?.marketId).toBe(m.marketId);
    expect(c.repeated).toBeNull();
    expect(c.market?.marketId).toBe(other.marketId);
    expect(d).toEqual({ repeated: null, market: null });
    // A later read is a statement pair of its own.
    await read(u.userId, fresh, m.marketId);
    expect(selects).toBe(4);
  });

  it('a quote of many orders on an in-play market: each waits its delay; a repeat among them gets its stored answer at once', async () => {
    const m = await createMarket(ctx.app, { inPlay: true, betDelayS: 1 });
    const maker = await createBettor(ctx.app, 100_000_000);
    const first = nextRequestId();
    const order = (price: number, request_id: string) => ({
      market_id: m.marketId,
      selection_id: m.selectionIds[price % 3]!,
      side: 'LAY' as const,
      price,
      size_paise: 10_000,
      request_id,
    });
    const one = await ctx.app.exchange.placeBet(maker.userId, order(150, first), { staker: SYSTEM_STAKER });
    expect(one.ok).toBe(true);
    const delays: number[] = [];
    const started = Date.now();
    const outcomes = await Promise.all([
      ctx.app.exchange.placeBet(maker.userId, order(150, first), {
        staker: SYSTEM_STAKER,
        onDelay: (ms) => delays.push(ms),
      }),
      ...[151, 152, 153, 154, 155, 156, 157, 158].map((price) =>
        ctx.app.exchange.placeBet(maker.userId, order(price, nextRequestId()), {
          staker: SYSTEM_STAKER,
          onDelay: (ms) => delays.push(ms),
        }),
      ),
    ]);
    expect(outcomes.every((o) => o.ok)).toBe(true);
    // The repeat waited no delay; the eight new orders one each.
    expect(delays).toEqual(Array.from({ length: 8 }, () => 1_000));
    expect(outcomes[0]).toEqual({ ...one, repeated: true });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    await expectExchangeInvariants(ctx.app);
  });

  it('bets arriving over several turns on a market this node has not seen read its row once, not a pre-check each', async () => {
    // A node meets a market for the first time after a start, a takeover or the market's opening:
    // every bet in flight then pre-checked (a repeat read and a row read each) until the first read
    // came back; 16 to 64 bets at 64 in flight, p99 130-210 ms against 50-75 ms a phase later.
    const m = await createMarket(ctx.app);
    const u = await createBettor(ctx.app, 10_000_000);
    const a = ctx.app;
    let selects = 0;
    // The service's own executor, counting its statements outside a transaction (its reads before
    // the queue; a round's statements run on the transaction's executor).
    const db = new Proxy(a.db, {
      get(target, key) {
        const v = Reflect.get(target, key) as unknown;
        if (key === 'select')
          return (...args: unknown[]) => {
            selects += 1;
            return (v as (...x: unknown[]) => unknown).apply(target, args);
          };
        return typeof v === 'function' ? (v as (...x: unknown[]) => unknown).bind(target) : v;
      },
    });
    const exchange = createExchangeService({
      bus: a.bus,
      clock: a.clock,
      db,
      log: a.log,
      metrics: a.metrics,
      shards: a.shards,
      wallet: a.wallet,
    });
    const bet = (i: number) =>
      exchange.placeBet(
        u.userId,
        {
          market_id: m.marketId,
          selection_id: m.selectionIds[i % 3]!,
          side: i % 2 === 0 ? 'BACK' : 'LAY',
          price: 200 + (i % 5) * 2,
          size_paise: 1_000,
          request_id: nextRequestId(),
        },
        { staker: SYSTEM_STAKER },
      );
    const placing: Promise<unknown>[] = [];
    for (let turn = 0; turn < 4; turn++) {
      for (let i = 0; i < 6; i++) placing.push(bet(turn * 6 + i));
      await new Promise((resolve) => setImmediate(resolve));
    }
    const outcomes = (await Promise.all(placing)) as { ok: boolean }[];
    expect(outcomes.filter((o) => o.ok)).toHaveLength(24);
    expect(selects).toBe(1);
    await expectExchangeInvariants(ctx.app);
  });
});
