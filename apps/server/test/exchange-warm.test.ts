// Markets read when a node takes them (exchange/warm.ts): after a start or a takeover, a market's
// first bet costs what its second costs (no row read before the queue, no rebuild of its book in
// its round), the warmed book is the store's (a bet matches what rests), and what is not the
// node's to keep (a closed market, another kind's, another shard's, a shard given up) is left.
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { Db } from '../src/db/store.ts';
import { createBookCache } from '../src/modules/exchange/book-cache.ts';
import { createExchangeService } from '../src/modules/exchange/service.ts';
import { createWarmer, WARM_MARKETS_MAX } from '../src/modules/exchange/warm.ts';
import { markets } from '../src/modules/markets/schema.ts';
import type { ShardLeases } from '../src/plugins/shard-leases.ts';
import { SYSTEM_STAKER } from '../src/modules/wallet/stake-gate.ts';
import { createBettor, createMarket, expectExchangeInvariants } from './helpers/exchange.ts';
import { describeStores } from './helpers/stores.ts';

let rid = 0;
const nextRequestId = () => `warm-${++rid}-${Math.random().toString(36).slice(2, 8)}`;

/** The database, counting every `select` it and its transactions run. */
function counting(db: Db) {
  const count = { selects: 0 };
  const wrap = <T extends object>(x: T): T =>
    new Proxy(x, {
      get(target, key) {
        const v = Reflect.get(target, key) as unknown;
        if (typeof v !== 'function') return v;
        const f = v as (...a: unknown[]) => unknown;
        if (key === 'select')
          return (...a: unknown[]) => {
            count.selects += 1;
            return f.apply(target, a);
          };
        if (key === 'transaction')
          return (cb: (tx: object) => unknown, ...rest: unknown[]) =>
            f.call(target, (tx: object) => cb(wrap(tx)), ...rest);
        return f.bind(target);
      },
    });
  return { db: wrap(db), count };
}

