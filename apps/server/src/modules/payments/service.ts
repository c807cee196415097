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
  DISCREPANCIES_PAGE_SIZE,
  type GatewayEvent,
  type PaymentRequestView,
} from '@backlay/contract';
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { users } from '../account/schema.ts';
import {
  bankAccounts,
  gatewayEvents,
  paymentDiscrepancies,
  paymentMethods,
  paymentRequests,
} from './schema.ts';
import { ledgerAccounts, transfers } from '../wallet/schema.ts';
import type { Db, Tx } from '../../db/store.ts';
import type { Clock } from '../../clock.ts';
import { istRange } from '../reports/service.ts';
import type { ResponsibleService } from '../responsible/service.ts';
import type { SettingsService } from '../settings/service.ts';
import { HOUSE_WITHDRAWALS, type WalletService } from '../wallet/service.ts';
import { isUniqueViolation } from '../markets/house-bets.ts';
import {
  bettorReason,
  describeDisagreement,
  disagreement,
  gatewayNetPaise,
  gatewayState,
  ledgerNetPaise,
  type GatewayEventType,
} from './reconcile.ts';

type PaymentRow = typeof paymentRequests.$inferSelect;
type DiscrepancyRow = typeof paymentDiscrepancies.$inferSelect;
export type PayOutcome<T> = { ok: true; value: T; repeated?: boolean } | { ok: false; message: string };

class Refusal extends Error {}

/** Saved bank accounts a bettor may have at once. */
const BANK_ACCOUNTS_MAX = 5;
const rupees = (paise: number) => Math.round(paise) / 100;
const text = (paise: number) => `₹${(paise / 100).toFixed(2)}`;
/** Money signed to the user, as the console confirms it: +₹500.00, −₹500.00, ₹0.00. */
const signed = (paise: number) => `${paise > 0 ? '+' : paise < 0 ? '−' : ''}${text(Math.abs(paise))}`;
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

/** User names by id (deciders, resolvers): one query for the ids of a page. */
async function userNames(tx: Tx | Db, ids: readonly (number | null)[]) {
  const wanted = [...new Set(ids.filter((x): x is number => x !== null))];
  if (wanted.length === 0) return new Map<number, string>();
  const rows = await tx
    .select({ id: users.userId, n: users.userName })
    .from(users)
    .where(inArray(users.userId, wanted));
  return new Map(rows.map((r) => [r.id, r.n]));
}

