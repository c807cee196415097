// Players in the cricket feed (issue 25): squads and elevens, and the property that every ball's
// event agrees with the scoreboard (runs, wickets, balls; bowlers' figures sum to the team's;
// batters' runs + extras = the total), over many simulated matches.
import { describe, expect, it } from 'vitest';
import {
  bowlerOverLimit,
  canCover,
  eventState,
  demoSquad,
  nameSeed,
  SQUAD_SIZE,
  type BallEvent,
  type CricketFormat,
  type PlayingEleven,
  type Scoreboard,
} from '../src/index.ts';
import { demoElevens, simulateMatch } from './cricket-sim.ts';

const PAIRS = [
  ['Australia', 'India'],
  ['Sydney Sixers', 'Perth Scorchers'],
  ['Mumbai', 'Karnataka'],
] as const;

describe('squads and playing elevens', () => {
  it('each demo team: a named squad of 16, the same on every call, names unique and not numbered', () => {
    for (const team of PAIRS.flat()) {
      const squad = demoSquad(team);
      expect(squad).toHaveLength(SQUAD_SIZE);
      expect(demoSquad(team)).toEqual(squad);
      expect(new Set(squad.map((p) => p.name)).size).toBe(SQUAD_SIZE);
      for (const p of squad) {
        expect(p.name).toMatch(/^[A-Z][a-z]+ [A-Z][A-Za-z-]+$/);
        expect(p.strength).toBeGreaterThanOrEqual(Math.max(p.batting, p.bowling));
      }
    }
    expect(nameSeed('Australia')).not.toBe(nameSeed('India'));
  });

  it('an eleven: 11 from the squad, one keeper, at least 5 bowling options, openers are batters', () => {
    for (const teams of PAIRS) {
      for (const xi of demoElevens(teams)) {
        expect(xi.players).toHaveLength(11);
        expect(new Set(xi.players.map((p) => p.player_id)).size).toBe(11);
        expect(xi.players.filter((p) => p.role === 'WICKET_KEEPER').map((p) => p.player_id)).toEqual([
          xi.wicket_keeper_id,
        ]);
        expect(xi.bowler_ids.length).toBeGreaterThanOrEqual(5);
        expect(xi.players[0]!.role).toBe('BATTER');
        expect(xi.players[10]!.role).toBe('BOWLER');
      }
    }
  });

  it('bowler over limits: T20 4, ODI 10, a fifth of a reduced innings', () => {
    expect(bowlerOverLimit('T20', 20)).toBe(4);
    expect(bowlerOverLimit('ODI', 50)).toBe(10);
    expect(bowlerOverLimit('T20', 7)).toBe(2);
    // 5 bowlers × 4 overs cover 20 overs; without the last over's bowler only if he has ≤ 10 left.
    const q = new Map([1, 2, 3, 4, 5].map((id) => [id, 4]));
    expect(canCover(q, 20, null)).toBe(true);
    expect(canCover(q, 21, null)).toBe(false);
    expect(
      canCover(
        new Map([
          [1, 2],
          [2, 1],
        ]),
        3,
        1,
      ),
    ).toBe(false);
    expect(
      canCover(
        new Map([
          [1, 2],
          [2, 1],
        ]),
        3,
        2,
      ),
    ).toBe(true);
  });
});

