// Spec §9's settlement rules text for fancies, as the server applies them: the averages table
// (the engine's defaults and the operator's overrides, stored per competition in fancy_averages),
// and what a fancy of a match that did not run its course settles on. The rules themselves are
// the engine's (`fancyAverage`, `fancyOutcomeOnIncomplete`); this file only supplies their facts.
import type { FancyAveragesTableView } from '@backlay/contract';
import {
  DEFAULT_FANCY_AVERAGES,
  fancyAverage,
  fancyOutcomeOnIncomplete,
  type FancyAverageEvent,
  type FancyAveragesTable,
  type FancyCompetition,
  type FancyEventKind,
} from '@backlay/engine';
import { and, eq } from 'drizzle-orm';
import { fancyAverages } from './schema.ts';
import type { Executor } from '../../db/store.ts';
import type { FancyRow } from './queries.ts';

export const AVERAGE_COMPETITIONS = Object.keys(DEFAULT_FANCY_AVERAGES) as FancyCompetition[];
export const AVERAGE_EVENTS: readonly FancyAverageEvent[] = [
  'FIRST_OVER_RUNS',
  'FIRST_6_OVERS_RUNS',
  'MATCH_FOURS',
  'MATCH_SIXES',
  'MATCH_WICKETS',
];
const isCompetition = (c: string): c is FancyCompetition => (AVERAGE_COMPETITIONS as string[]).includes(c);
const isEvent = (e: string): e is FancyAverageEvent => (AVERAGE_EVENTS as string[]).includes(e);

/** The operator's overrides as the engine takes them. */
export async function averageOverrides(db: Executor): Promise<FancyAveragesTable> {
  const out: { [c: string]: { [e: string]: number } } = {};
  for (const o of await db.select().from(fancyAverages)) {
    if (isCompetition(o.competition) && isEvent(o.averageKey))
      (out[o.competition] ??= {})[o.averageKey] = o.value;
  }
  return out as FancyAveragesTable;
}

/** The table as the operator reads it: default, override and the value used, per (competition, event). */
export async function averagesTable(
  db: Executor,
  competition?: FancyCompetition,
): Promise<FancyAveragesTableView> {
  const overrides = await averageOverrides(db);
  const defaults: FancyAveragesTable = DEFAULT_FANCY_AVERAGES;
  const averages = (competition ? [competition] : AVERAGE_COMPETITIONS).flatMap((c) =>
    AVERAGE_EVENTS.map((e) => ({
      competition: c,
      event: e,
      default_value: defaults[c]?.[e] ?? null,
      override: overrides[c]?.[e] ?? null,
      value: fancyAverage(c, e, overrides),
    })),
  );
  return { averages };
}

/** Sets (or with null clears) one override. Setting the value it already has changes nothing. */
export async function setAverage(
  db: Executor,
  competition: FancyCompetition,
  event: FancyAverageEvent,
  value: number | null,
  at: Date,
) {
  if (value === null) {
    await db
      .delete(fancyAverages)
      .where(and(eq(fancyAverages.competition, competition), eq(fancyAverages.averageKey, event)));
    return;
  }
  await db
    .insert(fancyAverages)
    .values({ competition, averageKey: event, value, updatedAt: at })
    .onConflictDoUpdate({
      target: [fancyAverages.competition, fancyAverages.averageKey],
      set: { value, updatedAt: at },
    });
}

/** The largest result a fancy takes: an event (FANCY1) is 0 or 1, the others up to result_max. */
export const resultMaxOf = (f: FancyRow) => (f.variant === 'FANCY1' ? Math.min(1, f.resultMax) : f.resultMax);

export type IncompleteDecision =
  | { kind: 'VOID' }
  | { kind: 'VALUE'; value: number; how: 'RESULT' | 'AVERAGE' | 'MIDPOINT' }
  | { kind: 'REFUSE'; message: string };

/**
 * What a fancy of an unfinished match settles on (the engine's `fancyOutcomeOnIncomplete`), with
 * the average of its competition when it has an averages key and the operator's overrides. A
 * fact the rule needs and does not have (a result for a fancy that stands, an average table for an
 * unknown competition, a Meter without a line pair) gives a refusal in words, never a throw.
 */
export function incompleteDecision(
  f: FancyRow,
  name: string,
  match: { format: 'T20' | 'ODI' | 'TEST'; competition: string },
  facts: { overs_bowled: number; abandoned_or_reduced: boolean; result?: number; complete: boolean },
  overrides: FancyAveragesTable,
): IncompleteDecision {
  const who = `Fancy ${f.marketId} (${name})`;
  let average: number | null = null;
  if (f.averageKey !== null && match.format !== 'TEST' && facts.abandoned_or_reduced && !facts.complete) {
    if (!isCompetition(match.competition))
      return {
        kind: 'REFUSE',
        message: `${who}: competition ${match.competition} has no averages table (${AVERAGE_COMPETITIONS.join(', ')})`,
      };
    if (!isEvent(f.averageKey))
      return { kind: 'REFUSE', message: `${who}: unknown average event ${f.averageKey}` };
    average = fancyAverage(match.competition, f.averageKey, overrides);
  }
  if (facts.result !== undefined) {
    const max = resultMaxOf(f);
    if (facts.result > max)
      return { kind: 'REFUSE', message: `${who}: result must be at most ${max}, got ${facts.result}` };
  }
  let outcome;
  try {
    outcome = fancyOutcomeOnIncomplete({
      format: match.format,
      variant: f.variant,
      event_kind: f.eventKind as FancyEventKind,
      overs_bowled: facts.overs_bowled,
      event_complete: facts.complete,
      abandoned_or_reduced: facts.abandoned_or_reduced,
      ...(facts.result === undefined ? {} : { result: facts.result }),
      ...(average === null ? {} : { average }),
      ...(f.noLine === null ? {} : { no_line: f.noLine }),
      ...(f.yesLine === null ? {} : { yes_line: f.yesLine }),
    });
  } catch (err) {
    if (!(err instanceof RangeError)) throw err;
    const needsResult = /result is required/.test(err.message);
    return {
      kind: 'REFUSE',
      message: needsResult
        ? `${who} stands with ${facts.overs_bowled} overs bowled: give its result`
        : `${who}: ${err.message}`,
    };
  }
  if (outcome.kind === 'VOID') return { kind: 'VOID' };
  // An average or a Meter's midpoint past the fancy's largest result is refused, not capped: the
  // rules give that number and no other, and the holds covered results up to result_max only.
  // The operator declares a result in range or voids the fancy.
  if (outcome.value > resultMaxOf(f))
    return {
      kind: 'REFUSE',
      message: `${who}: the rules give ${outcome.value}, above ${resultMaxOf(f)}, its largest result: declare its result or void it`,
    };
  // The label of the value the engine chose, in the engine's order of rules.
  const how = facts.complete
    ? 'RESULT'
    : f.variant === 'METER' && facts.abandoned_or_reduced
      ? 'MIDPOINT'
      : f.variant === 'KHADO' || match.format === 'TEST'
        ? 'RESULT'
        : 'AVERAGE';
  return { kind: 'VALUE', value: outcome.value, how };
}
