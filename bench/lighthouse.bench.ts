// `npm run bench -- lighthouse`: Lighthouse's best-practices audits on the built bettor's app, served
// by the real server, in Debian's Chromium (issue 45: the installable app passes Lighthouse's
// checks). Lighthouse 12 has no PWA category any more (removed in 2024, with its installability
// audit); the installability is asked of Chromium itself in the browser test
// (e2e/app-install.e2e.ts, DevTools' Page.getInstallabilityErrors). Every audit must pass: the
// figure is the category's score against the 100 it must reach.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { buildWeb } from './bundle-size.bench.ts';
import { report, type Benchmark, type Figure } from './lib.ts';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** An audit that counts: scored (not informative or not applicable) and below full marks. */
type Audit = { id: string; title: string; score: number | null; scoreDisplayMode: string };

export const lighthouseBench: Benchmark = {
  name: 'lighthouse',
  description:
    "Lighthouse's best-practices audits on the login screen of the built app (every audit passes: 100)",
  async run(): Promise<Figure[]> {
    const given = process.env.BENCH_WEB_DIST;
    const dist = given ? resolve(given) : buildWeb();
    const app = await buildApp({
      store: { kind: 'pglite-memory' },
      seedDemo: true,
      logger: false,
      webDistDir: dist,
      rateLimits: { globalPerMinute: 1_000_000, loginPerMinute: 10_000 },
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM_PATH,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
    });
    try {
      const result = await lighthouse(`${base}/`, {
        port: chrome.port,
        onlyCategories: ['best-practices'],
        output: 'json',
        logLevel: 'error',
      });
      if (!result) throw new Error('Lighthouse gave no result');
      const category = result.lhr.categories['best-practices'];
      const failing = (Object.values(result.lhr.audits) as Audit[]).filter(
        (a) => a.score !== null && a.score < 1 && ['binary', 'numeric'].includes(a.scoreDisplayMode),
      );
      for (const a of failing) {
        console.log(`    failing: ${a.id} (${a.title}), score ${a.score}`);
        const items = (result.lhr.audits[a.id]?.details as { items?: unknown[] } | undefined)?.items ?? [];
        for (const item of items.slice(0, 8)) console.log(`      ${JSON.stringify(item).slice(0, 400)}`);
      }
      const score = Math.round((category?.score ?? 0) * 100);
      const figure = report({
        label: `best practices, login screen (${failing.length === 0 ? 'PASS' : 'FAIL'}: every audit passes)`,
        value: score,
        unit: 'points',
        baseline: { label: 'full marks', value: 100 },
      });
      if (failing.length > 0) throw new Error(`${failing.length} best-practices audit(s) fail`);
      return [figure];
    } finally {
      await chrome.kill();
      await app.close();
    }
  },
};
