import { marketPosition } from '@backlay/engine';
import { asc, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { matches, series } from '../../src/modules/catalog/schema.ts';
import { bets, fills } from '../../src/modules/exchange/schema.ts';
import { marketVoids, markets, runners } from '../../src/modules/markets/schema.ts';
import { ledgerAccounts, exposureHolds, exposureReservations } from '../../src/modules/wallet/schema.ts';
import type { Db } from '../../src/db/store.ts';
import { checkLedger } from '../../src/modules/admin/ledger-check.ts';
import type { Api } from './api.ts';

let made = 0;

/** A fresh match with one market (default OPEN, not in play, 3 runners) for a test of its own. */
export async function createMarket(
  app: FastifyInstance,
  opts: {
    runners?: number;
    status?: 'OPEN' | 'SUSPENDED' | 'CLOSED';
    inPlay?: boolean;
    betDelayS?: number;
    minStakePaise?: number;
    maxStakePaise?: number;
  } = {},
) {
  made += 1;
  // A betting sport's series, always the same one: the casino tables' and binary instruments'
  // series (sports −1, −17) are seeded too, and `limit 1` alone let PostgreSQL pick one of those.
  const [s] = await app.db
    .select()
    .from(series)
    .where(gt(series.sportId, 0))
    .orderBy(asc(series.seriesId))
    .limit(1);
  const start = new Date(Date.now() + 3_600_000);
  const [m] = await app.db
    .insert(matches)
    .values({
      seriesId: s!.seriesId,
      sportId: s!.sportId,
      matchName: `Test Match ${made} ${Math.random().toString(36).slice(2, 7)}`,
      startTime: start,
      openDate: new Date(),
      inPlay: opts.inPlay ?? false,
    })
    .returning();
  const [mk] = await app.db
    .insert(markets)
    .values({
      matchId: m!.matchId,
      marketName: 'Match Odds',
      marketType: 'MATCH_ODDS',
      status: opts.status ?? 'OPEN',
      inPlay: opts.inPlay ?? false,
      betDelayS: opts.betDelayS ?? 0,
      startTime: start,
      minStakePaise: opts.minStakePaise ?? 100,
      ...(opts.maxStakePaise === undefined ? {} : { maxStakePaise: opts.maxStakePaise }),
    })
    .returning();
  const rs = await app.db
    .insert(runners)
    .values(
      Array.from({ length: opts.runners ?? 3 }, (_, i) => ({
        marketId: mk!.marketId,
        name: `Runner ${i + 1}`,
        sortOrder: i,
      })),
    )
    .returning();
  return {
    matchId: m!.matchId,
    matchName: m!.matchName,
    marketId: mk!.marketId,
    selectionIds: rs.map((r) => r.selectionId),
  };
}

let users = 0;

/** A bettor with a balance (paise); returns the user id and the login. */
export async function createBettor(app: FastifyInstance, balancePaise: number, prefix = 'bettor') {
  users += 1;
  const userName = `${prefix}${users}${Math.random().toString(36).slice(2, 6)}`;
  const password = 'secret1234';
  const userId = await app.account.createUser({ userName, password, isChangePassword: false });
  if (balancePaise > 0) await app.wallet.deposit(userId, balancePaise, `test:${userName}`);
  return { userId, userName, password };
}

/**
 * The exchange's invariants over every market: no bet over- or under-accounted, fills agree with
 * the bets' matched amounts, the stored exposure equals its recomputation, no reservation left
 * behind, nobody's available balance below zero, the ledger balanced, and no book crossed.
 */
export async function expectExchangeInvariants(app: FastifyInstance) {
  const db = app.db;
  const allBets = await db.select().from(bets);
  const allFills = await db.select().from(fills);
  const matchedByBet = new Map<number, number>();
  const valueByBet = new Map<number, number>();
  for (const f of allFills) {
    for (const id of [f.backBetId, f.layBetId]) {
      matchedByBet.set(id, (matchedByBet.get(id) ?? 0) + f.sizePaise);
      valueByBet.set(id, (valueByBet.get(id) ?? 0) + f.sizePaise * f.price);
    }
  }
  for (const b of allBets) {
    expect(b.matchedPaise + b.remainingPaise + b.cancelledPaise).toBe(b.sizePaise);
    expect(b.matchedPaise, `bet ${b.betId} matched = its fills`).toBe(matchedByBet.get(b.betId) ?? 0);
    expect(b.matchedValue).toBe(valueByBet.get(b.betId) ?? 0);
  }
  // Each fill at or better than both limits: a back never below its price, a lay never above;
  // but a non-runner's reduction factor lowers the fills' prices after the match (no upper limit
  // for the lay, no lower one for the back, in a market with a reduction).
  const byId = new Map(allBets.map((b) => [b.betId, b]));
  const reduced = new Set(
    (await db.select().from(marketVoids)).filter((v) => v.reductionBp > 0).map((v) => v.marketId),
  );
  for (const f of allFills) {
    const back = byId.get(f.backBetId)!;
    const lay = byId.get(f.layBetId)!;
    expect(back.side).toBe('BACK');
    expect(lay.side).toBe('LAY');
    if (!reduced.has(f.marketId)) {
      expect(f.price).toBeGreaterThanOrEqual(back.price);
      expect(f.price).toBeLessThanOrEqual(lay.price);
    }
    expect(back.selectionId).toBe(f.selectionId);
    expect(lay.selectionId).toBe(f.selectionId);
  }
  // Matched back = matched lay per (runner, price): every fill has one of each, so compare bets.
  const perLevel = new Map<string, number>();
  for (const f of allFills) {
    const k = `${f.selectionId}:${f.price}`;
    perLevel.set(k, (perLevel.get(k) ?? 0) + f.sizePaise);
  }
  const backSum = allBets.filter((b) => b.side === 'BACK').reduce((s, b) => s + b.matchedPaise, 0);
  const laySum = allBets.filter((b) => b.side === 'LAY').reduce((s, b) => s + b.matchedPaise, 0);
  expect(backSum).toBe(laySum);
  // Books never crossed: the best resting back price above the best resting lay price.
  const crossed = await db.execute(sql`
    select b.selection_id from bets b join bets l on l.selection_id = b.selection_id
     where b.side = 'BACK' and l.side = 'LAY' and b.remaining_paise > 0 and l.remaining_paise > 0
       and b.price <= l.price limit 1`);
  expect((crossed as unknown as { rows: unknown[] }).rows).toEqual([]);
  // Stored exposure = recomputation, for every (user, market) with bets.
  const pairs = new Set(allBets.map((b) => `${b.userId}:${b.marketId}`));
  const stored = await db.select().from(exposureHolds);
  const storedMap = new Map(stored.map((e) => [`${e.userId}:${e.marketId}`, e.exposurePaise]));
  for (const p of pairs) {
    const [u, m] = p.split(':').map(Number) as [number, number];
    expect(storedMap.get(p) ?? 0, `exposure of user ${u} in market ${m}`).toBe(
      await app.exchange.recomputeExposure(u, m),
    );
  }
  // No node of this version writes a reservation (a bet's money is granted in its round): none is left.
  expect(await app.wallet.reservations.all(db)).toEqual([]);
  // Nobody's available balance below zero, but a debt the ledger check lists (a void after a
  // withdrawal: docs/settlement.md "A bettor who owes").
  const owing = new Set((await checkLedger(app)).owed.map((o) => o.user_id));
  const accounts = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.kind, 'user_cash'));
  for (const a of accounts) {
    if (owing.has(a.userId!)) continue;
    const liability = await app.exchange.liabilityPaise(a.userId!);
    expect(a.balancePaise - liability, `available balance of user ${a.userId}`).toBeGreaterThanOrEqual(0);
  }
  const audit = await app.wallet.audit();
  expect(audit.sumPaise).toBe(0);
  expect(audit.mismatches).toEqual([]);
  return { bets: allBets.length, fills: allFills.length };
}

