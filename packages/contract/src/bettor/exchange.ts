import {
  cricketDetail,
  fancyBook,
  getCricketDetailRequest,
  getFancyBookRequest,
  getKindBetsRequest,
  kindBets,
  placeBookmakerBetRequest,
  placeFancyBetRequest,
  placeKindBetResult,
} from '../cricket.ts';
import {
  cancelBetRequest,
  cancelBetResult,
  cancelOrdersRequest,
  cancelOrdersResult,
  cashOutQuote,
  cashOutRequest,
  cashOutResult,
  currentBets,
  getCashOutRequest,
  getCurrentBetsRequest,
  getMatchBetsRequest,
  getMatchDetailRequest,
  getPriceHistoryRequest,
  matchBets,
  matchDetail,
  placeMarketBetRequest,
  placeMarketBetResult,
  placeOrdersRequest,
  placeOrdersResult,
  priceHistory,
} from '../exchange.ts';
import { getRaceCardRequest, raceCard } from '../racing.ts';
import { defineEndpoints } from '../endpoint.ts';

/** A match's markets and bets: detail, race card, bets on match odds, bookmaker and fancy markets, cancelling, cash-out, the caller's bets. */
export const exchangeEndpoints = defineEndpoints({
  getRaceCard: {
    method: 'POST',
    path: 'racing/getRaceCard',
    access: 'user',
    key: 'read',
    summary:
      "A race's card (runners with silks or trap, jockey, trainer, weight, draw, form; non-runners with their reduction factors), its state and places paid, the ids of its WIN and PLACE markets (prices from match/getMatchDetail), its result, and the day's meetings of its sport for the tabs.",
    request: getRaceCardRequest,
    response: raceCard,
  },
  getMatchDetail: {
    method: 'POST',
    path: 'match/getMatchDetail',
    access: 'user',
    key: 'read',
    summary:
      "A match with its markets: runners, three best back and lay levels {price, size} and the caller's position.",
    request: getMatchDetailRequest,
    response: matchDetail,
  },
  placeMarketBet: {
    method: 'POST',
    path: 'bet/placeMarketBet',
    access: 'user',
    key: 'trade',
    summary:
      'Place a back or lay bet (decimal odds, stake in rupees); matches at once as far as the book allows. The same request_id twice returns the first result.',
    request: placeMarketBetRequest,
    response: placeMarketBetResult,
  },
  cancelBet: {
    method: 'POST',
    path: 'bet/cancelBet',
    access: 'user',
    key: 'trade',
    summary:
      "Cancel the unmatched part of one bet ({bet_id}) or of all the caller's bets on a market ({market_id}).",
    request: cancelBetRequest,
    response: cancelBetResult,
  },
  placeOrders: {
    method: 'POST',
    path: 'bet/placeOrders',
    access: 'user',
    key: 'trade',
    summary:
      "Place up to 50 orders on one market in one call, taken into the market's batch together; each is placed or refused on its own (all-or-nothing per order), answered in the request's order. Each request_id places once.",
    request: placeOrdersRequest,
    response: placeOrdersResult,
  },
  cancelOrders: {
    method: 'POST',
    path: 'bet/cancelOrders',
    access: 'user',
    key: 'trade',
    summary:
      "Cancel the unmatched part of up to 50 of the caller's bets on one market in one call; each bet answered on its own.",
    request: cancelOrdersRequest,
    response: cancelOrdersResult,
  },
  getPriceHistory: {
    method: 'POST',
    path: 'market/getPriceHistory',
    access: 'user',
    key: 'read',
    summary:
      "An exchange market's last traded price over time, per runner: the last price and the stake matched in each minute with trades (wider steps for a long market, at most 240 a runner).",
    request: getPriceHistoryRequest,
    response: priceHistory,
  },
  getCashOut: {
    method: 'POST',
    path: 'bet/getCashOut',
    access: 'user',
    key: 'read',
    summary:
      "The cash out of the caller's matched position on an exchange market: the hedge bets at the best prices now and the equal profit (or loss) they lock on every runner, or why none is available.",
    request: getCashOutRequest,
    response: cashOutQuote,
  },
  cashOut: {
    method: 'POST',
    path: 'bet/cashOut',
    access: 'user',
    key: 'trade',
    summary:
      'Place the cash out: every hedge bet matched in full at its price or better, or nothing placed (refused with the quote now in data). Refused when it would lock less than the profit the caller accepted. The same request_id twice returns the first answer.',
    request: cashOutRequest,
    response: cashOutResult,
  },
  getCurrentBets: {
    method: 'POST',
    path: 'bet/getCurrentBets',
    access: 'user',
    key: 'read',
    summary: "The caller's bets: M matched, U unmatched, D cancelled or lapsed; newest first, paged.",
    request: getCurrentBetsRequest,
    response: currentBets,
  },
  getMatchBets: {
    method: 'POST',
    path: 'bet/getMatchBets',
    access: 'user',
    key: 'read',
    summary: "The caller's matched and unmatched bets on one match (game-details screen).",
    request: getMatchBetsRequest,
    response: matchBets,
  },
  getCricketDetail: {
    method: 'POST',
    path: 'match/getCricketDetail',
    access: 'user',
    key: 'read',
    summary:
      "A cricket match's own markets: the scoreboard, bookmaker tables (rates per 100 with the caller's position) and fancy rows (No/Yes lines and rates, the caller's exposure).",
    request: getCricketDetailRequest,
    response: cricketDetail,
  },
  placeBookmakerBet: {
    method: 'POST',
    path: 'bet/placeBookmakerBet',
    access: 'user',
    summary:
      'Back or lay a bookmaker runner at the quoted rate (per 100): taken whole at once or refused ("Rate changed"). The same request_id twice returns the first bet.',
    request: placeBookmakerBetRequest,
    response: placeKindBetResult,
  },
  placeFancyBet: {
    method: 'POST',
    path: 'bet/placeFancyBet',
    access: 'user',
    summary:
      'Yes or No on a fancy at the quoted line and rate: taken whole at once or refused ("Line changed", "Ball running"). The same request_id twice returns the first bet.',
    request: placeFancyBetRequest,
    response: placeKindBetResult,
  },
  getFancyBook: {
    method: 'POST',
    path: 'bet/getFancyBook',
    access: 'user',
    key: 'read',
    summary:
      "The caller's profit or loss on a fancy by result, from (lowest line − 2) to (highest line + 2).",
    request: getFancyBookRequest,
    response: fancyBook,
  },
  getCricketBets: {
    method: 'POST',
    path: 'bet/getCricketBets',
    access: 'user',
    key: 'read',
    summary: "The caller's bookmaker and fancy bets on one match, newest first (at most 200).",
    request: getKindBetsRequest,
    response: kindBets,
  },
});
