// The demo racing day's cards, deterministic from a seed and the day (a day in UTC+5:30, the
// site's day). Meetings in GB, IE, AU, US and IN for horses and GB and AU for greyhounds, each a
// race every 25–35 minutes, at each country's local racing hours; staggered so that across the
// site a race goes off every few minutes, round the clock. Each race's runners get a strength
// (model.ts) from the race's own PRNG, so the feed finds a race's model again from its venue
// and off time alone (after a restart, or for a race it did not create).
import { mulberry32, type Random } from '../pricing.ts';
import { DEFAULT_RACE_MODEL, drawStrengths, hash32, raceRandom, venueKey } from './model.ts';
import {
  ALL_WEATHER,
  GREYHOUND_VENUES,
  HORSE_VENUES,
  INITIALS,
  KENNELS,
  NAME_FIRST,
  NAME_SECOND,
  SILKS,
  SPONSORS,
  SURNAMES,
  TRAP_COLOURS,
  type RacingCountry,
} from './names.ts';
import type { NewRace, NewRaceRunner, RacingSport } from './types.ts';

export const HORSE_RACING: RacingSport = 7;
export const GREYHOUND_RACING: RacingSport = 4339;

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** The site's day runs in UTC+5:30. */
export const SITE_OFFSET_MS = 330 * MINUTE_MS;

/** The site day (days since 1970-01-01 in UTC+5:30) a time falls in. */
export function siteDay(t_ms: number): number {
  return Math.floor((t_ms + SITE_OFFSET_MS) / DAY_MS);
}

/** When a site day starts (00:00 UTC+5:30), epoch ms. */
export function siteDayStartMs(day: number): number {
  return day * DAY_MS - SITE_OFFSET_MS;
}

/** A race of the plan: what the feed creates, with how long it runs and its runners' strengths. */
export interface PlannedRace extends NewRace {
  /** Off to past the post. */
  readonly run_ms: number;
  /** Runner i's (number i + 1) strength: the true win chances are these normalised. */
  readonly strengths: readonly number[];
}

/**
 * A meeting slot: a country's meetings start at these site times (minutes after 00:00
 * UTC+5:30), each jittered by up to ±10 minutes a day. The times follow local racing hours: AU
 * (UTC+10) from late morning, IN in the afternoon, GB and IE (UTC+0/+1) in the afternoon and
 * evening, US (UTC−5) from late evening through the night; greyhounds fill in (AU evenings, GB
 * mornings and nights).
 */
interface Slot {
  readonly sport: RacingSport;
  readonly country: RacingCountry;
  readonly start_min: number;
  readonly races: readonly [number, number];
}

const hm = (h: number, m = 0) => h * 60 + m;
const horse = (country: RacingCountry, start_min: number, races: [number, number] = [7, 9]): Slot => ({
  sport: HORSE_RACING,
  country,
  start_min,
  races,
});
const dogs = (country: 'GB' | 'AU', start_min: number, races: [number, number] = [10, 12]): Slot => ({
  sport: GREYHOUND_RACING,
  country,
  start_min,
  races,
});

