// scripts/box-speed.mjs: how many browser files vitest runs at once. Three where the box is fast,
// two where three files' servers and Chromiums would saturate it; E2E_WORKERS overrides both.
import { describe, expect, it } from 'vitest';
import {
  boxPassMs,
  browserWorkers,
  FAST_BOX_MS,
  passMs,
  WORKERS_FAST,
  WORKERS_MAX,
  WORKERS_SLOW,
} from '../../../scripts/box-speed.mjs';

const notMeasured = () => {
  throw new Error('measured though E2E_WORKERS decides');
};

describe('browser files at once', () => {
  it('three on a fast box, two on a slow one, the pass named in the reason', async () => {
    expect(WORKERS_FAST).toBe(3);
    expect(WORKERS_SLOW).toBe(2);
    expect(await browserWorkers({}, () => 34)).toEqual({
      workers: 3,
      why: `a calibration pass took 34 ms (3 at most ${FAST_BOX_MS} ms, else 2)`,
    });
    expect((await browserWorkers({}, () => FAST_BOX_MS)).workers).toBe(3);
    expect((await browserWorkers({}, () => FAST_BOX_MS + 0.5)).workers).toBe(2);
    expect((await browserWorkers({}, async () => 50)).workers).toBe(2);
    // An empty E2E_WORKERS is unset.
    expect((await browserWorkers({ E2E_WORKERS: '' }, () => 58)).workers).toBe(2);
  });

  it('E2E_WORKERS decides without a measurement', async () => {
    expect(await browserWorkers({ E2E_WORKERS: '1' }, notMeasured)).toEqual({
      workers: 1,
      why: 'E2E_WORKERS=1',
    });
    expect((await browserWorkers({ E2E_WORKERS: '4' }, notMeasured)).workers).toBe(4);
    expect((await browserWorkers({ E2E_WORKERS: String(WORKERS_MAX) }, notMeasured)).workers).toBe(
      WORKERS_MAX,
    );
  });

  it('refuses an E2E_WORKERS that is not a whole number from 1 to the limit, naming it', async () => {
    for (const bad of ['0', '-1', '2.5', 'three', String(WORKERS_MAX + 1)]) {
      await expect(browserWorkers({ E2E_WORKERS: bad }, notMeasured), bad).rejects.toThrow(
        `E2E_WORKERS must be a whole number from 1 to ${WORKERS_MAX}, not "${bad}"`,
      );
    }
  });

  it('a calibration pass is a real measurement, on one thread and on two at once', async () => {
    for (const ms of [passMs(), await boxPassMs()]) {
      expect(Number.isFinite(ms)).toBe(true);
      expect(ms).toBeGreaterThan(0);
    }
  });
});
