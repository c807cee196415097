import { z } from 'zod';
import { clientRequestId, idInput, isoDateTime, textInput } from './common.ts';
import { rupees } from './wallet.ts';

// The in-house casino tables and virtual games (issue 22, docs/casino.md). Each table is a match of
// sport −1 in a casino series ('ourcasino' = Our Casino, 'virtual' = Our Virtual); it runs rounds on
// a timer: BETTING (the window) → CLOSED → DEALING (steps revealed one by one) → RESULT (settled)
// → the next round. A round interrupted (its scheduler died) is VOID and its bets refunded.
// Payouts are decimal odds (1.98) on the wire, money rupees; stakes are whole paise inside.

export const casinoSeriesId = z.enum(['ourcasino', 'virtual'], {
  error: "series_id must be 'ourcasino' or 'virtual'",
});
export type CasinoSeriesId = z.infer<typeof casinoSeriesId>;

export const casinoRoundState = z.enum(['BETTING', 'CLOSED', 'DEALING', 'RESULT', 'VOID']);
export type CasinoRoundState = z.infer<typeof casinoRoundState>;

export const casinoOption = z.object({
  option_id: z.string(),
  label: z.string(),
  /** Decimal odds: a winning stake returns stake × payout (1.98 returns 198 on 100). */
  payout: z.number(),
});
export type CasinoOptionWire = z.infer<typeof casinoOption>;

/** A settled round as the results strip and the report show it. */
export const casinoResultChip = z.object({
  round_id: z.number().int(),
  /** Short words ("Dragon", "Player B", "Andar", "Void"). */
  summary: z.string(),
  /** The options that won (empty for a void round). */
  winners: z.array(z.string()),
});
export type CasinoResultChip = z.infer<typeof casinoResultChip>;

export const casinoLimits = z.object({
  /** Smallest stake, rupees. */
  min_stake: rupees,
  /** Most one user may stake on one option in one round, rupees. */
  max_per_option: rupees,
  /** Most one user may stake in one round over all options, rupees. */
  max_per_round: rupees,
});
export type CasinoLimits = z.infer<typeof casinoLimits>;

/** The live state of a table's current round (also the body of the WebSocket `casino` message). */
export const casinoRoundHead = z.object({
  match_id: z.number().int(),
  game_id: z.string(),
  table_name: z.string(),
  series_id: casinoSeriesId,
  round_id: z.number().int(),
  state: casinoRoundState,
  /** When the window opened and closes (ISO, UTC); bets are refused from closes_at by the server's clock. */
  opened_at: isoDateTime,
  closes_at: isoDateTime,
  /** Whole seconds until closes_at at the server's clock when this was sent (0 once closed). */
  seconds_left: z.number().int(),
  /** The server's clock (ms since the epoch) when this was sent, so a client corrects its own. */
  server_time: z.number().int(),
  /** Hex SHA-256 of the round's server seed, published before the window opens. */
  server_seed_hash: z.string(),
  options: z.array(casinoOption),
  /**
   * The steps revealed so far, in order: card codes ("TH" = ten of hearts) for the card tables;
   * a virtual game's step codes (docs/casino.md, "Our Virtual").
   */
  dealt: z.array(z.string()),
  /** Set once the round is RESULT or VOID. */
  result: casinoResultChip.nullable(),
});
export type CasinoRoundHead = z.infer<typeof casinoRoundHead>;

export const casinoBet = z.object({
  bet_id: z.number().int(),
  match_id: z.number().int(),
  round_id: z.number().int(),
  option_id: z.string(),
  option_label: z.string(),
  payout: z.number(),
  stake: rupees,
  /** 'MATCHED' while the round runs, then 'SETTLED' or 'VOIDED'. */
  status: z.enum(['MATCHED', 'SETTLED', 'VOIDED']),
  /** Profit (+) or loss (−) once settled, rupees; null before. */
  profit_loss: rupees.nullable(),
  placed_at: isoDateTime,
});
export type CasinoBet = z.infer<typeof casinoBet>;

export const getCasinoRoundRequest = z.object({ match_id: idInput });
export const casinoRound = z.object({
  round: casinoRoundHead,
  limits: casinoLimits,
  /** The last 10 settled or void rounds, newest first. */
  last_results: z.array(casinoResultChip),
  /** The caller's bets on this round. */
  my_bets: z.array(casinoBet),
});
export type CasinoRound = z.infer<typeof casinoRound>;

export const getCasinoLobbyRequest = z.object({ series_id: casinoSeriesId });
export const casinoTableTile = z.object({
  match_id: z.number().int(),
  game_id: z.string(),
  table_name: z.string(),
  /** Null while the table has not run a round yet (no scheduler has started it). */
  round: casinoRoundHead.nullable(),
  /** The last 10 results, newest first. */
  last_results: z.array(casinoResultChip),
});
export const casinoLobby = z.object({
  series_id: casinoSeriesId,
  name: z.string(),
  tables: z.array(casinoTableTile),
});
export type CasinoLobby = z.infer<typeof casinoLobby>;

export const getCasinoResultRequest = z.object({ match_id: idInput, round_id: idInput });
/** A finished round, everything needed to recompute it (docs/casino.md "Provably fair"). */
export const casinoRoundResult = z.object({
  match_id: z.number().int(),
  game_id: z.string(),
  table_name: z.string(),
  round_id: z.number().int(),
  state: casinoRoundState,
  opened_at: isoDateTime,
  /** When it was settled or voided; null while it runs. */
  finished_at: isoDateTime.nullable(),
  server_seed_hash: z.string(),
  /** Revealed once the deal is over; null before (and for a round voided before its deal). */
  server_seed: z.string().nullable(),
  options: z.array(casinoOption),
  dealt: z.array(z.string()),
  result: casinoResultChip.nullable(),
  /** Why a VOID round was voided ("Table restarted: round interrupted"); null otherwise. */
  void_reason: z.string().nullable(),
});
export type CasinoRoundResult = z.infer<typeof casinoRoundResult>;

export const placeCasinoBetRequest = z.object({
  match_id: idInput,
  round_id: idInput,
  option_id: textInput('option_id', { max: 40 }),
  /** The stake in rupees (a Casino button's value, or typed). */
  stack: z.union(
    [
      z.number().positive(),
      z
        .string()
        .trim()
        .regex(/^\d{1,12}(\.\d{1,2})?$/)
        .transform(Number),
    ],
    { error: 'stack must be a positive amount of rupees' },
  ),
  request_id: clientRequestId,
});
export type PlaceCasinoBetRequest = z.input<typeof placeCasinoBetRequest>;
export const placeCasinoBetResult = z.object({ bet: casinoBet });
export type PlaceCasinoBetResult = z.infer<typeof placeCasinoBetResult>;
