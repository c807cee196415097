import {
  casinoLobby,
  casinoRound,
  casinoRoundResult,
  getCasinoLobbyRequest,
  getCasinoResultRequest,
  getCasinoRoundRequest,
  placeCasinoBetRequest,
  placeCasinoBetResult,
} from '../casino.ts';
import { casinoResults, getCasinoResultsRequest } from '../reports.ts';
import { defineEndpoints } from '../endpoint.ts';

/** The in-house casino tables: lobby, rounds, results and bets. */
export const casinoEndpoints = defineEndpoints({
  getCasinoLobby: {
    method: 'POST',
    path: 'casino/getLobby',
    access: 'user',
    summary:
      "A casino series' lobby: its tables, each with its current round (state, time left) and its last 10 results.",
    request: getCasinoLobbyRequest,
    response: casinoLobby,
  },
  getCasinoRound: {
    method: 'POST',
    path: 'casino/getRound',
    access: 'user',
    summary:
      "A casino table's current round (round_id, state, seconds left, options with payouts, server_seed_hash, the cards dealt so far), its limits, the last 10 results and the caller's bets on the round. Live changes arrive over the WebSocket (`casino` messages).",
    request: getCasinoRoundRequest,
    response: casinoRound,
  },
  getCasinoResult: {
    method: 'POST',
    path: 'casino/getCasinoResult',
    access: 'user',
    summary:
      'One round of a casino table: its cards or steps, result, seed hash and (once dealt) the revealed server seed, so anyone can recompute it.',
    request: getCasinoResultRequest,
    response: casinoRoundResult,
  },
  getCasinoResults: {
    method: 'POST',
    path: 'casino/getResults',
    access: 'user',
    summary:
      "A casino table's finished rounds on a day (UTC+5:30), newest first, paged (Casino Result report).",
    request: getCasinoResultsRequest,
    response: casinoResults,
  },
  placeCasinoBet: {
    method: 'POST',
    path: 'bet/placeCasinoBet',
    access: 'user',
    summary:
      "Back an option of a casino table's round at its payout: taken at once, or refused once the window has closed by the server's clock or over the limits. The same request_id twice returns the first bet.",
    request: placeCasinoBetRequest,
    response: placeCasinoBetResult,
  },
});
