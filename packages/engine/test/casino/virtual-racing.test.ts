// Virtual racing: the field from the round id, the race from (seed, round id) through the HMAC
// stream only, the photo finish, exact WIN probabilities and their margins, and simulations.
import { describe, expect, it } from 'vitest';
import {
  RACING_FURLONGS,
  RACING_MARGIN_BP,
  RACING_STRIDE_BOUND,
  racingField,
  racingWinProbabilities,
  readRacingStep,
  virtualRacing,
  virtualRacingRound,
} from '../../src/index.ts';
import { hmac } from './crypto.ts';
import { countingHmac, fastHmac, scriptedHmac, streamMessages, withinSds } from './virtual-helpers.ts';

const readStep = readRacingStep;

describe('virtual racing: the field and the race', () => {
  it('the field comes from the round id: 6–8 distinct names numbered 1…n, ratings 0–3, every size seen', () => {
    const sizes = new Set<number>();
    for (let i = 0; i < 500; i++) {
      const field = racingField(String(i));
      sizes.add(field.length);
      expect(field.map((r) => r.no)).toEqual(field.map((_, k) => k + 1));
      expect(new Set(field.map((r) => r.name)).size).toBe(field.length);
      for (const r of field) expect([0, 1, 2, 3]).toContain(r.rating);
      expect(racingField(String(i))).toEqual(field);
    }
    expect([...sizes].sort()).toEqual([6, 7, 8]);
  });

  it('the same seed and round give the same race; another seed another one', () => {
    const one = virtualRacing.play('seed-1', '2001', hmac);
    expect(virtualRacing.play('seed-1', '2001', hmac)).toEqual(one);
    expect(virtualRacing.play('seed-2', '2001', hmac).steps).not.toEqual(one.steps);
  });

  it('draws only HMAC(seed, `${roundId}:${counter}`), counter 0, 1, 2 …: a stride per runner per furlong, then the photo', () => {
    for (let i = 0; i < 50; i++) {
      const seed = `s${i}`;
      const roundId = String(7000 + i);
      const rec = countingHmac();
      const { steps } = virtualRacing.play(seed, roundId, rec.hmac);
      expect(rec.calls.every(([k]) => k === seed)).toBe(true);
      expect(rec.calls.map(([, m]) => m)).toEqual(streamMessages(roundId, rec.calls.length));
      const final = readStep(steps.at(-1)!).order;
      const photo = [...new Set(final.map((r) => r.gap))].reduce(
        (s, gap) => s + final.filter((r) => r.gap === gap).length - 1,
        0,
      );
      expect(rec.calls.length).toBe(racingField(roundId).length * RACING_FURLONGS + photo);
    }
  });

  it(
    'a step per furlong: every runner once, leader first at gap 0, gaps never shrinking down the field; the winner leads the last',
    { timeout: 60_000 },
    () => {
      for (let i = 0; i < 300; i++) {
        const roundId = String(i);
        const { steps, result } = virtualRacing.play(`seed${i}`, roundId, hmac);
        const field = racingField(roundId);
        expect(steps).toHaveLength(RACING_FURLONGS);
        steps.forEach((s, f) => {
          const { furlong, order } = readStep(s);
          expect(furlong).toBe(f + 1);
          expect(order.map((r) => r.no).sort((a, b) => a - b)).toEqual(field.map((r) => r.no));
          expect(order[0]!.gap).toBe(0);
          order.slice(1).forEach((r, k) => expect(r.gap).toBeGreaterThanOrEqual(order[k]!.gap));
        });
        const winner = readStep(steps.at(-1)!).order[0]!.no;
        expect(result.summary).toBe(field[winner - 1]!.name);
        expect(Object.keys(result.outcomes)).toEqual([`runner_${winner}`]);
      }
    },
  );

  it('a hand-made race: every stride 0, so the top-rated runners are level at the post and the photo orders them', () => {
    // Find a field with at least two runners on the top rating.
    let roundId = 0;
    const topOf = (id: number) => {
      const f = racingField(String(id));
      const top = Math.max(...f.map((r) => r.rating));
      return f.filter((r) => r.rating === top);
    };
    while (topOf(roundId).length < 3) roundId++;
    const id = String(roundId);
    const field = racingField(id);
    const level = topOf(roundId).map((r) => r.no);
    const groups = new Set(field.map((r) => r.rating));
    const photoDraws = [...groups].reduce((s, g) => s + field.filter((r) => r.rating === g).length - 1, 0);
    // Strides all 0; the photo's draws pick j = 0 each time (Fisher–Yates from the back).
    const { steps, result } = virtualRacing.play(
      'x',
      id,
      scriptedHmac(Array<number>(field.length * RACING_FURLONGS + photoDraws).fill(0)),
    );
    const first = readStep(steps[0]!).order;
    expect(first.slice(0, level.length).map((r) => r.no)).toEqual(level); // level: saddlecloth order
    const last = readStep(steps.at(-1)!).order;
    expect(last.slice(0, level.length).every((r) => r.gap === 0)).toBe(true);
    // [a, b, c …] with j = 0 at every step from the back: the second of the level group wins.
    const photo = level.slice();
    for (let i = photo.length - 1; i >= 1; i--) [photo[i], photo[0]] = [photo[0]!, photo[i]!];
    expect(last.slice(0, level.length).map((r) => r.no)).toEqual(photo);
    expect(result.outcomes).toEqual({
      [`runner_${photo[0]}`]: { kind: 'win', payout: virtualRacing.options(id)[photo[0]! - 1]!.payout },
    });
  });

  it('settles WIN only; a bet on a runner number the game never has is an error', () => {
    const { result } = virtualRacing.play('s', '3', hmac);
    expect(() => virtualRacing.settle([{ option_id: 'runner_9', stake_paise: 100 }], result)).toThrow(
      /no option/,
    );
    const options = virtualRacing.options('3');
    const profits = virtualRacing.settle(
      options.map((o) => ({ option_id: o.id, stake_paise: 10_000 })),
      result,
    );
    options.forEach((o, i) =>
      expect(profits[i]).toBe(
        result.outcomes[o.id] ? Math.floor((10_000 * (o.payout - 100)) / 100) : -10_000,
      ),
    );
  });
});

