// What a stored scoreboard can tell a settlement that is not a ball's (the rain rule's comparison
// of the teams' runs at a mark; whether the match finished by the play). Pure: the bookmaker's rain
// settlement asks it of the cricket module's stored score.
import type { Scoreboard } from '@backlay/contract';
import { inningsEnd, isStop } from './model.ts';

/**
 * Each team's runs at the comparison mark (`markOvers`) of its innings, as far as a stored
 * scoreboard can tell (teams in the match's order), read ball by ball: the innings' per-over
 * record gives the score after the mark's last legal ball (an extra bowled after it, or anything
 * later, does not count); one bowled out before the mark gives its final total; one not started,
 * or stopped (or cut) short of the mark with wickets in hand, null (it never got there). An innings
 * at or past the mark on a score that kept no per-over record is read only when exactly at the
 * mark with a legal ball last; otherwise refused: give runs_at_mark.
 */
export function runsAtMarkFromScore(
  score: Scoreboard,
  markOvers: number,
  teams: readonly [string, string],
): { ok: true; runs: [number | null, number | null] } | { ok: false; message: string } {
  if (score.status === 'NOT_STARTED') return { ok: true, runs: [null, null] };
  const firstBatting = score.innings === 1 ? score.batting : 1 - score.batting;
  const runs: [number | null, number | null] = [null, null];
  const markBalls = markOvers * 6;
  for (const innings of [0, 1] as const) {
    const team = innings === 0 ? firstBatting : 1 - firstBatting;
    const tot = innings < score.innings ? score.totals[innings] : undefined;
    if (!tot) continue;
    const atMark = tot.over_runs?.[markOvers - 1];
    if (atMark != null) {
      runs[team] = atMark;
      continue;
    }
    if (tot.balls < markBalls) {
      if (tot.wickets >= 10) runs[team] = tot.runs;
      continue;
    }
    // No per-over record of the mark: exactly at it, with no extra bowled since, the total is it.
    const current = innings === score.innings - 1;
    const last = current ? score.recent[score.recent.length - 1] : undefined;
    const legalLast = last === undefined || !(last.startsWith('wd') || last.startsWith('nb'));
    if (tot.balls === markBalls && legalLast && tot.over_runs === undefined) runs[team] = tot.runs;
    else
      return {
        ok: false,
        message: `The stored scoreboard shows ${teams[team]}'s total after ${Math.floor(tot.balls / 6)}.${tot.balls % 6} overs, not its score at ${markOvers} overs: give runs_at_mark`,
      };
  }
  return { ok: true, runs };
}

/**
 * Why the rain comparison does not apply to this scoreboard, in words; null when it may. A match
 * that finished by the play (a result, a tie or a draw; not stopped) settles on its result. A
 * score written before `result` was kept: finished when its last innings ended by the play (the
 * target, all out, or its `innings_overs` used).
 */
export function finishedMatchRefusal(score: Scoreboard, innings_overs: number): string | null {
  if (score.status !== 'COMPLETE' || score.stopped) return null;
  if (
    score.result ? score.result.kind === 'NO_RESULT' : isStop(inningsEnd(score, score.innings, innings_overs))
  )
    return null;
  const how = score.result_text ? ` (${score.result_text})` : '';
  return `The match is finished${how}: settle the market on its result, not on the rain comparison`;
}
