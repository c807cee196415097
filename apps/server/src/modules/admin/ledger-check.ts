import type { LedgerCheck } from '@backlay/contract';
import { marketPosition, type PositionBet } from '@backlay/engine';
import { eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  bets,
  fills,
  ledgerAccounts,
  marketExposures,
  marketSettlements,
  runners,
  transfers,
} from '../../db/schema.ts';

/** At most this many problems are listed (the first ones); the rest are counted. */
const PROBLEMS_LISTED_MAX = 50;

const rupees = (paise: number) => `₹${(paise / 100).toFixed(2)}`;

/**
 * The money invariants, recomputed from scratch and independently of the code that keeps them:
 * all balances sum to zero (every transfer debits what it credits); every cached balance equals
 * the sum of its transfers; every stored exposure equals a recomputation from the fills and open
 * bets (0 for a settled market); nobody's available balance (balance − exposure) is below zero.
 * Used by the operator's GET /api/admin/ledger/check and by the tests after every scenario.
 */
export async function checkLedger(app: FastifyInstance): Promise<LedgerCheck> {
  const db = app.db;
  const problems: string[] = [];
  const note = (p: string) => problems.push(p);

  // One consistent snapshot: every read sees the same committed state.
  return db.transaction(async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read`);
    // One connection, one statement at a time (a transaction cannot run queries in parallel).
    const accounts = await tx.select().from(ledgerAccounts);
    const sums = await tx.execute(sql`
          select account_id, sum(delta)::text as total from (
            select credit_account_id as account_id, amount_paise as delta from ${transfers}
            union all
            select debit_account_id, -amount_paise from ${transfers}) t
          group by account_id`);
    const transferCount = await tx.select({ n: sql<string>`count(*)::text` }).from(transfers);
    const stored = await tx.select().from(marketExposures);
    const fillRows = await tx
      .select({
        marketId: fills.marketId,
        selectionId: fills.selectionId,
        price: fills.price,
        sizePaise: fills.sizePaise,
        backUserId: fills.backUserId,
        layUserId: fills.layUserId,
      })
      .from(fills);
    const openRows = await tx
      .select({
        userId: bets.userId,
        marketId: bets.marketId,
        selectionId: bets.selectionId,
        side: bets.side,
        price: bets.price,
        remaining: bets.remainingPaise,
      })
      .from(bets)
      .where(gt(bets.remainingPaise, 0));
    const runnerRows = await tx
      .select({ marketId: runners.marketId, selectionId: runners.selectionId })
      .from(runners);
    const settledRows = await tx
      .select({ marketId: marketSettlements.marketId })
      .from(marketSettlements)
      .where(eq(marketSettlements.state, 'SETTLED'));

    // Ledger: cached balance = Σ transfers; Σ balances = 0.
    const computed = new Map<number, number>();
    for (const r of (sums as unknown as { rows: { account_id: number; total: string }[] }).rows) {
      computed.set(Number(r.account_id), Number(r.total));
    }
    let cachedSum = 0;
    let computedSum = 0;
    for (const a of accounts) {
      const c = computed.get(a.accountId) ?? 0;
      cachedSum += a.balancePaise;
      computedSum += c;
      if (c !== a.balancePaise) {
        note(`Account ${a.accountId} shows ${rupees(a.balancePaise)} but its transfers sum to ${rupees(c)}`);
      }
    }
    if (computedSum !== 0) note(`Transfers do not sum to zero: ${rupees(computedSum)}`);
    if (cachedSum !== 0) note(`Cached balances do not sum to zero: ${rupees(cachedSum)}`);

    // Exposure: recompute every (user, market) from fills and open bets with the engine.
    const settled = new Set(settledRows.map((r) => r.marketId));
    const selections = new Map<number, string[]>();
    for (const r of runnerRows) {
      const list = selections.get(r.marketId) ?? [];
      list.push(String(r.selectionId));
      selections.set(r.marketId, list);
    }
    const positions = new Map<string, { matched: PositionBet[]; unmatched: PositionBet[] }>();
    const at = (userId: number, marketId: number) => {
      const k = `${userId}:${marketId}`;
      let p = positions.get(k);
      if (!p) {
        p = { matched: [], unmatched: [] };
        positions.set(k, p);
      }
      return p;
    };
    for (const f of fillRows) {
      const base = { selection_id: String(f.selectionId), price: f.price, stake_paise: f.sizePaise };
      at(f.backUserId, f.marketId).matched.push({ ...base, side: 'BACK' });
      at(f.layUserId, f.marketId).matched.push({ ...base, side: 'LAY' });
    }
    for (const o of openRows) {
      at(o.userId, o.marketId).unmatched.push({
        selection_id: String(o.selectionId),
        side: o.side,
        price: o.price,
        stake_paise: o.remaining,
      });
    }
    const storedMap = new Map(stored.map((e) => [`${e.userId}:${e.marketId}`, e.exposurePaise]));
    const exposureByUser = new Map<number, number>();
    for (const e of stored)
      exposureByUser.set(e.userId, (exposureByUser.get(e.userId) ?? 0) + e.exposurePaise);
    const pairs = new Set([...positions.keys(), ...storedMap.keys()]);
    for (const k of pairs) {
      const [userId, marketId] = k.split(':').map(Number) as [number, number];
      const p = positions.get(k) ?? { matched: [], unmatched: [] };
      const expected = settled.has(marketId)
        ? 0
        : marketPosition(selections.get(marketId) ?? [], p).exposure_paise;
      const have = storedMap.get(k) ?? 0;
      if (have !== expected) {
        note(
          `User ${userId} in market ${marketId}: stored exposure ${rupees(have)}, recomputed ${rupees(expected)}`,
        );
      }
    }

    // Available balance ≥ 0 for every user.
    let userCount = 0;
    for (const a of accounts) {
      if (a.kind !== 'user_cash' || a.userId === null) continue;
      userCount += 1;
      const available = a.balancePaise - (exposureByUser.get(a.userId) ?? 0);
      if (available < 0) note(`User ${a.userId} has an available balance of ${rupees(available)}`);
    }

    const listed = problems.slice(0, PROBLEMS_LISTED_MAX);
    if (problems.length > PROBLEMS_LISTED_MAX)
      listed.push(`… and ${problems.length - PROBLEMS_LISTED_MAX} more`);
    return {
      ok: problems.length === 0,
      problems: listed,
      checked: {
        accounts: accounts.length,
        transfers: Number(transferCount[0]?.n ?? 0),
        exposures: pairs.size,
        users: userCount,
      },
    };
  });
}
