// The makers' amend (issue 48): a visit places only the levels of the ladder that changed and
// cancels only the maker's bets that left it; the whole ladder again when what is held cannot be
// trusted.
import { describe, expect, it } from 'vitest';
import { diffQuote, levelKey, quoteMarket, type HeldQuote } from '../src/makers.ts';
import { quotePrices } from '../src/pricing.ts';
import type { FeedImage, FeedOrder } from '../src/types.ts';
import { FakeExchange } from './fake-exchange.ts';

const quiet = { info() {}, warn() {}, debug() {} };
const LEVELS = 3;
const MIN = 10_000;
const opts = { levels: LEVELS, min_level_size_paise: MIN };

/** A ladder: `levels` lays below and backs above each runner's centre, sizes by level. */
function ladder(
  market_id: number,
  centres: Record<number, number>,
  size = (k: number) => 50_000 + k * 1_000,
) {
  const orders: FeedOrder[] = [];
  for (const [sel, c] of Object.entries(centres)) {
    const { back, lay } = quotePrices(c, LEVELS);
    back.forEach((price, k) =>
      orders.push({ market_id, selection_id: Number(sel), side: 'LAY', price, size_paise: size(k) }),
    );
    lay.forEach((price, k) =>
      orders.push({ market_id, selection_id: Number(sel), side: 'BACK', price, size_paise: size(k) }),
    );
  }
  return orders;
}

/** What a maker holds after placing `orders` in full (bet ids 1, 2, …). */
function heldOf(orders: readonly FeedOrder[], traded: Record<number, number> = {}): HeldQuote {
  return {
    maker: 'mm_a',
    levels: new Map(orders.map((o, i) => [levelKey(o), { bet_id: i + 1, size_paise: o.size_paise }])),
    traded: new Map(Object.entries(traded).map(([k, v]) => [Number(k), v])),
  };
}

/** The image those orders make (nobody else on the book), with sizes and traded volume patched. */
function imageOf(
  orders: readonly FeedOrder[],
  patch: { size?: (o: FeedOrder) => number; traded?: Record<number, number> } = {},
): FeedImage {
  const sels = [...new Set(orders.map((o) => o.selection_id))];
  return {
    market_id: orders[0]!.market_id,
    status: 'OPEN',
    in_play: false,
    runners: sels.map((sel) => {
      const mine = orders.filter((o) => o.selection_id === sel);
      const levels = (side: 'BACK' | 'LAY') =>
        mine
          .filter((o) => o.side === side)
          .map((o) => ({ price: o.price, size_paise: patch.size ? patch.size(o) : o.size_paise }))
          .filter((l) => l.size_paise > 0);
      return {
        selection_id: sel,
        status: 'ACTIVE',
        // The maker's lays show in the back column (highest first), its backs in the lay column.
        back: levels('LAY').sort((a, b) => b.price - a.price),
        lay: levels('BACK').sort((a, b) => a.price - b.price),
        traded_paise: patch.traded?.[sel] ?? 0,
      };
    }),
  };
}

const keys = (orders: readonly FeedOrder[]) => orders.map(levelKey).sort();

