// The players keep the run rates the fancy lines are priced on (issue 25): many simulated first
// innings of the demo teams, with playing elevens and with team totals only, compared. The figures
// are in docs/cricket-feed.md ("Players: calibration"); seeded, so the same every run.
import { describe, expect, it } from 'vitest';
import type { CricketFormat } from '../src/index.ts';
import { demoElevens, simulateMatch } from './cricket-sim.ts';

const PAIRS = [
  ['Australia', 'India'],
  ['Sydney Sixers', 'Perth Scorchers'],
  ['Melbourne Stars', 'Brisbane Heat'],
  ['Adelaide Strikers', 'Hobart Hurricanes'],
  ['Mumbai', 'Karnataka'],
  ['Delhi', 'Tamil Nadu'],
] as const;

interface Figures {
  mean: number;
  sd: number;
  wickets: number;
  run_rate: number;
  all_out: number;
}

const mean = (a: readonly number[]) => a.reduce((x, y) => x + y, 0) / a.length;

function firstInnings(format: CricketFormat, players: boolean, n: number): Figures {
  const runs: number[] = [];
  const wickets: number[] = [];
  const rates: number[] = [];
  for (let seed = 1; seed <= n; seed++) {
    const teams = PAIRS[seed % PAIRS.length]!;
    const t = simulateMatch(format, teams, players ? demoElevens(teams) : null, seed).score.totals[0]!;
    runs.push(t.runs);
    wickets.push(t.wickets);
    rates.push((6 * t.runs) / t.balls);
  }
  const m = mean(runs);
  return {
    mean: m,
    sd: Math.sqrt(mean(runs.map((x) => (x - m) ** 2))),
    wickets: mean(wickets),
    run_rate: mean(rates),
    all_out: wickets.filter((w) => w === 10).length / n,
  };
}

describe('players keep the innings totals and run rates (simulation)', () => {
  it.each([
    ['T20', 600],
    ['ODI', 200],
  ] as const)(
    '%s: %s first innings each way',
    (format, n) => {
      const teams = firstInnings(format, false, n);
      const players = firstInnings(format, true, n);
      console.info(format, JSON.stringify({ teams, players }));
      // Mean total and run rate within 3 %, wickets within 0.3, spread within 15 %, all-outs within 5 points.
      expect(Math.abs(players.mean / teams.mean - 1)).toBeLessThan(0.03);
      expect(Math.abs(players.run_rate / teams.run_rate - 1)).toBeLessThan(0.03);
      expect(Math.abs(players.wickets - teams.wickets)).toBeLessThan(0.3);
      expect(Math.abs(players.sd / teams.sd - 1)).toBeLessThan(0.15);
      expect(Math.abs(players.all_out - teams.all_out)).toBeLessThan(0.05);
    },
    120_000,
  );
});
