// The server's side of the provably fair scheme (packages/engine/src/casino/fair.ts): a fresh
// 32-byte seed per round from node:crypto, its SHA-256 published at open, and the HMAC the
// engine's shuffle draws from.
import { serverSeedHash, type HmacSha256 } from '@backlay/engine';
import { createHash, createHmac, randomBytes } from 'node:crypto';

export const SEED_BYTES = 32;

export const sha256 = (message: string): Uint8Array => createHash('sha256').update(message, 'utf8').digest();
export const hmacSha256: HmacSha256 = (key, message) =>
  createHmac('sha256', Buffer.from(key, 'utf8')).update(message, 'utf8').digest();

/** A new round's seed (hex) and the hash published before its window opens. */
export function newSeed(): { seed: string; hash: string } {
  const seed = randomBytes(SEED_BYTES).toString('hex');
  return { seed, hash: serverSeedHash(seed, sha256) };
}
