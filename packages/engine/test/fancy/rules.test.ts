// Spec §9 rules for fancies: the averages table, the Test and Khado minimum overs, the Meter midpoint.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FANCY_AVERAGES,
  KHADO_MIN_OVERS,
  TEST_MIN_OVERS,
  fancyAverage,
  fancyOutcomeOnIncomplete,
  type FancyAveragesTable,
} from '../../src/index.ts';

describe('DEFAULT_FANCY_AVERAGES and fancyAverage', () => {
  it('IPL and Big Bash: 6 first over, 46 first 6 overs, 25 fours, 10 sixes, 12 wickets', () => {
    for (const c of ['IPL', 'BBL'] as const) {
      expect(DEFAULT_FANCY_AVERAGES[c]).toEqual({
        FIRST_OVER_RUNS: 6,
        FIRST_6_OVERS_RUNS: 46,
        MATCH_FOURS: 25,
        MATCH_SIXES: 10,
        MATCH_WICKETS: 12,
      });
    }
  });
  it('CPL: 45 in the first 6 overs and 22 fours; T20: 24 fours; the rest as IPL', () => {
    expect(fancyAverage('CPL', 'FIRST_6_OVERS_RUNS')).toBe(45);
    expect(fancyAverage('CPL', 'MATCH_FOURS')).toBe(22);
    expect(fancyAverage('CPL', 'MATCH_SIXES')).toBe(10);
    expect(fancyAverage('T20', 'MATCH_FOURS')).toBe(24);
    expect(fancyAverage('T20', 'FIRST_6_OVERS_RUNS')).toBe(46);
    expect(fancyAverage('T20', 'MATCH_WICKETS')).toBe(12);
  });
  it('ODI: no figure in the spec → null', () => {
    expect(fancyAverage('ODI', 'MATCH_FOURS')).toBeNull();
  });
  it('the operator’s table wins, event by event', () => {
    const own: FancyAveragesTable = { IPL: { MATCH_FOURS: 28 }, ODI: { FIRST_OVER_RUNS: 4 } };
    expect(fancyAverage('IPL', 'MATCH_FOURS', own)).toBe(28);
    expect(fancyAverage('IPL', 'MATCH_SIXES', own)).toBe(10);
    expect(fancyAverage('ODI', 'FIRST_OVER_RUNS', own)).toBe(4);
    expect(fancyAverage('ODI', 'MATCH_SIXES', own)).toBeNull();
    expect(fancyAverage('IPL', 'MATCH_FOURS', { IPL: { MATCH_FOURS: 0 } })).toBe(0);
  });
  it('throws on an unknown competition or event and a bad override', () => {
    expect(() => fancyAverage('PSL' as 'IPL', 'MATCH_FOURS')).toThrow(/competition/);
    expect(() => fancyAverage('IPL', 'MATCH_RUNS' as 'MATCH_FOURS')).toThrow(/event/);
    expect(() => fancyAverage('IPL', 'MATCH_FOURS', { IPL: { MATCH_FOURS: 2.5 } })).toThrow(/average/);
  });
});

type Input = Parameters<typeof fancyOutcomeOnIncomplete>[0];
const base: Input = {
  format: 'T20',
  variant: 'RUNS',
  event_kind: 'SESSION',
  overs_bowled: 12,
  event_complete: false,
  abandoned_or_reduced: true,
};
const outcome = (over: Partial<Input>) => fancyOutcomeOnIncomplete({ ...base, ...over });
const VOID = { kind: 'VOID' };
const result = (value: number) => ({ kind: 'RESULT', value });

