import { describe, expect, it } from 'vitest';
import { createTickLoop } from '../src/loop.ts';

const quiet = { info() {}, warn() {}, debug() {} };

describe('tick loop', () => {
  it('stop waits for the market work in flight; a market is busy until its work ends', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    let done = false;
    const loop = createTickLoop<number>({
      name: 'test feed',
      tick_ms: 1,
      log: quiet,
      run: async () => ({ report: 0, jobs: [] }),
    });
    void loop.launch(7, async () => {
      await gate;
      done = true;
    });
    expect(loop.busy.has(7)).toBe(true);
    let stopped = false;
    const stopping = loop.stop().then(() => (stopped = true));
    await new Promise((r) => setTimeout(r, 10));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(done).toBe(true);
    expect(loop.busy.has(7)).toBe(false);
  });

  it('failed market work and a failed tick are logged, never thrown; ticks go on until stop', async () => {
    const warnings: string[] = [];
    const reports: number[] = [];
    let n = 0;
    const loop = createTickLoop<number>({
      name: 'test feed',
      tick_ms: 2,
      log: { ...quiet, warn: (_obj: object, msg: string) => void warnings.push(msg) },
      run: async () => {
        n += 1;
        if (n === 2) throw new Error('boom');
        return { report: n, jobs: [] };
      },
      onReport: (r) => void reports.push(r),
    });
    await loop.launch(1, () => Promise.reject(new Error('market boom')));
    expect(loop.busy.size).toBe(0);
    loop.start();
    await new Promise((r) => setTimeout(r, 40));
    await loop.stop();
    const ticks = n;
    expect(reports).toContain(1);
    expect(reports).toContain(3);
    expect(warnings).toContain('test feed: market work failed');
    expect(warnings).toContain('test feed: tick failed');
    await new Promise((r) => setTimeout(r, 10));
    expect(n).toBe(ticks);
  });
});
