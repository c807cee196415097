/** Digits and one decimal point only: what the stake box keeps of what was typed. */
export const stakeText = (typed: string): string => typed.replace(/[^\d.]/g, '').slice(0, 15);

/** A typed stake in whole paise, or null when it is not an amount of rupees (at most 2 decimals). */
export function stakeToPaise(text: string): number | null {
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(text)) return null;
  const paise = Math.round(Number(text) * 100);
  return paise > 0 ? paise : null;
}

/** What a winning stake returns over it, in paise, rounded down to the paisa (docs/casino.md). */
export const profitPaise = (stakePaise: number, payout: number): number =>
  Math.floor((stakePaise * Math.round(payout * 100 - 100)) / 100);
