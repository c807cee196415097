// The exchange's per-market command queue (bounded, with back-pressure) and its cache of market
// states (bounded, least recently used out, closed markets dropped).
import { bookFromOrders } from '@backlay/engine';
import { describe, expect, it, vi } from 'vitest';
import { stateFrom, type MarketRow } from '../src/modules/exchange/batch.ts';
import { BOOK_CACHE_MAX_MARKETS, createBookCache } from '../src/modules/exchange/book-cache.ts';
import {
  createCommandQueue,
  createRoundQueue,
  MAX_BATCH_COMMANDS,
  MAX_ROUND_MARKETS,
  MAX_QUEUED_COMMANDS_PER_MARKET,
  QUEUE_FULL_BET_MESSAGE,
  QUEUE_FULL_CANCEL_MESSAGE,
  takeBatch,
} from '../src/modules/markets/command-queue.ts';
import { createBettor, createMarket, expectExchangeInvariants } from './helpers/exchange.ts';
import { describeStores } from './helpers/stores.ts';
import { SYSTEM_STAKER } from '../src/modules/wallet/stake-gate.ts';

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

describe('command queue', () => {
  it('holds at most MAX_QUEUED_COMMANDS_PER_MARKET waiting commands per market; more are refused', async () => {
    expect(MAX_QUEUED_COMMANDS_PER_MARKET).toBe(1_000);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const batches: { market: number; cmds: number[] }[] = [];
    const queue = createCommandQueue<number>(async (market, pending) => {
      batches.push({ market, cmds: takeBatch(pending) });
      await gate;
    });
    for (const i of range(0, MAX_QUEUED_COMMANDS_PER_MARKET)) expect(queue.submit(1, i)).toBe(true);
    expect(queue.submit(1, -1)).toBe(false);
    expect(queue.waiting(1)).toBe(MAX_QUEUED_COMMANDS_PER_MARKET);
    // Another market has a queue (and a bound) of its own.
    expect(queue.submit(2, 0)).toBe(true);

    // The first batch takes MAX_BATCH_COMMANDS out of the queue: as many may queue again.
    await vi.waitFor(() => expect(batches).toHaveLength(2));
    expect(batches[0]).toEqual({ market: 1, cmds: range(0, MAX_BATCH_COMMANDS) });
    expect(queue.waiting(1)).toBe(MAX_QUEUED_COMMANDS_PER_MARKET - MAX_BATCH_COMMANDS);
    for (const i of range(0, MAX_BATCH_COMMANDS)) {
      expect(queue.submit(1, MAX_QUEUED_COMMANDS_PER_MARKET + i)).toBe(true);
    }
    expect(queue.submit(1, -1)).toBe(false);

    // Once the batches run, every accepted command ran once, in arrival order, one batch at a time.
    release();
    await vi.waitFor(() => expect(queue.waiting(1)).toBe(0));
    await vi.waitFor(() =>
      expect(batches.filter((b) => b.market === 1).flatMap((b) => b.cmds)).toEqual(
        range(0, MAX_QUEUED_COMMANDS_PER_MARKET + MAX_BATCH_COMMANDS),
      ),
    );
    expect(batches.every((b) => b.cmds.length <= MAX_BATCH_COMMANDS)).toBe(true);
    expect(queue.submit(1, 0)).toBe(true);
  });
});

