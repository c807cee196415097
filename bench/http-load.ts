// HTTP load from a worker thread, with autocannon (the load generator the Fastify project
// benchmarks with): the server under test keeps the main thread's event loop to itself, and the
// load uses the box's other core, as a load generator on another machine would.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * What one load phase sends. `bet` posts placeMarketBet and `fancy` placeFancyBet, each with a
 * fresh request_id every time.
 */
export type LoadSpec =
  | { readonly kind: 'get'; readonly path: string }
  | {
      readonly kind: 'fancy';
      readonly path: string;
      readonly match_id: number;
      readonly fancy_id: number;
      /** Each bet takes one of these (the fancy's quoted Yes and No line and rate), at random. */
      readonly sides: readonly { readonly is_yes: boolean; readonly line: number; readonly rate: number }[];
      /** Whole rupees, picked uniformly in [min, max]. */
      readonly stake_rupees: { readonly min: number; readonly max: number };
      readonly request_prefix: string;
    }
  | {
      readonly kind: 'bet';
      readonly path: string;
      /** Each bet goes to one of these markets, picked at random. */
      readonly markets: readonly {
        readonly match_id: number;
        readonly market_id: number;
        readonly selection_ids: readonly number[];
      }[];
      /** Decimal odds the bets pick from (back or lay at random). */
      readonly prices: readonly number[];
      /** request_id prefix, unique per phase (a repeat would be answered from the first bet). */
      readonly request_prefix: string;
    };

export type LoadResult = {
  /** Answers with HTTP 2xx and `"status":true` per second. */
  readonly rate: number;
  readonly count: number;
  /** Answers that were not 2xx with `"status":true`, and connection errors. */
  readonly failures: number;
  /** The refused answers by their `message` (at most 20 distinct texts; the rest as "other"). */
  readonly refusals: Readonly<Record<string, number>>;
  readonly p50_ms: number;
  readonly p99_ms: number;
};

// Plain JavaScript for an eval'd worker. Each request takes the next user's token in turn;
// bets are random (Math.random: the interleaving of connections is not reproducible anyway).
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const autocannon = require(workerData.autocannonPath);
const { url, tokens, csrf, spec, connections, duration_ms } = workerData;
let n = 0;
const headersOf = (i) => ({
  'content-type': 'application/json',
  authorization: 'Bearer ' + tokens[i % tokens.length],
  'x-xsrf-token': csrf,
  cookie: 'XSRF-TOKEN=' + csrf,
});
const pick = (xs) => xs[Math.floor(Math.random() * xs.length)];
function setupRequest(req) {
  n += 1;
  req.headers = headersOf(n);
  if (spec.kind === 'bet') {
    const m = pick(spec.markets);
    req.body = JSON.stringify({
      match_id: m.match_id,
      market_id: m.market_id,
      selection_id: pick(m.selection_ids),
      is_back: Math.random() < 0.5 ? '1' : '0',
      odds: pick(spec.prices),
      stack: 2 + Math.floor(Math.random() * 49),
      request_id: spec.request_prefix + n,
    });
  } else if (spec.kind === 'fancy') {
    const side = pick(spec.sides);
    const { min, max } = spec.stake_rupees;
    req.body = JSON.stringify({
      match_id: spec.match_id,
      fancy_id: spec.fancy_id,
      is_yes: side.is_yes ? '1' : '0',
      line: side.line,
      rate: side.rate,
      stack: min + Math.floor(Math.random() * (max - min + 1)),
      request_id: spec.request_prefix + n,
    });
  }
  return req;
}
const refusals = {};
function refused(body) {
  let message = 'unreadable answer';
  try {
    message = String(JSON.parse(body).message);
  } catch {}
  if (!(message in refusals) && Object.keys(refusals).length >= 20) message = 'other';
  refusals[message] = (refusals[message] || 0) + 1;
  return false;
}
const opts = {
  url,
  connections,
  duration: duration_ms / 1000,
  requests: [{ method: spec.kind === 'get' ? 'GET' : 'POST', path: spec.path, setupRequest }],
  verifyBody: (body) => body.includes('"status":true') || refused(body),
};
autocannon(opts, (err, raw) => {
    if (err) {
      parentPort.postMessage({ error: String(err) });
      return;
    }
    // Off the main thread autocannon hands back its histograms encoded: aggregate them here.
    const r = autocannon.aggregateResult([raw], opts);
    const failures = r.mismatches + r.non2xx + r.errors;
    const count = r.requests.total - r.mismatches - r.non2xx;
    parentPort.postMessage({
      rate: count / r.duration,
      count,
      failures,
      p50_ms: r.latency.p50,
      p99_ms: r.latency.p99,
      refusals,
    });
});
`;

/**
 * Runs one phase: `connections` requests in flight (one per keep-alive connection) for
 * `duration_ms`, from a worker thread. Resolves with the phase's figures.
 */
export function loadFromWorker(options: {
  readonly base_url: string;
  readonly tokens: readonly string[];
  readonly csrf: string;
  readonly spec: LoadSpec;
  readonly connections: number;
  readonly duration_ms: number;
}): Promise<LoadResult> {
  if (options.tokens.length === 0) throw new Error('loadFromWorker: no tokens');
  if (options.spec.kind === 'bet' && options.spec.markets.length === 0)
    throw new Error('loadFromWorker: no markets');
  if (options.connections < 1 || options.duration_ms < 100) throw new Error('loadFromWorker: bad phase');
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: {
      url: options.base_url,
      tokens: options.tokens,
      csrf: options.csrf,
      spec: options.spec,
      connections: options.connections,
      duration_ms: options.duration_ms,
      autocannonPath: createRequire(import.meta.url).resolve('autocannon'),
    },
  });
  return new Promise<LoadResult>((resolve, reject) => {
    worker.once('message', (m: LoadResult | { error: string }) => {
      void worker.terminate();
      if ('error' in m) reject(new Error(`autocannon: ${m.error}`));
      else resolve(m);
    });
    worker.once('error', reject);
  });
}
