// scripts/box-speed.mjs: how many test files vitest runs at once. Browser files: four on a very
// fast box, three on a fast one, two elsewhere; the other files: three on a very fast box, two
// elsewhere. E2E_WORKERS and VITEST_MAX_WORKERS override them.
import { describe, expect, it } from 'vitest';
import {
  boxPassMs,
  FAST_BOX_MS,
  OTHER_WORKERS,
  OTHER_WORKERS_VERY_FAST,
  passMs,
  VERY_FAST_BOX_MS,
  WORKERS_FAST,
  WORKERS_MAX,
  WORKERS_SLOW,
  WORKERS_VERY_FAST,
  workerPlan,
} from '../../../scripts/box-speed.mjs';

const notMeasured = () => {
  throw new Error('measured though the environment decides');
};
/** A measurement reading `times` in turn (the plan takes the faster of two). */
const reads = (...times: number[]) => {
  let i = 0;
  return () => times[i++ % times.length]!;
};

describe('test files at once', () => {
  it('four browser files and three others on a very fast box, three and two on a fast one, two and two on a slow one', async () => {
    expect([WORKERS_VERY_FAST, WORKERS_FAST, WORKERS_SLOW]).toEqual([4, 3, 2]);
    expect([OTHER_WORKERS_VERY_FAST, OTHER_WORKERS]).toEqual([3, 2]);
    expect(VERY_FAST_BOX_MS).toBeLessThan(FAST_BOX_MS);
    const plan = await workerPlan({}, reads(34));
    expect(plan).toEqual({
      browser: 4,
      other: 3,
      why: `a calibration pass took 34 ms (at most ${VERY_FAST_BOX_MS} ms: 4 and 3; at most ${FAST_BOX_MS} ms: 3 and 2; else 2 and 2)`,
    });
    expect(await workerPlan({}, reads(VERY_FAST_BOX_MS))).toMatchObject({ browser: 4, other: 3 });
    expect(await workerPlan({}, reads(VERY_FAST_BOX_MS + 0.5))).toMatchObject({ browser: 3, other: 2 });
    expect(await workerPlan({}, reads(FAST_BOX_MS))).toMatchObject({ browser: 3, other: 2 });
    expect(await workerPlan({}, reads(FAST_BOX_MS + 0.5))).toMatchObject({ browser: 2, other: 2 });
    expect(await workerPlan({}, async () => 50)).toMatchObject({ browser: 2, other: 2 });
    // An empty variable is unset.
    expect(await workerPlan({ E2E_WORKERS: '', VITEST_MAX_WORKERS: '' }, reads(58))).toMatchObject({
      browser: 2,
      other: 2,
    });
  });

  it('the faster of two passes decides: one slowed by vitest’s own start does not make a fast box slow', async () => {
    expect(await workerPlan({}, reads(43, 32))).toMatchObject({ browser: 4, other: 3 });
    expect(await workerPlan({}, reads(60, 40))).toMatchObject({ browser: 3, other: 2 });
    expect((await workerPlan({}, reads(43, 32))).why).toMatch(/^a calibration pass took 32 ms/);
  });

  it('E2E_WORKERS and VITEST_MAX_WORKERS decide; both set, nothing is measured', async () => {
    expect(await workerPlan({ E2E_WORKERS: '1', VITEST_MAX_WORKERS: '2' }, notMeasured)).toEqual({
      browser: 1,
      other: 2,
      why: 'E2E_WORKERS=1, VITEST_MAX_WORKERS=2',
    });
    const one = await workerPlan({ E2E_WORKERS: String(WORKERS_MAX) }, reads(30));
    expect(one).toMatchObject({ browser: WORKERS_MAX, other: 3 });
    expect(one.why).toMatch(/; E2E_WORKERS=8$/);
    expect(await workerPlan({ VITEST_MAX_WORKERS: '1' }, reads(50))).toMatchObject({ browser: 2, other: 1 });
  });

  it('refuses a count that is not a whole number from 1 to the limit, naming the variable', async () => {
    for (const name of ['E2E_WORKERS', 'VITEST_MAX_WORKERS']) {
      for (const bad of ['0', '-1', '2.5', 'three', String(WORKERS_MAX + 1)]) {
        await expect(workerPlan({ [name]: bad }, notMeasured), `${name}=${bad}`).rejects.toThrow(
          `${name} must be a whole number from 1 to ${WORKERS_MAX}, not "${bad}"`,
        );
      }
    }
  });

  it('a calibration pass is a real measurement, on one thread and on two at once', async () => {
    for (const ms of [passMs(), await boxPassMs()]) {
      expect(Number.isFinite(ms)).toBe(true);
      expect(ms).toBeGreaterThan(0);
    }
  });
});