// Long because it is a factory: its inner functions, each short, share the store, the clock, the
// wallet and the lock order above (wallet row, payment row, house accounts) that every deposit and
// withdrawal step takes; splitting it would pass all of them to each piece. Not yet split into units.
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

  async function openDiscrepancy(tx: Tx | Db, paymentId: number) {
    const [d] = await tx
      .select()
      .from(paymentDiscrepancies)
      .where(and(eq(paymentDiscrepancies.paymentId, paymentId), eq(paymentDiscrepancies.status, 'OPEN')));
    return d ?? null;
  }

  /**
   * The operator's decision on a locked payment: refused while the gateway disagrees with it (the
   * queue decides that one, at the gateway's amount, never the request's).
   */
  async function lockUndisputed(tx: Tx, paymentId: number) {
    const row = await lockPayment(tx, paymentId);
    const open = await openDiscrepancy(tx, paymentId);
    if (open) {
      throw new Refusal(
        `Payment ${paymentId}: ${describeDisagreement(open.kind, row, open.gatewayAmountPaise)}. Resolve it under Needs attention`,
      );
    }
    return row;
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
    const row = await lockUndisputed(tx, paymentId);
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
    const row = await lockUndisputed(tx, paymentId);
    if (row.type !== 'DEPOSIT') throw new Refusal(`Payment ${paymentId} is not a deposit`);
    if (row.status === 'REJECTED') return { row, repeated: true };
    if (row.status !== 'PENDING')
      throw new Refusal(`Deposit ${paymentId} was already ${row.status.toLowerCase()}`);
    return { row: await decide(tx, row, 'REJECTED', by, { reason }), repeated: false };
  }

  async function payWithdrawalIn(tx: Tx, paymentId: number, by: Decider, payoutReference?: string) {
    const row = await lockUndisputed(tx, paymentId);
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
    const row = await lockUndisputed(tx, paymentId);
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

  /**
   * What a new gateway event does, in the event's transaction: its latest word supersedes an open
   * disagreement about the payment; then it either disagrees with the payment's state (queued for
   * the operator, nothing moves) or decides a pending request as before. A refusal (an open
   * disagreement, already decided) is the outcome, not an error: the event stays recorded.
   */
  async function gatewayEffect(tx: Tx, gateway: string, e: GatewayEvent, amountPaise: number) {
    const [p] = await tx
      .select({ type: paymentRequests.type })
      .from(paymentRequests)
      .where(eq(paymentRequests.paymentId, e.payment_id));
    if (!p || p.type !== (e.type.startsWith('deposit') ? 'DEPOSIT' : 'WITHDRAW')) return 'unknown payment';
    const row = await lockPayment(tx, e.payment_id);
    await tx
      .update(paymentDiscrepancies)
      .set({ status: 'SUPERSEDED', resolvedAt: clock.now() })
      .where(and(eq(paymentDiscrepancies.paymentId, row.paymentId), eq(paymentDiscrepancies.status, 'OPEN')));
    const kind = disagreement(row, e.type, amountPaise);
    if (kind) {
      await tx.insert(paymentDiscrepancies).values({
        paymentId: row.paymentId,
        kind,
        gateway,
        eventId: e.id,
        eventType: e.type,
        gatewayAmountPaise: amountPaise,
        createdAt: clock.now(),
      });
      return `needs attention: ${describeDisagreement(kind, row, amountPaise)}`;
    }
    if (row.status !== 'PENDING') return `already ${row.status.toLowerCase()}`;
    await tx.execute(sql`savepoint gateway_effect`);
    try {
      const by: Decider = { operatorId: null, via: gateway };
      const reason = e.reason ?? 'Declined by the payment gateway';
      const r =
        e.type === 'deposit.succeeded'
          ? await approveDepositIn(tx, row.paymentId, by, e.gateway_reference)
          : e.type === 'deposit.failed'
            ? await rejectDepositIn(tx, row.paymentId, reason, by)
            : e.type === 'payout.succeeded'
              ? await payWithdrawalIn(tx, row.paymentId, by, e.gateway_reference)
              : await rejectWithdrawalIn(tx, row.paymentId, reason, by);
      await tx.execute(sql`release savepoint gateway_effect`);
      return r.repeated ? `already ${r.row.status.toLowerCase()}` : r.row.status.toLowerCase();
    } catch (err) {
      if (!(err instanceof Refusal)) throw err;
      await tx.execute(sql`rollback to savepoint gateway_effect`);
      return err.message;
    }
  }

  /** The disagreement's payment locked (wallet, then payment), then the disagreement, still open. */
  async function lockDiscrepancy(tx: Tx, discrepancyId: number) {
    const [peek] = await tx
      .select({ paymentId: paymentDiscrepancies.paymentId })
      .from(paymentDiscrepancies)
      .where(eq(paymentDiscrepancies.discrepancyId, discrepancyId));
    if (!peek) throw new Refusal(`Unknown discrepancy ${discrepancyId}`);
    const row = await lockPayment(tx, peek.paymentId);
    const [d] = await tx
      .select()
      .from(paymentDiscrepancies)
      .where(eq(paymentDiscrepancies.discrepancyId, discrepancyId))
      .for('update');
    if (d!.status !== 'OPEN') {
      throw new Refusal(
        d!.status === 'SUPERSEDED'
          ? `Discrepancy ${discrepancyId} was superseded by a later word from the gateway`
          : `Discrepancy ${discrepancyId} was already ${d!.status.toLowerCase()}`,
      );
    }
    return { row, d: d! };
  }

  async function closeDiscrepancy(
    tx: Tx,
    d: DiscrepancyRow,
    row: PaymentRow,
    how: { status: 'RESOLVED'; movedPaise: number } | { status: 'DISMISSED'; note: string },
    operatorId: number,
  ) {
    const [after] = await tx
      .update(paymentDiscrepancies)
      .set({ ...how, resolvedBy: operatorId, resolvedAt: clock.now() })
      .where(eq(paymentDiscrepancies.discrepancyId, d.discrepancyId))
      .returning();
    const [u] = await tx.select({ n: users.userName }).from(users).where(eq(users.userId, row.userId));
    return discrepancyView(after!, row, u?.n ?? '', await userNames(tx, [row.decidedBy, operatorId]));
  }

  function discrepancyView(d: DiscrepancyRow, p: PaymentRow, userName: string, names: Map<number, string>) {
    const move =
      d.status === 'OPEN'
        ? gatewayNetPaise(d.eventType as GatewayEventType, d.gatewayAmountPaise) - ledgerNetPaise(p)
        : d.movedPaise;
    return {
      discrepancy_id: d.discrepancyId,
      kind: d.kind,
      status: d.status,
      payment_id: p.paymentId,
      type: p.type,
      user_id: p.userId,
      user_name: userName,
      requested: rupees(p.amountPaise),
      payment_status: p.status,
      settled_amount: p.settledPaise === null ? null : rupees(p.settledPaise),
      decided_by: p.decidedBy !== null ? (names.get(p.decidedBy) ?? null) : (p.decidedVia ?? null),
      decided_at: p.decidedAt?.toISOString() ?? null,
      gateway: {
        gateway: d.gateway,
        event_id: d.eventId,
        type: d.eventType as GatewayEventType,
        amount: rupees(d.gatewayAmountPaise),
        received_at: d.createdAt.toISOString(),
      },
      move: move === null ? null : rupees(move),
      note: d.note,
      resolved_by: d.resolvedBy !== null ? (names.get(d.resolvedBy) ?? null) : null,
      resolved_at: d.resolvedAt?.toISOString() ?? null,
      created_at: d.createdAt.toISOString(),
    };
  }

  /** Each payment's latest gateway event (the page's ids; a payment has a handful at most). */
  async function latestEvents(paymentIds: readonly number[]) {
    const out = new Map<
      number,
      {
        gateway: string;
        type: GatewayEventType;
        amount: number | null;
        reference: string | null;
        reason: string | null;
        received_at: string;
      }
    >();
    if (paymentIds.length === 0) return out;
    const events = await db
      .select()
      .from(gatewayEvents)
      .where(inArray(gatewayEvents.paymentId, [...paymentIds]))
      .orderBy(desc(gatewayEvents.receivedAt), desc(gatewayEvents.eventId));
    for (const e of events) {
      if (e.paymentId === null || out.has(e.paymentId)) continue;
      out.set(e.paymentId, {
        gateway: e.gateway,
        type: e.type as GatewayEventType,
        amount: e.amountPaise === null ? null : rupees(e.amountPaise),
        reference: e.gatewayReference,
        reason: e.reason,
        received_at: e.receivedAt.toISOString(),
      });
    }
    return out;
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
      // "At most 5" and "already saved" decide the insert: both are checked with the user's row
      // locked, so two adds at once cannot both pass them.
      const added = await db.transaction(async (tx) => {
        await tx.select({ userId: users.userId }).from(users).where(eq(users.userId, userId)).for('update');
        const existing = await tx
          .select()
          .from(bankAccounts)
          .where(and(eq(bankAccounts.userId, userId), isNull(bankAccounts.removedAt)));
        if (existing.length >= BANK_ACCOUNTS_MAX) return 'At most 5 bank accounts; remove one first';
        if (existing.some((b) => b.accountNumber === body.account_number && b.ifsc === body.ifsc)) {
          return 'This bank account is already saved';
        }
        const [row] = await tx
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
        return row!;
      });
      if (typeof added === 'string') return { ok: false, message: added };
      const b = added;
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
      const deciders = await userNames(
        db,
        rows.map((r) => r.p.decidedBy),
      );
      const ids = rows.map((r) => r.p.paymentId);
      const latest = await latestEvents(ids);
      const open = new Map(
        (ids.length === 0
          ? []
          : await db
              .select()
              .from(paymentDiscrepancies)
              .where(
                and(inArray(paymentDiscrepancies.paymentId, ids), eq(paymentDiscrepancies.status, 'OPEN')),
              )
        ).map((d) => [d.paymentId, d]),
      );
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
        settled_amount: r.p.settledPaise === null ? null : rupees(r.p.settledPaise),
        gateway: latest.get(r.p.paymentId) ?? null,
        attention: open.has(r.p.paymentId)
          ? { discrepancy_id: open.get(r.p.paymentId)!.discrepancyId, kind: open.get(r.p.paymentId)!.kind }
          : null,
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
      const amountPaise = Math.round(e.amount * 100);
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(gatewayEvents)
          .values({
            gateway,
            eventId: e.id,
            paymentId: e.payment_id,
            type: e.type,
            outcome: 'pending',
            amountPaise,
            gatewayReference: e.gateway_reference ?? null,
            reason: e.reason ?? null,
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
        const outcome = await gatewayEffect(tx, gateway, e, amountPaise);
        await tx
          .update(gatewayEvents)
          .set({ outcome })
          .where(and(eq(gatewayEvents.gateway, gateway), eq(gatewayEvents.eventId, e.id)));
        return { duplicate: false, outcome };
      });
    },

    /** Needs attention (OPEN, oldest first) or its history (newest first), with the money. */
    async discrepancies(q: { status: DiscrepancyRow['status']; page: number }) {
      const where = eq(paymentDiscrepancies.status, q.status);
      const [total] = await db.select({ n: count() }).from(paymentDiscrepancies).where(where);
      const order = q.status === 'OPEN' ? asc : desc;
      const rows = await db
        .select({ d: paymentDiscrepancies, p: paymentRequests, userName: users.userName })
        .from(paymentDiscrepancies)
        .innerJoin(paymentRequests, eq(paymentRequests.paymentId, paymentDiscrepancies.paymentId))
        .innerJoin(users, eq(users.userId, paymentRequests.userId))
        .where(where)
        .orderBy(order(paymentDiscrepancies.createdAt), order(paymentDiscrepancies.discrepancyId))
        .limit(DISCREPANCIES_PAGE_SIZE)
        .offset((q.page - 1) * DISCREPANCIES_PAGE_SIZE);
      const names = await userNames(
        db,
        rows.flatMap((r) => [r.p.decidedBy, r.d.resolvedBy]),
      );
      return {
        rows: rows.map((r) => discrepancyView(r.d, r.p, r.userName, names)),
        page: q.page,
        page_size: DISCREPANCIES_PAGE_SIZE,
        total: total?.n ?? 0,
      };
    },

    /**
     * Makes the payment follow the gateway: the difference between what the gateway moved and what
     * the ledger has moved for it goes between the house's cash and the bettor (a pending
     * withdrawal's hold is paid out first), and the payment takes the gateway's state and amount.
     * `confirmedPaise` is the move the operator confirmed; anything else is refused.
     */
    async resolveDiscrepancy(discrepancyId: number, confirmedPaise: number, operatorId: number) {
      return refusable(async (tx) => {
        const { row, d } = await lockDiscrepancy(tx, discrepancyId);
        const type = d.eventType as GatewayEventType;
        const delta = gatewayNetPaise(type, d.gatewayAmountPaise) - ledgerNetPaise(row);
        if (delta !== confirmedPaise) {
          throw new Refusal(
            `Resolving discrepancy ${discrepancyId} moves ${signed(delta)} now, not ${signed(confirmedPaise)}: look again and confirm`,
          );
        }
        if (row.type === 'WITHDRAW' && row.status === 'PENDING') {
          // The hold leaves for the house's cash as a paid request's does; the rest is the delta.
          await wallet.payWithdrawal(
            tx,
            row.amountPaise,
            `payment/${row.paymentId}/paid`,
            `Withdrawal ${row.paymentId} paid`,
          );
        }
        if (delta !== 0) {
          const moved = await wallet.settleWithHouse(
            tx,
            row.userId,
            delta,
            `payment/${row.paymentId}/reconcile/${discrepancyId}`,
            `Payment ${row.paymentId}: ${describeDisagreement(d.kind, row, d.gatewayAmountPaise)}`,
          );
          if (!moved.ok) throw new Refusal(moved.message);
        }
        const [event] = await tx
          .select({ reason: gatewayEvents.reason })
          .from(gatewayEvents)
          .where(and(eq(gatewayEvents.gateway, d.gateway), eq(gatewayEvents.eventId, d.eventId)));
        const state = gatewayState(row, type, d.gatewayAmountPaise);
        const after = await decide(
          tx,
          row,
          state.status,
          { operatorId, via: 'operator' },
          {
            settledPaise: state.settledPaise,
            reason: bettorReason(row, type, d.gatewayAmountPaise, delta, event?.reason ?? null),
          },
        );
        return closeDiscrepancy(tx, d, after, { status: 'RESOLVED', movedPaise: delta }, operatorId);
      });
    },

    /** Closes a disagreement without moving money (the gateway was wrong), saying why. */
    async dismissDiscrepancy(discrepancyId: number, note: string, operatorId: number) {
      return refusable(async (tx) => {
        const { row, d } = await lockDiscrepancy(tx, discrepancyId);
        return closeDiscrepancy(tx, d, row, { status: 'DISMISSED', note }, operatorId);
      });
    },

    /**
     * The ledger check's part for payments: each request's transfers (its own and its resolved
     * disagreements') move its user exactly what its state says (`ledgerNetPaise`), and leave in
     * HOUSE_WITHDRAWALS exactly its held amount while pending; that account holds exactly the
     * pending withdrawals; a resolved disagreement moved what it recorded.
     */
    async ledgerProblems(tx: Tx): Promise<string[]> {
      const problems: string[] = [];
      const rows = await tx.select().from(paymentRequests);
      const resolved = await tx
        .select()
        .from(paymentDiscrepancies)
        .where(eq(paymentDiscrepancies.status, 'RESOLVED'));
      const reconcileKey = (d: DiscrepancyRow) => `payment/${d.paymentId}/reconcile/${d.discrepancyId}`;
      const keys = [
        ...rows.flatMap((r) =>
          ['deposit', 'hold', 'paid', 'release'].map((what) => `payment/${r.paymentId}/${what}`),
        ),
        ...resolved.map(reconcileKey),
      ];
      const found = new Map<string, { amount: number; debit: number; credit: number }>();
      for (let i = 0; i < keys.length; i += 500) {
        const ts = await tx
          .select({
            key: transfers.idempotencyKey,
            amount: transfers.amountPaise,
            debit: transfers.debitAccountId,
            credit: transfers.creditAccountId,
          })
          .from(transfers)
          .where(inArray(transfers.idempotencyKey, keys.slice(i, i + 500)));
        for (const t of ts) found.set(t.key, t);
      }
      const accounts = await tx
        .select({ id: ledgerAccounts.accountId, userId: ledgerAccounts.userId, code: ledgerAccounts.code })
        .from(ledgerAccounts)
        .where(
          sql`${ledgerAccounts.code} = ${HOUSE_WITHDRAWALS} or (${ledgerAccounts.kind} = 'user_cash' and ${ledgerAccounts.userId} in (select ${paymentRequests.userId} from ${paymentRequests}))`,
        );
      const cashOf = new Map(accounts.filter((a) => a.userId !== null).map((a) => [a.userId!, a.id]));
      const pendingAccount = accounts.find((a) => a.code === HOUSE_WITHDRAWALS)?.id;
      const net = (account: number | undefined, t: { amount: number; debit: number; credit: number }) =>
        t.credit === account ? t.amount : t.debit === account ? -t.amount : 0;
      const byPayment = new Map<number, string[]>();
      for (const k of found.keys()) {
        const id = Number(k.split('/')[1]);
        byPayment.set(id, [...(byPayment.get(id) ?? []), k]);
      }
      let pendingSum = 0;
      for (const r of rows) {
        if (r.type === 'WITHDRAW' && r.status === 'PENDING') pendingSum += r.amountPaise;
        const mine = (byPayment.get(r.paymentId) ?? []).map((k) => found.get(k)!);
        const toUser = mine.reduce((a, t) => a + net(cashOf.get(r.userId), t), 0);
        if (toUser !== ledgerNetPaise(r)) {
          problems.push(
            `Payment ${r.paymentId} (${r.type} ${r.status}) moved ${signed(toUser)} to its user, not ${signed(ledgerNetPaise(r))}`,
          );
        }
        const held = mine.reduce((a, t) => a + net(pendingAccount, t), 0);
        const shouldHold = r.type === 'WITHDRAW' && r.status === 'PENDING' ? r.amountPaise : 0;
        if (held !== shouldHold) {
          problems.push(`Payment ${r.paymentId} (${r.status}) leaves ${text(held)} in pending withdrawals`);
        }
      }
      for (const d of resolved) {
        const t = found.get(reconcileKey(d));
        if ((t?.amount ?? 0) !== Math.abs(d.movedPaise ?? 0)) {
          problems.push(
            `Discrepancy ${d.discrepancyId} recorded ${signed(d.movedPaise ?? 0)} but its transfer moved ${text(t?.amount ?? 0)}`,
          );
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