describe('fancyOutcomeOnIncomplete', () => {
  it('issue 32: T20 rain at 14.0 overs, 120/4 — the Lambi and a 20-over session are void, the 20-over Meter its midpoint, the figure reached never', () => {
    // The facts the cricket feed sends for a stopped innings: the figure reached is given, and
    // only a fancy that stands (Khado past 70 overs, a Test event past its minimum) uses it.
    const rain = { overs_bowled: 14, abandoned_or_reduced: true, result: 120 } as const;
    expect(outcome({ ...rain, variant: 'LAMBI' })).toEqual(VOID);
    expect(outcome({ ...rain, variant: 'RUNS' })).toEqual(VOID);
    expect(outcome({ ...rain, variant: 'METER', no_line: 160, yes_line: 161 })).toEqual(result(160));
    expect(outcome({ ...rain, variant: 'KHADO' })).toEqual(VOID);
    // A session with an average (first 6 overs, IPL 46) on it, not on the 120 reached.
    expect(outcome({ ...rain, average: 46 })).toEqual(result(46));
    // The innings never played (the chase of a match stopped in the first): result 0, the same rules.
    expect(outcome({ ...rain, result: 0, variant: 'LAMBI' })).toEqual(VOID);
  });

  it('player events (a batter’s runs, Top batsman): decided ones stand, undecided ones are void in every format', () => {
    const rain = { overs_bowled: 14, abandoned_or_reduced: true, result: 31 } as const;
    for (const event_kind of ['PLAYER_RUNS', 'TOP_BATSMAN'] as const) {
      for (const format of ['T20', 'ODI', 'TEST'] as const) {
        expect(outcome({ ...rain, format, event_kind })).toEqual(VOID);
        expect(outcome({ ...rain, format, event_kind, event_complete: true })).toEqual(result(31));
      }
    }
  });

  it('a completed event settles on its result, whatever else', () => {
    expect(outcome({ event_complete: true, result: 52, format: 'TEST', overs_bowled: 3 })).toEqual(
      result(52),
    );
    expect(outcome({ event_complete: true, result: 3, variant: 'KHADO', overs_bowled: 10 })).toEqual(
      result(3),
    );
    expect(() => outcome({ event_complete: true })).toThrow(/result is required/);
  });

  it('T20/ODI abandoned or reduced: the average when there is one, else void', () => {
    expect(outcome({ average: 46 })).toEqual(result(46));
    expect(outcome({ format: 'ODI', average: 0 })).toEqual(result(0));
    expect(outcome({})).toEqual(VOID);
    expect(outcome({ average: null })).toEqual(VOID);
    expect(outcome({ abandoned_or_reduced: false, average: 46 })).toEqual(VOID);
  });

  it('Test minimum overs: 300 match-wide, 70 lambi innings, 25 1st-day session, 80 1st-day total', () => {
    expect(TEST_MIN_OVERS).toEqual({
      MATCH_WIDE: 300,
      LAMBI_INNINGS: 70,
      FIRST_DAY_SESSION: 25,
      FIRST_DAY_TOTAL: 80,
    });
    const test = (event_kind: Input['event_kind'], overs_bowled: number) =>
      outcome({ format: 'TEST', event_kind, overs_bowled, result: 123, average: 99 });
    expect(test('MATCH_WIDE', 300)).toEqual(result(123));
    expect(test('MATCH_WIDE', 299.5)).toEqual(VOID);
    expect(test('LAMBI_INNINGS', 70)).toEqual(result(123));
    expect(test('LAMBI_INNINGS', 69.4)).toEqual(VOID);
    expect(test('FIRST_DAY_SESSION', 25)).toEqual(result(123));
    expect(test('FIRST_DAY_SESSION', 24)).toEqual(VOID);
    expect(test('FIRST_DAY_TOTAL', 80)).toEqual(result(123));
    expect(test('FIRST_DAY_TOTAL', 79)).toEqual(VOID);
    expect(test('SESSION', 450)).toEqual(VOID); // no average in a Test: only the minimum overs
    expect(() => outcome({ format: 'TEST', event_kind: 'MATCH_WIDE', overs_bowled: 310 })).toThrow(/result/);
  });

  it('Khado needs 70 overs: fewer is void (even with an average); 70 stands on the figure reached', () => {
    expect(KHADO_MIN_OVERS).toBe(70);
    expect(outcome({ variant: 'KHADO', overs_bowled: 69, result: 40, average: 46 })).toEqual(VOID);
    expect(outcome({ format: 'ODI', variant: 'KHADO', overs_bowled: 70, result: 40 })).toEqual(result(40));
    // in a Test the Test minimum applies as well
    expect(
      outcome({ format: 'TEST', variant: 'KHADO', event_kind: 'MATCH_WIDE', overs_bowled: 120, result: 40 }),
    ).toEqual(VOID);
    expect(
      outcome({
        format: 'TEST',
        variant: 'KHADO',
        event_kind: 'LAMBI_INNINGS',
        overs_bowled: 75,
        result: 40,
      }),
    ).toEqual(result(40));
  });

  it('Meter on abandonment: the midpoint of the line pair, rounded down', () => {
    expect(outcome({ variant: 'METER', no_line: 45, yes_line: 47, average: 10 })).toEqual(result(46));
    expect(outcome({ variant: 'METER', no_line: 45, yes_line: 46 })).toEqual(result(45));
    expect(outcome({ variant: 'METER', format: 'TEST', no_line: 200, yes_line: 203 })).toEqual(result(201));
    expect(() => outcome({ variant: 'METER', no_line: 45 })).toThrow(/midpoint/);
    // not abandoned: the ordinary rules (a T20 session unfinished is void)
    expect(outcome({ variant: 'METER', abandoned_or_reduced: false, no_line: 45, yes_line: 47 })).toEqual(
      VOID,
    );
  });

  it('throws on impossible facts', () => {
    expect(() => outcome({ overs_bowled: -1 })).toThrow(/overs_bowled/);
    expect(() => outcome({ overs_bowled: Number.NaN })).toThrow(/overs_bowled/);
    expect(() => outcome({ format: 'T10' as 'T20' })).toThrow(/format/);
    expect(() => outcome({ event_kind: 'DAY' as 'SESSION' })).toThrow(/event kind/);
    expect(() => outcome({ average: -5 })).toThrow(/average/);
  });
});
