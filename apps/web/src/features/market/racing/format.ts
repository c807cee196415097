import type { RaceCard, RacePlacing, RaceVoidReason } from '@backlay/contract';

const SUFFIX: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };
const rules = new Intl.PluralRules('en-GB', { type: 'ordinal' });

/** 1 → "1st", 2 → "2nd", 11 → "11th". */
export const ordinal = (n: number): string => `${n}${SUFFIX[rules.select(n)] ?? 'th'}`;

export const VOID_REASON: Record<RaceVoidReason, string> = {
  ABANDONED: 'Race abandoned',
  WALKOVER: 'Walkover',
  VENUE_CHANGED: 'Moved to another venue',
  NOT_RUN_ON_DAY: 'Not run on the day',
};

/** A reduction factor as the card shows it: "25%", "2.5%". */
export const percent = (rf: number): string => `${Number(rf.toFixed(1))}%`;

/** Where each runner finished (by number), "=2nd" for a dead heat. */
export function finishingPositions(result: readonly RacePlacing[] | null): Map<number, string> {
  const out = new Map<number, string>();
  for (const p of result ?? []) {
    const label = `${p.numbers.length > 1 ? '=' : ''}${ordinal(p.position)}`;
    for (const n of p.numbers) out.set(n, label);
  }
  return out;
}

/** The runner called `number` on the card. */
export const runnerNamed = (card: RaceCard, number: number) => card.runners.find((r) => r.number === number);