/** Sums of ten strides, again: P(s) for s = 0 … 190. */
function strideSums(): number[] {
  let p = [1];
  for (let f = 0; f < RACING_FURLONGS; f++) {
    const next = Array<number>(p.length + RACING_STRIDE_BOUND - 1).fill(0);
    p.forEach((x, s) => {
      for (let u = 0; u < RACING_STRIDE_BOUND; u++) next[s + u]! += x / RACING_STRIDE_BOUND;
    });
    p = next;
  }
  return p;
}

describe('virtual racing: the odds', () => {
  it(
    'three runners by brute force over every finishing total (level ones sharing) agree with the model',
    { timeout: 60_000 },
    () => {
      const ratings = [0, 1, 3];
      const sums = strideSums();
      const want = [0, 0, 0];
      sums.forEach((p0, s0) =>
        sums.forEach((p1, s1) =>
          sums.forEach((p2, s2) => {
            const t = [s0 + 10 * ratings[0]!, s1 + 10 * ratings[1]!, s2 + 10 * ratings[2]!];
            const top = Math.max(...t);
            const level = t.filter((x) => x === top).length;
            t.forEach((x, i) => {
              if (x === top) want[i]! += (p0 * p1 * p2) / level;
            });
          }),
        ),
      );
      racingWinProbabilities(ratings).forEach((p, i) => expect(p).toBeCloseTo(want[i]!, 10));
    },
  );

  it(
    'every field of 6–8 runners: the chances add up to 1, equal ratings equal chances, a better rating a better chance',
    { timeout: 60_000 },
    () => {
      const fields: number[][] = [];
      const grow = (f: number[]) => {
        if (f.length >= 6) fields.push(f);
        if (f.length === 8) return;
        for (let r = f.at(-1) ?? 0; r <= 3; r++) grow([...f, r]);
      };
      grow([]);
      expect(fields).toHaveLength(84 + 120 + 165);
      for (const f of fields) {
        const p = racingWinProbabilities(f);
        expect(p.reduce((s, x) => s + x, 0)).toBeCloseTo(1, 12);
        for (let i = 1; i < f.length; i++) {
          if (f[i] === f[i - 1]) expect(p[i]).toBeCloseTo(p[i - 1]!, 14);
          else expect(p[i]).toBeGreaterThan(p[i - 1]!);
        }
      }
    },
  );

  it(
    '2,000 rounds: each runner margin 1 − P × payout is 10 % (+ under P / 100), payouts ≥ 1.01',
    { timeout: 60_000 },
    () => {
      const m = RACING_MARGIN_BP / 10_000;
      for (let i = 0; i < 2_000; i++) {
        const { options, runners } = virtualRacingRound(String(i));
        expect(options.map((o) => o.id)).toEqual(runners.map((r) => `runner_${r.no}`));
        for (const o of options) {
          expect(Number.isInteger(o.payout)).toBe(true);
          expect(o.payout).toBeGreaterThanOrEqual(101);
          expect(o.margin).toBe(1 - (o.p * o.payout) / 100);
          expect(o.margin).toBeGreaterThanOrEqual(m - 1e-12);
          expect(o.margin).toBeLessThan(m + o.p / 100);
        }
      }
    },
  );

  it('20,000 races of one round agree with its odds (each runner within 4 sd)', { timeout: 60_000 }, () => {
    const roundId = '5';
    const options = virtualRacingRound(roundId).options;
    const stream = fastHmac(3);
    const N = 20_000;
    const hits = new Map<string, number>();
    for (let i = 0; i < N; i++)
      for (const id of Object.keys(virtualRacing.play('', roundId, stream).result.outcomes))
        hits.set(id, (hits.get(id) ?? 0) + 1);
    for (const o of options)
      expect({ id: o.id, ...withinSds(hits.get(o.id) ?? 0, Array<number>(N).fill(o.p)) }).toMatchObject({
        id: o.id,
        ok: true,
      });
  });

  it(
    '20,000 rounds, each its own field: the favourites win as often as their summed odds say',
    { timeout: 60_000 },
    () => {
      const stream = fastHmac(5);
      const favP: number[] = [];
      let favWins = 0;
      const allP: number[] = [];
      let firstWins = 0;
      for (let i = 0; i < 20_000; i++) {
        const roundId = String(200_000 + i);
        const { options } = virtualRacingRound(roundId);
        const fav = options.reduce((a, b) => (b.p > a.p ? b : a));
        const won = Object.keys(virtualRacing.play('', roundId, stream).result.outcomes)[0];
        favP.push(fav.p);
        if (won === fav.id) favWins++;
        allP.push(options[0]!.p);
        if (won === options[0]!.id) firstWins++;
      }
      expect(withinSds(favWins, favP).ok).toBe(true);
      expect(withinSds(firstWins, allP).ok).toBe(true);
    },
  );
});

describe('readRacingStep', () => {
  it('reads a furlong and its order; anything else throws', () => {
    expect(readRacingStep('3:5+0,2+2,7+2')).toEqual({
      furlong: 3,
      order: [
        { no: 5, gap: 0 },
        { no: 2, gap: 2 },
        { no: 7, gap: 2 },
      ],
    });
    expect(() => readRacingStep('3:5+0,')).toThrow(/not a virtual racing step/);
    expect(() => readRacingStep('A:1.1:4')).toThrow(/not a virtual racing step/);
  });
});
