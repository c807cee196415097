// The demo teams' squads and playing elevens, pure and deterministic: a team's name seeds a small
// PRNG that picks fictional names from the lists below (first × last name: no real player) and
// strengths by role. The same team gets the same squad on every node and every seed run.
import { mulberry32, type Random } from '../pricing.ts';
import type { CricketPlayer, PlayerRole, PlayingEleven } from './types.ts';

/** A squad member before the store gives it an id. */
export type SquadMember = Omit<CricketPlayer, 'player_id'>;

export const SQUAD_SIZE = 16;
export const ELEVEN = 11;

// Fictional: first and last names are combined at random, so a pairing is no real cricketer.
const FIRST_NAMES = [
  'Aarav',
  'Vihaan',
  'Kabir',
  'Ishaan',
  'Reyansh',
  'Arjun',
  'Dhruv',
  'Kiaan',
  'Advait',
  'Rudra',
  'Tanmay',
  'Nikhil',
  'Pranav',
  'Siddhant',
  'Yash',
  'Omkar',
  'Harsh',
  'Manav',
  'Rohan',
  'Varun',
  'Liam',
  'Oliver',
  'Jack',
  'Harry',
  'Noah',
  'Callum',
  'Finn',
  'Archie',
  'Lachlan',
  'Hamish',
  'Tariq',
  'Imran',
  'Faisal',
  'Zubair',
  'Danish',
  'Kasun',
  'Dimuth',
  'Lahiru',
  'Tendai',
  'Sibusiso',
  'Kemar',
  'Andre',
  'Shamar',
  'Devon',
  'Aiden',
  'Quinton',
  'Mitchell',
  'Corey',
  'Blair',
  'Ross',
] as const;
const LAST_NAMES = [
  'Bhardwaj',
  'Kulkarni',
  'Deshpande',
  'Rathore',
  'Chaudhary',
  'Iyengar',
  'Menon',
  'Saxena',
  'Trivedi',
  'Malhotra',
  'Gaekwad',
  'Nagarkar',
  'Pillai',
  'Sodhi',
  'Bakshi',
  'Venkatesh',
  'Dhillon',
  'Kapadia',
  'Raval',
  'Thakkar',
  'Ashworth',
  'Pemberton',
  'Haddow',
  'Fairbairn',
  'Kettering',
  'Lockyer',
  'Marsden',
  'Thornbury',
  'Wakefield',
  'Brockley',
  'Qureshi',
  'Siddiqui',
  'Mirza',
  'Jayasekara',
  'Wickremasinghe',
  'Mudzingwa',
  'Ndlovu',
  'Olivier',
  'Braithwaite',
  'Gayle-Harris',
  'McAllister',
  'Dunbar',
  'Strachan',
  'Kilbride',
  'Tollemache',
  'Vanstone',
  'Harrowgate',
  'Ellerby',
  'Pendleton',
  'Ravenscroft',
] as const;

/** The squad's shape: role and how many; strengths drawn within each role's range. */
const SHAPE: readonly {
  role: PlayerRole;
  count: number;
  batting: [number, number];
  bowling: [number, number];
}[] = [
  { role: 'BATTER', count: 5, batting: [58, 82], bowling: [0, 25] },
  { role: 'WICKET_KEEPER', count: 2, batting: [48, 72], bowling: [0, 0] },
  { role: 'ALL_ROUNDER', count: 4, batting: [42, 66], bowling: [45, 70] },
  { role: 'BOWLER', count: 5, batting: [10, 32], bowling: [58, 85] },
];

/** A 32-bit FNV-1a hash of a string: the team's seed. */
export function nameSeed(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

const between = (r: Random, [lo, hi]: [number, number]) => lo + Math.floor(r() * (hi - lo + 1));

/** One figure of a player's worth: the better suit, all-rounders credited for the second one. */
export function strengthOf(role: PlayerRole, batting: number, bowling: number): number {
  const best = Math.max(batting, bowling);
  const extra = role === 'ALL_ROUNDER' ? Math.round(Math.min(batting, bowling) / 5) : 0;
  return Math.min(100, best + extra);
}

/** A team's squad: SQUAD_SIZE players, unique names, by role (5 batters, 2 keepers, 4 all-rounders, 5 bowlers). */
export function demoSquad(team: string): SquadMember[] {
  const r = mulberry32(nameSeed(team));
  const used = new Set<string>();
  const out: SquadMember[] = [];
  for (const shape of SHAPE) {
    for (let k = 0; k < shape.count; k++) {
      let name = '';
      // Bounded: 2,500 pairings for 16 names; a clash is retried a few times, then numbered.
      for (let tries = 0; tries < 20 && (name === '' || used.has(name)); tries++) {
        name = `${FIRST_NAMES[Math.floor(r() * FIRST_NAMES.length)]} ${LAST_NAMES[Math.floor(r() * LAST_NAMES.length)]}`;
      }
      if (used.has(name)) name = `${name} ${out.length + 1}`;
      used.add(name);
      const batting = between(r, shape.batting);
      const bowling = between(r, shape.bowling);
      out.push({
        name,
        role: shape.role,
        batting,
        bowling,
        strength: strengthOf(shape.role, batting, bowling),
      });
    }
  }
  if (out.length !== SQUAD_SIZE) throw new Error('demoSquad: shape does not add up to the squad size');
  return out;
}

const best = (ps: readonly CricketPlayer[], role: PlayerRole, n: number, by: 'batting' | 'bowling') =>
  ps
    .filter((p) => p.role === role)
    .sort((a, b) => b[by] - a[by] || a.player_id - b.player_id)
    .slice(0, n);

/**
 * The playing eleven from a squad: the better keeper, the 4 best batters, the 2 best all-rounders,
 * the 4 best bowlers (6 bowling options). Batting order: best batting first (so openers are
 * batters, the bowlers the tail). Bowling options: by bowling strength, all-rounders included.
 */
export function pickEleven(team: string, squad: readonly CricketPlayer[]): PlayingEleven {
  const keeper = best(squad, 'WICKET_KEEPER', 1, 'batting');
  const xi = [
    ...keeper,
    ...best(squad, 'BATTER', 4, 'batting'),
    ...best(squad, 'ALL_ROUNDER', 2, 'batting'),
    ...best(squad, 'BOWLER', 4, 'bowling'),
  ];
  if (xi.length !== ELEVEN || keeper.length !== 1) {
    throw new Error(`pickEleven: ${team}'s squad lacks the roles for an eleven`);
  }
  const players = xi.slice().sort((a, b) => b.batting - a.batting || a.player_id - b.player_id);
  const bowler_ids = xi
    .filter((p) => p.role === 'BOWLER' || p.role === 'ALL_ROUNDER')
    .sort((a, b) => b.bowling - a.bowling || a.player_id - b.player_id)
    .map((p) => p.player_id);
  return { team, players, wicket_keeper_id: keeper[0]!.player_id, bowler_ids };
}
