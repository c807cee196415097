import type { LedgerCheck, MarketKind } from '@backlay/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../account/schema.ts';
import { markets } from '../markets/schema.ts';
import { marketSettlements, marketVoids } from '../markets/schema.ts';
import { ledgerAccounts, transfers } from '../wallet/schema.ts';
import { RESERVATION_SWEEP_MS, RESERVATION_TIMEOUT_MS } from '../wallet/reservations.ts';

/** At most this many problems are listed (the first ones); the rest are counted. */
const PROBLEMS_LISTED_MAX = 50;

const rupees = (paise: number) => `₹${(paise / 100).toFixed(2)}`;
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * The money invariants, recomputed from scratch and independently of the code that keeps them:
 * all balances sum to zero (every transfer debits what it credits); every cached balance equals
 * the sum of its transfers; every stored exposure equals a recomputation from the fills and open
 * bets (0 for a settled market); withdrawal holds match the pending withdrawals; no exposure
 * reservation outlived its timeout and the sweep after it (its node died and nothing released
 * it); nobody's available balance (balance − holds − reservations) is below zero.
 * Used by the operator's GET /api/admin/ledger/check and by the tests after every scenario.
 * Long because it is the ledger check: one snapshot transaction over every invariant, each a short
 * query whose result is compared with its recomputation.
 */
