import { cancelOrder, priceToIndex } from '@backlay/engine';
import { describe, expect, it } from 'vitest';
import {
  createDemoFeed,
  DEFAULT_FEED_OPTIONS,
  driftProbabilities,
  fairPrice,
  mulberry32,
  quotePrices,
  type FeedOptions,
} from '../src/index.ts';
import { FakeExchange } from './fake-exchange.ts';

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 10, 22, 12, 0, 0);
const quiet = { info() {}, warn() {}, debug() {} };

class Clock {
  t = T0;
  now = () => new Date(this.t);
  advance(ms: number) {
    this.t += ms;
  }
}

function setup(seed = 1, options: Partial<FeedOptions> = {}) {
  const ex = new FakeExchange();
  const clock = new Clock();
  const warnings: unknown[] = [];
  const feed = createDemoFeed({
    api: ex,
    clock,
    random: mulberry32(seed),
    log: { ...quiet, warn: (o) => warnings.push(o) },
    options,
  });
  return { ex, clock, feed, warnings };
}

/** Runs ticks, moving the clock one tick interval each time. */
async function run(s: ReturnType<typeof setup>, ticks: number) {
  const reports = [];
  for (let i = 0; i < ticks; i++) {
    reports.push(await s.feed.tick());
    s.clock.advance(s.feed.options.tick_ms);
  }
  return reports;
}

/** The makers' resting levels on a market, by maker. */
function makerLevels(ex: FakeExchange, market_id: number) {
  const by = new Map<string, string[]>();
  for (const o of ex.resting(market_id)) {
    if (!o.user_id.startsWith('mm_')) continue;
    by.set(o.user_id, [...(by.get(o.user_id) ?? []), `${o.selection_id}:${o.side}:${o.price}`]);
  }
  for (const v of by.values()) v.sort();
  return by;
}

/** The levels a quote around the feed's centres has: `levels` lays below and backs above each runner. */
function targetLevels(st: { selections: number[]; centers: number[] | null }, levels = 3) {
  return st.selections.flatMap((sel, i) => {
    const { back, lay } = quotePrices(st.centers![i]!, levels);
    return [...back.map((p) => `${sel}:LAY:${p}`), ...lay.map((p) => `${sel}:BACK:${p}`)];
  });
}

async function expectDeepLadders(ex: FakeExchange, market_id: number, levels = 3) {
  const img = (await ex.image(market_id))!;
  for (const r of img.runners) {
    expect(r.back.length, `back levels of ${r.selection_id}`).toBeGreaterThanOrEqual(levels);
    expect(r.lay.length, `lay levels of ${r.selection_id}`).toBeGreaterThanOrEqual(levels);
    expect(r.back[0]!.price).toBeLessThan(r.lay[0]!.price);
  }
  return img;
}

