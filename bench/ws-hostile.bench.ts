// Server memory under hostile WebSocket clients (issue 33): N sockets that never read and send
// `image`, `subscribe` and `auth` (random tokens) as fast as they can, each reconnecting at once
// when the server drops it; against a baseline, measured in the same run, of N idle sockets that
// subscribe to the same market and read what they get. A third phase: N sockets that never read
// and send just under their address's message rate (so the server keeps them), for the most a
// client may make the server hold.
//
// The server (buildApp, in-memory PGlite, demo data) runs in this process; the clients run in a
// child process, so the figures (RSS, V8 heap, both after a forced GC and at their peak, sampled
// every 50 ms) are the server's alone. The market is the demo market with the most runners.
// N: BENCH_WS_HOSTILE_SOCKETS (default 1,000); each phase lasts BENCH_WS_HOSTILE_SECONDS (20).
import type { FastifyInstance } from 'fastify';
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import v8 from 'node:v8';
import vm from 'node:vm';
import { buildApp } from '../apps/server/src/app.ts';
import { MAX_SOCKETS_PER_IP } from '../apps/server/src/plugins/ws.ts';
import type { Benchmark, Figure } from './lib.ts';

const SOCKETS = Number(process.env.BENCH_WS_HOSTILE_SOCKETS ?? 1_000);
const SECONDS = Number(process.env.BENCH_WS_HOSTILE_SECONDS ?? 20);

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

// The clients, as plain JavaScript for `node -e`, driven over IPC.
const CLIENT = `
const WebSocket = require(process.env.WS_PATH);
const { randomBytes } = require('node:crypto');
const url = process.env.URL, n = Number(process.env.N), perIp = Number(process.env.PER_IP);
const marketId = Number(process.env.MARKET);
let mode = 'idle', running = false;
const sockets = new Set();
let opened = 0, dropped = 0, sent = 0;
function addressOf(i) {
  const a = 1 + Math.floor(i / perIp);
  return '127.0.' + (a >> 8) + '.' + (a & 255);
}
function open(i) {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { perMessageDeflate: false, localAddress: addressOf(i), handshakeTimeout: 5000 });
    ws.on('error', () => {});
    ws.on('message', () => {});
    ws.once('close', () => {
      sockets.delete(ws);
      if (running) dropped += 1;
      resolve();
      // A hostile client comes straight back.
      if (running && mode !== 'idle') setTimeout(() => open(i), 10);
    });
    ws.once('open', () => {
      opened += 1;
      sockets.add(ws);
      ws.send(JSON.stringify({ op: 'subscribe', market_ids: [marketId] }));
      if (mode !== 'idle') ws._socket.pause(); // never reads again
      resolve();
    });
  });
}
const image = JSON.stringify({ op: 'image', market_id: marketId });
let turn = 0;
/** One message per socket per tick, the three kinds in turn: just under the address's rate. */
function paced() {
  if (!running) return;
  turn += 1;
  for (const ws of sockets) {
    if (ws.readyState !== 1) continue;
    const k = turn % 3;
    ws.send(k === 0 ? image : k === 1
      ? JSON.stringify({ op: 'subscribe', market_ids: [900000 + (sent % 5000)] })
      : JSON.stringify({ op: 'auth', token: randomBytes(32).toString('base64url') }));
    sent += 1;
  }
  setTimeout(paced, Number(process.env.PACED_MS));
}
function spam() {
  if (!running) return;
  for (const ws of sockets) {
    if (ws.readyState !== 1) continue;
    for (let k = 0; k < 4; k++) {
      ws.send(image);
      ws.send(JSON.stringify({ op: 'subscribe', market_ids: [marketId, 900000 + (sent % 5000)] }));
      ws.send(JSON.stringify({ op: 'auth', token: randomBytes(32).toString('base64url') }));
      sent += 3;
    }
  }
  setImmediate(spam);
}
process.on('message', async (msg) => {
  if (msg.cmd === 'open') {
    mode = msg.mode; running = true; opened = 0; dropped = 0; sent = 0;
    for (let i = 0; i < n; i += 100) await Promise.all(Array.from({ length: Math.min(100, n - i) }, (_, j) => open(i + j)));
    if (mode === 'hostile') spam();
    if (mode === 'paced') paced();
    process.send({ opened });
  } else if (msg.cmd === 'close') {
    running = false;
    for (const ws of sockets) ws.terminate();
    sockets.clear();
    setTimeout(() => process.send({ opened, dropped, sent }), 200);
  }
});
`;

type Sample = { rss: number; heap: number };
const MiB = 1024 * 1024;

function ask<T>(child: ChildProcess, msg: object): Promise<T> {
  return new Promise((resolve) => {
    child.once('message', (m) => resolve(m as T));
    child.send(msg);
  });
}

function memory(): Sample {
  const m = process.memoryUsage();
  return { rss: m.rss, heap: m.heapUsed };
}

