// The demo's race cards (docs/racing.md): the meetings the demo has always had — horses at Kempton
// (GB), Dundalk (IE), Flemington (AU), Aqueduct (US) and Mahalakshmi (IN), greyhounds at Romford
// and Towcester (GB) and The Meadows (AU) — today and tomorrow, a race every half hour per meeting,
// with full cards: silks, jockeys, trainers, weights, draws, form and ages for horses, traps 1–6
// in their colours for greyhounds. Deterministic: the same cards on every store (a seeded PRNG),
// only the times follow the clock. Built through `app.racing.createRaces`.
import { mulberry32 } from '@backlay/feed';
import type { NewRace, RacingSport } from '@backlay/feed';
import { placesPaidFor } from '../modules/racing/places.ts';

const MINUTE = 60_000;
const DAY_MINUTES = 24 * 60;

const HORSES = [
  'Golden Arrow',
  'Midnight Express',
  'Silver Comet',
  'Royal Ascent',
  'Desert Storm',
  'Celtic Prince',
  'Monsoon Magic',
  'Starlight Dancer',
  'Thunder Ridge',
  'Kingsgate',
  'Morning Glory',
  'Blue Lagoon',
  'Shannon Rover',
  'Copper Kettle',
  'Iron Duke',
  'Lady Luck',
  'Bold Venture',
  'Saffron Sky',
  'Northern Dancer',
  'Wild Atlantic',
  'Outback Jack',
  'Southern Cross',
  'Harbour Lights',
  'Red Baron',
  'Maharaja',
  'Deccan Queen',
  'Bombay Sapphire',
  'Empire State',
  'Liberty Bell',
  'Hudson Star',
  'Quiet Achiever',
  'Scarlet Ribbon',
  'Velvet Thunder',
  'Jubilee Line',
  'Emerald Isle',
  'Cape Cod',
  'Barley Mow',
  'Night Watchman',
  'Tuscan Gold',
  'Paper Moon',
  'Highland Fling',
  'Coral Reef',
  'Sea The Moon',
  'Pocket Rocket',
  'Amber Wave',
  'Brave Heart',
  'Lunar Eclipse',
  'Mister Maestro',
];
const DOGS = [
  'Swift Blue',
  'Droopys Ace',
  'Ballymac Flash',
  'Romeo Magico',
  'Kinda Bling',
  'Jet Black Rocket',
  'Savana Storm',
  'Crafty Kate',
  'Rapid Rupert',
  'Tiger Time',
  'Silver Bullet',
  'Night Owl',
  'Coolavanny Jap',
  'Sporting Sea',
  'Aayamza Royal',
  'Havana Bingo',
  'Glengar Bale',
  'Signet Ace',
];
const JOCKEYS = [
  'Ryan Moore',
  'William Buick',
  'Oisin Murphy',
  'Tom Marquand',
  'Hollie Doyle',
  'Rossa Ryan',
  'Colin Keane',
  'Shane Foley',
  'James McDonald',
  'Jamie Kah',
  'Irad Ortiz Jr',
  'John Velazquez',
  'P Trevor',
  'Suraj Narredu',
  'David Egan',
  'Saffie Osborne',
];
const TRAINERS = [
  'John & Thady Gosden',
  'Aidan O\u2019Brien',
  'Andrew Balding',
  'William Haggas',
  'Ger Lyons',
  'Joseph O\u2019Brien',
  'Chris Waller',
  'Ciaron Maher',
  'Todd Pletcher',
  'Chad Brown',
  'Pesi Shroff',
  'S Padmanabhan',
  'Karl Burke',
  'Richard Hannon',
];
const DOG_TRAINERS = [
  'Mark Wallis',
  'Patrick Janssens',
  'Kevin Hutton',
  'Seamus Cahill',
  'Jason Thompson',
  'Andy Ingram',
];
const SILK_COLOURS = [
  '#1a237e',
  '#b71c1c',
  '#1b5e20',
  '#f9a825',
  '#4a148c',
  '#e65100',
  '#ffffff',
  '#000000',
  '#0277bd',
  '#ad1457',
  '#795548',
  '#9e9e9e',
];
/** Traps 1–6: red, blue, white, black, orange, black-and-white stripes (two colours). */
export const TRAP_COLOURS: readonly (readonly string[])[] = [
  ['#d32f2f'],
  ['#1565c0'],
  ['#ffffff'],
  ['#000000'],
  ['#ef6c00'],
  ['#000000', '#ffffff'],
];

type Meeting = {
  sport: RacingSport;
  venue: string;
  country: string;
  /** Minutes from now to the first race today. */
  firstIn: number;
  races: number;
  surface: string;
  going: string;
};

const MEETINGS: readonly Meeting[] = [
  {
    sport: 7,
    venue: 'Kempton',
    country: 'GB',
    firstIn: 20,
    races: 7,
    surface: 'All Weather',
    going: 'Standard',
  },
  {
    sport: 7,
    venue: 'Dundalk',
    country: 'IE',
    firstIn: 35,
    races: 6,
    surface: 'All Weather',
    going: 'Standard',
  },
  { sport: 7, venue: 'Flemington', country: 'AU', firstIn: 50, races: 8, surface: 'Turf', going: 'Good 4' },
  { sport: 7, venue: 'Aqueduct', country: 'US', firstIn: 65, races: 6, surface: 'Dirt', going: 'Fast' },
  {
    sport: 7,
    venue: 'Mahalakshmi (Mumbai)',
    country: 'IN',
    firstIn: 80,
    races: 6,
    surface: 'Turf',
    going: 'Good',
  },
  { sport: 4339, venue: 'Romford', country: 'GB', firstIn: 12, races: 8, surface: 'Sand', going: 'Normal' },
  { sport: 4339, venue: 'Towcester', country: 'GB', firstIn: 27, races: 6, surface: 'Sand', going: 'Normal' },
  {
    sport: 4339,
    venue: 'The Meadows',
    country: 'AU',
    firstIn: 42,
    races: 6,
    surface: 'Sand',
    going: 'Normal',
  },
];

