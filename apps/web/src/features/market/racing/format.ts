import type { RaceCard, RacePlacing, RaceVoidReason } from '@backlay/contract';
import { msgId } from '../../../lib/i18n/catalog.ts';
import { t } from '../i18n.ts';

/** 1 → "1st", 2 → "2nd", 11 → "11th" (in the active language: its ordinal rules). */
export const ordinal = (n: number): string => t('market.racing.ordinal', { n });

/** Why a race is void, in words (message ids). */
export const VOID_REASON: Record<RaceVoidReason, string> = {
  ABANDONED: msgId('market.racing.void.abandoned'),
  WALKOVER: msgId('market.racing.void.walkover'),
  VENUE_CHANGED: msgId('market.racing.void.venueChanged'),
  NOT_RUN_ON_DAY: msgId('market.racing.void.notRunOnDay'),
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
