// Deposits and withdrawals through the wallet's ledger (every movement a transfer, integer paise):
// an approved deposit is house → user; a withdrawal is held at once (user → HOUSE_WITHDRAWALS),
// then paid (HOUSE_WITHDRAWALS → HOUSE_CASH) or released back to the user. Lock order: the user's
// wallet row, then the payment row, then house accounts.
import {
  DEPOSIT_MAX_RUPEES,
  DEPOSIT_MIN_RUPEES,
  PAYMENT_STATEMENT_PAGE_SIZE,
  WITHDRAW_MAX_RUPEES,
  WITHDRAW_MIN_RUPEES,
  type GatewayEvent,
  type PaymentRequestView,
} from '@backlay/contract';
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import {
  bankAccounts,
  gatewayEvents,
  paymentMethods,
  paymentRequests,
  transfers,
  users,
} from '../../db/schema.ts';
import type { Db, Tx } from '../../db/store.ts';
import type { Clock } from '../../types.ts';
import { istRange } from '../reports/service.ts';
import type { ResponsibleService } from '../responsible/service.ts';
import type { SettingsService } from '../settings/service.ts';
import { HOUSE_WITHDRAWALS, type WalletService } from '../wallet/service.ts';
import { isUniqueViolation } from '../markets/house-bets.ts';

type PaymentRow = typeof paymentRequests.$inferSelect;
export type PayOutcome<T> = { ok: true; value: T; repeated?: boolean } | { ok: false; message: string };

class Refusal extends Error {}

const rupees = (paise: number) => Math.round(paise) / 100;
const text = (paise: number) => `₹${(paise / 100).toFixed(2)}`;
export const NOT_ALLOWED = 'Deposits and withdrawals are not available for this account';

export const maskAccount = (n: string) => `••••${n.slice(-4)}`;

export function toView(r: PaymentRow): PaymentRequestView {
  return {
    payment_id: r.paymentId,
    type: r.type,
    amount: rupees(r.amountPaise),
    method: r.methodLabel,
    reference: r.reference,
    status: r.status,
    reason: r.reason,
    created_at: r.createdAt.toISOString(),
    decided_at: r.decidedAt?.toISOString() ?? null,
  };
}

export type Decider = { operatorId: number | null; via: string };

