import { z } from 'zod';
import { clientRequestId, idInput, isoDateTime } from './common.ts';
import { defineEndpoints } from './endpoint.ts';
import { rupees } from './wallet.ts';

// Fantasy cricket contests (issue 25, docs/fantasy.md): for each upcoming demo cricket match,
// contests with an entry fee, a size, a minimum and a prize table (the entry fees less the rake).
// A bettor picks 11 of the two playing elevens within 100 credits (at most 7 from one side, role
// bands, a captain 2× and a vice-captain 1.5×), may edit the team until the match starts (by the
// server's clock), and joins contests with it. Points come from the feed's balls; the leaderboard
// is live over the WebSocket (`subscribe_fantasy`). Money is rupees on the wire.

export const fantasyRole = z.enum(['WK', 'BAT', 'AR', 'BOWL']);
export type FantasyRoleWire = z.infer<typeof fantasyRole>;

/** OPEN: joinable, teams editable; LIVE: the match started, teams locked; SETTLED: prizes paid; REFUNDED: fees back. */
export const fantasyContestState = z.enum(['OPEN', 'LIVE', 'SETTLED', 'REFUNDED']);

export const fantasyContest = z.object({
  contest_id: z.number().int(),
  match_id: z.number().int(),
  match_name: z.string(),
  /** The match's start: teams lock and joining ends then (the server's clock). */
  starts_at: isoDateTime,
  name: z.string(),
  entry_fee: rupees,
  /** Most entries; the contest takes no more. */
  size: z.number().int(),
  /** Fewer entries than this at the start: every fee is refunded. */
  min_entries: z.number().int(),
  entries: z.number().int(),
  rake_percent: z.number(),
  /** The prize of each paid place if the contest fills (rupees, place 1 first). */
  prizes_if_full: z.array(rupees),
  /** With the entries it has now. */
  prize_pool: rupees,
  state: fantasyContestState,
  /** The caller's entries in it (team ids). */
  my_team_ids: z.array(z.number().int()),
  /** Why this contest was refunded (abandoned, did not fill); null otherwise. */
  refund_reason: z.string().nullable(),
});
export type FantasyContest = z.infer<typeof fantasyContest>;

export const getFantasyContestsRequest = z.object({ match_id: idInput.optional() });
export const fantasyContests = z.object({ contests: z.array(fantasyContest), server_time: z.number().int() });
export type FantasyContests = z.infer<typeof fantasyContests>;

export const fantasyPlayer = z.object({
  player_id: z.number().int(),
  name: z.string(),
  /** 0 or 1: teams[side]. */
  side: z.union([z.literal(0), z.literal(1)]),
  team: z.string(),
  role: fantasyRole,
  /** 7 … 10.5 in halves. */
  credits: z.number(),
  /** Points so far this match (0 before the first ball). */
  points: z.number(),
});
export type FantasyPlayerWire = z.infer<typeof fantasyPlayer>;

export const fantasyTeam = z.object({
  team_id: z.number().int(),
  match_id: z.number().int(),
  name: z.string(),
  player_ids: z.array(z.number().int()),
  captain_id: z.number().int(),
  vice_captain_id: z.number().int(),
  credits_used: z.number(),
  /** With the captain's and vice-captain's multipliers (halves show as .5). */
  points: z.number(),
  /** Locked once the match has started (server's clock). */
  locked: z.boolean(),
});
export type FantasyTeam = z.infer<typeof fantasyTeam>;

export const getFantasyPlayersRequest = z.object({ match_id: idInput });
export const fantasyPlayers = z.object({
  match_id: z.number().int(),
  match_name: z.string(),
  teams: z.tuple([z.string(), z.string()]),
  starts_at: isoDateTime,
  locked: z.boolean(),
  players: z.array(fantasyPlayer),
  /** The caller's teams for this match. */
  my_teams: z.array(fantasyTeam),
  rules: z.object({
    team_size: z.number().int(),
    credits_max: z.number(),
    side_max: z.number().int(),
    roles: z.record(fantasyRole, z.tuple([z.number().int(), z.number().int()])),
  }),
  server_time: z.number().int(),
});
export type FantasyPlayers = z.infer<typeof fantasyPlayers>;

/** Players a request may name: 11, but a longer list is refused with a readable message, not a 400. */
const playerIds = z
  .array(idInput, { error: 'player_ids must be a list of player ids' })
  .max(30, 'player_ids must have at most 30 ids');

