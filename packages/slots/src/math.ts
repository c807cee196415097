// Exact return to player. A payline takes one cell from each reel, and over all stops of a reel
// that cell shows each symbol as often as the strip holds it; the reels stop independently. So
// the expected pay of any one line is a sum over the 5 reels' symbol counts (at most 16^5 terms,
// each the real linePay), the same for every line, and the line RTP is that expectation in line
// bets. Scatters count per window: each reel's stops are counted by how many scatters their
// window shows, and the reels convolve. Free spins add p(trigger) × E[free spins per trigger] ×
// E[win per free spin] (Wald: whether a free spin is played depends only on the spins before
// it), E[free spins] from the retrigger chain with its limit. All sums are integers below 2^53
// over the product of the strip lengths, so the figures are exact to a double's precision.
import { linePay, scatterPay } from './evaluate.ts';
import { REELS, ROWS, type Slot } from './types.ts';

function symbolCounts(strip: readonly number[]): [number, number][] {
  const counts = new Map<number, number>();
  for (const s of strip) counts.set(s, (counts.get(s) ?? 0) + 1);
  return [...counts.entries()];
}

/** Expected pay of one payline, in line bets. */
export function lineExpectation(slot: Slot, strips: readonly (readonly number[])[]): number {
  const perReel = strips.map(symbolCounts);
  const total = strips.reduce((p, s) => p * s.length, 1);
  const on = new Array<number>(REELS);
  let sum = 0;
  const walk = (reel: number, weight: number): void => {
    if (reel === REELS) {
      sum += weight * linePay(slot, on).pay;
      return;
    }
    for (const [symbol, count] of perReel[reel]!) {
      on[reel] = symbol;
      walk(reel + 1, weight * count);
    }
  };
  walk(0, 1);
  return sum / total;
}

/** P(the window shows k scatters), k = 0 … 15. */
export function scatterDistribution(slot: Slot, strips: readonly (readonly number[])[]): number[] {
  let dist = [1];
  for (const strip of strips) {
    const byCount = new Array<number>(ROWS + 1).fill(0);
    for (let stop = 0; stop < strip.length; stop++) {
      let k = 0;
      for (let row = 0; row < ROWS; row++) if (strip[(stop + row) % strip.length] === slot.scatter) k++;
      byCount[k]! += 1 / strip.length;
    }
    const next = new Array<number>(dist.length + ROWS).fill(0);
    dist.forEach((p, i) => byCount.forEach((q, k) => (next[i + k]! += p * q)));
    dist = next;
  }
  return dist;
}

/** Expected free spins played after a trigger: `award` each trigger, retriggers up to the limit. */
export function expectedFreeSpins(award: number, per_round_max: number, p_retrigger: number): number {
  const memo = new Map<string, number>();
  // e(remaining, awarded): spins still to be played.
  const e = (remaining: number, awarded: number): number => {
    if (remaining === 0) return 0;
    const key = `${remaining}:${awarded}`;
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    const add = Math.min(award, per_round_max - awarded);
    const value =
      1 + p_retrigger * e(remaining - 1 + add, awarded + add) + (1 - p_retrigger) * e(remaining - 1, awarded);
    memo.set(key, value);
    return value;
  };
  return e(award, award);
}

export interface SlotMath {
  /** Base game: line pays, in stakes per spin. */
  readonly base_line_rtp: number;
  readonly base_scatter_rtp: number;
  /** P(3+ scatters) on a paid spin. */
  readonly trigger_probability: number;
  readonly retrigger_probability: number;
  readonly free_spins_per_trigger: number;
  /** Expected win of one free spin, multiplier included, in stakes. */
  readonly free_spin_rtp: number;
  /** What the free spins add per paid spin, in stakes. */
  readonly feature_rtp: number;
  readonly rtp: number;
}

export function slotMath(slot: Slot): SlotMath {
  const lines = (strips: readonly (readonly number[])[]) => lineExpectation(slot, strips);
  const scatter = (strips: readonly (readonly number[])[]) => {
    const dist = scatterDistribution(slot, strips);
    return {
      pay: dist.reduce((sum, p, k) => sum + p * scatterPay(slot, k), 0),
      trigger: dist.reduce((sum, p, k) => sum + (k >= 3 ? p : 0), 0),
    };
  };
  const base = scatter(slot.base_strips);
  const free = scatter(slot.free_strips);
  const { award, per_round_max, multiplier } = slot.free_spins;
  const base_line_rtp = lines(slot.base_strips);
  const free_spins_per_trigger = expectedFreeSpins(award, per_round_max, free.trigger);
  const free_spin_rtp = multiplier * (lines(slot.free_strips) + free.pay);
  const feature_rtp = base.trigger * free_spins_per_trigger * free_spin_rtp;
  return {
    base_line_rtp,
    base_scatter_rtp: base.pay,
    trigger_probability: base.trigger,
    retrigger_probability: free.trigger,
    free_spins_per_trigger,
    free_spin_rtp,
    feature_rtp,
    rtp: base_line_rtp + base.pay + feature_rtp,
  };
}
