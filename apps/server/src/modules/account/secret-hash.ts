// Passwords, sign-up codes and recovery codes are kept as argon2id hashes, made by one hasher per
// app. Every deployment hashes at OWASP's minimum cost. The cost is an app option so the server's
// tests can ask for a smaller one: the same algorithm and code paths, a fraction of the work (a
// hash there was a fifth of a test worker's CPU; docs/decisions.md, "Secret hashes in the tests").
// A stored hash carries its own cost, so any hash verifies under any hasher.
import { hash, verify } from '@node-rs/argon2';

export type SecretHashCost = {
  /** argon2id's memory, KiB. */
  memory_kib: number;
  /** argon2id's passes over that memory (its time cost). */
  passes: number;
};

/** OWASP's minimum for argon2id: 19 MiB, 2 passes, 1 lane. Every deployment's cost. */
export const OWASP_MINIMUM: SecretHashCost = { memory_kib: 19_456, passes: 2 };

/** argon2's own floor is 8 KiB per lane; above 4 GiB one hash would starve the node. */
const MEMORY_KIB_MIN = 8;
const MEMORY_KIB_MAX = 4 * 1024 * 1024;
const PASSES_MAX = 10;

export type SecretHasher = {
  readonly cost: SecretHashCost;
  /** The PHC string of `secret` at this hasher's cost. */
  hash(secret: string): Promise<string>;
  /** Whether `secret` is the one `stored` was made from; false for a malformed hash. */
  verify(stored: string, secret: string): Promise<boolean>;
};

/** Throws, naming the field, on a cost outside argon2's range or this server's limits. */
export function assertSecretHashCost(cost: SecretHashCost): void {
  const { memory_kib, passes } = cost;
  if (!Number.isInteger(memory_kib) || memory_kib < MEMORY_KIB_MIN || memory_kib > MEMORY_KIB_MAX) {
    throw new Error(
      `secret hash memory_kib must be a whole number from ${MEMORY_KIB_MIN} to ${MEMORY_KIB_MAX}`,
    );
  }
  if (!Number.isInteger(passes) || passes < 1 || passes > PASSES_MAX) {
    throw new Error(`secret hash passes must be a whole number from 1 to ${PASSES_MAX}`);
  }
}

export function createSecretHasher(cost: SecretHashCost = OWASP_MINIMUM): SecretHasher {
  assertSecretHashCost(cost);
  const options = { memoryCost: cost.memory_kib, timeCost: cost.passes, parallelism: 1 } as const;
  return {
    cost,
    hash: (secret) => hash(secret, options),
    verify: (stored, secret) => verify(stored, secret).catch(() => false),
  };
}
