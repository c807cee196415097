// Passwords and codes as argon2id hashes (modules/account/secret-hash.ts): a deployment hashes at
// OWASP's minimum; the tests ask for a smaller cost, and a hash verifies whatever cost made it.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { users } from '../src/modules/account/schema.ts';
import {
  assertSecretHashCost,
  createSecretHasher,
  OWASP_MINIMUM,
} from '../src/modules/account/secret-hash.ts';
import { Api } from './helpers/api.ts';
import { openStore, TEST_RATE_LIMITS, TEST_SECRET_HASH_COST } from './helpers/stores.ts';

const storedHash = async (app: FastifyInstance, userName: string) => {
  const [row] = await app.db.select().from(users).where(eq(users.userName, userName));
  return row!.passwordHash;
};

describe('secret hashes: a deployment at OWASP’s minimum, the tests cheaper', () => {
  let app: FastifyInstance;
  let cleanup = async () => {};
  beforeAll(async () => {
    // The seeded template: its demo accounts were hashed at the tests' cost (global-setup.ts).
    const opened = await openStore('pglite');
    cleanup = opened.cleanup;
    // No secretHashCost: what main.ts builds.
    app = await buildApp({ store: opened.options, seedDemo: true, rateLimits: TEST_RATE_LIMITS });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await cleanup();
  });

  it('an app built as main.ts builds it hashes a new password with argon2id at 19 MiB, 2 passes, 1 lane', async () => {
    expect(OWASP_MINIMUM).toEqual({ memory_kib: 19_456, passes: 2 });
    expect(app.account.secrets.cost).toEqual(OWASP_MINIMUM);
    await app.account.createUser({ userName: 'owaspuser', password: 'secret1234' });
    expect(await storedHash(app, 'owaspuser')).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const token = await new Api(app).login('owaspuser', 'secret1234');
    expect(token).not.toBe('');
  });

  it('a hash made at the tests’ cost still verifies there, and a wrong password still fails', async () => {
    expect(await storedHash(app, 'demo')).toMatch(/^\$argon2id\$v=19\$m=64,t=1,p=1\$/);
    expect(await new Api(app).login('demo', 'demo1234')).not.toBe('');
    const wrong = await new Api(app).call('login', { user_name: 'demo', password: 'demo12345' });
    expect(wrong.body).toMatchObject({ status: false, message: 'Invalid user name or password' });
  });

  it('a hasher at the tests’ cost makes hashes of that cost that only their secret verifies', async () => {
    const cheap = createSecretHasher(TEST_SECRET_HASH_COST);
    const stored = await cheap.hash('123456');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=64,t=1,p=1\$/);
    expect(await createSecretHasher().verify(stored, '123456')).toBe(true);
    expect(await cheap.verify(stored, '123457')).toBe(false);
    expect(await cheap.verify('not a hash', '123456')).toBe(false);
  });

  it('refuses a cost outside argon2’s range or the server’s limits, naming the field', () => {
    for (const memory_kib of [0, 7, 8.5, 4 * 1024 * 1024 + 1, Number.NaN]) {
      expect(() => assertSecretHashCost({ memory_kib, passes: 1 }), String(memory_kib)).toThrow(/memory_kib/);
    }
    for (const passes of [0, 1.5, 11]) {
      expect(() => assertSecretHashCost({ memory_kib: 64, passes }), String(passes)).toThrow(/passes/);
    }
    expect(() => createSecretHasher({ memory_kib: 4, passes: 1 })).toThrow(/memory_kib/);
  });
});
