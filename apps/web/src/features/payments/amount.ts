import { newRequestId as newId } from '@backlay/ui/intent';
import { formatMoney } from '@backlay/ui/money';
import { t } from './i18n.ts';

/** ₹ and 2 decimals with Indian grouping: ₹1,00,000.00. */
export const rupees = (value: number): string => `₹${formatMoney(value)}`;

/**
 * An amount as typed (commas allowed, at most 2 decimals) between `min` and `max`: the number, or
 * why it cannot be sent (`tooMuch`: the whole sentence for an amount over `max`).
 */
export function checkAmount(
  typed: string,
  min: number,
  max: number,
  tooMuch: (max: number) => string = (m) => t('payments.amount.atMost', { amount: rupees(m) }),
): { ok: true; value: number } | { ok: false; message: string } {
  const text = typed.replace(/[,\s₹]/g, '');
  if (text === '') return { ok: false, message: t('payments.amount.empty') };
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return { ok: false, message: t('payments.amount.format') };
  const value = Number(text);
  if (value < min) return { ok: false, message: t('payments.amount.atLeast', { amount: rupees(min) }) };
  if (value > max) return { ok: false, message: tooMuch(max) };
  return { ok: true, value };
}

/** A fresh idempotency key for one deposit or withdrawal request (kept while it is retried). */
export const newRequestId = (kind: 'dep' | 'wd'): string => `${kind}-${newId()}`;