export async function checkLedger(
  app: Pick<FastifyInstance, 'db' | 'kinds' | 'payments' | 'providers' | 'wallet'>,
): Promise<LedgerCheck> {
  const db = app.db;
  const problems: string[] = [];
  const note = (p: string) => problems.push(p);

  // One consistent snapshot: every read sees the same committed state.
  // Long because the invariants must be read in one snapshot (one transaction), each a short query
  // and its comparison.
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
    const stored = await app.wallet.holds.all(tx);
    const reserved = await app.wallet.reservations.all(tx);
    const marketRows = await tx
      .select({ marketId: markets.marketId, kind: markets.marketKind })
      .from(markets);
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

    // Rows naming a parent that is not there, of the tables a kind keeps without foreign keys.
    for (const kind of app.kinds.all()) {
      for (const p of (await kind.orphans?.(tx, PROBLEMS_LISTED_MAX)) ?? []) note(p);
    }

    // Exposure: every kind recomputes its (user, market) holds from its own bets, from scratch.
    const settled = new Set(settledRows.map((r) => r.marketId));
    const recomputed = new Map<string, number>();
    for (const kind of app.kinds.all()) {
      const ids = marketRows
        .filter((m) => m.kind === kind.kind && !settled.has(m.marketId))
        .map((m) => m.marketId);
      for (const [k, paise] of await kind.recomputeHolds(tx, ids)) recomputed.set(k, paise);
    }
    const storedMap = new Map(stored.map((e) => [`${e.userId}:${e.marketId}`, e.exposurePaise]));
    const exposureByUser = new Map<number, number>();
    for (const e of stored)
      exposureByUser.set(e.userId, (exposureByUser.get(e.userId) ?? 0) + e.exposurePaise);
    const pairs = new Set([...recomputed.keys(), ...storedMap.keys()]);
    for (const k of pairs) {
      const [userId, marketId] = k.split(':').map(Number) as [number, number];
      const expected = recomputed.get(k) ?? 0;
      const have = storedMap.get(k) ?? 0;
      if (have !== expected) {
        note(
          `User ${userId} in market ${marketId}: stored exposure ${rupees(have)}, recomputed ${rupees(expected)}`,
        );
      }
    }

    // Payments: the pending-withdrawals account holds exactly the pending withdrawals, and every
    // deposit or withdrawal request has exactly the transfers its status says.
    for (const p of await app.payments.ledgerProblems(tx)) note(p);
    // Game providers: every recorded bet, win and refund is one transfer of its amount, and back.
    for (const p of await app.providers.ledgerProblems(tx)) note(p);

    // Reservations: bets on their way to a market's batch, each gone within a batch's time; one
    // older than the timeout plus a sweep's period was left by a dead node and not swept.
    // By the database's clock, as the sweep and the reservations are (never this node's).
    const dbNow = (await tx.execute(
      sql`select (extract(epoch from now()) * 1000)::float8 as ms`,
    )) as unknown as {
      rows: { ms: number }[];
    };
    const stale = Number(dbNow.rows[0]!.ms) - RESERVATION_TIMEOUT_MS - RESERVATION_SWEEP_MS;
    const reservedByUser = new Map<number, number>();
    for (const r of reserved) {
      reservedByUser.set(r.userId, (reservedByUser.get(r.userId) ?? 0) + r.amountPaise);
      if (r.createdAt.getTime() < stale) {
        note(
          `Reservation ${r.reservationId} of user ${r.userId} (${rupees(r.amountPaise)}, node ${r.nodeId}) is older than its timeout: the sweep has not released it`,
        );
      }
    }

    // Available balance (balance − holds − reservations) ≥ 0 for every user — except a debt: an
    // operator's void raised a hold after the money had left, or took back a win already spent
    // (docs/settlement.md "A bettor who owes"); or a master's or an agent's share of a downline's
    // win took more than its cash (a result is never refused: docs/hierarchy.md "An upline who
    // owes"). Nothing can be bet or withdrawn from a debt: below zero with a reservation in flight
    // is a fault, and so is a shortfall of a user with no bet on a market that carries a void (or
    // was voided whole) and more than the shares it paid.
    const voidedMarkets = rowsOf<{ market_id: number; market_kind: MarketKind }>(
      await tx.execute(sql`select m.market_id, m.market_kind from ${markets} m
        where exists (select 1 from ${marketVoids} v where v.market_id = m.market_id)
           or exists (select 1 from ${marketSettlements} s where s.market_id = m.market_id and s.void_market)`),
    );
    const voidTouched = new Set<number>();
    for (const m of voidedMarkets) {
      for (const u of await app.kinds.of(m.market_kind).usersWithBets(tx, Number(m.market_id)))
        voidTouched.add(u);
    }
    // What each user's cash paid in shares, net (share_loss less share_win, and their reversals).
    const sharesPaid = new Map(
      rowsOf<{ user_id: number; paid: string }>(
        await tx.execute(sql`select a.user_id, sum(case when t.debit_account_id = a.account_id
              then t.amount_paise else -t.amount_paise end)::text as paid
            from ${transfers} t
            join ${ledgerAccounts} a on a.account_id in (t.debit_account_id, t.credit_account_id)
           where a.kind = 'user_cash'
             and (t.kind in ('share_win', 'share_loss')
               or (t.kind = 'settlement_reversal' and t.memo in ('share_win', 'share_loss')))
           group by a.user_id`),
      ).map((r) => [Number(r.user_id), Number(r.paid)]),
    );
    const names = new Map(
      (await tx.select({ userId: users.userId, userName: users.userName }).from(users)).map((u) => [
        u.userId,
        u.userName,
      ]),
    );
    const owed: LedgerCheck['owed'] = [];
    let userCount = 0;
    for (const a of accounts) {
      if (a.kind !== 'user_cash' || a.userId === null) continue;
      userCount += 1;
      const reservedPaise = reservedByUser.get(a.userId) ?? 0;
      const available = a.balancePaise - (exposureByUser.get(a.userId) ?? 0) - reservedPaise;
      if (available >= 0) continue;
      const sharesDebt = -available <= (sharesPaid.get(a.userId) ?? 0);
      if (reservedPaise === 0 && (voidTouched.has(a.userId) || sharesDebt)) {
        owed.push({ user_id: a.userId, user_name: names.get(a.userId) ?? '', amount: -available / 100 });
      } else {
        note(`User ${a.userId} has an available balance of ${rupees(available)}`);
      }
    }

    const listed = problems.slice(0, PROBLEMS_LISTED_MAX);
    if (problems.length > PROBLEMS_LISTED_MAX)
      listed.push(`… and ${problems.length - PROBLEMS_LISTED_MAX} more`);
    return {
      ok: problems.length === 0,
      problems: listed,
      owed,
      checked: {
        accounts: accounts.length,
        transfers: Number(transferCount[0]?.n ?? 0),
        exposures: pairs.size,
        users: userCount,
      },
    };
  });
}
