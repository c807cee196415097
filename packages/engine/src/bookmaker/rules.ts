// Spec §9 "Bookmaker": "ODI is decided on a 25-over comparison and T20 on a 10-over comparison".
import { assertInt } from './house.ts';

/** The over mark of the comparison per format; a Test has none (an unfinished Test's bookmaker is void). */
export const BOOKMAKER_COMPARISON_OVERS = { T20: 10, ODI: 25 } as const;

/**
 * The result of a bookmaker (match winner) market when the match was not completed.
 *
 * The rule chosen: each team's runs after the comparison mark of its own (first) innings are
 * compared, 10 overs in a T20 and 25 in an ODI. `runs_at_mark` is the team's score when that over
 * ended, or its final total if it was bowled out before the mark (it could score no more); null
 * when the innings never got there (not started, or stopped before the mark with wickets in hand).
 * Then:
 * - both teams have a figure: more runs wins (0 or 1, the index into `teams`); equal runs → 'TIE'
 *   (wickets are not a tie-break: the spec speaks of a run comparison only; the caller settles a
 *   tie by the market's tie rule, a dead heat of both teams unless it has a tie runner);
 * - either team has none → 'VOID' (there is nothing to compare);
 * - a Test → 'VOID' (the spec gives no comparison for it).
 */
export function bookmakerIncompleteResult(input: {
  format: 'T20' | 'ODI' | 'TEST';
  teams: [{ runs_at_mark: number | null }, { runs_at_mark: number | null }];
}): 0 | 1 | 'TIE' | 'VOID' {
  const { format, teams } = input;
  if (format !== 'T20' && format !== 'ODI' && format !== 'TEST')
    throw new RangeError(`unknown format ${String(format)}`);
  if (teams.length !== 2) throw new RangeError('a cricket match has two teams');
  const [a, b] = [teams[0].runs_at_mark, teams[1].runs_at_mark];
  for (const r of [a, b]) if (r !== null) assertInt(r, 'runs_at_mark', 0);
  if (format === 'TEST' || a === null || b === null) return 'VOID';
  return a > b ? 0 : b > a ? 1 : 'TIE';
}
