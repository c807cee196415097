// Rounds for the result modal and the report: played by the engine itself with node:crypto, so
// Verify in the test recomputes exactly what a real server would have published.
import type { CasinoRoundResult } from '@backlay/contract';
import { roundGame, serverSeedHash } from '@backlay/engine';
import { createHash, createHmac } from 'node:crypto';

export const hmac = (key: string, message: string): Uint8Array =>
  new Uint8Array(createHmac('sha256', key).update(message, 'utf8').digest());
export const sha256 = (message: string): Uint8Array =>
  new Uint8Array(createHash('sha256').update(message, 'utf8').digest());

export const DT_MATCH_ID = 9001;

/** A settled round of `gameId` under `seed`, as casino/getCasinoResult answers it. */
export function playedRound(
  gameId: string,
  seed: string,
  round_id: number,
  over: Partial<CasinoRoundResult> = {},
): CasinoRoundResult {
  const game = roundGame(gameId);
  if (!game) throw new Error(`no game ${gameId}`);
  const play = game.play(seed, String(round_id), hmac);
  const options = game.options(String(round_id));
  const winners = Object.entries(play.result.outcomes)
    .filter(([, o]) => o.kind === 'win')
    .map(([id]) => id);
  return {
    match_id: DT_MATCH_ID,
    game_id: game.id,
    table_name: game.name,
    round_id,
    state: 'RESULT',
    opened_at: '2026-11-22T19:58:00.000Z',
    finished_at: '2026-11-22T19:58:40.000Z',
    server_seed_hash: serverSeedHash(seed, sha256),
    server_seed: seed,
    options: options.map((o) => ({ option_id: o.id, label: o.label, payout: o.payout / 100 })),
    dealt: [...play.steps],
    result: { round_id, summary: play.result.summary, winners },
    void_reason: null,
    ...over,
  };
}
