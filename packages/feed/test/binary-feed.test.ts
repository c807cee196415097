import { readFileSync } from 'node:fs';
import { BINARY_INSTRUMENTS, binaryInstrument, binaryPhase } from '@backlay/engine';
import { describe, expect, it } from 'vitest';
import { createRandomWalkFeed, createReplayFeed, parseTicksCsv } from '../src/binary/index.ts';

const ist = (s: string) => Date.parse(`${s}+05:30`);
/** Whether a price is a whole number of ticks (to float noise). */
const onGrid = (price: number, tick: number) => Math.abs(price / tick - Math.round(price / tick)) < 1e-6;

describe('binary random-walk feed', () => {
  // Monday 2026-11-23 from 09:00 to Tuesday 01:00 India time, advanced a minute at a time.
  const start = ist('2026-11-23T09:00:00');
  const end = ist('2026-11-24T01:00:00');
  const run = (seed: number) => {
    const feed = createRandomWalkFeed({ seed, start_ms: start });
    const ticks = [];
    for (let t = start + 60_000; t <= end; t += 60_000) ticks.push(...feed.advance(t));
    return ticks;
  };
  const ticks = run(42);

  it('gives prices only inside each instrument’s hours, once a second', () => {
    expect(ticks.length).toBeGreaterThan(0);
    // Every instrument's first and last tick, and a sample of the rest (asking the hours of all
    // 300,000 ticks takes too long); the counts below cover the rest.
    const sample = ticks.filter((_, i) => i % 97 === 0);
    for (const spec of BINARY_INSTRUMENTS) {
      const mine = ticks.filter((k) => k.code === spec.code);
      sample.push(mine[0]!, mine.at(-1)!);
    }
    for (const k of sample) {
      const spec = binaryInstrument(k.code)!;
      expect(
        binaryPhase(spec.group, new Date(k.t), () => null).state,
        `${k.code} ${new Date(k.t).toISOString()}`,
      ).toBe('OPEN');
    }
    expect(ticks.every((k) => k.t % 1000 === 0)).toBe(true);
    // Each instrument: one tick per second of its session (EQUITY 4.5 h, COMMODITY 11 h, EVENING 4.5 h).
    const per = (code: string) => ticks.filter((k) => k.code === code).length;
    expect(per('NFY')).toBe(4.5 * 3600);
    expect(per('GOLD')).toBe(11 * 3600);
    expect(per('SNP')).toBe(4.5 * 3600);
  });

  it('stays on each instrument’s tick grid and near its level (a day moves a few percent at most)', () => {
    for (const spec of BINARY_INSTRUMENTS) {
      const mine = ticks.filter((k) => k.code === spec.code);
      expect(mine.length, spec.code).toBeGreaterThan(0);
      expect(mine.filter((k) => !onGrid(k.price, spec.tick_size)).slice(0, 3), spec.code).toEqual([]);
      expect(mine.filter((k) => Math.abs(k.price / spec.level - 1) >= 0.15).slice(0, 3), spec.code).toEqual(
        [],
      );
      // It moves: a session has more than one distinct price.
      expect(new Set(mine.map((k) => k.price)).size, spec.code).toBeGreaterThan(10);
    }
  });

  it('is the same for the same seed, and different for another', () => {
    expect(run(42).slice(0, 50)).toEqual(ticks.slice(0, 50));
    expect(run(43).slice(0, 50)).not.toEqual(ticks.slice(0, 50));
  });

  it('gives nothing at a weekend or on a holiday of the calendar', () => {
    const sat = ist('2026-11-28T00:00:00');
    const weekend = createRandomWalkFeed({ seed: 1, start_ms: sat });
    expect(weekend.advance(sat + 48 * 3_600_000)).toEqual([]);
    const tue = ist('2026-11-24T00:00:00');
    const holiday = createRandomWalkFeed({
      seed: 1,
      start_ms: tue,
      holiday: (d) => (d === '2026-11-24' ? 'Test' : null),
    });
    // Only the evening session of Monday ran past midnight; Tuesday is a holiday for every group.
    expect(holiday.advance(tue + 24 * 3_600_000 - 1)).toEqual([]);
  });

  it('a calendar edit reaches the running walk at once when it is told (calendarChanged)', () => {
    const holidays = new Map<string, string>();
    const feed = createRandomWalkFeed({
      seed: 7,
      start_ms: ist('2026-11-23T10:00:00'),
      holiday: (day, group) => holidays.get(`${day}|${group}`) ?? null,
    });
    const nfy = (to: string) => feed.advance(ist(to)).filter((k) => k.code === 'NFY').length;
    expect(nfy('2026-11-23T10:00:10')).toBe(10);
    // A holiday for today, edited while the walk runs: told, it stops at once.
    holidays.set('2026-11-23|EQUITY', 'Market holiday');
    feed.calendarChanged!();
    expect(nfy('2026-11-23T10:00:20')).toBe(0);
    holidays.clear();
    feed.calendarChanged!();
    expect(nfy('2026-11-23T10:00:30')).toBe(10);
  });

  it('a long gap (a restart) is bounded work and still moves the price', () => {
    const feed = createRandomWalkFeed({ seed: 5, start_ms: ist('2026-11-23T10:00:00') });
    const out = feed.advance(ist('2026-11-23T14:00:00'));
    expect(out.filter((k) => k.code === 'NFY').length).toBe(600);
    expect(feed.advance(ist('2026-11-23T13:00:00'))).toEqual([]);
  });
});

describe('binary replay feed (CSV time,instrument,price)', () => {
  const text = readFileSync(new URL('../src/binary/sample-ticks.csv', import.meta.url), 'utf8');
  const known = new Set(BINARY_INSTRUMENTS.map((i) => i.code));

  it('replays the sample file by the clock, oldest first, each row once', () => {
    const rows = parseTicksCsv(text, known);
    expect(rows.length).toBe(30);
    const feed = createReplayFeed(rows);
    const first = feed.advance(ist('2026-11-23T10:00:30'));
    expect(first.map((k) => k.code)).toEqual(Array(7).fill('NFY'));
    expect(first[0]).toEqual({ code: 'NFY', t: ist('2026-11-23T10:00:00'), price: 24_349.25 });
    const rest = feed.advance(ist('2026-11-23T12:00:00'));
    expect(rest.length).toBe(23);
    expect(rest.filter((k) => k.code === 'GOLD').length).toBe(6);
    expect(feed.advance(ist('2026-11-24T00:00:00'))).toEqual([]);
  });

  it('starts after start_ms when given (a restart does not replay what was written)', () => {
    const feed = createReplayFeed(parseTicksCsv(text), { start_ms: ist('2026-11-23T10:00:30') });
    expect(feed.advance(ist('2026-11-23T10:01:00')).length).toBe(6);
  });

  it('refuses a bad file with the line named', () => {
    expect(() => parseTicksCsv('when,what\n')).toThrow(/header/);
    expect(() => parseTicksCsv('time,instrument,price\n2026-11-23T10:00:00Z,NFY,abc\n')).toThrow(
      /line 2: bad price/,
    );
    expect(() => parseTicksCsv('time,instrument,price\nyesterday,NFY,1\n')).toThrow(/line 2: bad time/);
    expect(() => parseTicksCsv('time,instrument,price\n1,XYZ,1\n', known)).toThrow(/unknown instrument XYZ/);
    expect(parseTicksCsv('time,instrument,price\n1764000000000,NFY,24350.123\n')).toEqual([
      { code: 'NFY', t: 1_764_000_000_000, price: 24_350.12 },
    ]);
  });
});
