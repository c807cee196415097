// The casino tables in tests: this node's leader term, a table by game, a round driven by hand
// through the scheduler's own round functions (open, close, reveal, finish), and a seed chosen so
// that the round ends the way a test needs (standing in for the random generator).
import type { CasinoRound, CasinoRoundResult } from '@backlay/contract';
import { roundGame, type RoundPlay } from '@backlay/engine';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { beforeEach, expect } from 'vitest';
import { checkLedger } from '../../src/modules/admin/ledger-check.ts';
import { hmacSha256, sha256 } from '../../src/modules/casino/fair.ts';
import { casinoRounds } from '../../src/modules/casino/schema.ts';
import { tablesOf, type RoundRow, type TableInfo } from '../../src/modules/casino/views.ts';
import type { Fence } from '../../src/plugins/leader.ts';
import { serverSeedHash } from '@backlay/engine';
import { expectLedgerBalanced } from './ledger.ts';

/** This node's leader term (campaigning for it if nobody has yet). */
export async function termOf(app: FastifyInstance, timeoutMs = 10_000): Promise<Fence> {
  if (!app.leader.fence())
    app.leader.onLeadership(
      () => {},
      () => {},
    );
  const end = Date.now() + timeoutMs;
  for (;;) {
    const f = app.leader.fence();
    if (f) return f;
    if (Date.now() > end) throw new Error('no leader term');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Takes this node's leader term before each test of the suite and hands it to `use`. Afresh for
 * each test: a term kept for a whole file (a minute on a loaded box) ends if one lease check is
 * late (plugins/leader.ts, in doubt), and every later write of the file is refused with the old one.
 */
export function termBeforeEach(appOf: () => FastifyInstance, use: (fence: Fence) => void): void {
  beforeEach(async () => use(await termOf(appOf())));
}

export async function tableFor(app: FastifyInstance, gameId: string): Promise<TableInfo> {
  const t = (await tablesOf(app.db)).find((x) => x.gameId === gameId);
  if (!t) throw new Error(`no table of ${gameId}`);
  return t;
}

/** A seed whose play of `roundId` satisfies `want` (searched; stands in for the random seed). */
export function seedWhere(gameId: string, roundId: number, want: (p: RoundPlay) => boolean, tries = 200_000) {
  const game = roundGame(gameId)!;
  for (let i = 0; i < tries; i++) {
    const seed = randomBytes(32).toString('hex');
    const play = game.play(seed, String(roundId), hmacSha256);
    if (want(play)) return seed;
  }
  throw new Error(`no seed found for ${gameId}`);
}

/** Opens a round of the table with a window of `windowMs`; with `want`, its seed is chosen to satisfy it. */
export async function openRound(
  app: FastifyInstance,
  fence: Fence,
  gameId: string,
  windowMs = 60_000,
  want?: (p: RoundPlay) => boolean,
): Promise<RoundRow> {
  const table = await tableFor(app, gameId);
  const r = await app.casino.rounds.open(table, roundGame(gameId)!, fence, windowMs);
  if (!want) return r;
  const seed = seedWhere(gameId, r.roundId, want);
  const [rigged] = await app.db
    .update(casinoRounds)
    .set({ serverSeed: seed, serverSeedHash: serverSeedHash(seed, sha256) })
    .where(eq(casinoRounds.roundId, r.roundId))
    .returning();
  return rigged!;
}

/** Runs the rest of the round: close, every step, the result. */
export async function playOut(app: FastifyInstance, fence: Fence, round: RoundRow) {
  await app.casino.rounds.close(round.roundId, fence);
  const steps = roundGame((await tablesOf(app.db, [round.matchId]))[0]!.gameId)!.play(
    round.serverSeed,
    String(round.roundId),
    hmacSha256,
  ).steps;
  for (let i = 1; i <= steps.length; i++)
    await app.casino.rounds.reveal(round.roundId, fence, steps.slice(0, i));
  return app.casino.rounds.finish(round.roundId, fence);
}

/** The ledger balanced and the operator's ledger check clean (holds equal their recomputation). */
export async function expectLedgerClean(app: FastifyInstance) {
  await expectLedgerBalanced(app);
  const check = await checkLedger(app);
  expect(check.problems).toEqual([]);
  expect(check.ok).toBe(true);
}

export type { CasinoRound, CasinoRoundResult };
