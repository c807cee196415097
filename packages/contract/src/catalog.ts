import { z } from 'zod';
import { activeInput, documented, idInput, isoDateTime, textInput, wholeNumberInput } from './common.ts';

// ---- entities (spec §3) ----

export const sport = z.object({
  sport_id: z.number().int(),
  name: z.string(),
  is_active: z.number().int(),
  order: z.number().int(),
});
export type Sport = z.infer<typeof sport>;

export const series = z.object({
  series_id: z.number().int(),
  name: z.string(),
  sport_id: z.number().int(),
});
export type Series = z.infer<typeof series>;

export const marketStatus = z.enum(['OPEN', 'SUSPENDED', 'CLOSED', 'INACTIVE']);
export type MarketStatus = z.infer<typeof marketStatus>;

export const marketSummary = z.object({
  market_id: z.number().int(),
  market_name: z.string(),
  /** For example 'MATCH_ODDS'. */
  market_type: z.string(),
  status: marketStatus,
  in_play: z.boolean(),
  market_start_time: isoDateTime,
});

/** First back/lay price (decimal odds) of a runner of a match's main market (home screen). */
export const mainOdds = z.object({
  selection_id: z.number().int(),
  name: z.string(),
  /** Best price to back at, null when nobody offers one. */
  back: z.number().nullable(),
  /** Best price to lay at, null when nobody offers one. */
  lay: z.number().nullable(),
});
export type MainOdds = z.infer<typeof mainOdds>;

export const match = z.object({
  match_id: z.number().int(),
  match_name: z.string(),
  /** Start time of the match (ISO, UTC). */
  match_Date: isoDateTime,
  /** When the match opened for betting (ISO, UTC). */
  open_date: isoDateTime,
  sport_id: z.number().int(),
  sport_name: z.string(),
  series_id: z.number().int(),
  series_name: z.string(),
  /** Two-letter country code, or null when the event has no country. */
  country: z.string().nullable(),
  /** Venue name for racing events, null otherwise. */
  venue: z.string().nullable(),
  in_play: z.boolean(),
  /**
   * A finished event's result as bettors read it ("India won by 6 wickets"), shown in place of In
   * Play; null or absent while it is not over.
   */
  result: z.string().nullable().optional(),
  markets: z.array(marketSummary),
  /**
   * The runners of the main (match-odds) market with their best prices; empty when it has none.
   * Always sent by getMatches, except to a `brief` call for a main market of more than
   * MAIN_ODDS_LIST_MAX runners.
   */
  main_odds: z.array(mainOdds).optional(),
});
export type Match = z.infer<typeof match>;

export const cup = z.object({
  cup_id: z.number().int(),
  name: z.string(),
  sport_id: z.number().int(),
  series_id: z.number().int().nullable(),
});
export type Cup = z.infer<typeof cup>;

export const casinoSport = z.object({
  /** For example 'matka' or 'worldcasino'. */
  sport_id: z.string(),
  name: z.string(),
  is_active: z.number().int(),
  order: z.number().int(),
  /** 'indian' for the in-house (Our Casino) games, 'world' for live casino and slots. */
  category: z.enum(['indian', 'world']),
});
export type CasinoSport = z.infer<typeof casinoSport>;

// ---- calls ----

export const getSportsRequest = z.object({
  sport_id: idInput.optional(),
  is_active: activeInput.optional(),
});

export const getSeriesRequest = z.object({
  sport_id: idInput,
  is_active: activeInput.optional(),
});

/** The match lists (home, a sport's page) show a main market's odds only up to this many runners. */
export const MAIN_ODDS_LIST_MAX = 3;

export const getMatchesRequest = z.object({
  sport_id: idInput.optional(),
  series_id: idInput.optional(),
  is_active: activeInput.optional(),
  /**
   * 1: the shape a match list shows (the home screen, a sport's page), for a smaller answer: each
   * match's `markets` holds its main market only, and `main_odds` is left out when that market has
   * more than MAIN_ODDS_LIST_MAX runners (a race: the list shows no odds for it). Every other field
   * as without it. Optional; 0 (the full markets and odds) when absent.
   */
  brief: activeInput.optional(),
});

/** 1: header (top navigation), 2: sidebar (all-sports tree with matches). */
export const getSeriesHeaderRequest = z.object({
  is_sidebar_call: documented(
    wholeNumberInput('is_sidebar_call must be 1 or 2').pipe(
      z.number().refine((v) => v === 1 || v === 2, 'is_sidebar_call must be 1 or 2'),
    ),
    { json: { anyOf: [{ enum: [1, 2] }, { type: 'string', pattern: '^\\s*0{0,14}[12]\\s*$' }] } },
  ),
});

export const seriesHeaderMatch = z.object({
  match_id: z.number().int(),
  match_name: z.string(),
  match_Date: isoDateTime,
  in_play: z.boolean(),
});

export const seriesHeaderEntry = z.object({
  sport_id: z.number().int(),
  sport_name: z.string(),
  order: z.number().int(),
  series: z.array(
    z.object({
      series_id: z.number().int(),
      name: z.string(),
      /** Present for the sidebar call (2); absent for the header call (1). */
      matches: z.array(seriesHeaderMatch).optional(),
    }),
  ),
});
export type SeriesHeaderEntry = z.infer<typeof seriesHeaderEntry>;

export const SEARCH_RESULTS_MAX = 50;

export const searchRequest = z.object({
  search: textInput('search'),
});

export const searchGroup = z.object({
  sport_id: z.number().int(),
  sport_name: z.string(),
  matches: z.array(
    z.object({
      match_id: z.number().int(),
      match_name: z.string(),
      match_Date: isoDateTime,
      series_name: z.string(),
    }),
  ),
});
export type SearchGroup = z.infer<typeof searchGroup>;

export const venueListRequest = z.object({
  /** Two-letter country code; empty for every country. */
  country: z
    .string()
    .max(2, 'country must be a two-letter code')
    .regex(/^([A-Za-z]{2})?$/, 'country must be a two-letter code')
    .transform((v) => v.toUpperCase()),
  /** The race day, YYYY-MM-DD, in UTC+5:30. */
  date: z.iso.date({ error: 'date must be a date like 2026-11-21' }),
  sport_id: idInput,
});

export const venueEntry = z.object({
  venue: z.string(),
  country: z.string(),
  races: z.array(
    z.object({
      match_id: z.number().int(),
      match_name: z.string(),
      /** Start time (ISO, UTC). */
      time: isoDateTime,
      country: z.string(),
    }),
  ),
});
export type VenueEntry = z.infer<typeof venueEntry>;
