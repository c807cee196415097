import { describe, expect, it } from 'vitest';
import {
  JAIPUR_JEWELS,
  MONSOON_TIGER,
  SLOTS,
  defineSlot,
  enumerateBase,
  evaluateGrid,
  expectedFreeSpins,
  linePay,
  playRound,
  slotMath,
  stakeProblem,
  type Slot,
  type SlotSpec,
} from '../src/index.ts';
import { seededDraw } from '../src/seeded.ts';

const codes = (slot: Slot, text: string) =>
  text.split(' ').map((c) => slot.symbols.findIndex((s) => s.code === c));

// A slot small enough to enumerate base AND one level of free spins in a test: strips of 5.
const TINY_SPEC: SlotSpec = {
  id: 'tiny-test',
  name: 'Tiny',
  symbols: [
    { code: 'W', name: 'Wild', kind: 'wild', pays: [10, 20, 50] },
    { code: 'S', name: 'Scatter', kind: 'scatter', pays: [1, 5, 10] },
    { code: 'H', name: 'High', kind: 'regular', pays: [5, 10, 20] },
    { code: 'L', name: 'Low', kind: 'regular', pays: [1, 2, 4] },
  ],
  lines: [
    [1, 1, 1, 1, 1],
    [0, 1, 2, 1, 0],
    [2, 2, 2, 2, 2],
  ],
  base_strips: ['W S H L L', 'H S L W L', 'L H S L W', 'S L H L W', 'L W H S L'],
  free_strips: ['W S H L W', 'H S W W L', 'L H S L W', 'S L H W W', 'L W H S L'],
  free_spins: { award: 2, multiplier: 3, per_round_max: 6 },
};
const TINY = defineSlot(TINY_SPEC);

describe('linePay', () => {
  const s = JAIPUR_JEWELS;
  it('pays a run from the leftmost reel, wilds standing in', () => {
    expect(linePay(s, codes(s, 'E W E Q Q'))).toEqual({ symbol: codes(s, 'E')[0], count: 3, pay: 15 });
    expect(linePay(s, codes(s, 'Q Q Q Q Q')).pay).toBe(30);
    expect(linePay(s, codes(s, 'Q Q J Q Q')).pay).toBe(0);
  });
  it('pays leading wilds as wilds when that is more', () => {
    // 3 wilds (20) beat 4 Jacks (10).
    expect(linePay(s, codes(s, 'W W W J K'))).toEqual({ symbol: s.wild, count: 3, pay: 20 });
    expect(linePay(s, codes(s, 'W W W W W')).pay).toBe(200);
    // 5 Elephants (150) beat 3 wilds (20).
    expect(linePay(s, codes(s, 'W W W E E')).pay).toBe(150);
  });
  it('a scatter breaks a run and is not substituted', () => {
    expect(linePay(s, codes(s, 'K K S K K')).pay).toBe(0);
    expect(linePay(s, codes(s, 'W W W S K')).pay).toBe(20);
    expect(linePay(s, codes(s, 'S S S S S')).pay).toBe(0);
  });
});

describe('evaluateGrid', () => {
  it('pays every line and counts scatters anywhere', () => {
    const s = JAIPUR_JEWELS;
    const grid = ['K Q S', 'K J A', 'K S A', 'A J S', 'Q Q Q'].map((r) => codes(s, r));
    const win = evaluateGrid(s, grid);
    expect(win.scatter_count).toBe(3);
    expect(win.scatter_pay).toBe(2);
    // Line 2 (top row): K K K A Q → 3 Kings = 5.
    expect(win.line_wins).toContainEqual({ line: 1, symbol: codes(s, 'K')[0], count: 3, pay: 5 });
    expect(win.line_units).toBe(win.line_wins.reduce((a, w) => a + w.pay, 0));
  });
});

