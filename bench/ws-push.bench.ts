// Live-price push benchmark: time from a match to its delta arriving on N subscribed WebSockets.
//
// One server (buildApp, in-memory PGlite, demo data) listens on loopback; a worker thread (the
// second core) opens N WebSocket clients that all subscribe to one market. A ₹100 lay rests at
// 2.0; each round the other side places ₹200 at 2.0 through `app.exchange.placeBet` (the
// bettor's service call): ₹100 matches, ₹100 rests for the next round's bet to match. Measured per socket and round:
//   - commit → delivery: from the bus 'market' message (published right after the bet's
//     transaction commits) to the delta's arrival in the client — the push path: coalescing
//     window, one image read, diff, one JSON.stringify, N sends;
//   - bet → delivery: from the placeBet call (its transaction included) to the arrival.
// Baseline in the same run: the same N sockets get a ready-made string of the same size sent in a
// plain loop over the server's sockets (no bus, no image read, no diff) — the transport floor.
// N: BENCH_WS_SOCKETS (default 5,000; the box allows 20,000 open files, and each socket is two).
import type { FastifyInstance } from 'fastify';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { buildApp } from '../apps/server/src/app.ts';
import { MAX_SOCKETS_PER_IP } from '../apps/server/src/plugins/ws.ts';
import type { Benchmark, Figure } from './lib.ts';
import { ask, percentile, restingLayMarket } from './push-market.ts';
import { SYSTEM_STAKER } from '../apps/server/src/modules/wallet/stake-gate.ts';

const SOCKETS = Number(process.env.BENCH_WS_SOCKETS ?? 5_000);
const ROUNDS = 30;
/** Pause between rounds: longer than the coalescing window, so every round is its own delta. */
const ROUND_GAP_MS = 250;
const CONNECT_BATCH = 250;

/** Epoch milliseconds with sub-ms resolution, comparable across threads. */
const nowMs = () => performance.timeOrigin + performance.now();

