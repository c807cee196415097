import type { SecretHashCost } from '../../src/modules/account/secret-hash.ts';

/**
 * argon2id at a test's cost: the same algorithm and code paths as a deployment's (OWASP's minimum,
 * modules/account/secret-hash.ts), about a hundredth of the work. At the full cost the hashes of
 * the bettors the tests create and log in were a fifth of a test worker's CPU. The global setup's
 * templates are seeded with it too, so the demo accounts' logins are as cheap.
 */
export const TEST_SECRET_HASH_COST: SecretHashCost = { memory_kib: 64, passes: 1 };
