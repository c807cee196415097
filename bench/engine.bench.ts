// Engine benchmark: random limit orders (and cancels) into one market's book, orders per second.
//
// Workload (seeded, generated before timing): one market with 3 runners, each with a fair price
// that drifts a tick now and then. Half the orders are backs, half lays; 70% are passive (they
// rest 1–5 ticks behind the fair price), 30% aggressive (they cross up to 3 ticks and match,
// often partly, often against several resting orders). Stakes ₹1–₹500. Cancels: after each
// order, with probability 0.1, a random one of the last 1,000 orders; and every order still
// resting 5,000 orders after it was placed (a market maker refreshing its quotes), which keeps
// the book at a realistic few thousand resting orders. The figure is placements per second of
// the whole stream, so the cancels' cost is inside it.
//
// Baseline, measured in the same run on the same commands: push every order into a plain array
// and sort it once by price (a stable sort, so time order within a price) — the least work any
// book must do to keep the same orders in price-time order, without matching or cancelling.
// The ratio says how close to that the book gets while also matching, cancelling, indexing
// orders by id and emitting events.
//
// Measured in processes of their own, bundled and run by plain node as the server is
// (scripts/build.mjs). In the process of `npm run bench`, which loads every bench's modules
// (PGlite, Playwright, autocannon, the contract), the same engine read about half its figure:
// 0.16–0.22× there against 0.34–0.40× alone, on the same box minutes apart (docs/performance.md,
// "Engine (order book)"). The figure is the book's, not the heap the bench runner leaves around it.
// And each side has its own processes, alternating (engine, baseline, engine, …), so neither side's
// figure carries the other's garbage: on one box the old one-heap measurement read 0.49–0.62×
// against 0.64–0.67× apart in the same hour, on another the two read alike (docs/performance.md,
// "Engine (order book)", 2026-12-02 and 2026-12-03).
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EngineMeasurement, EngineSide } from './engine-measure.ts';
import { N, RUNS } from './engine-measure.ts';
import type { Benchmark, Figure } from './lib.ts';
import { median, report } from './lib.ts';

/** Processes per side; each runs RUNS timed runs after its warm-up. */
const PROCESSES = 3;

/** The measurement bundled (engine included), to be run by plain node: its file. */
async function bundleMeasurement(dir: string): Promise<string> {
  const here = dirname(fileURLToPath(import.meta.url));
  const out = await build({
    stdin: {
      contents:
        "import { measure } from './engine-measure.ts'; console.log(JSON.stringify(measure(process.argv[2] === 'baseline' ? 'baseline' : 'engine')));",
      resolveDir: here,
      loader: 'ts',
    },
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    write: false,
  });
  const file = join(dir, 'engine-measure.mjs');
  writeFileSync(file, out.outputFiles[0]!.contents);
  return file;
}

/** One measuring process for one side; its JSON answer. */
function measureIn(file: string, side: EngineSide): EngineMeasurement {
  const run = spawnSync(process.execPath, [file, side], { encoding: 'utf8', maxBuffer: 1 << 20 });
  if (run.status !== 0) throw new Error(`engine bench: the ${side} process failed: ${run.stderr}`);
  return JSON.parse(run.stdout.trim().split('\n').at(-1)!) as EngineMeasurement;
}

/** PROCESSES processes per side, alternating, so a drift in the box's speed meets both sides. */
async function measureBundled(): Promise<{ engine: EngineMeasurement[]; baseline: EngineMeasurement[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-engine-'));
  try {
    const file = await bundleMeasurement(dir);
    const engine: EngineMeasurement[] = [];
    const baseline: EngineMeasurement[] = [];
    for (let p = 0; p < PROCESSES; p++) {
      engine.push(measureIn(file, 'engine'));
      baseline.push(measureIn(file, 'baseline'));
    }
    return { engine, baseline };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const engineBench: Benchmark = {
  name: 'engine',
  description: `order book: ${N.toLocaleString('en')} random limit orders (with cancels) into one 3-runner market`,
  async run(): Promise<Figure[]> {
    const { engine, baseline } = await measureBundled();
    const engine_ms = engine.flatMap((m) => m.ms);
    const baseline_ms = baseline.flatMap((m) => m.ms);
    const last = engine.at(-1)!.last!;
    console.log(
      `  per run: ${N.toLocaleString('en')} orders, ${last.cancelled.toLocaleString('en')} cancels, ` +
        `${last.fills.toLocaleString('en')} fills, ${last.resting.toLocaleString('en')} orders resting at the end; ` +
        `median of ${PROCESSES} processes × ${RUNS} runs a side: engine ${median(engine_ms).toFixed(0)} ms, baseline ${median(baseline_ms).toFixed(0)} ms`,
    );
    return [
      report({
        label: 'engine',
        value: (N * 1000) / median(engine_ms),
        unit: 'orders/s',
        baseline: { label: 'array push + stable sort by price', value: (N * 1000) / median(baseline_ms) },
      }),
    ];
  },
};
