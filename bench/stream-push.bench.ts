// The stream for programs against the site's push (issue 46's bar: p99 ≤ 1.2× the site's): the time
// from a bet's commit to its delta arriving on N sockets following one market, measured on N site
// sockets (/ws, no sign-in) and on N programs' stream connections (/api/stream, each opened with an
// API key: 10 bettors × 10 keys × N/100 connections), in alternating phases on the same server in
// the same run, so the box's state weighs on both alike.
//
// One server (buildApp, in-memory PGlite, demo data) listens on loopback; a worker thread (the
// second core) holds the sockets and timestamps each delta's arrival by its seq. Each round a bet
// takes half of a resting lay and leaves the rest (as ws-push does), one delta per round.
// N: BENCH_STREAM_CLIENTS (default 1,000).
import type { FastifyInstance } from 'fastify';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { STREAM_CONNECTIONS_PER_KEY_MAX, STREAM_PATH } from '@backlay/contract';
import { buildApp } from '../apps/server/src/app.ts';
import { MAX_SOCKETS_PER_IP, WS_PATH } from '../apps/server/src/plugins/ws.ts';
import { SYSTEM_STAKER } from '../apps/server/src/modules/wallet/stake-gate.ts';
import type { Benchmark, Figure } from './lib.ts';
import { ask, percentile, restingLayMarket } from './push-market.ts';

const CLIENTS = Number(process.env.BENCH_STREAM_CLIENTS ?? 1_000);
/** Phases of each kind (site, stream, site, stream, …) and rounds in each. */
const PHASES = 3;
const ROUNDS = 15;
/** Pause between rounds: past the coalescing window, so each round is its own delta. */
const ROUND_GAP_MS = 250;
const CONNECT_BATCH = 100;

const nowMs = () => performance.timeOrigin + performance.now();

