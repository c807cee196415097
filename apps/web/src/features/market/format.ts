import { formatOdds, oddsFromDecimal } from '@backlay/engine';

/** Decimal wire odds → integer hundredths (nearest, for prices the server sent). */
export const toHundredths = (price: number): number => oddsFromDecimal(price) ?? Math.round(price * 100);

/** Decimal odds as an exchange shows them: 1.5 → "1.5", 2 → "2", 2.02 → "2.02". */
export const showOdds = (price: number): string => String(Number(formatOdds(toHundredths(price))));

/** Ladder sizes: whole rupees, 1.2K, 3.4L (lakh) so three levels fit on a phone. */
export function showSize(rupees: number): string {
  if (rupees >= 100_000) return `${(rupees / 100_000).toFixed(rupees >= 1_000_000 ? 0 : 1)}L`;
  if (rupees >= 10_000) return `${(rupees / 1000).toFixed(0)}K`;
  if (rupees >= 1000) return `${(rupees / 1000).toFixed(1)}K`;
  return String(Math.floor(rupees));
}

/** Signed rupees with 2 decimals, Indian grouping. */
export function signedMoney(rupees: number): string {
  const abs = Math.abs(rupees).toLocaleString('en-IN', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return rupees < 0 ? `-${abs}` : abs;
}
