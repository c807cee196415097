import { newRequestId as newId } from '@backlay/ui/intent';
import { formatMoney } from '@backlay/ui/money';

/** ₹ and 2 decimals with Indian grouping: ₹1,00,000.00. */
export const rupees = (value: number): string => `₹${formatMoney(value)}`;

/**
 * An amount as typed (commas allowed, at most 2 decimals) between `min` and `max`: the number, or
 * why it cannot be sent.
 */
export function checkAmount(
  typed: string,
  min: number,
  max: number,
  maxWhy: (max: number) => string = (m) => `at most ${rupees(m)}`,
): { ok: true; value: number } | { ok: false; message: string } {
  const text = typed.replace(/[,\s₹]/g, '');
  if (text === '') return { ok: false, message: 'Enter an amount' };
  if (!/^\d+(\.\d{1,2})?$/.test(text))
    return { ok: false, message: 'Enter the amount in rupees, with at most 2 decimals' };
  const value = Number(text);
  if (value < min) return { ok: false, message: `The amount must be at least ${rupees(min)}` };
  if (value > max) return { ok: false, message: `The amount must be ${maxWhy(max)}` };
  return { ok: true, value };
}

/** A fresh idempotency key for one deposit or withdrawal request (kept while it is retried). */
export const newRequestId = (kind: 'dep' | 'wd'): string => `${kind}-${newId()}`;