// The client side, plain JavaScript for an eval'd worker: opens the sockets of one phase, records
// the arrival of each delta by seq (found by indexOf: the client's parsing is not the push's time).
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const WebSocket = require(workerData.wsPath);
const nowMs = () => performance.timeOrigin + performance.now();
const { siteUrl, streamUrl, n, marketId, batch, perIp, credentials } = workerData;
let arrivals = new Map();
let sockets = [];
let imaged = 0;
function record(key) {
  const t = nowMs();
  let a = arrivals.get(key);
  if (!a) arrivals.set(key, (a = []));
  a.push(t);
}
function open(i, mode) {
  return new Promise((resolve, reject) => {
    const a = 1 + Math.floor(i / perIp);
    const localAddress = '127.1.' + (a >> 8) + '.' + (a & 255);
    const stream = mode === 'stream';
    const ws = new WebSocket(stream ? streamUrl : siteUrl, {
      perMessageDeflate: false,
      localAddress,
      headers: stream ? { authorization: 'Key ' + credentials[i % credentials.length] } : {},
    });
    ws.once('error', reject);
    ws.on('message', (data) => {
      const s = data.toString();
      if (s.startsWith('{"type":"delta"')) {
        const j = s.indexOf('"seq":');
        record('d' + parseInt(s.slice(j + 6), 10));
      } else if (s.startsWith('{"type":"image"')) {
        imaged += 1;
      } else if (s.startsWith('{"type":"connected"')) {
        ws.send(JSON.stringify({ op: 'subscribe_markets', id: 1, filter: { market_ids: [marketId] } }));
        resolve(ws);
      }
    });
    ws.once('open', () => {
      if (!stream) {
        ws.send(JSON.stringify({ op: 'subscribe', market_ids: [marketId] }));
        resolve(ws);
      }
    });
  });
}
parentPort.on('message', async ({ op, mode }) => {
  if (op === 'connect') {
    arrivals = new Map();
    imaged = 0;
    for (let i = 0; i < n; i += batch) {
      const k = Math.min(batch, n - i);
      sockets.push(...(await Promise.all(Array.from({ length: k }, (_, j) => open(i + j, mode)))));
    }
    const wait = () => (imaged >= n ? parentPort.postMessage('ready') : setTimeout(wait, 20));
    wait();
  } else if (op === 'report') {
    parentPort.postMessage(Object.fromEntries(arrivals));
  } else if (op === 'close') {
    await Promise.all(sockets.map((ws) => new Promise((r) => { ws.once('close', r); ws.terminate(); })));
    sockets = [];
    parentPort.postMessage('closed');
  }
});
`;

/** The server, one market with a resting lay, two bettors, and the keys the programs open with. */
async function setup() {
  const app: FastifyInstance = await buildApp({ store: { kind: 'pglite-memory' }, seedDemo: true });
  await app.ready();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  const { market_id, selection_id, backer, layer } = await restingLayMarket(app, 'bench_s');
  const keysNeeded = Math.ceil(CLIENTS / STREAM_CONNECTIONS_PER_KEY_MAX);
  const credentials: string[] = [];
  for (let b = 0; credentials.length < keysNeeded; b++) {
    const userId = await app.account.createUser({ userName: `bench_prog${b}`, password: 'bench-password-1' });
    for (let k = 0; k < 10 && credentials.length < keysNeeded; k++) {
      const made = await app.apiKeys.create(
        { userId, role: 'bettor' },
        { name: `k${k}`, scopes: ['read'] },
        '127.0.0.1',
      );
      if (!made.ok) throw new Error(made.message);
      credentials.push(`${made.key.key_id}:${made.key.secret}`);
    }
  }
  return { app, port, market_id, selection_id, backer, layer, credentials };
}

export const streamPushBench: Benchmark = {
  name: 'stream-push',
  description: `commit → delta on ${CLIENTS.toLocaleString('en')} programs' stream connections (API keys) vs ${CLIENTS.toLocaleString('en')} site sockets, one market, ${PHASES} alternating phases of ${ROUNDS} rounds`,
  async run(): Promise<Figure[]> {
    const { app, port, market_id, selection_id, backer, layer, credentials } = await setup();
    const worker = new Worker(WORKER, {
      eval: true,
      workerData: {
        siteUrl: `ws://127.0.0.1:${port}${WS_PATH}`,
        streamUrl: `ws://127.0.0.1:${port}${STREAM_PATH}`,
        n: CLIENTS,
        marketId: market_id,
        batch: CONNECT_BATCH,
        perIp: MAX_SOCKETS_PER_IP,
        credentials,
        wsPath: createRequire(import.meta.url).resolve('ws'),
      },
    });
    const commitAt = new Map<number, number>();
    let pending: number | null = null;
    const unsubscribe = app.bus.subscribe('market', (m) => {
      if (m.market_id === market_id && pending === null) pending = nowMs();
    });
    let betNo = 0;
    /** One phase: the sockets open and imaged, ROUNDS bets, each delta's delivery times. */
    async function phase(mode: 'site' | 'stream'): Promise<number[]> {
      await ask(worker, { op: 'connect', mode });
      const seqs: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        pending = null;
        const back = betNo % 2 === 0;
        const r = await app.exchange.placeBet(
          back ? backer : layer,
          {
            market_id,
            selection_id,
            side: back ? 'BACK' : 'LAY',
            price: 200,
            size_paise: 20_000,
            request_id: `bs-${betNo++}`,
          },
          { staker: SYSTEM_STAKER },
        );
        if (!r.ok || r.status !== 'PARTIAL') throw new Error(`bet ${betNo}: ${r.ok ? r.status : r.message}`);
        await new Promise((res) => setTimeout(res, ROUND_GAP_MS));
        const seq = app.liveHub.seqOf(market_id)!;
        commitAt.set(seq, pending ?? nowMs());
        seqs.push(seq);
      }
      const arrivals = await ask<Record<string, number[]>>(worker, { op: 'report' });
      await ask(worker, { op: 'close' });
      const out: number[] = [];
      for (const seq of seqs) {
        const got = arrivals[`d${seq}`] ?? [];
        if (got.length !== CLIENTS)
          throw new Error(`${mode}: seq ${seq} reached ${got.length} of ${CLIENTS} sockets`);
        for (const t of got) out.push(t - commitAt.get(seq)!);
      }
      return out;
    }
    try {
      const site: number[] = [];
      const stream: number[] = [];
      for (let p = 0; p < PHASES; p++) {
        site.push(...(await phase('site')));
        stream.push(...(await phase('stream')));
      }
      site.sort((a, b) => a - b);
      stream.sort((a, b) => a - b);
      const line = (label: string, l: number[]) =>
        console.log(
          `  ${label}: p50 ${percentile(l, 50).toFixed(1)} ms, p99 ${percentile(l, 99).toFixed(1)} ms, max ${l.at(-1)!.toFixed(1)} ms (${l.length} deliveries)`,
        );
      line('site sockets (baseline): commit → delivery', site);
      line('programs’ streams: commit → delivery', stream);
      const ratio = percentile(stream, 99) / percentile(site, 99);
      console.log(`  ratio stream p99 / site p99: ${ratio.toFixed(2)}× (goal ≤ 1.2×)`);
      return [
        { label: 'stream commit → delivery p50', value: percentile(stream, 50), unit: 'ms' },
        {
          label: 'stream commit → delivery p99',
          value: percentile(stream, 99),
          unit: 'ms',
          baseline: { label: 'site push p99', value: percentile(site, 99) },
        },
      ];
    } finally {
      unsubscribe();
      await worker.terminate();
      await app.close();
    }
  },
};
