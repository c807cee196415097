// `npm run bench`: runs every benchmark module in turn (or only those named on the command line,
// e.g. `npm run bench -- engine`). To add one, write `<name>.bench.ts` exporting a `Benchmark` and
// list it below.
import type { Benchmark } from './lib.ts';
import { bundleSizeBench } from './bundle-size.bench.ts';
import { casinoDayBench } from './casino-day.bench.ts';
import { engineBench } from './engine.bench.ts';
import { fancyBetsBench } from './fancy-bets.bench.ts';
import { httpBetsBench } from './http-bets.bench.ts';
import { httpNodesBench } from './http-nodes.bench.ts';
import { idleCpuBench } from './idle-cpu.bench.ts';
import { lighthouseBench } from './lighthouse.bench.ts';
import { perBetCpuBench } from './per-bet-cpu.bench.ts';
import { racingBetsBench } from './racing-bets.bench.ts';
import { racingScreenBench } from './racing-screen.bench.ts';
import { slotsRtpBench } from './slots-rtp.bench.ts';
import { startupBench } from './startup.bench.ts';
import { streamPushBench } from './stream-push.bench.ts';
import { wsClusterBench } from './ws-cluster.bench.ts';
import { wsHostileBench } from './ws-hostile.bench.ts';
import { wsPushBench } from './ws-push.bench.ts';

const benchmarks: Benchmark[] = [
  bundleSizeBench,
  lighthouseBench,
  engineBench,
  httpBetsBench,
  httpNodesBench,
  perBetCpuBench,
  fancyBetsBench,
  racingBetsBench,
  racingScreenBench,
  wsPushBench,
  streamPushBench,
  wsClusterBench,
  wsHostileBench,
  casinoDayBench,
  slotsRtpBench,
  startupBench,
  idleCpuBench,
];

const only = process.argv.slice(2);
const chosen = only.length === 0 ? benchmarks : benchmarks.filter((b) => only.includes(b.name));
if (chosen.length === 0) {
  console.error(`no benchmark named ${only.join(', ')}; have: ${benchmarks.map((b) => b.name).join(', ')}`);
  process.exit(1);
}

console.log(`node ${process.version}, ${new Date().toISOString()}`);
for (const b of chosen) {
  console.log(`\n[${b.name}] ${b.description}`);
  await b.run();
}
