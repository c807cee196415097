import type { CasinoResultChip, CasinoRoundHead } from '@backlay/contract';

/** How many results the strips keep (the server sends the last 10). */
export const LAST_RESULTS_MAX = 10;

/**
 * Something holding a table's round and its last results (a lobby tile, a table's round) with the
 * round replaced by a newer head. An older head (a late message of an earlier round) is ignored; a
 * finished round (RESULT or VOID) joins the front of the results once.
 */
export function withHead<T extends { round: CasinoRoundHead | null; last_results: CasinoResultChip[] }>(
  holder: T,
  head: CasinoRoundHead,
): T {
  const old = holder.round;
  if (old && head.round_id < old.round_id) return holder;
  const chip = head.result;
  const finished = chip != null && (head.state === 'RESULT' || head.state === 'VOID');
  const known = holder.last_results.some((r) => r.round_id === head.round_id);
  const last_results =
    finished && !known ? [chip, ...holder.last_results].slice(0, LAST_RESULTS_MAX) : holder.last_results;
  return { ...holder, round: head, last_results } as T;
}