describe('pricing', () => {
  it('quotes levels ticks either side of the centre', () => {
    // Ticks are 0.01 below 2.00 and 0.02 from 2.00 to 3.00.
    expect(quotePrices(200, 3)).toEqual({ back: [199, 198, 197], lay: [202, 204, 206] });
    expect(fairPrice(0.5, 3)).toBe(200);
    // Kept inside the ladder with room for the levels.
    expect(fairPrice(0.999, 3)).toBe(104);
  });

  it('drift is bounded per step and keeps probabilities summing to 1 within the clamp', () => {
    const rnd = mulberry32(9);
    let ps = [0.5, 0.3, 0.2];
    for (let i = 0; i < 2_000; i++) {
      const next = driftProbabilities(rnd, ps, 0.03, 0.01, 0.95);
      expect(next.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
      next.forEach((p, k) => {
        expect(p).toBeGreaterThanOrEqual(0.01);
        expect(p).toBeLessThanOrEqual(0.95);
        expect(Math.abs(Math.log(p / ps[k]!))).toBeLessThanOrEqual(6 * 0.03 + 1e-9);
      });
      ps = next;
    }
  });
});

describe('demo feed', () => {
  it('keeps at least three levels each side on every open market, never crossed, overround 100–105%', async () => {
    const s = setup();
    for (let id = 1; id <= 5; id++)
      s.ex.addMarket({ market_id: id, start_time_ms: T0 + 10 * HOUR }, id === 5 ? 2 : 3);
    await run(s, 60);
    for (let id = 1; id <= 5; id++) {
      const img = await expectDeepLadders(s.ex, id);
      expect(s.ex.crossed(id)).toBe(false);
      const overround = img.runners.reduce((sum, r) => sum + 100 / r.back[0]!.price, 0);
      expect(overround).toBeGreaterThan(1.0);
      expect(overround).toBeLessThan(1.1);
      // The fair probabilities sum to 1.
      const st = s.feed.state().get(id)!;
      expect(st.probabilities.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
    }
    expect(s.warnings).toEqual([]);
  });

  it('after every visit one maker has orders, at the target prices; an amend places only the levels that changed (issue 48)', async () => {
    const s = setup(2, { bet_probability: 0, drift_sigma: 0.05 });
    s.ex.addMarket({ market_id: 1, start_time_ms: T0 + 10 * HOUR });
    let before: Set<string> | null = null;
    let amends = 0;
    for (let i = 0; i < 150; i++) {
      const r = await s.feed.tick();
      s.clock.advance(1_000);
      const st = s.feed.state().get(1)!;
      if (!st.centers) continue;
      const by = makerLevels(s.ex, 1);
      expect([...by.keys()]).toEqual([st.maker]);
      // Exactly the ladder the centres call for: `levels` each side of every runner, once each.
      const target = targetLevels(st);
      expect(by.get(st.maker!)!.sort()).toEqual(target.sort());
      if (r.amended.includes(1)) {
        amends += 1;
        const changed = target.filter((k) => !before!.has(k)).length;
        expect(changed).toBeGreaterThan(0);
        expect(r.orders_placed).toBe(changed);
        // As many levels left the ladder as joined it.
        expect(r.orders_cancelled).toBe(changed);
        expect(s.ex.quotes.at(-1)).toMatchObject({ actor: st.maker, orders: changed });
      }
      before = new Set(target);
    }
    // One full quote (the first visit), the rest amends by the same maker.
    const st = s.feed.state().get(1)!;
    expect(st.quotes).toBe(1);
    expect(st.amends).toBe(amends);
    expect(amends).toBeGreaterThan(5);
    expect(s.ex.quotes.filter((q) => q.own === 'resting')).toHaveLength(1);
  });

  it('a level a bettor took is placed again by an amend; a level gone with no trade (cancelled by someone else) brings a full quote by the other maker (issue 48)', async () => {
    const s = setup(12, { bet_probability: 1 });
    s.ex.addMarket({ market_id: 1, start_time_ms: T0 + 10 * HOUR });
    const reports = await run(s, 60);
    expect(reports.reduce((n, r) => n + r.bets_taken, 0)).toBeGreaterThan(20);
    const st = s.feed.state().get(1)!;
    expect(st.quotes).toBe(1);
    expect(st.amends).toBeGreaterThan(10);
    (s.feed.options as FeedOptions).bet_probability = 0;
    await run(s, 2);
    await expectDeepLadders(s.ex, 1);
    expect([...makerLevels(s.ex, 1).keys()]).toEqual([st.maker]);
    // An order of the maker's ladder cancelled behind its back: the image disagrees with what it
    // holds. The second level stays in the ladder whichever way the centre moves (one tick at most).
    const first = st.maker!;
    const second = quotePrices(st.centers![0]!, 3).back[1]!;
    const victim = s.ex
      .resting(1)
      .find(
        (o) =>
          o.user_id === first &&
          o.selection_id === String(st.selections[0]) &&
          o.side === 'LAY' &&
          o.price === second,
      )!;
    cancelOrder(s.ex.markets.get(1)!.book, victim.order_id);
    s.clock.advance(DEFAULT_FEED_OPTIONS.quote_interval_ms);
    const [r] = await run(s, 1);
    expect(r!.requoted).toEqual([1]);
    expect(r!.amended).toEqual([]);
    expect(st.quotes).toBe(2);
    expect(st.maker).not.toBe(first);
    expect(makerLevels(s.ex, 1).get(st.maker!)!.sort()).toEqual(targetLevels(st).sort());
    expect([...makerLevels(s.ex, 1).keys()]).toEqual([st.maker]);
  });

  it('bounded work per tick: at most max_markets_per_tick re-quotes and max_orders_per_market orders each', async () => {
    const s = setup(3, { max_markets_per_tick: 2 });
    for (let id = 1; id <= 10; id++) s.ex.addMarket({ market_id: id, start_time_ms: T0 + 10 * HOUR });
    const reports = await run(s, 30);
    for (const r of reports) {
      expect(r.requoted.length).toBeLessThanOrEqual(2);
      expect(r.orders_placed).toBeLessThanOrEqual(2 * DEFAULT_FEED_OPTIONS.max_orders_per_market);
    }
    // Round-robin: every market got its quotes within the first five ticks.
    for (let id = 1; id <= 10; id++) await expectDeepLadders(s.ex, id);
  });

  it('the quote centre moves at most one tick per re-quote (drift is slow)', async () => {
    const s = setup(4, { drift_sigma: 0.2, bet_probability: 0 });
    s.ex.addMarket({ market_id: 1, start_time_ms: T0 + 100 * HOUR });
    let prev: number[] | null = null;
    let moves = 0;
    for (let i = 0; i < 300; i++) {
      await s.feed.tick();
      s.clock.advance(1_000);
      const centers = s.feed.state().get(1)!.centers;
      if (prev && centers) {
        centers.forEach((c, k) => {
          const d = Math.abs(priceToIndex(c) - priceToIndex(prev![k]!));
          expect(d).toBeLessThanOrEqual(1);
          moves += d;
        });
      }
      if (centers) prev = [...centers];
      expect(s.ex.crossed(1)).toBe(false);
    }
    expect(moves).toBeGreaterThan(0);
  });

  it('simulated bettors take prices, so traded volume grows', async () => {
    const s = setup(5, { bet_probability: 1 });
    s.ex.addMarket({ market_id: 1, start_time_ms: T0 + 10 * HOUR });
    s.ex.addMarket({ market_id: 2, start_time_ms: T0 + 10 * HOUR });
    const reports = await run(s, 40);
    const taken = reports.reduce((n, r) => n + r.bets_taken, 0);
    expect(taken).toBeGreaterThan(10);
    const traded = async (id: number) =>
      (await s.ex.image(id))!.runners.reduce((sum, r) => sum + r.traded_paise, 0);
    expect((await traded(1)) + (await traded(2))).toBeGreaterThan(0);
    // Bettors leave nothing resting: what did not match was cancelled.
    for (const id of [1, 2]) expect(s.ex.resting(id).filter((o) => o.user_id.startsWith('sim_'))).toEqual([]);
    // A taken level is quoted again on the next tick that market is not busy.
    (s.feed.options as FeedOptions).bet_probability = 0;
    await run(s, 2);
    await expectDeepLadders(s.ex, 1);
    await expectDeepLadders(s.ex, 2);
  });

  it('turns a market in play at its start time with the sport’s bet delay, and quotes again in play', async () => {
    const s = setup(6);
    s.ex.addMarket({ market_id: 1, sport_id: 1, start_time_ms: T0 + 30_000 });
    s.ex.addMarket({ market_id: 2, sport_id: 2, start_time_ms: T0 + 30_000 });
    await run(s, 30);
    expect(s.ex.calls.filter((c) => c.op === 'setInPlay')).toEqual([]);
    const [r] = await run(s, 1);
    expect(r!.in_play).toEqual([1, 2]);
    expect(s.ex.calls.filter((c) => c.op === 'setInPlay')).toEqual([
      { op: 'setInPlay', market_id: 1, bet_delay_s: 5 },
      { op: 'setInPlay', market_id: 2, bet_delay_s: 3 },
    ]);
    // The lapse emptied the books; the makers quote again within a few ticks.
    await run(s, 4);
    await expectDeepLadders(s.ex, 1);
    await expectDeepLadders(s.ex, 2);
    await run(s, 10);
    expect(s.ex.calls.filter((c) => c.op === 'setInPlay')).toHaveLength(2);
  });

  it('closes a market some hours after its start and leaves it alone afterwards', async () => {
    const s = setup(7, { quote_interval_ms: 60_000 });
    s.ex.addMarket({ market_id: 1, sport_id: 1, start_time_ms: T0 - 2 * HOUR + 5_000, in_play: true });
    s.ex.addMarket({ market_id: 2, sport_id: 4, start_time_ms: T0 - 2 * HOUR + 5_000, in_play: true });
    await run(s, 3);
    await expectDeepLadders(s.ex, 1);
    const [, , closing] = await run(s, 3);
    expect(closing!.closed).toEqual([1]);
    expect(s.ex.markets.get(1)!.info.status).toBe('CLOSED');
    // Settled at once, with one of its runners as the winner.
    expect(closing!.settled).toEqual([{ market_id: 1, winner_selection_id: s.ex.settled.get(1) }]);
    expect(s.ex.markets.get(1)!.info.runners.map((r) => r.selection_id)).toContain(s.ex.settled.get(1));
    expect(s.ex.resting(1)).toEqual([]); // unmatched lapsed
    const after = s.ex.calls.length;
    await run(s, 10);
    expect(s.ex.calls.slice(after).some((c) => 'market_id' in c && c.market_id === 1)).toBe(false);
    expect(s.ex.calls.slice(after).some((c) => c.op === 'place' && c.order.market_id === 1)).toBe(false);
    expect(s.ex.markets.get(2)!.info.status).toBe('OPEN'); // cricket lasts longer
  });

  it('a market with a scoreboard closes and settles on its result, never on the clock or a drawn winner', async () => {
    const s = setup(7, { quote_interval_ms: 60_000 });
    // Cricket started 10 hours ago (past its 4-hour duration): still playing, by the scoreboard.
    for (const id of [1, 2, 3, 4]) {
      s.ex.addMarket({ market_id: id, sport_id: 4, start_time_ms: T0 - 10 * HOUR, in_play: true }, 2);
      s.ex.setScoreboard(id, { state: 'PLAYING' });
    }
    await run(s, 5);
    for (const id of [1, 2, 3, 4]) expect(s.ex.markets.get(id)!.info.status).toBe('OPEN');
    await expectDeepLadders(s.ex, 1);
    // Each seed's drift would pick either runner; the scoreboard says the second won.
    s.ex.setScoreboard(1, {
      state: 'ENDED',
      result_text: 'B won by 50 runs',
      outcome: { kind: 'WINNER', selection_id: 11 },
    });
    s.ex.setScoreboard(2, {
      state: 'ENDED',
      result_text: 'Match tied',
      outcome: { kind: 'DEAD_HEAT', selection_ids: [20, 21] },
    });
    s.ex.setScoreboard(3, {
      state: 'ENDED',
      result_text: 'No result',
      outcome: { kind: 'VOID', reason: 'No result' },
    });
    s.ex.setScoreboard(4, { state: 'ENDED', result_text: 'Something odd', outcome: null });
    const [ending] = await run(s, 1);
    expect(ending!.closed.sort()).toEqual([1, 2, 3, 4]);
    expect(ending!.settled).toEqual([]);
    expect(ending!.settled_from_score).toEqual([
      { market_id: 1, outcome: { kind: 'WINNER', selection_id: 11 } },
      { market_id: 2, outcome: { kind: 'DEAD_HEAT', selection_ids: [20, 21] } },
      { market_id: 3, outcome: { kind: 'VOID', reason: 'No result' } },
    ]);
    expect(ending!.left_to_operator).toEqual([4]);
    expect(s.ex.settled.size).toBe(0);
    expect(s.ex.resting(1)).toEqual([]);
    expect(s.warnings).toHaveLength(1);
  });

  it('play stopped: the market is suspended and not quoted; play resumed: opened again, unless the operator suspended it', async () => {
    const s = setup(9, { quote_interval_ms: 1_000 });
    for (const id of [1, 2]) {
      s.ex.addMarket({ market_id: id, sport_id: 4, start_time_ms: T0 - HOUR, in_play: true }, 2);
      s.ex.setScoreboard(id, { state: 'PLAYING' });
    }
    await run(s, 3);
    s.ex.setScoreboard(1, { state: 'STOPPED', reason: 'Rain' });
    s.ex.setStatus(2, 'SUSPENDED'); // the operator's
    const [stopping] = await run(s, 1);
    expect(stopping!.suspended).toEqual([1]);
    expect(s.ex.markets.get(1)!.info.status).toBe('SUSPENDED');
    const before = s.ex.calls.length;
    await run(s, 5);
    expect(s.ex.calls.slice(before).some((c) => c.op === 'place' && c.order.market_id === 1)).toBe(false);
    s.ex.setScoreboard(1, { state: 'PLAYING' });
    const [resuming] = await run(s, 1);
    expect(resuming!.reopened).toEqual([1]);
    expect(s.ex.markets.get(1)!.info.status).toBe('OPEN');
    expect(s.ex.markets.get(2)!.info.status).toBe('SUSPENDED');
    await run(s, 3);
    await expectDeepLadders(s.ex, 1);
  });

  it('leaves suspended markets and non-active runners alone', async () => {
    const s = setup(8);
    s.ex.addMarket({ market_id: 1, start_time_ms: T0 + HOUR, status: 'SUSPENDED' });
    const m = s.ex.addMarket({ market_id: 2, start_time_ms: T0 + HOUR });
    s.ex.markets.get(2)!.info = {
      ...m,
      runners: m.runners.map((r, i) => (i === 2 ? { ...r, status: 'REMOVED' } : r)),
    };
    await run(s, 10);
    expect(s.ex.calls.some((c) => c.op === 'place' && c.order.market_id === 1)).toBe(false);
    expect(s.ex.calls.some((c) => c.op === 'place' && c.order.selection_id === 22)).toBe(false);
    expect(s.feed.state().get(2)!.selections).toEqual([20, 21]);
  });

  it('is deterministic given the random source', async () => {
    const trace = async (seed: number) => {
      const s = setup(seed, { bet_probability: 0.7 });
      for (let id = 1; id <= 4; id++) s.ex.addMarket({ market_id: id, start_time_ms: T0 + id * 20_000 });
      await run(s, 120);
      return JSON.stringify(s.ex.calls);
    };
    expect(await trace(11)).toBe(await trace(11));
    expect(await trace(11)).not.toBe(await trace(12));
  });

  it('starts from the book’s prices after a restart', async () => {
    const s = setup(9, { bet_probability: 0 });
    s.ex.addMarket({ market_id: 1, start_time_ms: T0 + 10 * HOUR });
    await run(s, 20);
    const centers = s.feed.state().get(1)!.centers!;
    const restarted = createDemoFeed({ api: s.ex, clock: s.clock, random: mulberry32(99), log: quiet });
    await restarted.tick();
    const again = restarted.state().get(1)!.centers!;
    again.forEach((c, i) =>
      expect(Math.abs(priceToIndex(c) - priceToIndex(centers[i]!))).toBeLessThanOrEqual(1),
    );
    await expectDeepLadders(s.ex, 1);
    // Only the new quote is left: the restarted feed holds nothing, so its first visit is a full
    // quote that cancels every older maker order (its own maker's from before the restart too).
    const st = restarted.state().get(1)!;
    expect(st.quotes).toBe(1);
    expect([...makerLevels(s.ex, 1)]).toEqual([[st.maker, targetLevels(st).sort()]]);
    expect(s.ex.resting(1).filter((o) => o.user_id.startsWith('mm_'))).toHaveLength(18);
  });

  it('start/stop runs ticks on a timer and stop waits for work in flight', async () => {
    const s = setup(10, { tick_ms: 5 });
    s.ex.addMarket({ market_id: 1, start_time_ms: T0 + HOUR });
    s.feed.start();
    await new Promise((r) => setTimeout(r, 60));
    await s.feed.stop();
    const n = s.ex.calls.length;
    expect(n).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 30));
    expect(s.ex.calls.length).toBe(n);
  });
});

