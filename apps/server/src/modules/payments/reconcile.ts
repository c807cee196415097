// The gateway's word against the operator's decision, as money: what a payment has moved to its
// user by our ledger (a function of its state), what it would have moved by the gateway's event,
// and which disagreement the difference is. Pure: service.ts reads and writes the rows.
import type { GatewayEvent } from '@backlay/contract';
import type { paymentRequests } from './schema.ts';
import type { DISCREPANCY_KINDS } from './schema.ts';

type PaymentRow = typeof paymentRequests.$inferSelect;
export type DiscrepancyKind = (typeof DISCREPANCY_KINDS)[number];
export type GatewayEventType = GatewayEvent['type'];

/** What the request moved once decided: the gateway's amount when a disagreement set it. */
export const movedPaise = (r: PaymentRow) => r.settledPaise ?? r.amountPaise;

/**
 * The user's net from this payment by the ledger (paise, signed to the user): an approved deposit
 * credited its amount; a withdrawal took its amount when asked (held), keeps it when paid, gave
 * it back when rejected. The ledger check asserts the transfers add up to this.
 */
export function ledgerNetPaise(r: PaymentRow): number {
  if (r.type === 'DEPOSIT') return r.status === 'APPROVED' ? movedPaise(r) : 0;
  if (r.status === 'PENDING') return -r.amountPaise;
  return r.status === 'PAID' ? -movedPaise(r) : 0;
}

/** The user's net from the payment by the gateway: it took a deposit, it paid a payout, or not. */
export function gatewayNetPaise(type: GatewayEventType, amountPaise: number): number {
  if (type === 'deposit.succeeded') return amountPaise;
  if (type === 'payout.succeeded') return -amountPaise;
  return 0;
}

/**
 * The disagreement between a gateway event and the payment's state, or null when they agree (or
 * the event only decides a pending request, as it always did).
 */
export function disagreement(
  r: PaymentRow,
  type: GatewayEventType,
  amountPaise: number,
): DiscrepancyKind | null {
  const succeeded = type.endsWith('.succeeded');
  if (succeeded && r.status === 'REJECTED') return 'SUCCEEDED_AFTER_REJECT';
  if (succeeded && amountPaise !== movedPaise(r)) return 'AMOUNT_DIFFERS';
  if (!succeeded && (r.status === 'APPROVED' || r.status === 'PAID')) return 'FAILED_AFTER_PAID';
  return null;
}

/** The state a resolved payment takes: the gateway's outcome, at the gateway's amount. */
export function gatewayState(
  r: PaymentRow,
  type: GatewayEventType,
  amountPaise: number,
): { status: PaymentRow['status']; settledPaise: number | null } {
  if (!type.endsWith('.succeeded')) return { status: 'REJECTED', settledPaise: null };
  return {
    status: r.type === 'DEPOSIT' ? 'APPROVED' : 'PAID',
    settledPaise: amountPaise === r.amountPaise ? null : amountPaise,
  };
}

const inr = (paise: number) => `₹${(Math.abs(paise) / 100).toFixed(2)}`;

/** Resolving moves delta (signed to the user): what the bettor's statement says happened. */
export function bettorReason(
  r: PaymentRow,
  type: GatewayEventType,
  amountPaise: number,
  deltaPaise: number,
  gatewayReason: string | null,
): string {
  const moved =
    deltaPaise > 0
      ? `${inr(deltaPaise)} credited to your balance`
      : deltaPaise < 0
        ? `${inr(deltaPaise)} taken back from your balance`
        : 'no change to your balance';
  if (type === 'deposit.succeeded') return `The payment gateway received ${inr(amountPaise)}: ${moved}`;
  if (type === 'payout.succeeded') return `The payment gateway paid out ${inr(amountPaise)}: ${moved}`;
  const why = gatewayReason ? ` (${gatewayReason})` : '';
  return r.type === 'DEPOSIT'
    ? `The payment gateway reports this deposit failed${why}: ${moved}`
    : `The payout failed at the payment gateway${why}: ${moved}`;
}

/** The operator's line for a disagreement (queue, refusals). */
export function describeDisagreement(kind: DiscrepancyKind, r: PaymentRow, gatewayPaise: number): string {
  const what = r.type === 'DEPOSIT' ? 'deposit' : 'payout';
  if (kind === 'AMOUNT_DIFFERS')
    return `the gateway's ${what} was ${inr(gatewayPaise)}, the request ${inr(movedPaise(r))}`;
  if (kind === 'SUCCEEDED_AFTER_REJECT')
    return `the gateway's ${what} of ${inr(gatewayPaise)} succeeded after it was rejected`;
  return `the gateway's ${what} failed after it was ${r.status.toLowerCase()}`;
}
