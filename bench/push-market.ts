// What the push benchmarks (ws-push, ws-cluster, stream-push) share: one open pre-play match-odds
// market of the demo data with a ₹100 lay resting at 2.0 and two funded bettors, so that each round
// a ₹200 back or lay at 2.0 takes half of what rests and leaves the rest (one delta per round); the
// percentile the figures are read with; and a question to a worker thread that holds the sockets.
import type { FastifyInstance } from 'fastify';
import type { Worker } from 'node:worker_threads';
import { SYSTEM_STAKER } from '../apps/server/src/modules/wallet/stake-gate.ts';

export type PushMarket = { market_id: number; selection_id: number; backer: number; layer: number };

/** The market and its two bettors (`prefix` names them: benchmarks may share a database). */
export async function restingLayMarket(app: FastifyInstance, prefix: string): Promise<PushMarket> {
  const [market] = (await app.exchange.listMarkets({ status: 'OPEN' })).filter(
    (m) => m.market_type === 'MATCH_ODDS' && !m.in_play,
  );
  if (!market) throw new Error('no open pre-play match-odds market in the demo data');
  const layer = await app.account.createUser({ userName: `${prefix}_layer`, password: 'bench-password-1' });
  const backer = await app.account.createUser({ userName: `${prefix}_backer`, password: 'bench-password-1' });
  await app.wallet.deposit(layer, 1_000_000_000, `${prefix}:layer`);
  await app.wallet.deposit(backer, 1_000_000_000, `${prefix}:backer`);
  const selection_id = market.runners[0]!.selection_id;
  const rest = await app.exchange.placeBet(
    layer,
    {
      market_id: market.market_id,
      selection_id,
      side: 'LAY',
      price: 200,
      size_paise: 10_000,
      request_id: `${prefix}-rest`,
    },
    { staker: SYSTEM_STAKER },
  );
  if (!rest.ok) throw new Error(`resting lay refused: ${rest.message}`);
  return { market_id: market.market_id, selection_id, backer, layer };
}

/** The p-th percentile of sorted figures (NaN when there are none). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Sends `msg` to the worker and resolves with its next message. */
export function ask<T>(w: Worker, msg: unknown): Promise<T> {
  return new Promise((resolve) => {
    w.once('message', (m: T) => resolve(m));
    w.postMessage(msg);
  });
}