export const MEETING_SLOTS: readonly Slot[] = [
  // Australia: gallops late morning to early afternoon (site time), dogs through the afternoon.
  horse('AU', hm(6, 30)),
  horse('AU', hm(6, 50)),
  horse('AU', hm(7, 20)),
  horse('AU', hm(8, 0)),
  horse('AU', hm(9, 0)),
  horse('AU', hm(9, 40)),
  dogs('AU', hm(10, 30)),
  dogs('AU', hm(12, 40)),
  dogs('AU', hm(13, 10)),
  dogs('AU', hm(14, 0)),
  // India: afternoon cards.
  horse('IN', hm(12, 0), [7, 8]),
  horse('IN', hm(12, 45), [7, 8]),
  horse('IN', hm(13, 30), [6, 8]),
  // GB greyhounds: the morning (UK) meetings.
  dogs('GB', hm(14, 45)),
  dogs('GB', hm(15, 20)),
  // GB and IE afternoons and evenings.
  horse('GB', hm(17, 15)),
  horse('GB', hm(17, 40)),
  horse('GB', hm(18, 10)),
  horse('GB', hm(19, 0)),
  horse('IE', hm(18, 30)),
  horse('IE', hm(19, 20)),
  horse('GB', hm(21, 30)),
  horse('IE', hm(22, 15)),
  // GB greyhounds: evening (UK) meetings, running past midnight site time.
  dogs('GB', hm(21, 0)),
  dogs('GB', hm(22, 45)),
  dogs('GB', hm(23, 20)),
  // United States: from late evening through the night (site time).
  horse('US', hm(22, 0), [8, 10]),
  horse('US', hm(22, 30), [8, 10]),
  horse('US', hm(23, 15), [8, 10]),
  horse('US', hm(24, 10), [8, 10]),
  horse('US', hm(25, 0), [8, 10]),
  horse('US', hm(26, 30), [8, 10]),
  horse('US', hm(27, 20), [8, 10]),
  horse('US', hm(28, 0), [8, 10]),
  horse('US', hm(29, 30), [7, 9]),
  // AU greyhounds' early (local morning) meetings.
  dogs('AU', hm(28, 30)),
  dogs('AU', hm(29, 10)),
];

/** Places the PLACE market pays by field size: ≤ 4: 1 (no place market), 5–7: 2, 8–15: 3, 16+: 4. */
export function placesPaid(runners: number): number {
  if (runners <= 4) return 1;
  if (runners <= 7) return 2;
  if (runners <= 15) return 3;
  return 4;
}