describeStores('exchange markets warmed when a node takes them', (ctx) => {
  const bet = (marketId: number, selectionId: number, side: 'BACK' | 'LAY', price: number) => ({
    market_id: marketId,
    selection_id: selectionId,
    side,
    price,
    size_paise: 10_000,
    request_id: nextRequestId(),
  });

  /** Two backs in turn on a node, each with the statements it ran (the first against the second). */
  async function twoBacks(
    node: ReturnType<typeof createExchangeService>,
    count: { selects: number },
    userId: number,
    marketId: number,
    selectionId: number,
    prices: [number, number],
  ) {
    const placed: { outcome: unknown; selects: number }[] = [];
    for (const price of prices) {
      count.selects = 0;
      const outcome = await node.placeBet(userId, bet(marketId, selectionId, 'BACK', price), {
        staker: SYSTEM_STAKER,
      });
      placed.push({ outcome, selects: count.selects });
    }
    return placed as [(typeof placed)[0], (typeof placed)[0]];
  }

  it('a warmed market’s first bet costs what its second costs, and matches what rests on its book', async () => {
    const a = ctx.app;
    const m = await createMarket(a);
    const layer = await createBettor(a, 10_000_000);
    const backer = await createBettor(a, 10_000_000);
    const sel = m.selectionIds[0]!;
    // Something on the book and something matched before the node takes the market.
    for (const price of [300, 310, 320])
      expect(
        (
          await a.exchange.placeBet(layer.userId, bet(m.marketId, sel, 'LAY', price), {
            staker: SYSTEM_STAKER,
          })
        ).ok,
      ).toBe(true);
    expect(
      await a.exchange.placeBet(backer.userId, bet(m.marketId, sel, 'BACK', 320), { staker: SYSTEM_STAKER }),
    ).toMatchObject({ ok: true, size_matched_paise: 10_000 });

    // A node that has not seen the market (a fresh service on the same store), warmed on its shard.
    const { db, count } = counting(a.db);
    const node = createExchangeService({ ...pick(a), db });
    await node.warming.warmShard(a.shards.shardOf(m.marketId));
    expect(node.warming.stats.markets).toBeGreaterThanOrEqual(1);

    // The warmed book held the lays at 3.10 and 3.00: each back matched in full.
    const [first, second] = await twoBacks(node, count, backer.userId, m.marketId, sel, [310, 300]);
    expect(first.outcome).toMatchObject({ ok: true, status: 'MATCHED', size_matched_paise: 10_000 });
    expect(second.outcome).toMatchObject({ ok: true, status: 'MATCHED', size_matched_paise: 10_000 });
    expect(first.selects).toBe(second.selects);
    await node.warming.close();
    await expectExchangeInvariants(a);
  });

  it('a market opened while the node runs is read on its notice; another kind’s is read once, then left', async () => {
    const a = ctx.app;
    const { db, count } = counting(a.db);
    const node = createExchangeService({ ...pick(a), db });
    const settle = async () => {
      for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
      await node.warming.idle();
    };
    const m = await createMarket(a);
    const layer = await createBettor(a, 10_000_000);
    const backer = await createBettor(a, 10_000_000);
    const sel = m.selectionIds[1]!;
    for (const price of [250, 260])
      expect(
        (
          await a.exchange.placeBet(layer.userId, bet(m.marketId, sel, 'LAY', price), {
            staker: SYSTEM_STAKER,
          })
        ).ok,
      ).toBe(true);
    // The notice a market's opening sends (console, racing, cricket feed), from whichever node.
    a.bus.publish('market', { market_id: m.marketId });
    await settle();
    expect(node.warming.stats.markets).toBe(1);
    const [first, second] = await twoBacks(node, count, backer.userId, m.marketId, sel, [260, 250]);
    expect(first.outcome).toMatchObject({ ok: true, status: 'MATCHED', size_matched_paise: 10_000 });
    expect(first.selects).toBe(second.selects);

    // A round's notice (it carries the image) reads nothing; another kind's market is read once.
    const fancy = await createMarket(a);
    await a.db.update(markets).set({ marketKind: 'FANCY' }).where(eq(markets.marketId, fancy.marketId));
    const other = await createMarket(a);
    count.selects = 0;
    expect(
      (
        await a.exchange.placeBet(layer.userId, bet(other.marketId, other.selectionIds[0]!, 'LAY', 250), {
          staker: SYSTEM_STAKER,
        })
      ).ok,
    ).toBe(true);
    a.bus.publish('market', { market_id: fancy.marketId });
    await settle();
    a.bus.publish('market', { market_id: fancy.marketId });
    await settle();
    expect(count.selects).toBe(1);
    expect(node.warming.stats.markets).toBe(1);
    await node.warming.close();
    await expectExchangeInvariants(a);
  });

  it('leaves a closed market, another kind’s, another shard’s, and stops on a shard given up', async () => {
    const a = ctx.app;
    const count = 4;
    // Markets of shard 1 of 4 (ids ≡ 1 mod 4) and one of shard 2.
    const made: Awaited<ReturnType<typeof createMarket>>[] = [];
    while (
      made.filter((x) => x.marketId % count === 1).length < 3 ||
      !made.some((x) => x.marketId % count === 2)
    )
      made.push(await createMarket(a));
    const ofShard1 = made.filter((x) => x.marketId % count === 1);
    const [open, closed, fancy] = ofShard1.slice(-3) as [
      (typeof made)[0],
      (typeof made)[0],
      (typeof made)[0],
    ];
    const other = made.find((x) => x.marketId % count === 2)!;
    await a.db.update(markets).set({ status: 'CLOSED' }).where(eq(markets.marketId, closed.marketId));
    await a.db.update(markets).set({ marketKind: 'FANCY' }).where(eq(markets.marketId, fancy.marketId));

    let handler: (k: number, held: boolean) => void = () => {};
    const held = new Set<number>();
    const shards = {
      kind: 'postgres',
      count,
      shardOf: (id: number) => id % count,
      fence: (k: number) => (held.has(k) ? { lease: `shard-${k}`, generation: 1 } : null),
      onChange: (h: (k: number, held: boolean) => void) => {
        handler = h;
        return () => {};
      },
    } as unknown as ShardLeases;
    const cache = createBookCache();
    const warmer = createWarmer({ bus: a.bus, db: a.db, log: a.log, shards }, cache);
    held.add(1);
    handler(1, true);
    await warmer.idle();
    expect(cache.has(open.marketId)).toBe(true);
    expect(cache.row(open.marketId)?.status).toBe('OPEN');
    for (const x of [closed, fancy, other]) expect(cache.has(x.marketId)).toBe(false);

    // A shard given up before its markets are read: none of them is kept.
    const fresh = createBookCache();
    const late = createWarmer({ bus: a.bus, db: a.db, log: a.log, shards }, fresh);
    held.clear();
    await late.warmShard(1);
    expect(fresh.has(open.marketId)).toBe(false);
    expect(late.stats.skipped).toBeGreaterThanOrEqual(1);
    expect(Math.floor(WARM_MARKETS_MAX / count)).toBe(125);
    await Promise.all([warmer.close(), late.close()]);
  });

  it('a single node reads its open exchange markets once it is ready', async () => {
    await ctx.app.exchange.warming.idle();
    // The demo's markets, read at the start: none failed.
    expect(ctx.app.exchange.warming.stats.markets).toBeGreaterThan(0);
    expect(ctx.app.exchange.warming.stats.failed).toBe(0);
  });
});

function pick(a: Parameters<typeof createExchangeService>[0]) {
  const { bus, clock, log, metrics, shards, wallet } = a;
  return { bus, clock, log, metrics, shards, wallet };
}
