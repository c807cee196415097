import { formatOdds, oddsFromDecimal } from '@backlay/engine';

/** Decimal wire odds → integer hundredths (nearest, for prices the server sent). */
export const toHundredths = (price: number): number => oddsFromDecimal(price) ?? Math.round(price * 100);

/** Decimal odds as an exchange shows them: 1.5 → "1.5", 2 → "2", 2.02 → "2.02". */
export const showOdds = (price: number): string => String(Number(formatOdds(toHundredths(price))));

/**
 * Ladder sizes: whole rupees, 1.2K, 3.4L (lakh) so three levels fit on a phone. Always rounded
 * down (9,999.5 → "9.9K", never "10.0K"): a size never shows more than is offered.
 */
export function showSize(rupees: number): string {
  const down = (unit: number, decimals: 0 | 1) =>
    (Math.floor(rupees / (unit / 10 ** decimals)) / 10 ** decimals).toFixed(decimals);
  if (rupees >= 1_000_000) return `${down(100_000, 0)}L`;
  if (rupees >= 100_000) return `${down(100_000, 1)}L`;
  if (rupees >= 10_000) return `${down(1000, 0)}K`;
  if (rupees >= 1000) return `${down(1000, 1)}K`;
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
