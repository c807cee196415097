// Horse and greyhound racing: the race card a bettor reads beside the race's WIN and PLACE
// exchange markets (their prices, positions and bets come from match/getMatchDetail and the live
// socket like any exchange market), and the operator's calls that run a race's day.
import { z } from 'zod';
import { idInput, isoDateTime } from './common.ts';

/**
 * Where a race is in its day. OPEN: taking bets before the off; OFF: running (markets in play, with
 * the bet delay); FINISHED: past the post, markets suspended until the weigh-in; RESULTED: the
 * weighed-in result settled both markets; VOID: abandoned, a walkover, moved venue or not run on
 * the day (every bet void).
 */
export const raceState = z.enum(['OPEN', 'OFF', 'FINISHED', 'RESULTED', 'VOID']);
export type RaceState = z.infer<typeof raceState>;

export const raceVoidReason = z.enum(['ABANDONED', 'WALKOVER', 'VENUE_CHANGED', 'NOT_RUN_ON_DAY']);
export type RaceVoidReason = z.infer<typeof raceVoidReason>;

export const raceRunner = z.object({
  /** Saddle-cloth number (horses) or trap (greyhounds): what the card and the result name. */
  number: z.number().int(),
  name: z.string(),
  /** The silks' colours as CSS colours, body first (horses); for a greyhound its trap colours. */
  colours: z.array(z.string()),
  /** Horses: the rider; null for greyhounds. */
  jockey: z.string().nullable(),
  trainer: z.string(),
  /** Horses: carried weight as stones-pounds, e.g. "9-7"; null for greyhounds. */
  weight: z.string().nullable(),
  /** Horses: stall number on the flat; null over jumps and for greyhounds. */
  draw: z.number().int().nullable(),
  /** Recent finishing positions, most recent last (e.g. "21-3P4"). */
  form: z.string(),
  age: z.number().int().nullable(),
  /** The runner's selection in the race's WIN market. */
  win_selection_id: z.number().int(),
  /** The runner's selection in the PLACE market; null when the race has none. */
  place_selection_id: z.number().int().nullable(),
  /** A non-runner is withdrawn: its bets void, the others' matched odds reduced. */
  non_runner: z.boolean(),
  /** The win market's reduction factor of a non-runner, percent; null for a runner. */
  reduction_factor: z.number().nullable(),
  /** The place market's reduction factor of a non-runner, percent; null for a runner or no place market. */
  place_reduction_factor: z.number().nullable(),
});
export type RaceRunner = z.infer<typeof raceRunner>;

/** One finishing position: more than one number is a dead heat for that position. */
export const racePlacing = z.object({
  position: z.number().int(),
  numbers: z.array(z.number().int()),
});
export type RacePlacing = z.infer<typeof racePlacing>;

/** A race in the meeting tabs. */
export const raceSummary = z.object({
  match_id: z.number().int(),
  race_name: z.string(),
  off_time: isoDateTime,
  state: raceState,
});
export type RaceSummary = z.infer<typeof raceSummary>;

export const raceMeeting = z.object({
  venue: z.string(),
  country: z.string(),
  races: z.array(raceSummary),
});
export type RaceMeeting = z.infer<typeof raceMeeting>;

export const raceCard = z.object({
  match_id: z.number().int(),
  sport_id: z.number().int(),
  race_name: z.string(),
  venue: z.string(),
  country: z.string(),
  /** The scheduled off (ISO, UTC); the screen counts down to it. */
  off_time: isoDateTime,
  /** E.g. "1m2f" or "480m". */
  distance: z.string(),
  /** Going (horses, e.g. "Good to Soft") or track condition (greyhounds, e.g. "Normal"). */
  going: z.string(),
  /** Turf, All Weather, Dirt (horses) or Sand (greyhounds); a change leaves bets standing. */
  surface: z.string(),
  state: raceState,
  void_reason: raceVoidReason.nullable(),
  /** Places the PLACE market pays (1 when it has none). */
  places_paid: z.number().int(),
  win_market_id: z.number().int(),
  place_market_id: z.number().int().nullable(),
  runners: z.array(raceRunner),
  /** The weighed-in result, best first; null until resulted. */
  result: z.array(racePlacing).nullable(),
  /** The day's meetings of this sport (the race's day in UTC+5:30) with their races, for the tabs. */
  meetings: z.array(raceMeeting),
});
export type RaceCard = z.infer<typeof raceCard>;

export const getRaceCardRequest = z.object({ match_id: idInput });
