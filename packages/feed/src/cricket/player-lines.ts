// Quotes of the players' lines, pure: a batter's runs (No = the projected score, Yes one more)
// and the Top batsman rows (FANCY1 rates from a rough chance of being the innings' top scorer).
// Rough on purpose: an exchange's operator watches these lines; the projection only has to move
// sensibly with the score, the batter's strength and the balls left.
import { eventState, inningsBalls, parRates, WICKETS, type CricketModelOptions } from './model.ts';
import type {
  CricketFormat,
  FancyQuote,
  InningsTotals,
  PlayerFancyEvent,
  PlayingEleven,
  Scoreboard,
} from './types.ts';

/** Share of a delivery's runs that are off the bat (the rest: wides, no-balls, byes). */
const BAT_SHARE = 0.93;

export const isPlayerEvent = (e: { kind: string }): e is PlayerFancyEvent =>
  e.kind === 'PLAYER_RUNS' || e.kind === 'TOP_BATSMAN';

/** Runs off the bat per ball faced and the chance of getting out per ball, by batting strength. */
export function batterRates(format: CricketFormat, batting: number, o: CricketModelOptions) {
  const par = parRates(format, o);
  const skill = Math.min(100, Math.max(1, batting)) / 100;
  return { runs: par.runs * BAT_SHARE * (0.6 + 0.8 * skill), out: par.wicket * (1.6 - skill) };
}

/** Balls a batter at the crease is expected to face with `left` balls of the innings to go. */
export function ballsToFace(out_per_ball: number, left: number): number {
  const horizon = Math.max(0, left) / 2;
  return (1 - (1 - out_per_ball) ** horizon) / out_per_ball;
}

/** Expected final runs of each of the batting eleven (out: their runs; in: more to come; to come: less likely to bat). */
export function expectedRuns(
  format: CricketFormat,
  s: Scoreboard,
  innings: 1 | 2,
  batting: PlayingEleven | null,
  o: CricketModelOptions,
): Map<number, number> {
  const tot: InningsTotals = s.totals[innings - 1] ?? { runs: 0, wickets: 0, balls: 0 };
  const left = inningsBalls(format, s, innings, o) - tot.balls;
  const out = new Map<number, number>();
  const batters = tot.players?.batters ?? [];
  const strength = (id: number) => batting?.players.find((p) => p.player_id === id)?.batting ?? 50;
  for (const b of batters) {
    const r = batterRates(format, strength(b.player_id), o);
    out.set(b.player_id, b.out ? b.runs : b.runs + r.runs * ballsToFace(r.out, left));
  }
  const toCome = (batting?.players ?? []).filter((p) => !out.has(p.player_id));
  const wicketsLeft = WICKETS - tot.wickets;
  toCome.forEach((p, q) => {
    const r = batterRates(format, p.batting, o);
    const chance = Math.max(0.02, 1 - (q + 1) / (wicketsLeft + 1));
    out.set(p.player_id, chance * r.runs * ballsToFace(r.out, left * (1 - (q + 1) / (wicketsLeft + 2))));
  });
  return out;
}

/** A scoreboard whose innings `innings` is about to start (for opening quotes). */
function blankInnings(innings: 1 | 2): Scoreboard {
  const zero = { runs: 0, wickets: 0, balls: 0 };
  return {
    innings,
    batting: innings === 1 ? 0 : 1,
    totals: innings === 1 ? [zero] : [zero, zero],
    recent: [],
    target: null,
    status: 'IN_PROGRESS',
    ball_running_until_ms: null,
    result_text: null,
  };
}

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/**
 * The quote of an open player line; null when not open (not in yet, decided). `elevens` (the
 * match's, teams order) lets Top batsman weigh the batters still to come.
 */
export function playerLineQuote(
  format: CricketFormat,
  event: PlayerFancyEvent,
  s: Scoreboard | null,
  elevens: readonly [PlayingEleven, PlayingEleven] | null | undefined,
  o: CricketModelOptions,
): FancyQuote | null {
  // teams[0] bats first: innings k is teams[k - 1]'s.
  const batting = elevens?.[event.innings - 1] ?? null;
  const state = s === null ? 'NOT_STARTED' : eventState(event, s, o.overs[format]).state;
  if (state === 'NOT_STARTED' && event.kind === 'PLAYER_RUNS') {
    // An opener before the innings: a fresh batter with the whole innings to go.
    const p = batting?.players.find((x) => x.player_id === event.player_id);
    if (!p) return null;
    const r = batterRates(format, p.batting, o);
    const no = Math.floor(r.runs * ballsToFace(r.out, 6 * o.overs[format]));
    return { no_line: no, no_rate: 100, yes_line: no + 1, yes_rate: 100 };
  }
  if (state !== 'OPEN' && !(state === 'NOT_STARTED' && event.kind === 'TOP_BATSMAN')) return null;
  // Before its innings, Top batsman is priced on an innings about to start.
  const board = state === 'OPEN' && s !== null ? s : blankInnings(event.innings);
  const expected = expectedRuns(format, board, event.innings, batting, o);
  const mine = expected.get(event.player_id) ?? 0;
  if (event.kind === 'PLAYER_RUNS') {
    const no = Math.min(o.result_max - 1, Math.floor(mine));
    return { no_line: no, no_rate: 100, yes_line: no + 1, yes_rate: 100 };
  }
  // Top batsman: a chance from each one's expected runs, sharpened (cubed) since the top score
  // goes to the best of them far more often than the share of runs says.
  const weights = [...expected.values()].map((e) => Math.max(0.5, e) ** 3);
  const p = clamp(Math.max(0.5, mine) ** 3 / weights.reduce((a, b) => a + b, 0), 0.01, 0.95);
  const fair = (100 * (1 - p)) / p;
  const yes = clamp(Math.round(fair * (1 - o.fancy1_margin)), 1, o.result_max);
  const no = Math.min(o.result_max, Math.max(yes + 1, Math.round(fair * (1 + o.fancy1_margin))));
  return { no_line: 1, no_rate: no, yes_line: 1, yes_rate: yes };
}
