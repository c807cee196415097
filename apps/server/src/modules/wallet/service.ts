import { and, asc, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { ledgerAccounts } from '../../db/schema.ts';
import type { Db, Executor } from '../../db/store.ts';
import * as q from './queries.ts';

/** House account that funds deposits and receives withdrawals. */
export const HOUSE_CASH = 'HOUSE_CASH';

export type ExposureEntry = {
  sport_name: string;
  match_name: string;
  sport_id?: number;
  match_id?: number;
  market_id?: number;
  market_details: { sub_type: string; bet_count: number }[];
};

/** Plugged in by the exchange module: a user's exposure (paise, ≥ 0) and the markets holding it. */
export type ExposureSource = {
  liabilityPaise(userId: number, tx?: Executor): Promise<number>;
  detail(userId: number): Promise<ExposureEntry[]>;
};

/** Until bets exist, nobody has exposure. */
const noExposure: ExposureSource = {
  liabilityPaise: async () => 0,
  detail: async () => [],
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
 * The ledger: one cash account per user plus house accounts, immutable double-entry transfers.
 * A user's balance is the sum of their transfers (cached on the account in the same transaction).
 */
export function createWalletService(db: Db) {
  let exposure: ExposureSource = noExposure;
  return {
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
     * Pays out from the user to the house, at most the available balance (balance − exposure),
     * checked under the wallet row's lock (bets take the same lock). Idempotent on the key.
     * Returns the transfer, or a refusal message.
     */
    async withdraw(userId: number, amountPaise: number, idempotencyKey: string, memo?: string) {
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
        const available = balance - (await exposure.liabilityPaise(userId, t));
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
     * Locks several users' cash account rows in one statement, in user-id order (the lock order
     * of every money path), and returns their balances by user id (users without an account are
     * missing from the map). `alongside` is one more column per user, read in the same statement
     * (the exchange reads each user's exposure on other markets with it).
     */
    async lockBalancesPaise(
      tx: Executor,
      userIds: readonly number[],
      alongside: (userId: SQLWrapper) => SQL<string>,
    ): Promise<Map<number, { balancePaise: number; alongside: string }>> {
      if (userIds.length === 0) return new Map();
      const rows = await tx
        .select({
          userId: ledgerAccounts.userId,
          balancePaise: ledgerAccounts.balancePaise,
          // Qualified by hand: drizzle writes a one-table select's columns bare ("user_id"), which
          // inside the caller's subquery would name the subquery's own column.
          alongside: alongside(sql`${ledgerAccounts}.${sql.identifier(ledgerAccounts.userId.name)}`),
        })
        .from(ledgerAccounts)
        .where(and(inArray(ledgerAccounts.userId, [...userIds]), eq(ledgerAccounts.kind, 'user_cash')))
        .orderBy(asc(ledgerAccounts.userId))
        .for('update', { of: ledgerAccounts });
      return new Map(rows.map((r) => [r.userId!, { balancePaise: r.balancePaise, alongside: r.alongside }]));
    },

    liabilityPaise: (userId: number, tx?: Executor) => exposure.liabilityPaise(userId, tx),
    exposureDetail: (userId: number) => exposure.detail(userId),
    /** The exchange module registers the real exposure here. */
    setExposureSource(source: ExposureSource) {
      exposure = source;
    },

    /** Ledger invariants: the sum of all balances is zero and every cached balance equals its transfers. */
    async audit() {
      const accounts = await q.auditAccounts(db);
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
