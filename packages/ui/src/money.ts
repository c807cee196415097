import { MONEY_DECIMALS } from './constants.ts';

const formatter = new Intl.NumberFormat('en-IN', {
  minimumFractionDigits: MONEY_DECIMALS,
  maximumFractionDigits: MONEY_DECIMALS,
});

/** Rupees with 2 decimals and Indian digit grouping, e.g. 1,00,000.00. */
export function formatMoney(value: number): string {
  return formatter.format(Number.isFinite(value) ? value : 0);
}

/** Exposure is shown as an absolute value (spec §3). */
export const formatExposure = (liability: number): string => formatMoney(Math.abs(liability));
