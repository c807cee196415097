// The demo instrument feed: a seeded random walk per instrument, only while its session is open
// (the hours of packages/engine's binaryPhase, the same calendar the server uses), on its tick
// grid, with its own volatility, pulled weakly back to its realistic level so a long run stays
// plausible. The same seed and the same calls give the same prices.
import {
  BINARY_INSTRUMENTS,
  binaryPhase,
  onTick,
  type BinaryInstrumentSpec,
  type HolidayOf,
} from '@backlay/engine';
import { gaussian, mulberry32, type Random } from '../pricing.ts';
import type { FeedTick, InstrumentFeed } from './types.ts';

/** A trading year of 252 sessions of about 6.5 hours, in ms: volatility is per √ of it. */
const TRADING_YEAR_MS = 252 * 6.5 * 3_600_000;
/** At most this many steps per instrument per call: a long gap (a restart) is one step of its whole variance. */
const MAX_STEPS_PER_CALL = 600;
/** Share of the way back to the level per trading year (weak: a session barely feels it). */
const REVERSION_PER_YEAR = 2;

export type RandomWalkOptions = {
  seed: number;
  /** Where the feed starts (ms): the first advance gives ticks after it. */
  start_ms: number;
  /** One price per instrument at most this often (ms of the clock it is advanced by). Default 1000. */
  interval_ms?: number;
  instruments?: readonly BinaryInstrumentSpec[];
  /** Holidays (the server's calendar); default none. */
  holiday?: HolidayOf;
  /** Starting prices by code, e.g. the last recorded ones after a restart. */
  levels?: Readonly<Record<string, number>>;
};

type Walk = {
  spec: BinaryInstrumentSpec;
  random: Random;
  price: number;
  /** Whether the session is open, known until `until` (ms): the hours are asked once per change. */
  open: boolean;
  until: number;
};

/** Calendar edits are seen within this long (ms): a known phase is asked again at least this often. */
const PHASE_RECHECK_MS = 60_000;

/** 32-bit FNV-1a, so each instrument has its own stream from the one seed. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** The next price after `dt_ms` of trading: a log-normal step with weak reversion, on the grid. */
function step(w: Walk, dt_ms: number): number {
  const years = dt_ms / TRADING_YEAR_MS;
  const pull = Math.min(1, REVERSION_PER_YEAR * years) * Math.log(w.spec.level / w.price);
  const shock = w.spec.volatility * Math.sqrt(years) * gaussian(w.random);
  const next = onTick(w.price * Math.exp(pull + shock), w.spec.tick_size);
  return Math.max(w.spec.tick_size, next);
}

export function createRandomWalkFeed(opts: RandomWalkOptions): InstrumentFeed {
  const interval = opts.interval_ms ?? 1_000;
  if (!(interval >= 1)) throw new RangeError('interval_ms must be 1 or more');
  const holiday = opts.holiday ?? (() => null);
  const walks: Walk[] = (opts.instruments ?? BINARY_INSTRUMENTS).map((spec) => ({
    spec,
    random: mulberry32((opts.seed ^ hash(spec.code)) >>> 0),
    price: onTick(opts.levels?.[spec.code] ?? spec.level, spec.tick_size),
    open: false,
    until: -Infinity,
  }));

  /** Whether w's session is open at t, from its cached phase while that holds. */
  function isOpen(w: Walk, t: number): boolean {
    if (t >= w.until) {
      const p = binaryPhase(w.spec.group, new Date(t), holiday);
      w.open = p.state === 'OPEN';
      const change = (w.open ? p.closes_at : p.opens_at)?.getTime() ?? Infinity;
      w.until = Math.min(change, t + PHASE_RECHECK_MS);
    }
    return w.open;
  }
  let last = opts.start_ms;

  return {
    name: 'random-walk',
    calendarChanged() {
      for (const w of walks) w.until = -Infinity;
    },
    advance(to_ms) {
      if (to_ms <= last) return [];
      const out: FeedTick[] = [];
      // The grid of instants after `last`, thinned to MAX_STEPS_PER_CALL (the skipped span's
      // variance goes into the first step: a restart does not freeze the price).
      const first = (Math.floor(last / interval) + 1) * interval;
      const count = Math.floor((to_ms - first) / interval) + 1;
      const skip = Math.max(0, count - MAX_STEPS_PER_CALL);
      for (const w of walks) {
        let prev = last;
        for (let i = skip; i < count; i++) {
          const t = first + i * interval;
          if (!isOpen(w, t)) {
            prev = t;
            continue;
          }
          w.price = step(w, t - prev);
          prev = t;
          out.push({ code: w.spec.code, t, price: w.price });
        }
      }
      last = to_ms;
      return out.sort((a, b) => a.t - b.t);
    },
  };
}
