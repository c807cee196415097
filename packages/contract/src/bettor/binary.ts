import {
  binaryBoard,
  binaryInstrument,
  getBinaryInstrumentRequest,
  placeBinaryBetRequest,
  placeBinaryBetResult,
} from '../binary.ts';
import { defineEndpoints } from '../endpoint.ts';

/** Binary sessions: the board, an instrument and its bets. */
export const binaryEndpoints = defineEndpoints({
  getBinaryBoard: {
    method: 'GET',
    path: 'binary/getBoard',
    access: 'user',
    summary:
      "Every binary instrument (sport −17) by session group: its hours, state (OPEN / SUSPENDED / CLOSED by the server's clock in India time), last price and change, the line pair while open, the session's close and the next open. Live changes arrive over the WebSocket (`binary` messages).",
    response: binaryBoard,
  },
  getBinaryInstrument: {
    method: 'POST',
    path: 'binary/getInstrument',
    access: 'user',
    summary:
      "One binary instrument: its head (as on the board), the session's ticks for the chart (at most 2000), limits, and the caller's exposure, book by settlement price and bets on the session.",
    request: getBinaryInstrumentRequest,
    response: binaryInstrument,
  },
  placeBinaryBet: {
    method: 'POST',
    path: 'bet/placeBinaryBet',
    access: 'user',
    summary:
      'Yes (closes at or above the line) or No (closes below it) on an instrument\'s session at the quoted line and rate: taken whole at once, or refused outside the hours by the server\'s clock ("Suspended …", "Market closed"), "Line changed" once the line moved, over the limits or the balance. The same request_id twice returns the first bet.',
    request: placeBinaryBetRequest,
    response: placeBinaryBetResult,
  },
});
