// The Verify of the result modal, in the browser: Web Crypto's SHA-256 and HMAC-SHA256 and the
// engine's own game code, recomputing the round from its revealed seed (docs/casino.md "Verify it
// yourself"). Loaded on demand (VerifyPanel imports it lazily), so the engine's games do not weigh
// on any screen until someone asks to verify.
import type { CasinoRoundResult } from '@backlay/contract';
import {
  cardCode,
  digestLookup,
  recomputeRound,
  roundDifferences,
  roundGame,
  shuffleTrace,
  toHex,
  type ShuffleTrace,
} from '@backlay/engine';
import { t } from '../i18n.ts';

export interface VerifyReport {
  /** Hex SHA-256 of the revealed seed, computed here. */
  readonly hash_computed: string;
  /** It equals the hash published before the window opened. */
  readonly hash_ok: boolean;
  /** The game as this client knows it; null when it does not (a newer table than this release). */
  readonly game_name: string | null;
  /** The round recomputed from the seed: its steps and result; null when it could not be. */
  readonly steps: readonly string[] | null;
  readonly summary: string | null;
  /** A card game's shuffle, step by step (null for a virtual game). */
  readonly trace: ShuffleTrace<string> | null;
  /** HMACs the round read (a few more may have been computed ahead). */
  readonly hmacs: number;
  /** Where the recomputed round and the published one differ (empty when they agree). */
  readonly differences: readonly string[];
  /** Why the round could not be recomputed, in words. */
  readonly error: string | null;
}

/** Whether this page can verify: Web Crypto's `subtle` exists only on secure pages (https, localhost). */
export const canVerify = (): boolean => typeof globalThis.crypto?.subtle?.digest === 'function';

const utf8 = (text: string) => new TextEncoder().encode(text);

async function sha256Hex(text: string): Promise<string> {
  return toHex(new Uint8Array(await crypto.subtle.digest('SHA-256', utf8(text))));
}

/** HMAC-SHA256 keyed with `seed`: the key is imported once, each message signed on demand. */
async function hmacSigner(seed: string): Promise<(message: string) => Promise<Uint8Array>> {
  const key = await crypto.subtle.importKey('raw', utf8(seed), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  return async (message) => new Uint8Array(await crypto.subtle.sign('HMAC', key, utf8(message)));
}

/** Recomputes `round` from its revealed seed and compares it with what the table published. */
export async function verifyRound(round: CasinoRoundResult & { server_seed: string }): Promise<VerifyReport> {
  const seed = round.server_seed;
  const hash_computed = await sha256Hex(seed);
  const hash_ok = hash_computed === round.server_seed_hash.trim().toLowerCase();
  const base = { hash_computed, hash_ok, steps: null, summary: null, trace: null, hmacs: 0, differences: [] };
  const game = roundGame(round.game_id);
  if (!game) {
    return { ...base, game_name: null, error: t('casino.verify.unknownGame', { game: round.game_id }) };
  }
  try {
    const { play, digests, used } = await recomputeRound(game, seed, round.round_id, await hmacSigner(seed));
    // The trace reads the very digests the round was played with (a card game's stream starts with its shuffle).
    const trace = game.deck
      ? shuffleTrace(seed, round.round_id, game.deck().map(cardCode), digestLookup(seed, digests))
      : null;
    // A round voided mid-deal showed only its first steps and has no result of the game's own:
    // what it showed must be where the seed's round begins.
    const voided = round.state === 'VOID';
    const differences = roundDifferences(
      voided ? { ...play, steps: play.steps.slice(0, round.dealt.length) } : play,
      { steps: round.dealt, summary: voided ? null : (round.result?.summary ?? null) },
      game.deck ? 'card' : 'step',
    );
    return {
      ...base,
      game_name: game.name,
      steps: play.steps,
      summary: play.result.summary,
      trace,
      hmacs: used,
      differences,
      error: null,
    };
  } catch (e) {
    return {
      ...base,
      game_name: game.name,
      error: t('casino.verify.notRecomputed', { error: (e as Error).message }),
    };
  }
}