/** Checks one scoreboard (after a ball) against the events so far of its innings. */
function checkBall(
  format: CricketFormat,
  xi: readonly [PlayingEleven, PlayingEleven],
  s: Scoreboard,
  events: readonly BallEvent[],
) {
  const innings = s.last_ball!.innings;
  const tot = s.totals[innings - 1]!;
  const p = tot.players!;
  const mine = events.filter((e) => e.innings === innings);
  const extras = mine.reduce((n, e) => n + (e.extras?.runs ?? 0), 0);
  const byes = mine.reduce(
    (n, e) => n + (e.extras && (e.extras.kind === 'BYE' || e.extras.kind === 'LEG_BYE') ? e.extras.runs : 0),
    0,
  );
  const batRuns = p.batters.reduce((n, b) => n + b.runs, 0);
  // The events add up to the scoreboard.
  expect(mine.reduce((n, e) => n + e.bat_runs + (e.extras?.runs ?? 0), 0)).toBe(tot.runs);
  expect(mine.filter((e) => e.legal).length).toBe(tot.balls);
  expect(mine.filter((e) => e.wicket).length).toBe(tot.wickets);
  // Batters' runs + extras = the total; bowlers' balls = the legal balls; their runs + byes = total.
  expect(batRuns + extras).toBe(tot.runs);
  expect(p.bowlers.reduce((n, b) => n + b.balls, 0)).toBe(tot.balls);
  expect(p.bowlers.reduce((n, b) => n + b.runs, 0) + byes).toBe(tot.runs);
  const runOuts = mine.filter((e) => e.wicket?.kind === 'RUN_OUT').length;
  expect(p.bowlers.reduce((n, b) => n + b.wickets, 0) + runOuts).toBe(tot.wickets);
  expect(p.batters.filter((b) => b.out).length).toBe(tot.wickets);
  expect(p.fall.map((f) => f.wicket)).toEqual(Array.from({ length: tot.wickets }, (_, i) => i + 1));
  // Balls faced: every delivery but wides.
  expect(p.batters.reduce((n, b) => n + b.balls, 0)).toBe(
    mine.filter((e) => e.extras?.kind !== 'WIDE').length,
  );
  // Who is in: two different batters, both in and not out (until all out).
  const inIds = [p.striker_id, p.non_striker_id].filter((x) => x !== null);
  if (tot.wickets < 10) {
    expect(inIds).toHaveLength(2);
    expect(p.striker_id).not.toBe(p.non_striker_id);
    for (const id of inIds) expect(p.batters.find((b) => b.player_id === id)?.out).toBeNull();
  }
  expect(p.batters.length).toBe(Math.min(11, tot.wickets + 2));
  // The batting side's players bat, the other side's bowl and field.
  const bat = new Set(
    xi[s.batting === 0 && innings === s.innings ? 0 : innings - 1]!.players.map((x) => x.player_id),
  );
  const field = new Set(xi[innings === 1 ? 1 : 0]!.players.map((x) => x.player_id));
  const e = s.last_ball!;
  expect(bat.has(e.striker_id) && bat.has(e.non_striker_id) && field.has(e.bowler_id)).toBe(true);
  if (e.wicket?.fielder_id != null) expect(field.has(e.wicket.fielder_id)).toBe(true);
  if (e.wicket) expect([e.striker_id, e.non_striker_id]).toContain(e.wicket.player_out_id);
  void format;
}

/** Over by over: the bowlers, never one twice in a row, none past the limit. */
function checkOvers(format: CricketFormat, events: readonly BallEvent[], innings: 1 | 2, overs: number) {
  const byOver = new Map<number, Set<number>>();
  for (const e of events.filter((x) => x.innings === innings)) {
    const over = Math.floor(e.legal_before / 6);
    byOver.set(over, (byOver.get(over) ?? new Set()).add(e.bowler_id));
  }
  const bowlerOf: number[] = [];
  for (const [over, set] of [...byOver].sort((a, b) => a[0] - b[0])) {
    expect(set.size).toBe(1);
    bowlerOf[over] = [...set][0]!;
  }
  for (let k = 1; k < bowlerOf.length; k++) expect(bowlerOf[k]).not.toBe(bowlerOf[k - 1]);
  const count = new Map<number, number>();
  for (const b of bowlerOf) count.set(b, (count.get(b) ?? 0) + 1);
  for (const n of count.values()) expect(n).toBeLessThanOrEqual(bowlerOverLimit(format, overs));
}

describe('every ball agrees with the scoreboard (property, simulated matches)', () => {
  it.each([
    ['T20', 20, 15],
    ['ODI', 50, 5],
  ] as const)(
    '%s: %s overs, %s matches',
    (format, overs, matches) => {
      for (let seed = 1; seed <= matches; seed++) {
        const teams = PAIRS[seed % PAIRS.length]!;
        const xi = demoElevens(teams);
        const m = simulateMatch(format, teams, xi, 1000 + seed, true);
        expect(m.score.status).toBe('COMPLETE');
        for (let i = 0; i < m.steps.length; i++) checkBall(format, xi, m.steps[i]!, m.events.slice(0, i + 1));
        checkOvers(format, m.events, 1, overs);
        checkOvers(format, m.events, 2, overs);
        // Dismissal kinds and fielders: a stumping by the keeper; a run-out has no bowler credit.
        for (const e of m.events) {
          if (e.wicket?.kind === 'STUMPED')
            expect(e.wicket.fielder_id).toBe(xi[2 - e.innings]!.wicket_keeper_id);
          if (e.wicket?.kind === 'RUN_OUT') expect(e.wicket.bowler_wicket).toBe(false);
          if (e.wicket?.kind === 'CAUGHT') expect(e.wicket.fielder_id).not.toBeNull();
        }
      }
    },
    30_000,
  );

  it("strike changes ends on an odd run and at the over's end", () => {
    const teams = PAIRS[0];
    const m = simulateMatch('T20', teams, demoElevens(teams), 7, true);
    for (let i = 1; i < m.steps.length; i++) {
      const e = m.events[i - 1]!;
      const next = m.events[i]!;
      if (next.innings !== e.innings || e.wicket) continue;
      const ran =
        e.extras?.kind === 'WIDE'
          ? 0
          : e.bat_runs + (e.extras && e.extras.kind !== 'NO_BALL' ? e.extras.runs : 0);
      const overEnd = e.legal && (e.legal_before + 1) % 6 === 0;
      const swapped = (ran % 2 === 1) !== overEnd;
      expect(next.striker_id).toBe(swapped ? e.non_striker_id : e.striker_id);
    }
  });
});

