import { describe, expect, it } from 'vitest';
import {
  biasedProbabilities,
  drawFinishingOrder,
  drawStrengths,
  GREYHOUND_RACING,
  HORSE_RACING,
  marketOpinion,
  mulberry32,
  placeProbabilities,
  placesPaid,
  placingsFromOrder,
  planDay,
  plannedRaces,
  planNonRunner,
  reductionFactorsBp,
  runTimeMs,
  siteDay,
  siteDayStartMs,
  TRAP_COLOURS,
  winProbabilities,
  DEFAULT_RACE_MODEL,
} from '../src/index.ts';

const DAY = siteDay(Date.UTC(2026, 10, 22, 12, 0, 0));
const MIN = 60_000;
const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

describe('racing cards', () => {
  it('cards are valid: numbers, traps and trap colours, weights, draws, places by field size', () => {
    for (const day of [DAY, DAY + 1, DAY + 2]) {
      const races = planDay(21, day);
      expect(races.length).toBeGreaterThan(250);
      for (const r of races) {
        const n = r.runners.length;
        expect(r.runners.map((x) => x.number)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
        expect(new Set(r.runners.map((x) => x.name)).size).toBe(n);
        expect(r.places_paid).toBe(n <= 4 ? 1 : n <= 7 ? 2 : n <= 15 ? 3 : 4);
        expect(r.strengths).toHaveLength(n);
        expect(r.off_time_ms % MIN).toBe(0);
        for (const x of r.runners) expect(x.form).toMatch(/^[0-9PFU-]*$/);
        if (r.sport_id === GREYHOUND_RACING) {
          expect(['GB', 'AU']).toContain(r.country);
          expect(n).toBe(6);
          r.runners.forEach((x, i) => {
            expect(x.colours).toEqual(TRAP_COLOURS[i]);
            expect(x.jockey).toBeNull();
            expect(x.weight).toBeNull();
            expect(x.draw).toBeNull();
          });
          expect(r.surface).toBe('Sand');
          expect(r.distance).toMatch(/^\d+m$/);
          expect(r.run_ms).toBeGreaterThanOrEqual(15_000);
          expect(r.run_ms).toBeLessThanOrEqual(45_000);
        } else {
          expect(r.sport_id).toBe(HORSE_RACING);
          expect(['GB', 'IE', 'AU', 'US', 'IN']).toContain(r.country);
          expect(n).toBeGreaterThanOrEqual(5);
          expect(n).toBeLessThanOrEqual(20);
          expect(r.run_ms).toBeGreaterThanOrEqual(60_000);
          expect(r.run_ms).toBeLessThanOrEqual(240_000);
          for (const x of r.runners) {
            expect(x.weight).toMatch(/^(7|8|9|10|11|12)-([0-9]|1[0-3])$/);
            expect(x.jockey).toMatch(/^[A-Z]\. /);
            expect(x.colours.length).toBeGreaterThanOrEqual(2);
            expect(x.age).toBeGreaterThanOrEqual(2);
          }
          const draws = r.runners.map((x) => x.draw);
          if (draws[0] !== null)
            expect([...draws].sort((a, b) => a! - b!)).toEqual(r.runners.map((x) => x.number));
          else expect(draws.every((d) => d === null)).toBe(true);
        }
      }
    }
  });

  it('has big handicap fields (16–20) some days and small ones (5–7)', () => {
    const sizes = [DAY, DAY + 1].flatMap((d) =>
      planDay(21, d)
        .filter((r) => r.sport_id === HORSE_RACING)
        .map((r) => r.runners.length),
    );
    expect(sizes.filter((n) => n >= 16).length).toBeGreaterThan(3);
    expect(sizes.filter((n) => n <= 7).length).toBeGreaterThan(10);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(20);
  });

  it('a day has races for every listed country, a race every few minutes site-wide round the clock', () => {
    for (const day of [DAY, DAY + 1, DAY + 7]) {
      const start = siteDayStartMs(day);
      const races = plannedRaces(21, start, start + 24 * 60 * MIN);
      const kinds = new Set(races.map((r) => `${r.sport_id}-${r.country}`));
      expect([...kinds].sort()).toEqual(['4339-AU', '4339-GB', '7-AU', '7-GB', '7-IE', '7-IN', '7-US']);
      const gaps = races.slice(1).map((r, i) => (r.off_time_ms - races[i]!.off_time_ms) / MIN);
      gaps.sort((a, b) => a - b);
      expect(gaps[gaps.length >> 1]!, 'median gap (min)').toBeLessThanOrEqual(5);
      expect(gaps[gaps.length - 1]!, 'longest gap (min)').toBeLessThanOrEqual(15);
      // The first race of the day and the last are near midnight: round the clock.
      expect(races[0]!.off_time_ms - start).toBeLessThanOrEqual(15 * MIN);
      expect(start + 24 * 60 * MIN - races[races.length - 1]!.off_time_ms).toBeLessThanOrEqual(15 * MIN);
    }
  });

  it('each meeting has a race every 25–35 minutes', () => {
    const byMeeting = new Map<string, number[]>();
    for (const r of planDay(21, DAY)) {
      const k = `${r.sport_id}|${r.venue}`;
      byMeeting.set(k, [...(byMeeting.get(k) ?? []), r.off_time_ms]);
    }
    expect(byMeeting.size).toBeGreaterThan(30);
    for (const offs of byMeeting.values()) {
      for (let i = 1; i < offs.length; i++) {
        const gap = (offs[i]! - offs[i - 1]!) / MIN;
        expect(gap).toBeGreaterThanOrEqual(25);
        expect(gap).toBeLessThanOrEqual(35);
      }
    }
  });

  it('is deterministic from the seed and the day', () => {
    expect(planDay(21, DAY)).toEqual(planDay(21, DAY));
    expect(planDay(21, DAY)).not.toEqual(planDay(22, DAY));
    expect(planDay(21, DAY)[0]!.off_time_ms).not.toBe(planDay(21, DAY + 1)[0]!.off_time_ms - 24 * 60 * MIN);
  });

  it('places paid by field size and run times by distance', () => {
    expect([4, 5, 7, 8, 15, 16, 20].map(placesPaid)).toEqual([1, 2, 2, 3, 3, 4, 4]);
    expect(runTimeMs(HORSE_RACING, '5f')).toBe(62_500);
    expect(runTimeMs(HORSE_RACING, '1m2f')).toBe(125_000);
    expect(runTimeMs(HORSE_RACING, '3m')).toBe(240_000);
    expect(runTimeMs(HORSE_RACING, '2m')).toBe(200_000);
    expect(runTimeMs(HORSE_RACING, '1200m')).toBeCloseTo(74_627, -2);
    expect(runTimeMs(GREYHOUND_RACING, '480m')).toBe(29_091);
  });
});

describe('the race model', () => {
  it('win probabilities sum to 1, place probabilities to the places paid, each place ≥ win', () => {
    const rnd = mulberry32(3);
    for (const n of [5, 6, 8, 12, 16, 20]) {
      const ps = winProbabilities(drawStrengths(rnd, n, 0.9));
      expect(sum(ps)).toBeCloseTo(1, 12);
      const k = placesPaid(n);
      const place = placeProbabilities(ps, k);
      expect(sum(place)).toBeCloseTo(k, 9);
      place.forEach((p, i) => {
        expect(p).toBeGreaterThanOrEqual(ps[i]! - 1e-12);
        expect(p).toBeLessThanOrEqual(1 + 1e-12);
      });
      const q = biasedProbabilities(ps, 0.85);
      expect(sum(q)).toBeCloseTo(1, 12);
    }
  });

  it('Harville place chances agree with the Plackett–Luce finishing order', () => {
    const rnd = mulberry32(5);
    const strengths = drawStrengths(rnd, 8, 0.9);
    const place = placeProbabilities(winProbabilities(strengths), 3);
    const placed = new Array<number>(8).fill(0);
    const N = 20_000;
    for (let i = 0; i < N; i++)
      for (const j of drawFinishingOrder(rnd, strengths).slice(0, 3)) placed[j]! += 1;
    placed.forEach((c, i) => expect(c / N).toBeCloseTo(place[i]!, 1));
  });

  it('shows the favourite–longshot bias: longshots win less often than their odds say, favourites more', () => {
    const rnd = mulberry32(11);
    let longImplied = 0;
    let longWins = 0;
    let favImplied = 0;
    let favWins = 0;
    for (let race = 0; race < 6_000; race++) {
      const strengths = drawStrengths(rnd, 5 + (race % 12), DEFAULT_RACE_MODEL.strength_sigma);
      const truth = winProbabilities(strengths);
      // The market at the off: the bias, no noise left.
      const quoted = marketOpinion(biasedProbabilities(truth, DEFAULT_RACE_MODEL.bias_alpha), [], 0.25, 0, 1);
      const winner = drawFinishingOrder(rnd, strengths)[0]!;
      quoted.forEach((q, i) => {
        if (q < 0.04) {
          longImplied += q;
          if (i === winner) longWins += 1;
        }
        if (q > 0.4) {
          favImplied += q;
          if (i === winner) favWins += 1;
        }
      });
    }
    // Quoted odds 25+ win clearly less often than 1/odds; odds-on favourites more often.
    expect(longImplied).toBeGreaterThan(100);
    expect(favImplied).toBeGreaterThan(100);
    expect(longWins / longImplied).toBeLessThan(0.8);
    expect(favWins / favImplied).toBeGreaterThan(1.05);
  });

  it('opinion noise fades to nothing at the off (prices firm up)', () => {
    const q = [0.5, 0.3, 0.2];
    const noise = [1, -1, 0.5];
    const far = marketOpinion(q, noise, 0.25, 3 * 3_600_000, 3 * 3_600_000);
    const near = marketOpinion(q, noise, 0.25, 10 * MIN, 3 * 3_600_000);
    const off = marketOpinion(q, noise, 0.25, 0, 3 * 3_600_000);
    const dist = (a: number[]) => sum(a.map((p, i) => Math.abs(p - q[i]!)));
    expect(dist(far)).toBeGreaterThan(dist(near));
    expect(dist(off)).toBeCloseTo(0, 12);
  });

  it('non-runners come at about 1 in 15 races, 20–90 minutes before the off', () => {
    const rnd = mulberry32(17);
    let count = 0;
    const N = 15_000;
    for (let i = 0; i < N; i++) {
      const plan = planNonRunner(rnd, 10, 1_000_000_000, DEFAULT_RACE_MODEL.non_runner_probability);
      if (!plan) continue;
      count += 1;
      expect(plan.index).toBeGreaterThanOrEqual(0);
      expect(plan.index).toBeLessThan(10);
      expect(1_000_000_000 - plan.at_ms).toBeGreaterThanOrEqual(20 * MIN);
      expect(1_000_000_000 - plan.at_ms).toBeLessThanOrEqual(90 * MIN);
    }
    expect(count / N).toBeGreaterThan(0.8 / 15);
    expect(count / N).toBeLessThan(1.2 / 15);
  });

  it('reduction factors are the implied chances in basis points (place: its share of the place book)', () => {
    expect(reductionFactorsBp(0.25, 0.6, 3)).toEqual({ win_rf_bp: 2500, place_rf_bp: 2000 });
    expect(reductionFactorsBp(0.0123, 0.05, 2)).toEqual({ win_rf_bp: 123, place_rf_bp: 250 });
    expect(reductionFactorsBp(0.4, null, 1)).toEqual({ win_rf_bp: 4000, place_rf_bp: 0 });
  });

  it('placings name every runner once, a dead heat as one placing, at most 10 positions', () => {
    const rnd = mulberry32(23);
    let heats = 0;
    for (let i = 0; i < 5_000; i++) {
      const order = [7, 3, 1, 2, 5, 4, 6, 8, 9, 10, 11, 12];
      const placings = placingsFromOrder(rnd, order, 3, 0.02);
      expect(placings.length).toBeLessThanOrEqual(10);
      const flat = placings.flat();
      expect(new Set(flat).size).toBe(flat.length);
      const heat = placings.findIndex((p) => p.length > 1);
      if (heat >= 0) {
        heats += 1;
        expect(heat).toBeLessThan(3);
        expect(placings[heat]).toHaveLength(2);
      }
    }
    expect(heats / 5_000).toBeGreaterThan(0.01);
    expect(heats / 5_000).toBeLessThan(0.03);
  });
});