describe('exact RTP', () => {
  it('the closed form equals brute force over every base window', () => {
    for (const slot of [TINY]) {
      const m = slotMath(slot);
      const e = enumerateBase(slot);
      expect(e.win_units / e.stops / slot.lines.length).toBeCloseTo(m.base_line_rtp + m.base_scatter_rtp, 12);
      expect(e.triggers / e.stops).toBeCloseTo(m.trigger_probability, 12);
    }
  }, 60_000);

  it('the feature term equals brute force over free-spin windows and the retrigger chain', () => {
    // Free spins of TINY enumerated: mean win of one free spin, multiplier included.
    const free = defineSlot({ ...TINY_SPEC, base_strips: TINY_SPEC.free_strips });
    const e = enumerateBase(free);
    const m = slotMath(TINY);
    expect((TINY.free_spins.multiplier * e.win_units) / e.stops / TINY.lines.length).toBeCloseTo(
      m.free_spin_rtp,
      12,
    );
    expect(e.triggers / e.stops).toBeCloseTo(m.retrigger_probability, 12);
  });

  it('expected free spins: no retrigger, limit reached at once, and the unlimited geometric form', () => {
    expect(expectedFreeSpins(10, 100, 0)).toBe(10);
    expect(expectedFreeSpins(10, 10, 0.5)).toBe(10);
    // Without a binding limit, T = N / (1 − pN).
    expect(expectedFreeSpins(10, 200, 0.01)).toBeCloseTo(10 / (1 - 0.1), 6);
  });

  it('pins the documented RTP of each slot (docs/slots.md)', () => {
    expect(slotMath(JAIPUR_JEWELS).rtp).toBeCloseTo(0.9601825574755096, 12);
    expect(slotMath(MONSOON_TIGER).rtp).toBeCloseTo(0.9601982965638572, 12);
  });
});

describe('playRound', () => {
  it('a simulation of 200,000 rounds per slot is within 4 standard errors of the exact RTP', () => {
    for (const slot of SLOTS) {
      const draw = seededDraw(20261126);
      const stake = slot.lines.length * 10;
      const n = 200_000;
      let sum = 0;
      let sumSquares = 0;
      for (let i = 0; i < n; i++) {
        const x = playRound(slot, stake, draw).win_paise / stake;
        sum += x;
        sumSquares += x * x;
      }
      const mean = sum / n;
      const se = Math.sqrt((sumSquares / n - mean * mean) / n);
      expect(Math.abs(mean - slotMath(slot).rtp)).toBeLessThan(4 * se);
    }
  }, 60_000);

  it('a round is one base spin and the free spins it awarded, within the limit, in whole paise', () => {
    const draw = seededDraw(1);
    let sawFeature = false;
    for (let i = 0; i < 20_000; i++) {
      const r = playRound(TINY, 300, draw);
      const awarded = r.spins.reduce((a, s) => a + s.free_spins_awarded, 0);
      expect(r.spins.length).toBe(1 + awarded);
      expect(awarded).toBeLessThanOrEqual(TINY.free_spins.per_round_max);
      expect(r.spins[0]!.free).toBe(false);
      expect(r.spins.slice(1).every((s) => s.free)).toBe(true);
      expect(r.win_paise).toBe(r.spins.reduce((a, s) => a + s.win_paise, 0));
      expect(Number.isSafeInteger(r.win_paise)).toBe(true);
      if (awarded > 0) sawFeature = true;
    }
    expect(sawFeature).toBe(true);
  });

  it('refuses a stake that is not whole line bets or is above the limit', () => {
    expect(stakeProblem(JAIPUR_JEWELS, 1000)).toBeNull();
    expect(stakeProblem(JAIPUR_JEWELS, 1005)).toMatch(/10 equal line bets/);
    expect(stakeProblem(JAIPUR_JEWELS, 0)).toMatch(/positive/);
    expect(stakeProblem(JAIPUR_JEWELS, 2_000_000)).toMatch(/limit/);
    expect(() => playRound(JAIPUR_JEWELS, 1.5, seededDraw(1))).toThrow();
  });
});

describe('defineSlot', () => {
  it('refuses a slot that breaks its invariants', () => {
    expect(() => defineSlot({ ...TINY_SPEC, base_strips: TINY_SPEC.base_strips.slice(0, 4) })).toThrow(
      /5 strips/,
    );
    expect(() =>
      defineSlot({ ...TINY_SPEC, base_strips: ['W S H L X', ...TINY_SPEC.base_strips.slice(1)] }),
    ).toThrow(/unknown symbol X/);
    expect(() => defineSlot({ ...TINY_SPEC, lines: [[1, 1, 1, 1, 3]] })).toThrow(/line/);
    expect(() =>
      defineSlot({
        ...TINY_SPEC,
        symbols: TINY_SPEC.symbols.map((s) => (s.kind === 'wild' ? { ...s, kind: 'regular' } : s)),
      }),
    ).toThrow(/one wild/);
  });
});