describe('player lines: when they are decided', () => {
  const batter = (player_id: number, runs: number, out = false) => ({
    player_id,
    runs,
    balls: runs,
    fours: 0,
    sixes: 0,
    out: out
      ? { player_out_id: player_id, kind: 'BOWLED' as const, fielder_id: null, bowler_wicket: true }
      : null,
  });
  function board(
    status: Scoreboard['status'],
    batters: ReturnType<typeof batter>[],
    stopped = false,
  ): Scoreboard {
    const wickets = batters.filter((b) => b.out).length;
    return {
      innings: 1,
      batting: 0,
      totals: [
        {
          runs: batters.reduce((n, b) => n + b.runs, 0),
          wickets,
          balls: 120,
          end: status === 'IN_PROGRESS' ? null : stopped ? 'RAIN' : 'OVERS',
          players: {
            striker_id: 3,
            non_striker_id: 4,
            bowler_id: null,
            last_over_bowler_id: 20,
            batters,
            bowlers: [],
            fall: [],
            over_runs_conceded: 0,
          },
        },
      ],
      recent: [],
      target: status === 'IN_PROGRESS' ? null : 100,
      status,
      ball_running_until_ms: null,
      result_text: null,
      ...(stopped ? { stopped: 'RAIN' as const } : {}),
    };
  }
  const runs = (player_id: number) => ({ innings: 1 as const, kind: 'PLAYER_RUNS' as const, player_id });
  const top = (player_id: number) => ({ innings: 1 as const, kind: 'TOP_BATSMAN' as const, player_id });

  it("a batter's runs: open while in, the score once out, not started before coming in, the score at the innings end", () => {
    const live = board('IN_PROGRESS', [batter(1, 12, true), batter(2, 30, true), batter(3, 7), batter(4, 0)]);
    expect(eventState(runs(1), live)).toEqual({ state: 'DONE', value: 12 });
    expect(eventState(runs(3), live)).toEqual({ state: 'OPEN' });
    expect(eventState(runs(5), live)).toEqual({ state: 'NOT_STARTED' });
    const done = board('INNINGS_BREAK', [
      batter(1, 12, true),
      batter(2, 30, true),
      batter(3, 7),
      batter(4, 0),
    ]);
    expect(eventState(runs(3), done, 20)).toEqual({ state: 'DONE', value: 7 });
  });

  it('Top batsman: decided at the innings end; two tied at the top: a dead heat of 2; stopped: the rules decide', () => {
    const tie = board('INNINGS_BREAK', [
      batter(1, 41, true),
      batter(2, 41, true),
      batter(3, 7),
      batter(4, 0),
    ]);
    expect(eventState(top(1), tie, 20)).toEqual({ state: 'DONE', value: 1, dead_heat_count: 2 });
    expect(eventState(top(3), tie, 20)).toEqual({ state: 'DONE', value: 0 });
    // A player of the eleven who did not bat scored 0: not the top.
    expect(eventState(top(9), tie, 20)).toEqual({ state: 'DONE', value: 0 });
    const one = board('INNINGS_BREAK', [
      batter(1, 41, true),
      batter(2, 40, true),
      batter(3, 7),
      batter(4, 0),
    ]);
    expect(eventState(top(1), one, 20)).toEqual({ state: 'DONE', value: 1 });
    expect(eventState(top(1), board('IN_PROGRESS', [batter(1, 41), batter(2, 3)]))).toEqual({
      state: 'OPEN',
    });
    const rain = board('COMPLETE', [batter(1, 41, true), batter(2, 3), batter(3, 1)], true);
    expect(eventState(top(1), rain, 20).state).toBe('INCOMPLETE');
    expect(eventState(runs(1), rain, 20)).toEqual({ state: 'DONE', value: 41 });
    expect(eventState(runs(2), rain, 20).state).toBe('INCOMPLETE');
  });
});
