import { formatMoney } from '@backlay/ui/money';

/** ₹ with 2 decimals. */
export const rupees = (v: number): string => `₹${formatMoney(v)}`;

/** A result with its sign in front: +₹120.00, −₹40.00, ₹0.00. */
export const signedRupees = (v: number): string =>
  `${v > 0 ? '+' : v < 0 ? '−' : ''}₹${formatMoney(Math.abs(v))}`;

/** The class of a result: green above zero, red below. */
export const resultClass = (v: number): string | undefined =>
  v > 0 ? 'amount--up' : v < 0 ? 'amount--down' : undefined;
