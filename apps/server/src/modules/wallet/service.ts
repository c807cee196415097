import { and, asc, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { exposureReservations, ledgerAccounts } from '../../db/schema.ts';
import type { Db, Executor } from '../../db/store.ts';
import * as holds from './holds.ts';
import * as q from './queries.ts';
import * as reservations from './reservations.ts';

/** House account that funds deposits and receives withdrawals. */
export const HOUSE_CASH = 'HOUSE_CASH';
/**
 * House account holding the money of withdrawals asked for and not yet paid or rejected: a
 * withdrawal's amount leaves the user's cash for it at once (so it is gone from the available
 * balance every bet checks), then goes on to HOUSE_CASH when paid or back to the user when not.
 */
export const HOUSE_WITHDRAWALS = 'HOUSE_WITHDRAWALS';

/**
 * A cap on a user's betting budget (responsible gaming's loss limit), as an SQL expression of the
 * user id giving paise as text, or null when there is none.
 */
export type BudgetCap = (userId: SQLWrapper, now: Date) => SQL<string | null>;

export type ExposureEntry = {
  sport_name: string;
  match_name: string;
  sport_id?: number;
  match_id?: number;
  market_id?: number;
  market_details: { sub_type: string; bet_count: number }[];
};

/** SELECT … FOR UPDATE of the user's cash account row; its balance, or null without an account. */
async function lockBalance(tx: Executor, userId: number): Promise<number | null> {
  const [row] = await tx
    .select({ balancePaise: ledgerAccounts.balancePaise })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.kind, 'user_cash')))
    .for('update');
  return row?.balancePaise ?? null;
}

/**
 * Locks several users' cash account rows (SELECT … FOR UPDATE) in user-id order, in a statement
 * of its own: a statement's snapshot is taken before it waits for a lock, so sums over other
 * tables (holds, reservations) must be read by a later statement, which sees every transaction
 * that held the lock before.
 *
 * The same statement turns bitmap scans off for the rest of the transaction (set_config, local),
 * for the Σ reservations read next. Reservations live for milliseconds: every bet inserts one and
 * its batch deletes it, so between two autovacuums (a minute apart at best) a user's entries in
 * `exposure_reservations_user_idx` are thousands of deleted rows and a handful of live ones. A
 * plain index scan marks each deleted row's entry dead as it passes, and the next scan skips it;
 * a bitmap scan never does, and visits every deleted row's page again, each time. Measured: the
 * reserving statement went from 5–18 ms (growing with the bets since the last vacuum) to 2–3 ms.
 */
async function lockRows(tx: Executor, userIds: readonly number[]) {
  await tx
    .select({
      userId: ledgerAccounts.userId,
      planned: sql`set_config('enable_bitmapscan', 'off', true)`,
    })
    .from(ledgerAccounts)
    .where(and(inArray(ledgerAccounts.userId, [...userIds]), eq(ledgerAccounts.kind, 'user_cash')))
    .orderBy(asc(ledgerAccounts.userId))
    .for('update');
}

/**
 * Σ holds + Σ reservations of a user as an SQL expression (paise as text): what their balance must
 * cover. Available balance = balance − this, in every check (read it after the wallet row's lock).
 */
export function committedExpr(userId: SQLWrapper | number) {
  return sql<string>`((${holds.totalExpr(userId)})::bigint + (${reservations.totalExpr(userId)})::bigint)::text`;
}

/** Σ holds + Σ reservations of a user (paise). */
async function committedPaise(tx: Executor, userId: number): Promise<number> {
  const res = await tx.execute(sql`select ${committedExpr(userId)} as c`);
  return Number((res as unknown as { rows: { c: string }[] }).rows[0]?.c ?? 0);
}

/** A bet's worst case to reserve before its market's batch. */
export type ReserveRequest = { userId: number; marketId: number; wantPaise: number };
/**
 * What was reserved: `paise` (0 ≤ paise ≤ wantPaise: as much as the available balance allowed) under
 * reservation `id` (null when nothing was reserved), or no wallet for the user.
 */
export type Reservation = { hasWallet: false } | { hasWallet: true; id: number | null; paise: number };

/** Reservations taken in one transaction at most (the rest wait for the next). */
export const MAX_RESERVE_BATCH = 500;