describe('round queue', () => {
  it('one round at a time takes every waiting market (at most MAX_ROUND_MARKETS), and keeps the per-market bound', async () => {
    let release!: () => void;
    let gate = new Promise<void>((resolve) => (release = resolve));
    const rounds: Map<number, number[]>[] = [];
    let running = 0;
    let most = 0;
    const queue = createRoundQueue<number>(async (round) => {
      running += 1;
      most = Math.max(most, running);
      rounds.push(new Map([...round].map(([m, pending]) => [m, takeBatch(pending)])));
      await gate;
      running -= 1;
    });
    expect(queue.submit(1, 0)).toBe(true);
    await vi.waitFor(() => expect(rounds).toHaveLength(1)); // the first round: market 1 alone
    // While it runs, MAX_ROUND_MARKETS + 1 markets queue up; market 1 fills to its bound.
    for (const m of range(2, MAX_ROUND_MARKETS + 3)) expect(queue.submit(m, m)).toBe(true);
    for (const i of range(0, MAX_QUEUED_COMMANDS_PER_MARKET)) expect(queue.submit(1, i + 1)).toBe(true);
    expect(queue.submit(1, -1)).toBe(false);
    expect(queue.waiting(1)).toBe(MAX_QUEUED_COMMANDS_PER_MARKET);

    release();
    gate = Promise.resolve();
    await vi.waitFor(() => expect(queue.waiting(1)).toBe(0));
    await vi.waitFor(() => expect([...rounds.at(-1)!.keys()].length).toBeGreaterThan(0));
    expect(most).toBe(1);
    // The second round: the markets in the order they started waiting, MAX_ROUND_MARKETS of them
    // (market 1 waited longest); the one left over is in the third.
    expect([...rounds[1]!.keys()]).toEqual(range(2, MAX_ROUND_MARKETS + 2));
    expect([...rounds[2]!.keys()]).toContain(MAX_ROUND_MARKETS + 2);
    // Every command ran once, in arrival order per market, at most MAX_BATCH_COMMANDS per round.
    await vi.waitFor(() =>
      expect(rounds.flatMap((r) => r.get(1) ?? [])).toEqual(range(0, MAX_QUEUED_COMMANDS_PER_MARKET + 1)),
    );
    for (const m of range(2, MAX_ROUND_MARKETS + 3))
      expect(rounds.flatMap((r) => r.get(m) ?? [])).toEqual([m]);
    expect(rounds.every((r) => [...r.values()].every((c) => c.length <= MAX_BATCH_COMMANDS))).toBe(true);
  });
});

describe('book cache', () => {
  const state = (closed = false) =>
    stateFrom(bookFromOrders([], { in_play: false, closed, next_seq: 1 }), []);
  const row = (marketId: number, status: MarketRow['status'] = 'OPEN') => ({ marketId, status }) as MarketRow;

  it('keeps at most BOOK_CACHE_MAX_MARKETS markets; the least recently used goes first', () => {
    expect(BOOK_CACHE_MAX_MARKETS).toBe(1_000);
    const cache = createBookCache();
    for (const id of range(1, BOOK_CACHE_MAX_MARKETS + 1)) cache.keep(id, 5, state());
    expect(cache.size).toBe(BOOK_CACHE_MAX_MARKETS);
    // Market 1 runs a batch (taken out, kept back after the commit): now the most recently used.
    const s1 = cache.take(1, 5);
    expect(s1).toBeDefined();
    cache.keep(1, 6, s1!);
    // One market more: market 2, the least recently used, goes.
    cache.keep(BOOK_CACHE_MAX_MARKETS + 1, 5, state());
    expect(cache.size).toBe(BOOK_CACHE_MAX_MARKETS);
    expect(cache.has(2)).toBe(false);
    expect(cache.has(1)).toBe(true);
    expect(cache.has(3)).toBe(true);
    expect(cache.take(2, 5)).toBeUndefined();
  });

  it('a state is used only at the stamp it was kept with, and is taken out either way', () => {
    const cache = createBookCache({ maxMarkets: 2 });
    const s = state();
    cache.keep(7, 10, s);
    expect(cache.take(7, 11)).toBeUndefined(); // another node moved next_seq: rebuild
    expect(cache.has(7)).toBe(false);
    cache.keep(7, 10, s);
    expect(cache.take(7, 10)).toBe(s);
    expect(cache.has(7)).toBe(false); // out for the length of the batch's transaction
  });

  it('a closed market is dropped, not kept', () => {
    const cache = createBookCache();
    cache.keep(7, 10, state());
    expect(cache.has(7)).toBe(true);
    cache.keep(7, 11, state(true));
    expect(cache.has(7)).toBe(false);
    cache.rememberRow(row(7));
    expect(cache.row(7)).toEqual(row(7));
    cache.rememberRow(row(7, 'CLOSED'));
    expect(cache.row(7)).toBeUndefined();
  });

  it('remembered market rows are bounded the same way', () => {
    const cache = createBookCache({ maxMarkets: 3 });
    for (const id of [1, 2, 3]) cache.rememberRow(row(id));
    expect(cache.row(1)).toBeDefined(); // read: now the most recently used
    cache.rememberRow(row(4));
    expect(cache.row(2)).toBeUndefined();
    expect([1, 3, 4].map((id) => cache.row(id)?.marketId)).toEqual([1, 3, 4]);
  });

  it('disabled (bookCache: false): keeps no state', () => {
    const cache = createBookCache({ enabled: false });
    cache.keep(7, 10, state());
    expect(cache.size).toBe(0);
    expect(cache.take(7, 10)).toBeUndefined();
  });
});

