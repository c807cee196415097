// Points of a recorded innings against a table computed by hand (docs/fantasy.md), and the bands.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  economyPoints,
  figuresOf,
  playerPoints,
  strikeRatePoints,
  teamPointsHalves,
  emptyFigures,
  figuresFromInnings,
  creditsOfStrength,
  type FantasyBall,
  type FantasyRole,
} from '../../src/index.ts';

// A (1, BAT), Bt (2, AR), C (3, BOWL) bat; X (10, BOWL) and Y (11, AR) bowl; K (12, WK) keeps,
// F (13, BAT) fields; Z (14) and 15–17 play without touching the ball; 99 is not in the eleven.
const ROLE: Record<number, FantasyRole> = {
  1: 'BAT',
  2: 'AR',
  3: 'BOWL',
  10: 'BOWL',
  11: 'AR',
  12: 'WK',
  13: 'BAT',
  14: 'BAT',
  15: 'BAT',
  16: 'AR',
  17: 'WK',
};
const b = (
  over: number,
  batter_id: number,
  bowler_id: number,
  runs_bat: number,
  more: Partial<FantasyBall> = {},
): FantasyBall => ({
  innings: 1,
  over,
  batter_id,
  bowler_id,
  runs_bat,
  ...more,
});
const INNINGS: FantasyBall[] = [
  // Over 1, X to A: six dots, a maiden.
  ...[0, 0, 0, 0, 0, 0].map((r) => b(0, 1, 10, r)),
  // Over 2, Y: A 4, 6, 1; Bt a wide, a four, caught by F; C a dot.
  b(1, 1, 11, 4),
  b(1, 1, 11, 6),
  b(1, 1, 11, 1),
  b(1, 2, 11, 0, { extra: { kind: 'WIDE', runs: 1 } }),
  b(1, 2, 11, 4),
  b(1, 2, 11, 0, { wicket: { player_out_id: 2, kind: 'CAUGHT', fielder_id: 13 } }),
  b(1, 3, 11, 0),
  // Over 3, X: A a leg bye; C 2, then lbw; A two dots, then stumped by K.
  b(2, 1, 10, 0, { extra: { kind: 'LEG_BYE', runs: 1 } }),
  b(2, 3, 10, 2),
  b(2, 3, 10, 0, { wicket: { player_out_id: 3, kind: 'LBW' } }),
  b(2, 1, 10, 0),
  b(2, 1, 10, 0),
  b(2, 1, 10, 0, { wicket: { player_out_id: 1, kind: 'STUMPED', fielder_id: 12 } }),
];

// By hand: 4 for playing, then
// A  : 11 runs + 1 four + 2 six bonus; 13 balls, SR 84.6 (no band)             = 4 + 14      = 18
// Bt : 4 runs + 1 four bonus; 2 balls faced (the wide is not one)              = 4 + 5       = 9
// C  : 2 runs, out (not a duck, and a bowler's duck does not count anyway)     = 4 + 2       = 6
// X  : 2 wickets (50) + maiden (12); 12 balls for 2: economy 1 (+6)            = 4 + 68      = 72
// Y  : 1 wicket (25); 6 balls only, no economy band                            = 4 + 25      = 29
// K  : stumping 12 = 16; F: catch 8 = 12; Z and 15–17: 4 each; 99: 0 (did not play).
const BY_HAND: Record<number, number> = {
  1: 18,
  2: 9,
  3: 6,
  10: 72,
  11: 29,
  12: 16,
  13: 12,
  14: 4,
  15: 4,
  16: 4,
  17: 4,
};