describe('diffQuote', () => {
  it('a centre one tick lower: the one new level each side is placed, the one that left cancelled, the rest kept with their size', () => {
    const before = ladder(1, { 10: 300, 11: 150 });
    const held = heldOf(before);
    // Runner 10 moves down a tick (3.00 → 2.98); runner 11 stays. New sizes: kept levels keep theirs.
    const after = ladder(1, { 10: 298, 11: 150 }, () => 99_000);
    const d = diffQuote(after, held, imageOf(before), opts);
    expect(d.kind).toBe('amend');
    if (d.kind !== 'amend') return;
    // Lays 2.98/2.96/2.94 → 2.96/2.94/2.92; backs 3.05/3.10/3.15 → 3.00/3.05/3.10.
    expect(keys(d.place)).toEqual(['10:BACK:300', '10:LAY:292'].sort());
    expect(d.place.every((o) => o.size_paise === 99_000)).toBe(true);
    const cancelled = d.cancel.map((id) => before[id - 1]!);
    expect(keys(cancelled)).toEqual(['10:BACK:315', '10:LAY:298'].sort());
    // Placed + kept = the target exactly.
    const kept = before.filter((o) => !d.cancel.includes(before.indexOf(o) + 1));
    expect([...keys(kept), ...keys(d.place)].sort()).toEqual(keys(after));
  });

  it('nothing moved: nothing placed, nothing cancelled', () => {
    const before = ladder(1, { 10: 300, 11: 150 });
    const d = diffQuote(
      ladder(1, { 10: 300, 11: 150 }, () => 1),
      heldOf(before),
      imageOf(before),
      opts,
    );
    expect(d).toEqual({ kind: 'amend', place: [], cancel: [] });
  });

  it('a held level taken below the minimum (the runner traded since the last visit) is placed again and its old bet cancelled', () => {
    const before = ladder(1, { 10: 300, 11: 150 });
    const held = heldOf(before, { 10: 5_000, 11: 0 });
    const best = levelKey(before[0]!); // runner 10's best lay, 2.98
    const thin = imageOf(before, {
      size: (o) => (levelKey(o) === best ? MIN - 1_000 : o.size_paise),
      traded: { 10: 45_000, 11: 0 },
    });
    const d = diffQuote(before, held, thin, opts);
    expect(d).toEqual({ kind: 'amend', place: [before[0]], cancel: [1] });
    // Taken in full: the level is gone from the image; placed again all the same.
    const gone = imageOf(before, {
      size: (o) => (levelKey(o) === best ? 0 : o.size_paise),
      traded: { 10: 55_000 },
    });
    expect(diffQuote(before, held, gone, opts)).toEqual({ kind: 'amend', place: [before[0]], cancel: [1] });
    // Taken to just the minimum: kept.
    const atMin = imageOf(before, {
      size: (o) => (levelKey(o) === best ? MIN : o.size_paise),
      traded: { 10: 9e5 },
    });
    expect(diffQuote(before, held, atMin, opts)).toEqual({ kind: 'amend', place: [], cancel: [] });
  });

  it('a held level gone or thin with no trade on its runner since the last visit: the image disagrees, a full quote', () => {
    const before = ladder(1, { 10: 300, 11: 150 });
    const held = heldOf(before, { 10: 5_000, 11: 7_000 });
    const victim = levelKey(before[7]!); // runner 11's second lay (1.48)
    for (const size of [0, MIN - 1]) {
      const img = imageOf(before, {
        size: (o) => (levelKey(o) === victim ? size : o.size_paise),
        // Runner 10 traded; runner 11, whose level is gone, did not.
        traded: { 10: 9_000, 11: 7_000 },
      });
      expect(diffQuote(before, held, img, opts).kind).toBe('full');
    }
    // No traded volume remembered for the runner: nothing explains it either.
    const img = imageOf(before, {
      size: (o) => (levelKey(o) === victim ? 0 : o.size_paise),
      traded: { 11: 1 },
    });
    expect(diffQuote(before, heldOf(before), img, opts).kind).toBe('full');
  });

  it('a held level the image may not show (its side shows `levels` better prices) is taken as held', () => {
    const before = ladder(1, { 10: 300 });
    const held = heldOf(before, { 10: 0 });
    const img = imageOf(before);
    // Someone else's three lays at better prices (2.99 is inside the spread, with 3.00 and 3.05 on the lay column).
    const r = img.runners[0]!;
    const crowded: FeedImage = {
      ...img,
      runners: [
        {
          ...r,
          back: [
            { price: 299, size_paise: 20_000 },
            { price: 298, size_paise: 20_000 },
            { price: 296, size_paise: 20_000 },
          ],
        },
      ],
    };
    // The held 2.94 lay is beyond what the image shows: kept, not a disagreement.
    expect(diffQuote(before, held, crowded, opts)).toEqual({ kind: 'amend', place: [], cancel: [] });
  });

  it('a quoted runner missing from the image, or two target orders at one level: a full quote', () => {
    const before = ladder(1, { 10: 300, 11: 150 });
    const img = imageOf(before);
    const without11 = { ...img, runners: img.runners.filter((r) => r.selection_id !== 11) };
    expect(diffQuote(before, heldOf(before), without11, opts).kind).toBe('full');
    expect(diffQuote([...before, before[0]!], heldOf(before), img, opts).kind).toBe('full');
  });

  it('bounded: an amend places at most the target and cancels at most what is held, whatever moved', () => {
    const base = { 10: 300, 11: 150, 12: 500, 13: 1_000 };
    const before = ladder(1, base);
    const held = heldOf(before);
    const shifts = [-1, 0, 1];
    for (const a of shifts)
      for (const b of shifts)
        for (const c of shifts) {
          // One tick each way: 0.02 below 3.00, 0.05 above; 0.01 below 2.00; 0.10 from 4.00 to 6.00.
          const centres = { 10: a < 0 ? 298 : a > 0 ? 305 : 300, 11: 150 + b, 12: 500 + 10 * c, 13: 1_000 };
          const target = ladder(1, centres);
          const d = diffQuote(target, held, imageOf(before), opts);
          if (d.kind !== 'amend') throw new Error('expected an amend');
          const moved = [a, b, c].filter((x) => x !== 0).length;
          // Each moved runner: one new level and one gone, each side.
          expect(d.place).toHaveLength(2 * moved);
          expect(d.cancel).toHaveLength(2 * moved);
          expect(d.place.length).toBeLessThanOrEqual(target.length);
          expect(new Set(d.cancel).size).toBe(d.cancel.length);
        }
  });
});