export const saveFantasyTeamRequest = z.object({
  match_id: idInput,
  /** Absent: a new team; given: edits that team (until the match starts). */
  team_id: idInput.optional(),
  player_ids: playerIds,
  captain_id: idInput,
  vice_captain_id: idInput,
});
export const saveFantasyTeamResult = z.object({ team: fantasyTeam });

export const joinFantasyContestRequest = z.object({
  contest_id: idInput,
  team_id: idInput,
  request_id: clientRequestId,
});
export const joinFantasyContestResult = z.object({
  entry_id: z.number().int(),
  contest: fantasyContest,
});

export const getFantasyLeaderboardRequest = z.object({ contest_id: idInput });
export const fantasyLeaderRow = z.object({
  entry_id: z.number().int(),
  rank: z.number().int(),
  /** Who entered, as others may see it (the login name, partly hidden for others). */
  user: z.string(),
  team_name: z.string(),
  points: z.number(),
  /** Paid (SETTLED) or what the place would pay now if the contest ended (LIVE); 0 outside the prizes. */
  prize: rupees,
  mine: z.boolean(),
});
export const fantasyLeaderboard = z.object({
  contest: fantasyContest,
  /** Best first, at most 100 rows, then the caller's own rows if they are further down. */
  rows: z.array(fantasyLeaderRow),
  /** The feed's score sequence the points were computed at (grows with each ball). */
  seq: z.number().int(),
});
export type FantasyLeaderboard = z.infer<typeof fantasyLeaderboard>;

export const fantasyMyContest = z.object({
  contest: fantasyContest,
  entry_id: z.number().int(),
  team_id: z.number().int(),
  team_name: z.string(),
  rank: z.number().int().nullable(),
  points: z.number(),
  prize: rupees,
});
export const fantasyMyContests = z.object({ entries: z.array(fantasyMyContest) });
export type FantasyMyContests = z.infer<typeof fantasyMyContests>;

/** The bettor's fantasy calls (merged into bettorEndpoints). */
export const fantasyEndpoints = defineEndpoints({
  getFantasyContests: {
    method: 'POST',
    path: 'fantasy/getContests',
    access: 'user',
    summary:
      "Fantasy contests of the upcoming and live demo cricket matches (one match with match_id): entry fee, size, minimum, entries so far, the prize table, the state and the caller's entries.",
    request: getFantasyContestsRequest,
    response: fantasyContests,
  },
  getFantasyPlayers: {
    method: 'POST',
    path: 'fantasy/getPlayers',
    access: 'user',
    summary:
      "The two playing elevens of a cricket match as fantasy players (role, credits, points so far), the team rules, and the caller's teams for the match.",
    request: getFantasyPlayersRequest,
    response: fantasyPlayers,
  },
  saveFantasyTeam: {
    method: 'POST',
    path: 'fantasy/saveTeam',
    access: 'user',
    summary:
      "Creates a team (no team_id) or edits one until the match starts by the server's clock: 11 players of the two elevens within 100 credits, at most 7 from one side, 1–4 wicket-keepers, 3–6 batters, 1–4 all-rounders, 3–6 bowlers, a captain and a different vice-captain. A refusal names the rule; at most 10 teams per match.",
    request: saveFantasyTeamRequest,
    response: saveFantasyTeamResult,
  },
  joinFantasyContest: {
    method: 'POST',
    path: 'fantasy/joinContest',
    access: 'user',
    summary:
      "Joins an OPEN contest with one of the caller's teams of its match, paying the entry fee from the available balance (a ledger transfer). Refused once the match has started, when full, or for a team already in it. The same request_id twice returns the first entry.",
    request: joinFantasyContestRequest,
    response: joinFantasyContestResult,
  },
  getFantasyLeaderboard: {
    method: 'POST',
    path: 'fantasy/getLeaderboard',
    access: 'user',
    summary:
      "A contest's entries ranked by points (ties share the best place), with the prize each place pays; live changes arrive over the WebSocket (`subscribe_fantasy`).",
    request: getFantasyLeaderboardRequest,
    response: fantasyLeaderboard,
  },
  getFantasyMyContests: {
    method: 'POST',
    path: 'fantasy/getMyContests',
    access: 'user',
    summary:
      "The caller's contest entries, newest first (at most 200): contest, team, rank, points and prize.",
    response: fantasyMyContests,
  },
});