describe('fantasy points', () => {
  it('a recorded innings scores the hand-computed table', () => {
    const figs = figuresOf(INNINGS);
    for (const [id, want] of Object.entries(BY_HAND)) {
      const f = figs.get(Number(id)) ?? emptyFigures();
      expect([Number(id), playerPoints(f, ROLE[Number(id)]!, true)]).toEqual([Number(id), want]);
    }
    expect(playerPoints(emptyFigures(), 'BAT', false)).toBe(0);
    expect([figs.get(1)!.balls_faced, figs.get(2)!.balls_faced, figs.get(3)!.balls_faced]).toEqual([
      13, 2, 3,
    ]);
    expect([figs.get(10)!.runs_conceded, figs.get(11)!.runs_conceded, figs.get(11)!.balls_bowled]).toEqual([
      2, 16, 6,
    ]);
    // Captain X (2×), vice-captain A (1.5×): 144 + 27 + 9 + 6 + 29 + 16 + 12 + 4 × 4 = 259.
    const team = {
      player_ids: [1, 2, 3, 10, 11, 12, 13, 14, 15, 16, 17],
      captain_id: 10,
      vice_captain_id: 1,
    };
    const pts = (id: number) => playerPoints(figs.get(id) ?? emptyFigures(), ROLE[id]!, true);
    expect(teamPointsHalves(pts, team)).toBe(518);
  });

  it("the scoreboard's batting and bowling lines give the same figures as the balls", () => {
    const lines = figuresFromInnings([
      {
        batters: [
          { player_id: 1, runs: 11, balls: 13, fours: 1, sixes: 1, out: { kind: 'STUMPED', fielder_id: 12 } },
          { player_id: 2, runs: 4, balls: 2, fours: 1, sixes: 0, out: { kind: 'CAUGHT', fielder_id: 13 } },
          { player_id: 3, runs: 2, balls: 3, fours: 0, sixes: 0, out: { kind: 'LBW', fielder_id: null } },
        ],
        bowlers: [
          { player_id: 10, balls: 12, runs: 2, wickets: 2, maidens: 1 },
          { player_id: 11, balls: 6, runs: 16, wickets: 1, maidens: 0 },
        ],
      },
    ]);
    const balls = figuresOf(INNINGS);
    expect(new Map([...lines].sort((a, b) => a[0] - b[0]))).toEqual(
      new Map([...balls].sort((a, b) => a[0] - b[0])),
    );
  });

  it('credits run 7 to 10.5 in halves with strength', () => {
    expect([1, 40, 60, 80, 95, 100].map(creditsOfStrength)).toEqual([70, 70, 85, 95, 105, 105]);
  });

  it('points after each ball are the table on the balls so far (they rise with runs)', () => {
    let before = 0;
    for (let n = 1; n <= 9; n += 1) {
      const a = playerPoints(figuresOf(INNINGS.slice(0, n)).get(1)!, 'BAT', true);
      expect(a).toBeGreaterThanOrEqual(before);
      before = a;
    }
    expect(before).toBe(4 + 11 + 1 + 2);
  });

  it('milestones, hauls and catches count their highest band once', () => {
    const f = { ...emptyFigures(), runs: 100, balls_faced: 100 };
    expect(playerPoints(f, 'BAT', true)).toBe(4 + 100 + 16 + 0);
    expect(playerPoints({ ...emptyFigures(), runs: 30, balls_faced: 5 }, 'BAT', true)).toBe(4 + 30 + 4);
    expect(playerPoints({ ...emptyFigures(), wickets: 5 }, 'BOWL', true)).toBe(4 + 125 + 16);
    expect(playerPoints({ ...emptyFigures(), catches: 3 }, 'BAT', true)).toBe(4 + 24 + 4);
    expect(playerPoints({ ...emptyFigures(), run_outs: 1 }, 'BAT', true)).toBe(4 + 12);
    expect(playerPoints({ ...emptyFigures(), out: true }, 'BAT', true)).toBe(2);
    expect(playerPoints({ ...emptyFigures(), out: true }, 'BOWL', true)).toBe(4);
  });

  it('economy bands (from 2 overs)', () => {
    expect(economyPoints(9, 12)).toBe(6); // 4.5
    expect(economyPoints(10, 12)).toBe(4); // 5.0
    expect(economyPoints(12, 12)).toBe(2); // 6.0
    expect(economyPoints(14, 12)).toBe(2); // 7.0
    expect(economyPoints(15, 12)).toBe(0); // 7.5
    expect(economyPoints(20, 12)).toBe(-2); // 10
    expect(economyPoints(22, 12)).toBe(-2); // 11
    expect(economyPoints(23, 12)).toBe(-4); // 11.5
    expect(economyPoints(24, 12)).toBe(-4); // 12
    expect(economyPoints(25, 12)).toBe(-6);
    expect(economyPoints(0, 11)).toBe(0);
  });

  it('strike-rate bands (from 10 balls, not bowlers)', () => {
    expect(strikeRatePoints(18, 10, 'BAT')).toBe(6);
    expect(strikeRatePoints(17, 10, 'BAT')).toBe(4);
    expect(strikeRatePoints(15, 10, 'BAT')).toBe(2);
    expect(strikeRatePoints(13, 10, 'BAT')).toBe(2);
    expect(strikeRatePoints(12, 10, 'BAT')).toBe(0);
    expect(strikeRatePoints(7, 10, 'BAT')).toBe(-2);
    expect(strikeRatePoints(6, 10, 'AR')).toBe(-2);
    expect(strikeRatePoints(5, 10, 'WK')).toBe(-4);
    expect(strikeRatePoints(4, 10, 'BAT')).toBe(-6);
    expect(strikeRatePoints(4, 10, 'BOWL')).toBe(0);
    expect(strikeRatePoints(0, 9, 'BAT')).toBe(0);
  });

  it('the figures of any balls add up to the innings (runs, wickets, legal balls)', () => {
    const ball = fc.record({
      innings: fc.constant(1),
      over: fc.integer({ min: 0, max: 3 }),
      batter_id: fc.integer({ min: 1, max: 4 }),
      bowler_id: fc.integer({ min: 10, max: 11 }),
      runs_bat: fc.constantFrom(0, 1, 2, 3, 4, 6),
      extra: fc.option(
        fc.record({
          kind: fc.constantFrom('WIDE', 'NO_BALL', 'BYE', 'LEG_BYE' as const),
          runs: fc.integer({ min: 1, max: 5 }),
        }),
      ),
      wicket: fc.option(
        fc.record({
          player_out_id: fc.integer({ min: 1, max: 4 }),
          kind: fc.constantFrom('BOWLED', 'CAUGHT', 'RUN_OUT' as const),
          fielder_id: fc.constant(12),
        }),
      ),
    });
    fc.assert(
      fc.property(fc.array(ball, { maxLength: 60 }), (balls) => {
        const figs = [...figuresOf(balls).values()];
        const sum = (k: 'runs' | 'wickets' | 'balls_bowled' | 'run_outs' | 'catches') =>
          figs.reduce((a, f) => a + f[k], 0);
        expect(sum('runs')).toBe(balls.reduce((a, x) => a + x.runs_bat, 0));
        expect(sum('wickets') + sum('run_outs')).toBe(balls.filter((x) => x.wicket).length);
        expect(sum('balls_bowled')).toBe(
          balls.filter((x) => !x.extra || x.extra.kind === 'BYE' || x.extra.kind === 'LEG_BYE').length,
        );
      }),
    );
  });
});