const randInt = (random: Random, min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const pickOne = <T>(random: Random, xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;

function shuffled<T>(random: Random, xs: readonly T[]): T[] {
  const out = xs.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** "1m2f", "5f", "2m": furlongs as a card writes them. */
export function furlongsText(f: number): string {
  const m = Math.floor(f / 8);
  const rest = f % 8;
  return `${m > 0 ? `${m}m` : ''}${rest > 0 ? `${rest}f` : ''}`;
}

/** Stones-pounds of a weight in pounds: 133 → "9-7". */
export function stonesPounds(lb: number): string {
  return `${Math.floor(lb / 14)}-${lb % 14}`;
}

/** How long a race runs: horses ~12 s a furlong on the flat, 14 over jumps (1–4 min); dogs ~16.5 m/s. */
export function runTimeMs(sport: RacingSport, distance: string): number {
  if (sport === GREYHOUND_RACING) {
    const metres = Number(/^(\d+)m$/.exec(distance)?.[1] ?? 480);
    return Math.round((metres / 16.5) * 1000);
  }
  // "1200m" is metres (AU), "2m", "1m2f" and "5f" miles and furlongs.
  const metres = /^(\d{3,})m$/.exec(distance);
  const miles = Number(/^(\d)m/.exec(distance)?.[1] ?? 0);
  const furlongs = metres ? Number(metres[1]) / 201 : miles * 8 + Number(/(\d+)f$/.exec(distance)?.[1] ?? 0);
  const s = furlongs * 12.5;
  return Math.round(Math.max(60, Math.min(240, s)) * 1000);
}

interface RaceType {
  name: string;
  jumps: boolean;
  handicap: boolean;
}

function raceType(random: Random, country: RacingCountry, jumps: boolean): RaceType {
  const sponsor = pickOne(random, SPONSORS);
  const hcap = random() < 0.45;
  switch (country) {
    case 'GB':
    case 'IE': {
      const cls = country === 'GB' ? ` (Class ${randInt(random, 2, 6)})` : '';
      const kinds = jumps
        ? hcap
          ? ['Handicap Hurdle', 'Handicap Chase']
          : ["Novices' Hurdle", "Beginners' Chase", 'Maiden Hurdle', "Mares' Hurdle"]
        : hcap
          ? ['Handicap', 'Nursery Handicap', "Fillies' Handicap"]
          : ['Maiden Stakes', 'Novice Stakes', 'Classified Stakes', 'Conditions Stakes'];
      return { name: `${sponsor} ${pickOne(random, kinds)}${cls}`, jumps, handicap: hcap };
    }
    case 'AU':
      return {
        name: `${sponsor} ${hcap ? `Benchmark ${pickOne(random, [58, 64, 70, 78])} Handicap` : pickOne(random, ['Maiden Plate', 'Class 1 Handicap', '3YO Plate'])}`,
        jumps: false,
        handicap: hcap,
      };
    case 'US':
      return {
        name: pickOne(random, [
          'Maiden Special Weight',
          'Allowance Optional Claiming',
          'Claiming',
          'Starter Allowance',
          `${sponsor} Stakes`,
        ]),
        jumps: false,
        handicap: false,
      };
    case 'IN':
      return {
        name: `The ${pickOne(random, NAME_FIRST)} ${pickOne(random, ['Plate', 'Cup', 'Handicap', 'Trophy'])}${random() < 0.3 ? ' (Div. II)' : ''}`,
        jumps: false,
        handicap: hcap,
      };
  }
}

function person(random: Random, country: RacingCountry): string {
  return `${INITIALS[Math.floor(random() * INITIALS.length)]}. ${pickOne(random, SURNAMES[country])}`;
}

/** Recent finishing positions, most recent last, better for stronger runners ("0" is tenth or worse). */
function formString(
  random: Random,
  rank_share: number,
  field: number,
  jumps: boolean,
  dogs: boolean,
): string {
  const runs = randInt(random, dogs ? 4 : 0, 6);
  let out = '';
  for (let i = 0; i < runs; i++) {
    if (!dogs && i > 0 && random() < 0.15) out += '-';
    if (jumps && random() < 0.06) {
      out += pickOne(random, ['P', 'F', 'U']);
      continue;
    }
    const expected = 1 + rank_share * (dogs ? 5 : Math.min(field, 10) - 2);
    const pos = Math.round(expected + 2 * (random() - 0.5) * 3);
    const max = dogs ? 6 : 10;
    const p = Math.max(1, Math.min(max, pos));
    out += p >= 10 ? '0' : String(p);
  }
  return out.replace(/^-+|-+$/g, '');
}

function uniqueNames(random: Random, n: number, dogs: boolean): string[] {
  const names = new Set<string>();
  while (names.size < n) {
    names.add(
      dogs
        ? `${pickOne(random, KENNELS)} ${pickOne(random, NAME_SECOND)}`
        : `${pickOne(random, NAME_FIRST)} ${pickOne(random, NAME_SECOND)}`,
    );
  }
  return [...names];
}

/** Strengths of a race's runners (numbers 1…n), from the race's own PRNG: the card's and the feed's. */
export function raceStrengths(
  seed: number,
  venue: string,
  off_time_ms: number,
  n: number,
  sigma = DEFAULT_RACE_MODEL.strength_sigma,
): number[] {
  return drawStrengths(raceRandom(seed, venue, off_time_ms, 'strength'), n, sigma);
}

function horseRace(
  seed: number,
  random: Random,
  country: RacingCountry,
  venue: string,
  off_time_ms: number,
  jumps: boolean,
  sigma: number,
): PlannedRace {
  const type = raceType(random, country, jumps);
  const big = type.handicap && (country === 'GB' || country === 'IE') && random() < 0.35;
  const runners = big
    ? randInt(random, 16, 20)
    : country === 'US'
      ? randInt(random, 5, 12)
      : country === 'AU'
        ? randInt(random, 6, 16)
        : randInt(random, 5, 14);
  const metric = country === 'AU';
  const furlongs = jumps
    ? pickOne(random, [16, 17, 19, 20, 21, 22, 24])
    : pickOne(random, [5, 6, 6, 7, 7, 8, 8, 9, 10, 10, 11, 12, 14, 16]);
  const distance = metric
    ? `${pickOne(random, [1000, 1100, 1200, 1400, 1600, 2000, 2400])}m`
    : furlongsText(furlongs);
  const aw = ALL_WEATHER.has(venue);
  const surface = aw ? 'All Weather' : country === 'US' ? (random() < 0.7 ? 'Dirt' : 'Turf') : 'Turf';
  const going = aw
    ? pickOne(random, ['Standard', 'Standard', 'Standard to Slow'])
    : country === 'AU'
      ? pickOne(random, ['Good 4', 'Good 3', 'Soft 5', 'Soft 6', 'Heavy 8'])
      : surface === 'Dirt'
        ? pickOne(random, ['Fast', 'Fast', 'Good', 'Sloppy', 'Muddy'])
        : pickOne(random, ['Firm', 'Good to Firm', 'Good', 'Good', 'Good to Soft', 'Soft', 'Heavy']);
  const strengths = raceStrengths(seed, venue, off_time_ms, runners, sigma);
  const rankOf = strengths.map((s) => strengths.filter((t) => t > s).length / Math.max(1, runners - 1));
  const draws = shuffled(
    random,
    Array.from({ length: runners }, (_, i) => i + 1),
  );
  const names = uniqueNames(random, runners, false);
  const [lowLb, highLb] = jumps ? [140, 168] : [112, 140];
  const card: NewRaceRunner[] = names.map((name, i) => {
    // In a handicap the best carry the most weight; elsewhere weights vary by age and sex allowance.
    const lb = type.handicap
      ? Math.round(highLb - rankOf[i]! * (highLb - lowLb - 4) - random() * 4)
      : randInt(random, lowLb + 8, highLb - 8);
    const body = pickOne(random, SILKS);
    const colours = [body, pickOne(random, SILKS), ...(random() < 0.6 ? [pickOne(random, SILKS)] : [])];
    return {
      number: i + 1,
      name,
      colours,
      jockey: person(random, country),
      trainer: person(random, country),
      weight: stonesPounds(lb),
      draw: jumps ? null : draws[i]!,
      form: formString(random, rankOf[i]!, runners, jumps, false),
      age: jumps ? randInt(random, 4, 11) : randInt(random, 2, 7),
    };
  });
  return {
    sport_id: HORSE_RACING,
    venue,
    country,
    race_name: type.name,
    off_time_ms,
    distance,
    going,
    surface,
    places_paid: placesPaid(runners),
    runners: card,
    run_ms: runTimeMs(HORSE_RACING, distance),
    strengths,
  };
}

function greyhoundRace(
  seed: number,
  random: Random,
  country: 'GB' | 'AU',
  venue: string,
  off_time_ms: number,
  index: number,
  sigma: number,
): PlannedRace {
  const distance =
    country === 'GB'
      ? pickOne(random, ['265m', '400m', '450m', '480m', '480m', '500m', '525m', '575m', '630m'])
      : pickOne(random, ['300m', '395m', '425m', '515m', '525m', '595m']);
  const grade =
    country === 'GB'
      ? pickOne(random, ['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8', 'D1', 'D2', 'D3', 'S1', 'S2', 'OR'])
      : pickOne(random, ['Maiden', 'Grade 5', 'Grade 6', 'Free For All', 'Mixed 4/5']);
  const runners = 6;
  const strengths = raceStrengths(seed, venue, off_time_ms, runners, sigma);
  const rankOf = strengths.map((s) => strengths.filter((t) => t > s).length / (runners - 1));
  const names = uniqueNames(random, runners, true);
  const card: NewRaceRunner[] = names.map((name, i) => ({
    number: i + 1,
    name,
    colours: [...TRAP_COLOURS[i]!],
    jockey: null,
    trainer: person(random, country === 'GB' ? 'GB' : 'AU'),
    weight: null,
    draw: null,
    form: formString(random, rankOf[i]!, runners, false, true),
    age: randInt(random, 2, 5),
  }));
  return {
    sport_id: GREYHOUND_RACING,
    venue,
    country,
    race_name: `Race ${index + 1} - ${grade} ${distance}`,
    off_time_ms,
    distance,
    going: pickOne(random, ['Normal', 'Normal', 'Normal', 'Slow', 'Fast']),
    surface: 'Sand',
    places_paid: placesPaid(runners),
    runners: card,
    run_ms: runTimeMs(GREYHOUND_RACING, distance),
    strengths,
  };
}

/**
 * The meetings that start on a site day, with every race, in off-time order (a night meeting's
 * later races fall on the next day). The same seed and day always give the same plan.
 */
export function planDay(seed: number, day: number, sigma = DEFAULT_RACE_MODEL.strength_sigma): PlannedRace[] {
  const dayRandom = mulberry32(hash32(`${seed}|day|${day}`));
  // Distinct venues per country and sport on the day.
  const pools = new Map<string, string[]>();
  const venueFor = (slot: Slot) => {
    const key = `${slot.sport}|${slot.country}`;
    let pool = pools.get(key);
    if (!pool) {
      const all =
        slot.sport === HORSE_RACING
          ? HORSE_VENUES[slot.country]
          : GREYHOUND_VENUES[slot.country as 'GB' | 'AU'];
      pool = shuffled(dayRandom, all);
      pools.set(key, pool);
    }
    return pool.shift()!;
  };
  const start = siteDayStartMs(day);
  const races: PlannedRace[] = [];
  // The offs already placed (minutes after the day's start): each next off is the one of the
  // allowed times farthest from them, so the meetings interleave as a race planner would have them.
  const taken: number[] = [];
  const spread = (random: Random, candidates: readonly number[]) => {
    let best = candidates[0]!;
    let bestScore = -1;
    for (const c of candidates) {
      let nearest = Infinity;
      for (const t of taken) nearest = Math.min(nearest, Math.abs(t - c));
      const score = Math.min(nearest, 15) + random() * 0.5;
      if (score > bestScore) {
        bestScore = score;
        best = c;
      }
    }
    taken.push(best);
    return best;
  };
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  MEETING_SLOTS.forEach((slot, s) => {
    const venue = venueFor(slot);
    const random = mulberry32(hash32(`${seed}|meeting|${day}|${s}`));
    const count = randInt(random, slot.races[0], slot.races[1]);
    const jumps =
      (slot.country === 'GB' || slot.country === 'IE') && !ALL_WEATHER.has(venue) && random() < 0.5;
    let minute = spread(random, range(slot.start_min - 10, slot.start_min + 10));
    for (let i = 0; i < count; i++) {
      const t = start + minute * MINUTE_MS;
      races.push(
        slot.sport === HORSE_RACING
          ? horseRace(seed, random, slot.country, venue, t, jumps, sigma)
          : greyhoundRace(seed, random, slot.country as 'GB' | 'AU', venue, t, i, sigma),
      );
      if (i + 1 < count) minute = spread(random, range(minute + 25, minute + 35));
    }
  });
  return races.sort((a, b) => a.off_time_ms - b.off_time_ms || a.venue.localeCompare(b.venue));
}

/** The planned races whose off falls in [from_ms, to_ms] (from the days' plans that can reach it). */
export function plannedRaces(seed: number, from_ms: number, to_ms: number, sigma?: number): PlannedRace[] {
  const out: PlannedRace[] = [];
  for (let day = siteDay(from_ms) - 1; day <= siteDay(to_ms); day++) {
    for (const r of planDay(seed, day, sigma))
      if (r.off_time_ms >= from_ms && r.off_time_ms <= to_ms) out.push(r);
  }
  return out.sort((a, b) => a.off_time_ms - b.off_time_ms || a.venue.localeCompare(b.venue));
}

/** A race's identity across the plan and the store: its meeting and its off. */
export function raceKey(sport_id: number, venue: string, off_time_ms: number): string {
  return `${sport_id}|${venueKey(venue)}|${off_time_ms}`;
}