// The client side, as plain JavaScript for an eval'd worker. It records the arrival time of each
// delta by seq (found with indexOf: the client's own parsing is not the server's push time).
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const WebSocket = require(workerData.wsPath);
const nowMs = () => performance.timeOrigin + performance.now();
const { url, n, marketId, batch, perIp } = workerData;
const arrivals = new Map(); // key -> array of times
const sockets = [];
function record(key) {
  const t = nowMs();
  let a = arrivals.get(key);
  if (!a) arrivals.set(key, (a = []));
  a.push(t);
}
function open(i) {
  return new Promise((resolve, reject) => {
    // The server allows perIp sockets per address: spread the clients over 127.0.0.0/8.
    const a = 1 + Math.floor(i / perIp);
    const localAddress = '127.0.' + (a >> 8) + '.' + (a & 255);
    const ws = new WebSocket(url, { perMessageDeflate: false, localAddress });
    ws.once('error', reject);
    ws.on('message', (data) => {
      const s = data.toString();
      if (s.startsWith('{"type":"delta"')) {
        const i = s.indexOf('"seq":');
        record('d' + parseInt(s.slice(i + 6), 10));
      } else if (s.startsWith('{"type":"raw"')) {
        const i = s.indexOf('"k":');
        record('r' + parseInt(s.slice(i + 4), 10));
      } else if (s.startsWith('{"type":"image"')) {
        record('image');
      }
    });
    ws.once('open', () => {
      ws.send(JSON.stringify({ op: 'subscribe', market_ids: [marketId] }));
      resolve(ws);
    });
  });
}
parentPort.on('message', async (msg) => {
  if (msg === 'connect') {
    for (let i = 0; i < n; i += batch) {
      const k = Math.min(batch, n - i);
      sockets.push(...(await Promise.all(Array.from({ length: k }, (_, j) => open(i + j)))));
    }
    const wait = () => ((arrivals.get('image') || []).length >= n ? parentPort.postMessage('ready') : setTimeout(wait, 20));
    wait();
  } else if (msg === 'report') {
    parentPort.postMessage(Object.fromEntries(arrivals));
  } else if (msg === 'close') {
    for (const ws of sockets) ws.terminate();
    parentPort.postMessage('closed');
  }
});
`;

async function setup() {
  const app: FastifyInstance = await buildApp({ store: { kind: 'pglite-memory' }, seedDemo: true });
  await app.ready();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  const { market_id, selection_id, backer, layer } = await restingLayMarket(app, 'bench');
  return { app, port, market_id, selection_id, backer, layer };
}

export const wsPushBench: Benchmark = {
  name: 'ws-push',
  description: `match → delta on ${SOCKETS.toLocaleString('en')} subscribed WebSockets (PGlite, one market), ${ROUNDS} rounds`,
  async run(): Promise<Figure[]> {
    const { app, port, market_id, selection_id, backer, layer } = await setup();
    const worker = new Worker(WORKER, {
      eval: true,
      workerData: {
        url: `ws://127.0.0.1:${port}/ws`,
        n: SOCKETS,
        marketId: market_id,
        batch: CONNECT_BATCH,
        perIp: MAX_SOCKETS_PER_IP,
        wsPath: createRequire(import.meta.url).resolve('ws'),
      },
    });
    try {
      const t0 = nowMs();
      await ask(worker, 'connect');
      console.log(`  ${SOCKETS} sockets connected and imaged in ${((nowMs() - t0) / 1000).toFixed(1)} s`);

      // seq of each round's delta → when the bet was placed and when the bus said it committed.
      const betAt = new Map<number, number>();
      /** Server side: commit → the send loop has handed the frame to every socket. */
      const fanout: number[] = [];
      const loop: number[] = [];
      const commitAt = new Map<number, number>();
      let round = 0;
      let pendingCommit: number | null = null;
      const unsubscribe = app.bus.subscribe('market', (m) => {
        if (m.market_id === market_id && pendingCommit === null) pendingCommit = nowMs();
      });
      let seq = app.liveHub.seqOf(market_id) ?? 1;
      for (round = 0; round < ROUNDS; round++) {
        pendingCommit = null;
        const tb = nowMs();
        const back = round % 2 === 0;
        const r = await app.exchange.placeBet(
          back ? backer : layer,
          {
            market_id,
            selection_id,
            side: back ? 'BACK' : 'LAY',
            price: 200,
            size_paise: 20_000,
            request_id: `bench-${round}`,
          },
          { staker: SYSTEM_STAKER },
        );
        if (!r.ok || r.status !== 'PARTIAL')
          throw new Error(`round ${round}: ${r.ok ? r.status : r.message}`);
        seq += 1;
        betAt.set(seq, tb);
        commitAt.set(seq, pendingCommit ?? nowMs());
        await new Promise((res) => setTimeout(res, ROUND_GAP_MS));
        const f = app.liveHub.stats.last_fanout;
        if (f.seq === seq) {
          fanout.push(performance.timeOrigin + f.ended_at_ms - commitAt.get(seq)!);
          loop.push(f.loop_ms);
        }
      }
      unsubscribe();

      // Baseline: the same sockets, a ready-made message of the delta's size, a plain send loop.
      const sample = JSON.stringify({
        type: 'delta',
        market_id,
        seq: 0,
        market: { runners: [(await app.exchange.getMarketImage(market_id))!.runners[0]] },
      });
      const rawAt = new Map<number, number>();
      const rawLoop: number[] = [];
      const sockets = [...app.websocketServer.clients];
      for (let k = 0; k < ROUNDS; k++) {
        const msg = `{"type":"raw","k":${k},"pad":"${'x'.repeat(Math.max(0, sample.length - 30))}"}`;
        rawAt.set(k, nowMs());
        const buf = Buffer.from(msg);
        const l0 = performance.now();
        for (const s of sockets) s.send(buf, { binary: false });
        rawLoop.push(performance.now() - l0);
        await new Promise((res) => setTimeout(res, ROUND_GAP_MS));
      }

      const arrivals = await ask<Record<string, number[]>>(worker, 'report');
      const lat = (from: Map<number, number>, prefix: string) => {
        const out: number[] = [];
        let missing = 0;
        for (const [key, t] of from) {
          const a = arrivals[`${prefix}${key}`] ?? [];
          missing += SOCKETS - a.length;
          for (const x of a) out.push(x - t);
        }
        return { sorted: out.sort((a, b) => a - b), missing };
      };
      const commit = lat(commitAt, 'd');
      const bet = lat(betAt, 'd');
      const raw = lat(rawAt, 'r');
      const line = (label: string, l: { sorted: number[]; missing: number }) =>
        console.log(
          `  ${label}: p50 ${percentile(l.sorted, 50).toFixed(1)} ms, p99 ${percentile(l.sorted, 99).toFixed(1)} ms, max ${l.sorted.at(-1)!.toFixed(1)} ms (${l.sorted.length} deliveries${l.missing ? `, ${l.missing} missing` : ''})`,
        );
      fanout.sort((a, b) => a - b);
      loop.sort((a, b) => a - b);
      console.log(
        `  server: commit → last frame handed to the sockets: p50 ${percentile(fanout, 50).toFixed(1)} ms, p99 ${percentile(fanout, 99).toFixed(1)} ms; the send loop alone: p50 ${percentile(loop, 50).toFixed(1)} ms (${fanout.length} rounds); baseline loop p50 ${percentile(
          rawLoop.sort((a, b) => a - b),
          50,
        ).toFixed(1)} ms`,
      );
      line('commit → delivery', commit);
      line('bet call → delivery', bet);
      line('baseline: plain send loop → delivery', raw);
      const p99 = percentile(commit.sorted, 99);
      const base99 = percentile(raw.sorted, 99);
      console.log(`  ratio commit→delivery p99 / baseline p99: ${(p99 / base99).toFixed(2)}×`);
      return [
        { label: 'commit → delivery p50', value: percentile(commit.sorted, 50), unit: 'ms' },
        {
          label: 'commit → delivery p99',
          value: p99,
          unit: 'ms',
          baseline: { label: 'plain send loop p99', value: base99 },
        },
        { label: 'bet call → delivery p99', value: percentile(bet.sorted, 99), unit: 'ms' },
      ];
    } finally {
      await ask(worker, 'close');
      await worker.terminate();
      await app.close();
    }
  },
};
