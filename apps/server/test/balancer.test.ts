// HAProxy as docs/scaling.md configures it (helpers/cluster.ts writes the same file): when no node
// can answer — every health check failing, as while the store is cut off — the balancer answers
// itself, and the bettor's app must still read a refusal in words, not an HTML error page.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort, startHaproxy } from './helpers/cluster.ts';
import { clusterServices } from './helpers/services.ts';

const ready = clusterServices('the balancer in words (HAProxy)', { haproxy: true });

describe.skipIf(!ready)("the balancer's own answers", () => {
  it('with no node answering, a call gets 503 with status false and a message in words', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'backlay-balancer-'));
    // A node nobody listens on: every health check fails.
    const lb = await startHaproxy(dir, await freePort(), [{ name: 'gone', port: await freePort() }], false);
    try {
      const res = await fetch(`http://${lb.host}/api/bet/placeMarketBet`, { method: 'POST', body: '{}' });
      expect(res.status).toBe(503);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await res.json()).toEqual({
        status: false,
        message: 'No server is answering right now: try again in a moment.',
      });
    } finally {
      lb.child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
