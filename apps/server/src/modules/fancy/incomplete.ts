// One fancy of a match that did not run its course, settled by the rules text (rules.ts
// `incompleteDecision` → the engine's `fancyOutcomeOnIncomplete`): the one path the operator's
// `admin/fancy/incomplete` and `admin/fancy/average` and the cricket feed's stopped innings all
// take. The decision is made again and applied in one transaction under the market's lock
// (`settleOnDecision`), after its settled state is checked there: a result that landed after the
// caller's first look is never voided or averaged over, it answers ALREADY_SETTLED.
import type { FancyAveragesTable } from '@backlay/engine';
import type { FastifyInstance } from 'fastify';
import type { SettlementView } from '../settlement/service.ts';
import * as q from './queries.ts';
import { incompleteDecision } from './rules.ts';

/** The facts of a fancy of an unfinished match (rules.ts `incompleteDecision`). */
export type IncompleteFacts = {
  overs_bowled: number;
  abandoned_or_reduced: boolean;
  result?: number;
  complete: boolean;
};

export type IncompleteMatch = { format: 'T20' | 'ODI' | 'TEST'; competition: string };

export type IncompleteApplied =
  | {
      ok: true;
      decision: 'RESULT' | 'AVERAGE' | 'MIDPOINT' | 'VOID' | 'ALREADY_SETTLED';
      /** The value settled on (null: void, or already settled). */
      value: number | null;
      /** The settlement made; null when it was settled already. */
      settlement: SettlementView | null;
    }
  | { ok: false; message: string };

/** Decides (under the market's lock, on the fancy as it is there) and applies the decision. */
export async function settleIncompleteFancy(
  app: Pick<FastifyInstance, 'db' | 'settlement'>,
  by: number | null,
  fancyId: number,
  match: IncompleteMatch,
  facts: IncompleteFacts,
  overrides: FancyAveragesTable,
): Promise<IncompleteApplied> {
  // A first look outside the lock: a decision that is refused (a fact missing) changes nothing,
  // not even the fancy's status (the settlement below closes the market before it decides again).
  const first = await q.fancyOf(app.db, fancyId);
  if (!first) return { ok: false, message: `Unknown fancy ${fancyId}` };
  const look = incompleteDecision(first.fancy, first.market.marketName, match, facts, overrides);
  if (look.kind === 'REFUSE') return { ok: false, message: look.message };
  const r = await app.settlement.settleOnDecision(by, fancyId, async (tx) => {
    const row = await q.fancyOf(tx, fancyId);
    if (!row) return { kind: 'REFUSE', message: `Unknown fancy ${fancyId}` };
    return incompleteDecision(row.fancy, row.market.marketName, match, facts, overrides);
  });
  if (!r.ok) return r;
  const d = r.value.decision;
  if (d === 'ALREADY_SETTLED') return { ok: true, decision: d, value: null, settlement: null };
  return {
    ok: true,
    decision: d.kind === 'VOID' ? 'VOID' : d.how,
    value: d.kind === 'VOID' ? null : d.value,
    settlement: r.value.view,
  };
}