/** This process's node id (NODE_ID, else host, pid and a random part): who made a reservation. */
export function defaultNodeId(): string {
  return process.env.NODE_ID || `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

/**
 * The ledger: one cash account per user plus house accounts, immutable double-entry transfers.
 * A user's balance is the sum of their transfers (cached on the account in the same transaction).
 * Available balance = balance − Σ exposure holds − Σ exposure reservations: every check of a
 * bet, a withdrawal or a withdrawal hold reads it here (`lockBalancesPaise`, `reserve`,
 * `withdraw`, `holdWithdrawal`).
 */
export function createWalletService(
  db: Db,
  clock: { now(): Date } = { now: () => new Date() },
  options: { nodeId?: string } = {},
) {
  let budgetCap: BudgetCap | null = null;
  const nodeId = options.nodeId ?? defaultNodeId();

  /** A user's betting budget as SQL: the balance, lowered by a loss limit when one binds. */
  const budgetExpr = (user: SQLWrapper, balance: SQLWrapper) =>
    budgetCap
      ? sql<string>`least(${balance}, coalesce((${budgetCap(user, clock.now())})::bigint, ${balance}))`
      : sql<string>`${balance}`;

  /**
   * Reserves, in one transaction, each request's worst case (or as much of it as is available):
   * the users' wallet rows locked in user-id order, then one statement that reads each user's
   * available budget (budget − Σ holds − Σ reservations) and inserts the reservations, granted in
   * the requests' order (a user's k-th request gets min(want, what the earlier ones left)). `av`
   * is materialized so that each user's available budget is summed once, not twice per request.
   */
  async function reserveNow(reqs: readonly ReserveRequest[]): Promise<Reservation[]> {
    for (const r of reqs) {
      if (!Number.isSafeInteger(r.wantPaise) || r.wantPaise < 0)
        throw new Error(`reservation must be whole paise ≥ 0, got ${r.wantPaise}`);
    }
    const users = [...new Set(reqs.map((r) => r.userId))].sort((a, b) => a - b);
    const rows = await db.transaction(async (tx) => {
      await lockRows(tx, users);
      const json = JSON.stringify(
        reqs.map((r, i) => ({ i, user_id: r.userId, market_id: r.marketId, want: r.wantPaise })),
      );
      const a = sql`a.${sql.identifier(ledgerAccounts.userId.name)}`;
      const res = await tx.execute(sql`with
        req as (select * from json_to_recordset(${json}::json)
          as r(i integer, user_id integer, market_id integer, want bigint)),
        av as materialized (select a.user_id, greatest((${budgetExpr(a, sql`a.balance_paise`)})::bigint
            - (${holds.totalExpr(a)})::bigint - (${reservations.totalExpr(a)})::bigint, 0) as avail
          from ${ledgerAccounts} a
          where a.kind = 'user_cash' and a.user_id = any(${`{${users.join(',')}}`}::integer[])),
        g as materialized (select r.i, r.user_id, r.market_id,
            least(sum(r.want) over w, av.avail) - least(sum(r.want) over w - r.want, av.avail) as paise
          from req r join av on av.user_id = r.user_id
          window w as (partition by r.user_id order by r.i)),
        n as materialized (select g.*, case when g.paise > 0
            then nextval(pg_get_serial_sequence('exposure_reservations', 'reservation_id')) end as id from g),
        ins as (insert into ${exposureReservations}
            (reservation_id, user_id, market_id, amount_paise, node_id, created_at)
          select n.id, n.user_id, n.market_id, n.paise, ${nodeId}, ${clock.now().toISOString()}::timestamptz
            from n where n.id is not null)
        select n.i, n.paise::text as paise, n.id::text as id from n`);
      return (res as unknown as { rows: { i: number; paise: string; id: string | null }[] }).rows;
    });
    const out: Reservation[] = reqs.map(() => ({ hasWallet: false }));
    for (const r of rows) {
      out[Number(r.i)] = { hasWallet: true, id: r.id === null ? null : Number(r.id), paise: Number(r.paise) };
    }
    return out;
  }

  // Group commit of reservations: requests arriving together (from any market) share one
  // transaction; one transaction at a time per node, the next one takes what arrived meanwhile.
  const waiting: { req: ReserveRequest; done(r: Reservation): void; fail(err: unknown): void }[] = [];
  let reserving = false;
  function drain() {
    if (reserving || waiting.length === 0) return;
    reserving = true;
    setImmediate(() => {
      const batch = waiting.splice(0, MAX_RESERVE_BATCH);
      void (async () => {
        try {
          const out = await reserveNow(batch.map((b) => b.req));
          batch.forEach((b, i) => b.done(out[i]!));
        } catch (err) {
          // One at a time, so that one bad request cannot fail its neighbours.
          for (const b of batch) {
            try {
              b.done((await reserveNow([b.req]))[0]!);
            } catch (e) {
              b.fail(batch.length === 1 ? err : e);
            }
          }
        } finally {
          reserving = false;
          drain();
        }
      })();
    });
  }

  /** wallet.withdraw's transaction (a key taken meanwhile throws IdempotencyKeyReused). */
  function withdrawNow(userId: number, amountPaise: number, idempotencyKey: string, memo?: string) {
    return db.transaction(async (t) => {
      const balance = await lockBalance(t, userId);
      if (balance === null) return { ok: false as const, message: 'Unknown user' };
      const account = await q.userAccount(t, userId);
      const repeated = await q.transferByKey(t, idempotencyKey);
      if (repeated) {
        if (repeated.debitAccountId !== account!.accountId || repeated.amountPaise !== amountPaise) {
          return { ok: false as const, message: 'request_id was already used for a different withdrawal' };
        }
        return { ok: true as const, transferId: repeated.transferId, repeated: true };
      }
      const available = balance - (await committedPaise(t, userId));
      if (amountPaise > available) {
        return {
          ok: false as const,
          message: `Withdrawal of ₹${(amountPaise / 100).toFixed(2)} is more than the available ₹${(Math.max(available, 0) / 100).toFixed(2)}`,
        };
      }
      const house = await q.ensureHouseAccount(t, HOUSE_CASH);
      const r = await q.insertTransfer(t, {
        debitAccountId: account!.accountId,
        creditAccountId: house,
        amountPaise,
        kind: 'withdrawal',
        idempotencyKey,
        ...(memo === undefined ? {} : { memo }),
      });
      return { ok: true as const, transferId: r.transferId, repeated: r.repeated };
    });
  }

  return {
    /** Who makes this node's reservations (the sweep logs it; an operator can read it). */
    nodeId,
    /**
     * Takes a bet's worst case (`wantPaise`) off the user's available balance before its market's
     * batch, or as much of it as is available (a bet that does not raise its user's exposure needs
     * none). The market's batch converts it (reservations.takeCte) into its hold; whatever happens
     * to the bet, the caller releases it if no batch took it (reservations.release), or the sweep does.
     */
    reserve(req: ReserveRequest): Promise<Reservation> {
      return new Promise<Reservation>((done, fail) => {
        waiting.push({ req, done, fail });
        drain();
      });
    },
    /** The reservations' table functions: take (in a batch), release, sweep, all. */
    reservations,
    /** Σ holds + Σ reservations of a user as SQL: available balance = balance − this. */
    committedExpr,
    /**
     * Releases the reservations older than RESERVATION_TIMEOUT_MS at `now` (left by a node that
     * died between reserving and its batch). Safe on any node, any number of times.
     */
    sweepReservations(now: Date = clock.now()) {
      return reservations.sweep(db, new Date(now.getTime() - reservations.RESERVATION_TIMEOUT_MS));
    },
    /** Installs the cap on betting budgets (one: the responsible-gaming module's loss limit). */
    setBudgetCap(cap: BudgetCap) {
      budgetCap = cap;
    },
    openUserAccount: (tx: Executor, userId: number) => q.insertUserAccount(tx, userId),
    houseAccount: (tx: Executor, code: string) => q.ensureHouseAccount(tx, code),

    /** Must run inside a transaction (it writes the transfer and two balances). */
    transfer: (tx: Executor, t: q.TransferInput) => q.insertTransfer(tx, t),

    /** Credits the user from the house; idempotent on the key. */
    async deposit(userId: number, amountPaise: number, idempotencyKey: string, memo?: string, tx?: Executor) {
      const run = async (t: Executor) => {
        // Lock order everywhere: user wallets (by user id) before house accounts.
        await lockBalance(t, userId);
        const account = await q.userAccount(t, userId);
        if (!account) throw new Error(`user ${userId} has no cash account`);
        const house = await q.ensureHouseAccount(t, HOUSE_CASH);
        return q.insertTransfer(t, {
          debitAccountId: house,
          creditAccountId: account.accountId,
          amountPaise,
          kind: 'deposit',
          idempotencyKey,
          ...(memo === undefined ? {} : { memo }),
        });
      };
      return tx ? run(tx) : db.transaction(run);
    },

    /**
     * Pays out from the user to the house, at most the available balance (balance − holds − reservations),
     * checked under the wallet row's lock (bets take the same lock). Idempotent on the key.
     * Returns the transfer, or a refusal message.
     */
    async withdraw(userId: number, amountPaise: number, idempotencyKey: string, memo?: string) {
      try {
        return await withdrawNow(userId, amountPaise, idempotencyKey, memo);
      } catch (err) {
        // The key was taken meanwhile by another user's transfer (one request_id, two users at once).
        if (err instanceof q.IdempotencyKeyReused)
          return { ok: false as const, message: 'request_id was already used for a different withdrawal' };
        throw err;
      }
    },

    /**
     * Settles a payment's difference with the gateway against the house's cash: `deltaPaise` > 0
     * credits the user, < 0 takes it back, at most the available balance (checked under the wallet
     * row's lock). Inside the caller's transaction; idempotent on the key.
     */
    async settleWithHouse(
      tx: Executor,
      userId: number,
      deltaPaise: number,
      idempotencyKey: string,
      memo: string,
    ): Promise<{ ok: true } | { ok: false; message: string }> {
      const balance = await lockBalance(tx, userId);
      const account = await q.userAccount(tx, userId);
      if (balance === null || !account) return { ok: false, message: `User ${userId} has no cash account` };
      if (deltaPaise < 0 && !(await q.transferByKey(tx, idempotencyKey))) {
        const available = balance - (await committedPaise(tx, userId));
        if (-deltaPaise > available) {
          return {
            ok: false,
            message: `Taking back ₹${(-deltaPaise / 100).toFixed(2)} needs more than the bettor's available ₹${(Math.max(available, 0) / 100).toFixed(2)}`,
          };
        }
      }
      const house = await q.ensureHouseAccount(tx, HOUSE_CASH);
      await q.insertTransfer(tx, {
        debitAccountId: deltaPaise > 0 ? house : account.accountId,
        creditAccountId: deltaPaise > 0 ? account.accountId : house,
        amountPaise: Math.abs(deltaPaise),
        kind: 'payment_reconciled',
        idempotencyKey,
        memo,
      });
      return { ok: true };
    },

    /**
     * Holds a withdrawal: moves the amount from the user's cash to HOUSE_WITHDRAWALS, at most the
     * available balance (balance − holds − reservations) checked under the wallet row's lock, as bets take
     * it. Must run inside the caller's transaction (which records the request). Idempotent on the key.
     */
    async holdWithdrawal(
      tx: Executor,
      userId: number,
      amountPaise: number,
      idempotencyKey: string,
      memo: string,
    ): Promise<{ ok: true; transferId: number } | { ok: false; message: string; availablePaise: number }> {
      const balance = await lockBalance(tx, userId);
      if (balance === null) return { ok: false, message: 'Unknown user', availablePaise: 0 };
      const repeated = await q.transferByKey(tx, idempotencyKey);
      if (repeated) return { ok: true, transferId: repeated.transferId };
      const available = balance - (await committedPaise(tx, userId));
      if (amountPaise > available) {
        return {
          ok: false,
          message: `Withdrawal of ₹${(amountPaise / 100).toFixed(2)} is more than your available balance of ₹${(Math.max(available, 0) / 100).toFixed(2)}`,
          availablePaise: Math.max(available, 0),
        };
      }
      const account = await q.userAccount(tx, userId);
      const pending = await q.ensureHouseAccount(tx, HOUSE_WITHDRAWALS);
      const r = await q.insertTransfer(tx, {
        debitAccountId: account!.accountId,
        creditAccountId: pending,
        amountPaise,
        kind: 'withdrawal',
        idempotencyKey,
        memo,
      });
      return { ok: true, transferId: r.transferId };
    },

    /** A held withdrawal goes back to the user (rejected). Locks the wallet row first. */
    async releaseWithdrawal(
      tx: Executor,
      userId: number,
      amountPaise: number,
      idempotencyKey: string,
      memo: string,
    ) {
      await lockBalance(tx, userId);
      const account = await q.userAccount(tx, userId);
      const pending = await q.ensureHouseAccount(tx, HOUSE_WITHDRAWALS);
      return q.insertTransfer(tx, {
        debitAccountId: pending,
        creditAccountId: account!.accountId,
        amountPaise,
        kind: 'withdrawal_returned',
        idempotencyKey,
        memo,
      });
    },

    /** A held withdrawal is paid out: HOUSE_WITHDRAWALS → HOUSE_CASH (the user's cash already left). */
    async payWithdrawal(tx: Executor, amountPaise: number, idempotencyKey: string, memo: string) {
      const pending = await q.ensureHouseAccount(tx, HOUSE_WITHDRAWALS);
      const house = await q.ensureHouseAccount(tx, HOUSE_CASH);
      return q.insertTransfer(tx, {
        debitAccountId: pending,
        creditAccountId: house,
        amountPaise,
        kind: 'withdrawal_paid',
        idempotencyKey,
        memo,
      });
    },

    /** A house account's balance by code (0 when it does not exist yet). */
    async houseBalancePaise(tx: Executor, code: string): Promise<number> {
      const [row] = await tx
        .select({ balancePaise: ledgerAccounts.balancePaise })
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.code, code));
      return row?.balancePaise ?? 0;
    },

    async balancePaise(userId: number, tx: Executor = db): Promise<number> {
      return (await q.userAccount(tx, userId))?.balancePaise ?? 0;
    },

    /**
     * Locks the user's cash account row (SELECT … FOR UPDATE) for the rest of the transaction and
     * returns its balance, or null when the user has no account. The exchange takes it after the
     * market's row, always in that order.
     */
    lockBalancePaise: lockBalance,

    /**
     * Locks several users' cash account rows, in user-id order (the lock order of every money
     * path), then returns their betting budgets by user id (users without an account are missing
     * from the map): the cash balance, lowered to what a responsible-gaming loss limit leaves when
     * one binds (`setBudgetCap`), less the user's exposure reservations (bets on their way to a
     * market's batch). Every bet placement of a house-quoted kind reads its budget here (the
     * exchange reserves through `reserve`). `alongside` is one more column per user, read in the
     * same statement after the locks (the kinds read each user's holds on other markets with it).
     */
    async lockBalancesPaise(
      tx: Executor,
      userIds: readonly number[],
      alongside: (userId: SQLWrapper) => SQL<string>,
    ): Promise<Map<number, { balancePaise: number; alongside: string }>> {
      if (userIds.length === 0) return new Map();
      await lockRows(tx, userIds);
      // Qualified by hand: drizzle writes a one-table select's columns bare ("user_id"), which
      // inside the caller's subquery would name the subquery's own column.
      const user = sql`${ledgerAccounts}.${sql.identifier(ledgerAccounts.userId.name)}`;
      const rows = await tx
        .select({
          userId: ledgerAccounts.userId,
          balancePaise: sql<string>`((${budgetExpr(user, ledgerAccounts.balancePaise)})::bigint - (${reservations.totalExpr(user)})::bigint)::text`,
          alongside: alongside(user),
        })
        .from(ledgerAccounts)
        .where(and(inArray(ledgerAccounts.userId, [...userIds]), eq(ledgerAccounts.kind, 'user_cash')))
        .orderBy(asc(ledgerAccounts.userId));
      return new Map(
        rows.map((r) => [r.userId!, { balancePaise: Number(r.balancePaise), alongside: r.alongside }]),
      );
    },

    /** Σ of the user's exposure holds over every market of every kind (getUserBalance.liability). */
    liabilityPaise: (userId: number, tx: Executor = db) => holds.totalPaise(tx, userId),
    /** The generic exposure holds: every market kind writes its users' worst losses here. */
    holds,

    /** Ledger invariants: the sum of all balances is zero and every cached balance equals its transfers. */
    async audit() {
      // One snapshot: three reads in parallel on a pool would each see another committed state,
      // and a transfer committing between them shows as a false mismatch.
      const accounts = await db.transaction(async (tx) => {
        await tx.execute(sql`set transaction isolation level repeatable read`);
        return q.auditAccounts(tx);
      });
      return {
        accounts: accounts.length,
        sumPaise: accounts.reduce((s, a) => s + a.computedPaise, 0),
        mismatches: accounts.filter((a) => a.cachedPaise !== a.computedPaise),
      };
    },
  };
}
export type WalletService = ReturnType<typeof createWalletService>;

/** Paise → rupees for the wire (2 decimals, exact for safe integers). */
export const toRupees = (paise: number) => Math.round(paise) / 100;