describeStores('exchange back-pressure', (ctx) => {
  it('beyond MAX_QUEUED_COMMANDS_PER_MARKET waiting commands, a bet or cancel is refused at once', async () => {
    const m = await createMarket(ctx.app);
    const u = await createBettor(ctx.app, 10_000_000);
    let n = 0;
    let answered = 0;
    const order = () =>
      ctx.app.exchange
        .placeBet(
          u.userId,
          {
            market_id: m.marketId,
            selection_id: m.selectionIds[0]!,
            side: 'BACK',
            price: 200,
            size_paise: 100,
            request_id: `q-${++n}`,
          },
          { staker: SYSTEM_STAKER },
        )
        .then((r) => {
          answered += 1;
          return r;
        });
    // Now the node has seen the market open: bets go straight to its queue.
    expect(await order()).toMatchObject({ ok: true });
    answered = 0;

    const queued = range(0, MAX_QUEUED_COMMANDS_PER_MARKET).map(() => order());
    const refused = order();
    expect(await refused).toEqual({ ok: false, message: QUEUE_FULL_BET_MESSAGE });
    expect(answered).toBe(1); // at once: before any queued bet was answered
    // Still full (no round has taken its commands yet): a cancel is refused at once too.
    const cancel = ctx.app.exchange.cancelBets(u.userId, { market_id: m.marketId });
    expect(await cancel).toEqual({ ok: false, message: QUEUE_FULL_CANCEL_MESSAGE });
    expect(answered).toBe(1);

    const results = await Promise.all(queued);
    expect(results.every((r) => r.ok && r.status === 'UNMATCHED')).toBe(true);
    // The queue drained: bets are taken again.
    expect(await order()).toMatchObject({ ok: true });
    expect(await ctx.app.exchange.cancelBets(u.userId, { market_id: m.marketId })).toEqual({
      ok: true,
      cancelled: MAX_QUEUED_COMMANDS_PER_MARKET + 2,
      size_cancelled_paise: (MAX_QUEUED_COMMANDS_PER_MARKET + 2) * 100,
    });
    await expectExchangeInvariants(ctx.app);
  });
});

describeStores('exchange rounds', (ctx) => {
  it('bets on several markets at once share rounds; every round commits, each bet once, every invariant holds', async () => {
    const ms = await Promise.all(range(0, 4).map(() => createMarket(ctx.app)));
    const us = await Promise.all(range(0, 6).map(() => createBettor(ctx.app, 5_000_000)));
    const metric = async (name: string) =>
      (await ctx.app.metrics.registry.getSingleMetric(name)!.get()).values;
    const countOf = async () =>
      (await metric('backlay_exchange_round_markets')).find((v) =>
        (v as { metricName?: string }).metricName?.endsWith('_count'),
      )?.value ?? 0;
    const roundsBefore = await countOf();
    const failedBefore = (await metric('backlay_exchange_rounds_failed_total'))[0]?.value ?? 0;
    let n = 0;
    // Each bettor backs and lays on every market at once: rounds take several markets each, and a
    // lay meets a back of another bettor on the same market.
    const answers = await Promise.all(
      us.flatMap((u, i) =>
        ms.flatMap((m) =>
          (['BACK', 'LAY'] as const).map((side) =>
            ctx.app.exchange.placeBet(
              u.userId,
              {
                market_id: m.marketId,
                selection_id: m.selectionIds[i % 2]!,
                side,
                price: side === 'BACK' ? 200 : 190 + (i % 3) * 10,
                size_paise: 10_000 + i * 100,
                request_id: `round-${++n}`,
              },
              { staker: SYSTEM_STAKER },
            ),
          ),
        ),
      ),
    );
    expect(answers.every((a) => a.ok)).toBe(true);
    const ids = answers.map((a) => (a.ok ? a.bet_id : 0));
    expect(new Set(ids).size).toBe(ids.length);
    expect(await countOf()).toBeGreaterThan(roundsBefore);
    expect((await metric('backlay_exchange_rounds_failed_total'))[0]?.value ?? 0).toBe(failedBefore);
    await expectExchangeInvariants(ctx.app);
  });
});
