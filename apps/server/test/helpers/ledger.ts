import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/** The ledger invariants every scenario must leave true. */
export async function expectLedgerBalanced(app: FastifyInstance) {
  const audit = await app.wallet.audit();
  expect(audit.accounts).toBeGreaterThan(0);
  expect(audit.sumPaise).toBe(0);
  expect(audit.mismatches).toEqual([]);
}