describe('demo feed in flight', () => {
  it('never has more than max_busy_markets markets with work in flight (in play, work waits the bet delay)', async () => {
    class Gated extends FakeExchange {
      release: () => void = () => {};
      private gate = new Promise<void>((r) => (this.release = r));
      readonly waiting = new Map<number, number>();
      peak = 0;
      override async placeBet(actor: string, order: Parameters<FakeExchange['placeBet']>[1]) {
        this.waiting.set(order.market_id, (this.waiting.get(order.market_id) ?? 0) + 1);
        this.peak = Math.max(this.peak, this.waiting.size);
        await this.gate;
        const n = this.waiting.get(order.market_id)! - 1;
        if (n === 0) this.waiting.delete(order.market_id);
        else this.waiting.set(order.market_id, n);
        return super.placeBet(actor, order);
      }
    }
    const ex = new Gated();
    for (let id = 1; id <= 12; id++) ex.addMarket({ market_id: id, start_time_ms: T0 + HOUR });
    const clock = new Clock();
    const feed = createDemoFeed({
      api: ex,
      clock,
      random: mulberry32(1),
      log: quiet,
      options: { tick_ms: 2, max_markets_per_tick: 3, max_busy_markets: 4, bet_probability: 1 },
    });
    feed.start();
    await new Promise((r) => setTimeout(r, 80));
    expect(ex.peak).toBe(4);
    ex.release();
    await feed.stop();
  });
});