describe('quoteMarket on the fake exchange', () => {
  const makers = ['mm_a', 'mm_b'];
  const deps = (ex: FakeExchange) => ({ api: ex, log: quiet, name: 'test', makers });

  async function visit(ex: FakeExchange, held: HeldQuote | null, target: FeedOrder[], next_maker = 'mm_a') {
    const img = (await ex.image(1))!;
    return quoteMarket(deps(ex), {
      market_id: 1,
      held,
      full_reason: null,
      next_maker,
      target,
      img,
      ...opts,
    });
  }

  /** Each maker's resting levels on market 1. */
  const restingBy = (ex: FakeExchange) => {
    const by = new Map<string, string[]>();
    for (const o of ex.resting(1)) {
      const k = `${o.selection_id}:${o.side}:${o.price}`;
      by.set(o.user_id, [...(by.get(o.user_id) ?? []), k]);
    }
    for (const v of by.values()) v.sort();
    return by;
  };

  it('nothing held: the whole ladder by the next maker, its own older orders and the other maker’s cancelled; then amends by it', async () => {
    const ex = new FakeExchange();
    ex.addMarket({ market_id: 1, start_time_ms: 0 }, 2);
    // Left by an earlier process: both makers have orders on the book.
    await ex.placeBet('mm_a', {
      market_id: 1,
      selection_id: 10,
      side: 'LAY',
      price: 250,
      size_paise: 20_000,
    });
    await ex.placeBet('mm_b', {
      market_id: 1,
      selection_id: 11,
      side: 'LAY',
      price: 120,
      size_paise: 20_000,
    });
    const first = ladder(1, { 10: 300, 11: 150 });
    const v1 = await visit(ex, null, first);
    expect(v1).toMatchObject({ kind: 'full', maker: 'mm_a', placed: 12, cancelled: 0 });
    expect([...restingBy(ex)]).toEqual([['mm_a', keys(first)]]);
    expect(ex.quotes.at(-1)).toMatchObject({ actor: 'mm_a', cancel_actors: ['mm_b'], own: 'resting' });
    expect([...v1.held!.levels.keys()].sort()).toEqual(keys(first));

    // Both centres move a tick: 4 orders placed, 4 of mm_a's cancelled by id, in one quote.
    const second = ladder(1, { 10: 305, 11: 151 });
    const v2 = await visit(ex, v1.held, second, 'mm_b');
    expect(v2).toMatchObject({ kind: 'amend', maker: 'mm_a', placed: 4, cancelled: 4 });
    expect([...restingBy(ex)]).toEqual([['mm_a', keys(second)]]);
    expect(ex.quotes.at(-1)).toMatchObject({ actor: 'mm_a', orders: 4, cancel_actors: ['mm_b'] });
    expect([...v2.held!.levels.keys()].sort()).toEqual(keys(second));
    // The ids held are the ones resting.
    const ids = new Set(ex.resting(1).map((o) => Number(o.order_id)));
    expect([...v2.held!.levels.values()].every((h) => ids.has(h.bet_id))).toBe(true);

    // Nothing moved: no call at all.
    const calls = ex.quotes.length;
    const v3 = await visit(ex, v2.held, second);
    expect(v3).toMatchObject({ kind: 'none', placed: 0 });
    expect(ex.quotes).toHaveLength(calls);
  });

  it('fresh centres (a runner withdrawn): the old ladder is cancelled first, so the new one, many ticks away, trades with nothing', async () => {
    const ex = new FakeExchange();
    ex.addMarket({ market_id: 1, start_time_ms: 0 }, 2);
    const v1 = await visit(ex, null, ladder(1, { 10: 300, 11: 150 }));
    // Every price shortens by far more than a tick: the new backs would take the old lays.
    const target = ladder(1, { 10: 250, 11: 130 });
    const img = (await ex.image(1))!;
    const v2 = await quoteMarket(deps(ex), {
      market_id: 1,
      held: null,
      full_reason: null,
      next_maker: 'mm_b',
      target,
      img,
      fresh: true,
      ...opts,
    });
    expect(v1.held).not.toBeNull();
    expect(v2).toMatchObject({ kind: 'full', maker: 'mm_b', placed: 12 });
    expect(ex.quotes.slice(-2).map((q) => [q.actor, q.orders, q.cancel_actors, q.own])).toEqual([
      ['mm_b', 0, ['mm_a'], 'resting'],
      ['mm_b', 12, ['mm_a'], 'resting'],
    ]);
    expect([...restingBy(ex)]).toEqual([['mm_b', keys(target)]]);
    expect((await ex.image(1))!.runners.every((r) => r.traded_paise === 0)).toBe(true);
  });

  it('an order refused or cancels that did not run: nothing held, and the next visit is a full quote by the other maker that leaves one maker', async () => {
    const ex = new FakeExchange();
    ex.addMarket({ market_id: 1, start_time_ms: 0 }, 2);
    const first = ladder(1, { 10: 300, 11: 150 });
    const v1 = await visit(ex, null, first);
    // A stake under the market's minimum is refused.
    const second = ladder(1, { 10: 305, 11: 150 }, (k) => (k === 0 ? 1_000 : 50_000));
    const v2 = await visit(ex, v1.held, second);
    expect(v2.kind).toBe('amend');
    expect(v2.held).toBeNull();
    const v3 = await visit(ex, v2.held, ladder(1, { 10: 305, 11: 150 }), 'mm_b');
    expect(v3).toMatchObject({ kind: 'full', maker: 'mm_b', placed: 12 });
    expect([...restingBy(ex).keys()]).toEqual(['mm_b']);

    ex.failCancels = true;
    const v4 = await visit(ex, v3.held, ladder(1, { 10: 300, 11: 150 }));
    expect(v4.kind).toBe('amend');
    expect(v4.held).toBeNull();
    ex.failCancels = false;
    const target = ladder(1, { 10: 300, 11: 151 });
    const v5 = await visit(ex, v4.held, target, 'mm_a');
    expect(v5.kind).toBe('full');
    expect([...restingBy(ex)]).toEqual([['mm_a', keys(target)]]);
  });
});