export function createPaymentsService(deps: {
  db: Db;
  clock: Clock;
  wallet: WalletService;
  settings: SettingsService;
  responsible: ResponsibleService;
}) {
  const { db, clock, wallet, settings, responsible } = deps;

  async function refusable<T>(work: (tx: Tx) => Promise<T>): Promise<PayOutcome<T>> {
    try {
      return { ok: true, value: await db.transaction(work) };
    } catch (err) {
      if (err instanceof Refusal) return { ok: false, message: err.message };
      throw err;
    }
  }

  /** Spec §6: a valid parent, the payment gateway on, and a sign-up user. */
  async function allowed(userId: number): Promise<boolean> {
    const [u] = await db
      .select({ parentId: users.parentId, isSignupUser: users.isSignupUser })
      .from(users)
      .where(eq(users.userId, userId));
    if (!u || u.parentId === null || u.parentId === -1 || !u.isSignupUser) return false;
    return (await settings.get()).payment_gateway === '1';
  }

  async function byRequestId(tx: Tx | Db, userId: number, requestId: string) {
    const [r] = await tx
      .select()
      .from(paymentRequests)
      .where(and(eq(paymentRequests.userId, userId), eq(paymentRequests.requestId, requestId)));
    return r ?? null;
  }

  /** The payment row locked after its user's wallet row (the lock order). */
  async function lockPayment(tx: Tx, paymentId: number) {
    const [peek] = await tx
      .select({ userId: paymentRequests.userId })
      .from(paymentRequests)
      .where(eq(paymentRequests.paymentId, paymentId));
    if (!peek) throw new Refusal(`Unknown payment ${paymentId}`);
    await wallet.lockBalancePaise(tx, peek.userId);
    const [row] = await tx
      .select()
      .from(paymentRequests)
      .where(eq(paymentRequests.paymentId, paymentId))
      .for('update');
    return row!;
  }

  async function decide(
    tx: Tx,
    row: PaymentRow,
    status: PaymentRow['status'],
    by: Decider,
    extra: Partial<PaymentRow> = {},
  ) {
    const [after] = await tx
      .update(paymentRequests)
      .set({ status, decidedBy: by.operatorId, decidedVia: by.via, decidedAt: clock.now(), ...extra })
      .where(eq(paymentRequests.paymentId, row.paymentId))
      .returning();
    return after!;
  }

  async function approveDepositIn(tx: Tx, paymentId: number, by: Decider, gatewayReference?: string) {
    const row = await lockPayment(tx, paymentId);
    if (row.type !== 'DEPOSIT') throw new Refusal(`Payment ${paymentId} is not a deposit`);
    if (row.status === 'APPROVED') return { row, repeated: true };
    if (row.status !== 'PENDING')
      throw new Refusal(`Deposit ${paymentId} was already ${row.status.toLowerCase()}`);
    await wallet.deposit(
      row.userId,
      row.amountPaise,
      `payment/${row.paymentId}/deposit`,
      `${row.methodLabel}, ref ${row.reference ?? ''}`.trim(),
      tx,
    );
    const after = await decide(
      tx,
      row,
      'APPROVED',
      by,
      gatewayReference ? { payoutReference: gatewayReference } : {},
    );
    return { row: after, repeated: false };
  }

  async function rejectDepositIn(tx: Tx, paymentId: number, reason: string, by: Decider) {
    const row = await lockPayment(tx, paymentId);
    if (row.type !== 'DEPOSIT') throw new Refusal(`Payment ${paymentId} is not a deposit`);
    if (row.status === 'REJECTED') return { row, repeated: true };
    if (row.status !== 'PENDING')
      throw new Refusal(`Deposit ${paymentId} was already ${row.status.toLowerCase()}`);
    return { row: await decide(tx, row, 'REJECTED', by, { reason }), repeated: false };
  }

  async function payWithdrawalIn(tx: Tx, paymentId: number, by: Decider, payoutReference?: string) {
    const row = await lockPayment(tx, paymentId);
    if (row.type !== 'WITHDRAW') throw new Refusal(`Payment ${paymentId} is not a withdrawal`);
    if (row.status === 'PAID') return { row, repeated: true };
    if (row.status !== 'PENDING')
      throw new Refusal(`Withdrawal ${paymentId} was already ${row.status.toLowerCase()}`);
    await wallet.payWithdrawal(
      tx,
      row.amountPaise,
      `payment/${row.paymentId}/paid`,
      `Withdrawal ${row.paymentId} paid`,
    );
    const after = await decide(tx, row, 'PAID', by, payoutReference ? { payoutReference } : {});
    return { row: after, repeated: false };
  }

  async function rejectWithdrawalIn(tx: Tx, paymentId: number, reason: string, by: Decider) {
    const row = await lockPayment(tx, paymentId);
    if (row.type !== 'WITHDRAW') throw new Refusal(`Payment ${paymentId} is not a withdrawal`);
    if (row.status === 'REJECTED') return { row, repeated: true };
    if (row.status !== 'PENDING')
      throw new Refusal(`Withdrawal ${paymentId} was already ${row.status.toLowerCase()}`);
    await wallet.releaseWithdrawal(
      tx,
      row.userId,
      row.amountPaise,
      `payment/${row.paymentId}/release`,
      `Withdrawal ${row.paymentId} returned: ${reason}`,
    );
    return { row: await decide(tx, row, 'REJECTED', by, { reason }), repeated: false };
  }

  const done = (r: PayOutcome<{ row: PaymentRow; repeated: boolean }>): PayOutcome<PaymentRequestView> =>
    r.ok ? { ok: true, value: toView(r.value.row), repeated: r.value.repeated } : r;

  return {
    allowed,

    async methods() {
      const rows = await db
        .select()
        .from(paymentMethods)
        .where(eq(paymentMethods.isActive, true))
        .orderBy(asc(paymentMethods.sortOrder), asc(paymentMethods.methodId));
      return rows.map((m) => ({ method_id: m.methodId, kind: m.kind, label: m.label, details: m.details }));
    },

    async setMethod(input: {
      method_id?: number | undefined;
      kind: 'BANK' | 'UPI';
      label: string;
      details: Record<string, string | undefined>;
      is_active: boolean;
    }): Promise<
      PayOutcome<{ method_id: number; kind: 'BANK' | 'UPI'; label: string; details: Record<string, string> }>
    > {
      const details = Object.fromEntries(
        Object.entries(input.details).filter((e): e is [string, string] => typeof e[1] === 'string'),
      );
      const values = { kind: input.kind, label: input.label, details, isActive: input.is_active };
      const [row] =
        input.method_id === undefined
          ? await db.insert(paymentMethods).values(values).returning()
          : await db
              .update(paymentMethods)
              .set(values)
              .where(eq(paymentMethods.methodId, input.method_id))
              .returning();
      if (!row) return { ok: false, message: `Unknown payment method ${input.method_id}` };
      return {
        ok: true,
        value: { method_id: row.methodId, kind: row.kind, label: row.label, details: row.details },
      };
    },

    async requestDeposit(
      userId: number,
      body: { amount: number; method_id: number; reference: string; request_id: string },
    ): Promise<PayOutcome<PaymentRequestView>> {
      if (!(await allowed(userId))) return { ok: false, message: NOT_ALLOWED };
      const amountPaise = Math.round(body.amount * 100);
      const first = await byRequestId(db, userId, body.request_id);
      if (first) return sameRequest(first, 'DEPOSIT', amountPaise);
      if (body.amount < DEPOSIT_MIN_RUPEES || body.amount > DEPOSIT_MAX_RUPEES) {
        return {
          ok: false,
          message: `A deposit is ${text(DEPOSIT_MIN_RUPEES * 100)} to ${text(DEPOSIT_MAX_RUPEES * 100)}`,
        };
      }
      const [method] = await db
        .select()
        .from(paymentMethods)
        .where(and(eq(paymentMethods.methodId, body.method_id), eq(paymentMethods.isActive, true)));
      if (!method) return { ok: false, message: 'Choose a payment method from the list' };
      const referenceKey = body.reference.toUpperCase();
      try {
        return done(
          await refusable(async (tx) => {
            // The wallet row serialises a user's deposit requests (the deposit limit reads them).
            await wallet.lockBalancePaise(tx, userId);
            const limit = await responsible.depositRefusal(tx, userId, amountPaise);
            if (limit) throw new Refusal(limit);
            const [row] = await tx
              .insert(paymentRequests)
              .values({
                userId,
                type: 'DEPOSIT',
                amountPaise,
                methodId: method.methodId,
                methodLabel:
                  method.kind === 'UPI' ? `UPI (${method.label})` : `Bank transfer (${method.label})`,
                reference: body.reference,
                referenceKey,
                requestId: body.request_id,
                createdAt: clock.now(),
              })
              .returning();
            return { row: row!, repeated: false };
          }),
        );
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        const again = await byRequestId(db, userId, body.request_id);
        if (again) return sameRequest(again, 'DEPOSIT', amountPaise);
        return { ok: false, message: 'This payment reference has already been submitted' };
      }
    },

    async bankAccounts(userId: number) {
      const rows = await db
        .select()
        .from(bankAccounts)
        .where(and(eq(bankAccounts.userId, userId), isNull(bankAccounts.removedAt)))
        .orderBy(asc(bankAccounts.bankAccountId));
      return rows.map((b) => ({
        bank_account_id: b.bankAccountId,
        account_name: b.accountName,
        account_number: maskAccount(b.accountNumber),
        ifsc: b.ifsc,
        bank_name: b.bankName,
      }));
    },

    async addBankAccount(
      userId: number,
      body: { account_name: string; account_number: string; ifsc: string; bank_name: string },
    ): Promise<
      PayOutcome<{
        bank_account_id: number;
        account_name: string;
        account_number: string;
        ifsc: string;
        bank_name: string;
      }>
    > {
      if (!(await allowed(userId))) return { ok: false, message: NOT_ALLOWED };
      const existing = await db
        .select()
        .from(bankAccounts)
        .where(and(eq(bankAccounts.userId, userId), isNull(bankAccounts.removedAt)));
      if (existing.length >= 5) return { ok: false, message: 'At most 5 bank accounts; remove one first' };
      if (existing.some((b) => b.accountNumber === body.account_number && b.ifsc === body.ifsc)) {
        return { ok: false, message: 'This bank account is already saved' };
      }
      const [b] = await db
        .insert(bankAccounts)
        .values({
          userId,
          accountName: body.account_name,
          accountNumber: body.account_number,
          ifsc: body.ifsc,
          bankName: body.bank_name,
          createdAt: clock.now(),
        })
        .returning();
      return {
        ok: true,
        value: {
          bank_account_id: b!.bankAccountId,
          account_name: b!.accountName,
          account_number: maskAccount(b!.accountNumber),
          ifsc: b!.ifsc,
          bank_name: b!.bankName,
        },
      };
    },

    async removeBankAccount(userId: number, bankAccountId: number): Promise<PayOutcome<null>> {
      const rows = await db
        .update(bankAccounts)
        .set({ removedAt: clock.now() })
        .where(
          and(
            eq(bankAccounts.bankAccountId, bankAccountId),
            eq(bankAccounts.userId, userId),
            isNull(bankAccounts.removedAt),
          ),
        )
        .returning({ id: bankAccounts.bankAccountId });
      return rows.length ? { ok: true, value: null } : { ok: false, message: 'No such bank account' };
    },

    async requestWithdraw(
      userId: number,
      body: { amount: number; bank_account_id: number; request_id: string },
    ): Promise<PayOutcome<PaymentRequestView>> {
      if (!(await allowed(userId))) return { ok: false, message: NOT_ALLOWED };
      const amountPaise = Math.round(body.amount * 100);
      const first = await byRequestId(db, userId, body.request_id);
      if (first) return sameRequest(first, 'WITHDRAW', amountPaise);
      if (body.amount < WITHDRAW_MIN_RUPEES || body.amount > WITHDRAW_MAX_RUPEES) {
        return {
          ok: false,
          message: `A withdrawal is ${text(WITHDRAW_MIN_RUPEES * 100)} to ${text(WITHDRAW_MAX_RUPEES * 100)}`,
        };
      }
      const [account] = await db
        .select()
        .from(bankAccounts)
        .where(
          and(
            eq(bankAccounts.bankAccountId, body.bank_account_id),
            eq(bankAccounts.userId, userId),
            isNull(bankAccounts.removedAt),
          ),
        );
      if (!account) return { ok: false, message: 'Choose one of your saved bank accounts' };
      try {
        return done(
          await refusable(async (tx) => {
            await wallet.lockBalancePaise(tx, userId);
            const [row] = await tx
              .insert(paymentRequests)
              .values({
                userId,
                type: 'WITHDRAW',
                amountPaise,
                bankAccountId: account.bankAccountId,
                methodLabel: `${account.bankName} ${maskAccount(account.accountNumber)}`,
                requestId: body.request_id,
                createdAt: clock.now(),
              })
              .returning();
            const held = await wallet.holdWithdrawal(
              tx,
              userId,
              amountPaise,
              `payment/${row!.paymentId}/hold`,
              `Withdrawal ${row!.paymentId} to ${account.bankName} ${maskAccount(account.accountNumber)}`,
            );
            if (!held.ok) throw new Refusal(held.message);
            return { row: row!, repeated: false };
          }),
        );
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        const again = await byRequestId(db, userId, body.request_id);
        if (again) return sameRequest(again, 'WITHDRAW', amountPaise);
        throw err;
      }
    },

    async statement(
      userId: number,
      q: {
        from_date: string;
        to_date: string;
        type: 'all' | 'DEPOSIT' | 'WITHDRAW';
        status?: 'all' | PaymentRow['status'];
        page: number;
      },
    ) {
      const { start, end } = istRange(q.from_date, q.to_date);
      const where = and(
        eq(paymentRequests.userId, userId),
        gte(paymentRequests.createdAt, start),
        lt(paymentRequests.createdAt, end),
        q.type === 'all' ? undefined : eq(paymentRequests.type, q.type),
        !q.status || q.status === 'all' ? undefined : eq(paymentRequests.status, q.status),
      );
      const [total] = await db.select({ n: count() }).from(paymentRequests).where(where);
      const totalRows = total?.n ?? 0;
      const rows = await db
        .select()
        .from(paymentRequests)
        .where(where)
        .orderBy(desc(paymentRequests.createdAt), desc(paymentRequests.paymentId))
        .limit(PAYMENT_STATEMENT_PAGE_SIZE)
        .offset((q.page - 1) * PAYMENT_STATEMENT_PAGE_SIZE);
      return {
        rows: rows.map(toView),
        page: q.page,
        total_pages: Math.max(1, Math.ceil(totalRows / PAYMENT_STATEMENT_PAGE_SIZE)),
        total_rows: totalRows,
      };
    },

    async adminList(q: {
      status?: PaymentRow['status'] | undefined;
      type?: PaymentRow['type'] | undefined;
      user_id?: number | undefined;
      limit: number;
      page: number;
    }) {
      const where = and(
        q.status ? eq(paymentRequests.status, q.status) : undefined,
        q.type ? eq(paymentRequests.type, q.type) : undefined,
        q.user_id !== undefined ? eq(paymentRequests.userId, q.user_id) : undefined,
      );
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(paymentRequests)
        .where(where);
      const rows = await db
        .select({ p: paymentRequests, userName: users.userName, bank: bankAccounts })
        .from(paymentRequests)
        .innerJoin(users, eq(users.userId, paymentRequests.userId))
        .leftJoin(bankAccounts, eq(bankAccounts.bankAccountId, paymentRequests.bankAccountId))
        .where(where)
        .orderBy(desc(paymentRequests.createdAt), desc(paymentRequests.paymentId))
        .limit(q.limit)
        .offset((q.page - 1) * q.limit);
      const deciders = new Map<number, string>();
      for (const id of new Set(rows.map((r) => r.p.decidedBy).filter((x): x is number => x !== null))) {
        const [u] = await db.select({ n: users.userName }).from(users).where(eq(users.userId, id));
        if (u) deciders.set(id, u.n);
      }
      const list = rows.map((r) => ({
        ...toView(r.p),
        user_id: r.p.userId,
        user_name: r.userName,
        bank_account: r.bank
          ? {
              account_name: r.bank.accountName,
              account_number: r.bank.accountNumber,
              ifsc: r.bank.ifsc,
              bank_name: r.bank.bankName,
            }
          : null,
        decided_by: r.p.decidedBy !== null ? (deciders.get(r.p.decidedBy) ?? null) : (r.p.decidedVia ?? null),
        payout_reference: r.p.payoutReference,
      }));
      return { rows: list, page: q.page, page_size: q.limit, total: Number(count?.n ?? 0) };
    },

    approveDeposit: async (paymentId: number, by: Decider) =>
      done(await refusable((tx) => approveDepositIn(tx, paymentId, by))),
    rejectDeposit: async (paymentId: number, reason: string, by: Decider) =>
      done(await refusable((tx) => rejectDepositIn(tx, paymentId, reason, by))),
    payWithdrawal: async (paymentId: number, by: Decider, payoutReference?: string) =>
      done(await refusable((tx) => payWithdrawalIn(tx, paymentId, by, payoutReference))),
    rejectWithdrawal: async (paymentId: number, reason: string, by: Decider) =>
      done(await refusable((tx) => rejectWithdrawalIn(tx, paymentId, reason, by))),

    /**
     * A verified gateway event, applied once: the event row and its effect commit together, so a
     * repeat (same gateway and id) answers duplicate and changes nothing.
     */
    async applyGatewayEvent(
      gateway: string,
      e: GatewayEvent,
    ): Promise<{ duplicate: boolean; outcome: string }> {
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(gatewayEvents)
          .values({
            gateway,
            eventId: e.id,
            paymentId: e.payment_id,
            type: e.type,
            outcome: 'pending',
            receivedAt: clock.now(),
          })
          .onConflictDoNothing()
          .returning({ id: gatewayEvents.eventId });
        if (inserted.length === 0) {
          const [prev] = await tx
            .select({ outcome: gatewayEvents.outcome })
            .from(gatewayEvents)
            .where(and(eq(gatewayEvents.gateway, gateway), eq(gatewayEvents.eventId, e.id)));
          return { duplicate: true, outcome: prev?.outcome ?? 'recorded' };
        }
        const by: Decider = { operatorId: null, via: gateway };
        let outcome: string;
        const [p] = await tx
          .select()
          .from(paymentRequests)
          .where(eq(paymentRequests.paymentId, e.payment_id));
        const expectType = e.type.startsWith('deposit') ? 'DEPOSIT' : 'WITHDRAW';
        if (!p || p.type !== expectType) outcome = 'unknown payment';
        else if (Math.round(e.amount * 100) !== p.amountPaise)
          outcome = 'amount does not match; left for the operator';
        else {
          // A refusal (already decided) is the outcome, not an error: the event stays recorded.
          await tx.execute(sql`savepoint gateway_effect`);
          try {
            const reason = e.reason ?? 'Declined by the payment gateway';
            const r =
              e.type === 'deposit.succeeded'
                ? await approveDepositIn(tx, p.paymentId, by, e.gateway_reference)
                : e.type === 'deposit.failed'
                  ? await rejectDepositIn(tx, p.paymentId, reason, by)
                  : e.type === 'payout.succeeded'
                    ? await payWithdrawalIn(tx, p.paymentId, by, e.gateway_reference)
                    : await rejectWithdrawalIn(tx, p.paymentId, reason, by);
            outcome = r.repeated ? `already ${r.row.status.toLowerCase()}` : r.row.status.toLowerCase();
            await tx.execute(sql`release savepoint gateway_effect`);
          } catch (err) {
            if (!(err instanceof Refusal)) throw err;
            await tx.execute(sql`rollback to savepoint gateway_effect`);
            outcome = err.message;
          }
        }
        await tx
          .update(gatewayEvents)
          .set({ outcome })
          .where(and(eq(gatewayEvents.gateway, gateway), eq(gatewayEvents.eventId, e.id)));
        return { duplicate: false, outcome };
      });
    },

    /**
     * The ledger check's part for payments: HOUSE_WITHDRAWALS holds exactly the pending
     * withdrawals; each request has exactly the transfers its status says, of its amount.
     */
    async ledgerProblems(tx: Tx): Promise<string[]> {
      const problems: string[] = [];
      const rows = await tx.select().from(paymentRequests);
      const keys = rows.flatMap((r) =>
        r.type === 'DEPOSIT'
          ? [`payment/${r.paymentId}/deposit`]
          : [`payment/${r.paymentId}/hold`, `payment/${r.paymentId}/paid`, `payment/${r.paymentId}/release`],
      );
      const found = new Map<string, number>();
      for (let i = 0; i < keys.length; i += 500) {
        const part = keys.slice(i, i + 500);
        const ts = await tx
          .select({ key: transfers.idempotencyKey, amount: transfers.amountPaise })
          .from(transfers)
          .where(inArray(transfers.idempotencyKey, part));
        for (const t of ts) found.set(t.key, t.amount);
      }
      let pendingSum = 0;
      for (const r of rows) {
        const want: Record<string, boolean> =
          r.type === 'DEPOSIT'
            ? { deposit: r.status === 'APPROVED' }
            : { hold: true, paid: r.status === 'PAID', release: r.status === 'REJECTED' };
        if (r.type === 'WITHDRAW' && r.status === 'PENDING') pendingSum += r.amountPaise;
        for (const [what, should] of Object.entries(want)) {
          const amount = found.get(`payment/${r.paymentId}/${what}`);
          if (should && amount === undefined)
            problems.push(`Payment ${r.paymentId} (${r.status}) has no ${what} transfer`);
          if (!should && amount !== undefined)
            problems.push(`Payment ${r.paymentId} (${r.status}) has a ${what} transfer it should not`);
          if (amount !== undefined && amount !== r.amountPaise) {
            problems.push(
              `Payment ${r.paymentId}: ${what} transfer of ${text(amount)} for a request of ${text(r.amountPaise)}`,
            );
          }
        }
      }
      const held = await wallet.houseBalancePaise(tx, HOUSE_WITHDRAWALS);
      if (held !== pendingSum) {
        problems.push(
          `Pending withdrawals hold ${text(held)} but the pending requests add up to ${text(pendingSum)}`,
        );
      }
      return problems;
    },
  };

  function sameRequest(
    first: PaymentRow,
    type: PaymentRow['type'],
    amountPaise: number,
  ): PayOutcome<PaymentRequestView> {
    if (first.type !== type || first.amountPaise !== amountPaise) {
      return { ok: false, message: 'request_id was already used for a different request' };
    }
    return { ok: true, value: toView(first), repeated: true };
  }
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