/** Horse races: name, distance, whether it is a handicap and its field size. */
const HORSE_RACES = [
  { name: 'Maiden Stakes', distance: '5f', handicap: false, field: 6 },
  { name: 'Handicap', distance: '7f', handicap: true, field: 12 },
  { name: 'Conditions Stakes', distance: '1m', handicap: false, field: 5 },
  { name: 'Heritage Handicap', distance: '1m2f', handicap: true, field: 20 },
  { name: 'Nursery', distance: '6f', handicap: true, field: 9 },
  { name: 'Novice Stakes', distance: '1m4f', handicap: false, field: 4 },
  { name: 'Sprint Handicap', distance: '6f', handicap: true, field: 8 },
  { name: 'Listed Stakes', distance: '1m', handicap: false, field: 7 },
];
const DOG_GRADES = ['A5 400m', 'A3 480m', 'S1 525m', 'A2 400m', 'D3 285m', 'A1 480m', 'A4 400m', 'OR 480m'];

/** Stones-pounds from pounds: 133 → "9-7". */
const stLb = (lb: number) => `${Math.floor(lb / 14)}-${lb % 14}`;

function horseForm(random: () => number): string {
  const runs = 2 + Math.floor(random() * 5);
  let form = '';
  for (let i = 0; i < runs; i++) {
    const x = random();
    form += x < 0.05 ? 'P' : x < 0.1 ? '0' : String(1 + Math.floor(random() * 9));
    if (i === runs - 3 && random() < 0.4) form += '-';
  }
  return form;
}

function horseRace(m: Meeting, index: number, offMs: number, random: () => number): NewRace {
  const spec = HORSE_RACES[index % HORSE_RACES.length]!;
  const start = Math.floor(random() * HORSES.length);
  const used = new Set<string>();
  const runners = Array.from({ length: spec.field }, (_, i) => {
    let k = (start + i * 5) % HORSES.length;
    while (used.has(HORSES[k]!)) k = (k + 1) % HORSES.length;
    used.add(HORSES[k]!);
    const silks = [0, 1, 2].map(() => SILK_COLOURS[Math.floor(random() * SILK_COLOURS.length)]!);
    // Handicaps carry 8-0 to 10-0 by rating, top weight first; conditions races level weights.
    const weight = spec.handicap ? stLb(140 - Math.floor((i * 28) / spec.field)) : stLb(128 + (i % 2) * 3);
    return {
      number: i + 1,
      name: HORSES[k]!,
      colours: silks,
      jockey: JOCKEYS[(start + i * 3) % JOCKEYS.length]!,
      trainer: TRAINERS[(start + i * 7) % TRAINERS.length]!,
      weight,
      draw: 0, // set below: stalls are drawn apart from the numbers
      form: horseForm(random),
      age: spec.name === 'Nursery' || spec.name === 'Maiden Stakes' ? 2 : 3 + Math.floor(random() * 5),
    };
  });
  // The draw: a shuffle of 1..field.
  const stalls = runners.map((_, i) => i + 1);
  for (let i = stalls.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [stalls[i], stalls[j]] = [stalls[j]!, stalls[i]!];
  }
  return {
    sport_id: 7,
    venue: m.venue,
    country: m.country,
    race_name: `R${index + 1} ${spec.distance} ${spec.name}`,
    off_time_ms: offMs,
    distance: spec.distance,
    going: m.going,
    surface: m.surface,
    places_paid: placesPaidFor(spec.field),
    runners: runners.map((r, i) => ({ ...r, draw: stalls[i]! })),
  };
}

function dogRace(m: Meeting, index: number, offMs: number, random: () => number): NewRace {
  const grade = DOG_GRADES[index % DOG_GRADES.length]!;
  const start = Math.floor(random() * DOGS.length);
  const runners = TRAP_COLOURS.map((colours, i) => ({
    number: i + 1,
    name: DOGS[(start + i * 5) % DOGS.length]!,
    colours: [...colours],
    jockey: null,
    trainer: DOG_TRAINERS[(start + i) % DOG_TRAINERS.length]!,
    weight: null,
    draw: null,
    form: Array.from({ length: 4 }, () => String(1 + Math.floor(random() * 6))).join(''),
    age: 2 + Math.floor(random() * 3),
  }));
  return {
    sport_id: 4339,
    venue: m.venue,
    country: m.country,
    race_name: `R${index + 1} ${grade}`,
    off_time_ms: offMs,
    distance: grade.split(' ')[1]!,
    going: m.going,
    surface: m.surface,
    places_paid: placesPaidFor(runners.length),
    runners,
  };
}

/** Rounds to the minute so seeded times look like a real card. */
const atMinute = (ms: number) => Math.floor(ms / MINUTE) * MINUTE;

/** The demo's races today and tomorrow (tomorrow two races fewer per meeting), in meeting order. */
export function demoRaces(now: Date): NewRace[] {
  const random = mulberry32(20_261_126);
  const out: NewRace[] = [];
  for (const m of MEETINGS) {
    for (const [dayStart, count] of [
      [m.firstIn, m.races],
      [DAY_MINUTES + m.firstIn, m.races - 2],
    ] as const) {
      for (let i = 0; i < count; i++) {
        const off = atMinute(now.getTime() + (dayStart + i * 30) * MINUTE);
        out.push(m.sport === 7 ? horseRace(m, i, off, random) : dogRace(m, i, off, random));
      }
    }
  }
  return out;
}
