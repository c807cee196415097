// Issue 22's simulated day runs the tables on a fast clock (bench/casino-day.bench.ts): the betting
// window floored in wall time (`minWindowMs`) so bots can bet, the store's clock still closing it;
// and a deal whose steps come faster than a write goes out in as few writes as are due, ending with
// every step shown. The ledger check is clean after the rounds.
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { roundTiming, STEP_BATCH_BELOW_MS } from '../src/modules/casino/timing.ts';
import { expectLedgerClean, tableFor } from './helpers/casino.ts';
import { describeStores } from './helpers/stores.ts';

const SPEED = 100_000;
const MIN_WINDOW_MS = 150;

it('the window floor: the window lasts at least minWindowMs, the other phases run at the speed', () => {
  const t = roundTiming(SPEED, MIN_WINDOW_MS);
  expect(t.window_ms).toBe(MIN_WINDOW_MS);
  expect(t.result_ms).toBe(0.05);
  expect(roundTiming(1, MIN_WINDOW_MS).window_ms).toBe(20_000);
  expect(roundTiming(SPEED).window_ms).toBe(0.2);
  expect(() => roundTiming(SPEED, -1)).toThrow(/minimum window/);
  expect(() => roundTiming(SPEED, 20_001)).toThrow(/minimum window/);
  expect(roundTiming(SPEED).step_ms).toBeLessThan(STEP_BATCH_BELOW_MS);
  expect(roundTiming(5).step_ms).toBeGreaterThanOrEqual(STEP_BATCH_BELOW_MS);
});

describeStores(
  'casino tables on a fast clock (issue 22, the simulated day)',
  (ctx) => {
    it('windows last the floor by the store clock; a long deal is shown in fewer writes, whole', async () => {
      const table = await tableFor(ctx.app, 'andar_bahar');
      // The reveal writes per round (the scheduler calls the module's own round functions).
      const writes = new Map<number, number>();
      const rounds = ctx.app.casino.rounds;
      const reveal = rounds.reveal;
      rounds.reveal = (roundId, fence, steps) => {
        writes.set(roundId, (writes.get(roundId) ?? 0) + 1);
        return reveal(roundId, fence, steps);
      };
      const rows = async () =>
        (
          (await ctx.app.db.execute(sql`select round_id, state, jsonb_array_length(steps) as steps,
              extract(epoch from closes_at - opened_at) * 1000 as window_ms
            from casino_rounds where match_id = ${table.matchId} and state = 'RESULT' order by round_id`)) as unknown as {
            rows: { round_id: number; state: string; steps: number; window_ms: number }[];
          }
        ).rows;
      const end = Date.now() + 60_000;
      while ((await rows()).filter((r) => writes.has(Number(r.round_id))).length < 4 && Date.now() < end)
        await new Promise((r) => setTimeout(r, 100));
      await ctx.app.casino.scheduler.drain();
      // Not the round dealing when the count began (some of its writes were before it).
      const first = Math.min(...writes.keys());
      const seen = (await rows()).filter((r) => writes.has(Number(r.round_id)) && Number(r.round_id) > first);
      expect(seen.length).toBeGreaterThanOrEqual(3);
      for (const r of seen) {
        expect(Number(r.window_ms)).toBeGreaterThanOrEqual(MIN_WINDOW_MS - 1);
        const reveals = writes.get(Number(r.round_id))!;
        expect(reveals).toBeGreaterThanOrEqual(1);
        expect(reveals).toBeLessThanOrEqual(Number(r.steps));
      }
      // Andar Bahar deals at least three cards: some deal went out in fewer writes than cards.
      expect(seen.some((r) => writes.get(Number(r.round_id))! < Number(r.steps))).toBe(true);
      await expectLedgerClean(ctx.app);
    }, 90_000);
  },
  { casino: { run: true, speed: SPEED, minWindowMs: MIN_WINDOW_MS } },
);