export { marketPosition };

let requests = 0;

/** A request id of its own for this run: `${prefix}-N-xxxxxx`. */
export const nextRequestId = (prefix = 'r') =>
  `${prefix}-${++requests}-${Math.random().toString(36).slice(2, 8)}`;

export type TestMarket = Awaited<ReturnType<typeof createMarket>>;

/**
 * A placeMarketBet body on runner `runner` (its index) of `m`: back or lay at `odds` for `stack`
 * rupees, a request id of its own, `extra` fields (e.g. `version`) added.
 */
export const marketBet = (
  m: TestMarket,
  runner: number,
  isBack: boolean,
  odds: number,
  stack: number,
  extra: object = {},
) => ({
  match_id: m.matchId,
  market_id: m.marketId,
  selection_id: m.selectionIds[runner]!,
  is_back: isBack ? '1' : '0',
  odds,
  stack,
  request_id: nextRequestId('bet'),
  ...extra,
});

/** Places a bet that must be accepted (200, status true): its id and status. */
export async function placedBet(api: Api, body: ReturnType<typeof marketBet>) {
  const r = await api.call('placeMarketBet', body);
  expect(r.statusCode, JSON.stringify(r.body)).toBe(200);
  expect(r.body.status, JSON.stringify(r.body)).toBe(true);
  return r.body.data as { bet_id: number; status: string };
}

/** The ledger check finds nothing and the exchange's invariants hold (after every scenario). */
export async function expectBooksClean(app: FastifyInstance) {
  const check = await checkLedger(app);
  expect(check.problems).toEqual([]);
  expect(check.ok).toBe(true);
  await expectExchangeInvariants(app);
}

/**
 * What a node of the previous version leaves (it reserved a bet's worst case before its round; this
 * version writes none): a reservation row stamped by the database's now().
 */
export async function insertPreviousVersionReservation(
  app: FastifyInstance,
  userId: number,
  marketId: number,
  amountPaise: number,
) {
  await app.db.insert(exposureReservations).values({
    userId,
    marketId,
    amountPaise,
    nodeId: 'previous-version',
    createdAt: sql`now()`,
  });
}

/**
 * Wraps the store's `transaction` (the exchange reads `app.db` at each call) with `around` until
 * the returned function is called. The store's own wrapper (commit hooks) is an own property of
 * `db`: it is put back as it was.
 */
export function aroundTransactions(
  db: Db,
  around: (run: () => Promise<unknown>) => Promise<unknown>,
): () => void {
  const original = db.transaction;
  const transaction = original.bind(db);
  (db as { transaction: Db['transaction'] }).transaction = ((fn, config) =>
    around(() => transaction(fn, config))) as Db['transaction'];
  return () => {
    (db as { transaction: Db['transaction'] }).transaction = original;
  };
}