/** Runs one phase: opens the sockets, samples the server's memory for SECONDS, closes them. */
async function phase(app: FastifyInstance, child: ChildProcess, mode: 'idle' | 'hostile' | 'paced') {
  gc();
  const before = memory();
  let peak: Sample = { ...before };
  const timer = setInterval(() => {
    const m = memory();
    peak = { rss: Math.max(peak.rss, m.rss), heap: Math.max(peak.heap, m.heap) };
  }, 50);
  const t0 = Date.now();
  await ask(child, { cmd: 'open', mode });
  const connected = app.liveHub.counts().sockets;
  await new Promise((r) => setTimeout(r, Math.max(0, SECONDS * 1000 - (Date.now() - t0))));
  const during = app.liveHub.counts().sockets;
  gc();
  const end = memory();
  clearInterval(timer);
  const stats = { ...app.liveHub.stats };
  const done = await ask<{ opened: number; dropped: number; sent: number }>(child, { cmd: 'close' });
  for (let i = 0; i < 100 && app.liveHub.counts().sockets > 0; i++)
    await new Promise((r) => setTimeout(r, 50));
  gc();
  console.log(
    `  ${mode}: ${done.opened} sockets opened, ${connected} connected after opening, ${during} at the end; ` +
      `${done.sent.toLocaleString('en')} messages sent, ${done.dropped} dropped by the server; ` +
      `RSS ${(before.rss / MiB).toFixed(0)} → peak ${(peak.rss / MiB).toFixed(0)}, after GC ${(end.rss / MiB).toFixed(0)} MiB; ` +
      `heap ${(before.heap / MiB).toFixed(0)} → peak ${(peak.heap / MiB).toFixed(0)}, after GC ${(end.heap / MiB).toFixed(0)} MiB`,
  );
  return { before, peak, end, stats };
}

export const wsHostileBench: Benchmark = {
  name: 'ws-hostile',
  description: `server memory with ${SOCKETS.toLocaleString('en')} hostile WebSockets (never reading; image, subscribe, auth as fast as they can) vs ${SOCKETS.toLocaleString('en')} idle ones, ${SECONDS} s each (PGlite)`,
  async run(): Promise<Figure[]> {
    const app = await buildApp({ store: { kind: 'pglite-memory' }, seedDemo: true });
    await app.ready();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const markets = await app.exchange.listMarkets({ status: 'OPEN' });
    const market = markets.reduce((a, b) => (b.runners.length > a.runners.length ? b : a));
    const image = await app.exchange.getMarketImage(market.market_id);
    console.log(
      `  market ${market.market_id}: ${market.runners.length} runners, image ${JSON.stringify(image).length} B; limits ${JSON.stringify(app.liveHub.limits)}`,
    );
    const child = spawn(process.execPath, ['-e', CLIENT], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: {
        ...process.env,
        WS_PATH: createRequire(import.meta.url).resolve('ws'),
        URL: `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws`,
        N: String(SOCKETS),
        PER_IP: String(MAX_SOCKETS_PER_IP),
        MARKET: String(market.market_id),
        // The sockets of one address share its rate: each sends a little under its share.
        PACED_MS: String(
          Math.ceil((1000 * MAX_SOCKETS_PER_IP) / (0.8 * app.liveHub.limits.ip_messages_per_s)),
        ),
      },
    });
    try {
      const idle = await phase(app, child, 'idle');
      const droppedBefore = { ...app.liveHub.stats };
      const hostile = await phase(app, child, 'hostile');
      // The addresses' shared rates refill (burst / rate = 5 s) before the next phase starts.
      await new Promise((r) => setTimeout(r, 6_000));
      const beforePaced = { ...app.liveHub.stats };
      const paced = await phase(app, child, 'paced');
      console.log(
        `  server drops in the paced phase: ${paced.stats.dropped_flood - beforePaced.dropped_flood} for rate or reads, ` +
          `${paced.stats.dropped_slow - beforePaced.dropped_slow} at the send-buffer cap`,
      );
      console.log(
        `  server drops in the hostile phase: ${hostile.stats.dropped_flood - droppedBefore.dropped_flood} for rate or reads, ` +
          `${hostile.stats.dropped_slow - droppedBefore.dropped_slow} at the send-buffer cap; ` +
          `${hostile.stats.negative_hits - droppedBefore.negative_hits} repeats answered from memory`,
      );
      const mib = (x: number) => x / MiB;
      return [
        {
          label: 'hostile peak RSS',
          value: mib(hostile.peak.rss),
          unit: 'MiB',
          baseline: { label: 'idle peak RSS', value: mib(idle.peak.rss) },
        },
        {
          label: 'paced hostile peak RSS',
          value: mib(paced.peak.rss),
          unit: 'MiB',
          baseline: { label: 'idle peak RSS', value: mib(idle.peak.rss) },
        },
        {
          label: 'paced hostile peak heap',
          value: mib(paced.peak.heap),
          unit: 'MiB',
          baseline: { label: 'idle peak heap', value: mib(idle.peak.heap) },
        },
        {
          label: 'hostile peak heap',
          value: mib(hostile.peak.heap),
          unit: 'MiB',
          baseline: { label: 'idle peak heap', value: mib(idle.peak.heap) },
        },
      ].map((f) => {
        console.log(
          `  ${f.label}: ${f.value.toFixed(0)} ${f.unit}  |  baseline ${f.baseline.label}: ${f.baseline.value.toFixed(0)} ${f.unit}  |  ratio ${(f.value / f.baseline.value).toFixed(2)}×`,
        );
        return f;
      });
    } finally {
      child.kill();
      await app.close();
    }
  },
};
