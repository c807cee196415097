import { accountEndpoints } from './account-endpoints.ts';
import {
  adminMarketResultRequest,
  adminMarketStatusRequest,
  adminMarketStatusResult,
  adminMatchInPlayRequest,
  adminMatchInPlayResult,
  adminMarketUnsettleRequest,
  adminMarketRemoveRunnerRequest,
  adminMarketVoidRequest,
  adminMarketVoidWindowRequest,
  adminWalletRequest,
  adminWalletResult,
  ledgerCheck,
  settlementSummary,
} from './admin.ts';
import { bettorCoreEndpoints } from './bettor-endpoints.ts';
import { fantasyEndpoints } from './fantasy.ts';
import { consoleEndpoints } from './console-endpoints.ts';
import { providerEndpoints } from './provider-endpoints.ts';
import { raceCard } from './racing.ts';
import {
  adminRaceFinishRequest,
  adminRaceNonRunnerRequest,
  adminRaceOffRequest,
  adminRaceResultRequest,
  adminRaceSurfaceRequest,
  adminRaceVoidRequest,
} from './racing-admin.ts';
import {
  adminBookmakerIncompleteRequest,
  adminBookmakerIncompleteResult,
  adminCricketReduceRequest,
  adminCricketReplacePlayerRequest,
  adminCricketReplacePlayerResult,
  adminCricketScoreResult,
  adminCricketStopRequest,
  adminBookmakerQuoteRequest,
  adminBookmakerStatusRequest,
  adminBookmakerView,
  adminFancyAverageRequest,
  adminFancyAverageSetRequest,
  adminFancyAveragesRequest,
  adminFancyIncompleteRequest,
  adminFancyIncompleteResult,
  adminFancyQuoteRequest,
  adminFancyResultRequest,
  adminFancyStatusRequest,
  adminFancyView,
  adminFancyVoidRequest,
  fancyAveragesTable,
} from './cricket.ts';
import { defineEndpoints as define, type RequestIn, type ResponseIn } from './endpoint.ts';

/**
 * Every call of the API. The server registers a route per entry with these schemas,
 * the client's fetchers use them, and docs/api.md is generated from this table.
 */
export const endpoints = define({
  ...bettorCoreEndpoints,
  ...fantasyEndpoints,
  adminMarketStatus: {
    method: 'POST',
    path: 'admin/market/status',
    access: 'operator',
    summary: 'Open, suspend or close a market (closing lapses every unmatched bet). Audited; idempotent.',
    request: adminMarketStatusRequest,
    response: adminMarketStatusResult,
  },
  adminMatchInPlay: {
    method: 'POST',
    path: 'admin/match/inPlay',
    access: 'operator',
    summary:
      'Start a match now: its match-odds markets go in play (unmatched bets lapse as at the off; each keeps its own bet delay) and the cricket feed starts bowling. Audited; idempotent.',
    request: adminMatchInPlayRequest,
    response: adminMatchInPlayResult,
  },
  adminMarketResult: {
    method: 'POST',
    path: 'admin/market/result',
    access: 'operator',
    summary:
      'Declare the winners (dead_heat_count for a dead heat; a place market lists every placed runner, dead_heats for a dead heat for the last places) and settle the market: every matched bet wins or loses, commission on net winnings, ledger transfers. Refused when already settled.',
    request: adminMarketResultRequest,
    response: settlementSummary,
  },
  adminMarketVoid: {
    method: 'POST',
    path: 'admin/market/void',
    access: 'operator',
    summary:
      "Void a whole market, or one runner's bets (selection_id). A settled market is settled again with the void applied.",
    request: adminMarketVoidRequest,
    response: settlementSummary,
  },
  adminMarketRemoveRunner: {
    method: 'POST',
    path: 'admin/market/removeRunner',
    access: 'operator',
    summary:
      "Remove a runner (a horse racing non-runner) with its reduction factor (percent): its bets are void, bets on the other runners matched before it have their prices reduced (win: at 2.5 % or more; place: always; never below 1.01), unmatched lays on them are cancelled at 2.5 % (win) or 4.0 % (place), the market's version moves. Audited.",
    request: adminMarketRemoveRunnerRequest,
    response: settlementSummary,
  },
  adminMarketVoidWindow: {
    method: 'POST',
    path: 'admin/market/voidWindow',
    access: 'operator',
    summary:
      'Void the bets placed between from and to (the "wrong rate" rule). A settled market is settled again with the void applied.',
    request: adminMarketVoidWindowRequest,
    response: settlementSummary,
  },
  adminMarketUnsettle: {
    method: 'POST',
    path: 'admin/market/unsettle',
    access: 'operator',
    summary: "Undo a market's settlement with reversing transfers so it can be settled again.",
    request: adminMarketUnsettleRequest,
    response: settlementSummary,
  },
  adminWalletDeposit: {
    method: 'POST',
    path: 'admin/wallet/deposit',
    access: 'operator',
    summary: "Credit a user's cash from the house (rupees). Idempotent on request_id.",
    request: adminWalletRequest,
    response: adminWalletResult,
  },
  adminWalletWithdraw: {
    method: 'POST',
    path: 'admin/wallet/withdraw',
    access: 'operator',
    summary:
      "Pay out from a user's cash to the house, at most their available balance (balance − exposure). Idempotent on request_id.",
    request: adminWalletRequest,
    response: adminWalletResult,
  },
  adminBookmakerQuote: {
    method: 'POST',
    path: 'admin/bookmaker/quote',
    access: 'operator',
    summary:
      "Quote a bookmaker market's back and lay rates per runner (per 100; null takes a side off). Audited; idempotent.",
    request: adminBookmakerQuoteRequest,
    response: adminBookmakerView,
  },
  adminBookmakerStatus: {
    method: 'POST',
    path: 'admin/bookmaker/status',
    access: 'operator',
    summary: 'Set a bookmaker market ACTIVE, BALL_RUNNING, SUSPENDED or CLOSED. Audited; idempotent.',
    request: adminBookmakerStatusRequest,
    response: adminBookmakerView,
  },
  adminFancyQuote: {
    method: 'POST',
    path: 'admin/fancy/quote',
    access: 'operator',
    summary: "Quote a fancy's No and Yes lines and rates. Audited; idempotent.",
    request: adminFancyQuoteRequest,
    response: adminFancyView,
  },
  adminFancyStatus: {
    method: 'POST',
    path: 'admin/fancy/status',
    access: 'operator',
    summary:
      'Set a fancy ACTIVE, BALL_RUNNING, SUSPENDED, CLOSED or REMOVED (removing it voids its bets). Audited; idempotent.',
    request: adminFancyStatusRequest,
    response: adminFancyView,
  },
  adminFancyResult: {
    method: 'POST',
    path: 'admin/fancy/result',
    access: 'operator',
    summary:
      "Declare a fancy's result and settle it (Yes wins when result ≥ line, No when result < line; a FANCY1 dead heat settles on rate / dead_heat_count). Refused when already settled.",
    request: adminFancyResultRequest,
    response: settlementSummary,
  },
  adminFancyVoid: {
    method: 'POST',
    path: 'admin/fancy/void',
    access: 'operator',
    summary: 'Void a fancy: every stake is returned. A settled fancy is settled again as void.',
    request: adminFancyVoidRequest,
    response: settlementSummary,
  },
  adminFancyAverage: {
    method: 'POST',
    path: 'admin/fancy/average',
    access: 'operator',
    summary:
      "Settle a fancy on its competition's average (abandoned or reduced match; the operator's table overrides the defaults), a Meter on its midpoint; void where the rules give no average.",
    request: adminFancyAverageRequest,
    response: settlementSummary,
  },
  adminFancyAverages: {
    method: 'POST',
    path: 'admin/fancy/averages',
    access: 'operator',
    summary:
      "The fancy averages table: per competition and event the spec's default, the operator's override and the value an average settlement uses. Audited.",
    request: adminFancyAveragesRequest,
    response: fancyAveragesTable,
  },
  adminFancyAverageSet: {
    method: 'POST',
    path: 'admin/fancy/averages/set',
    access: 'operator',
    summary:
      "Override one competition's average for an event (null: back to the default); answers that competition's rows. Audited; idempotent.",
    request: adminFancyAverageSetRequest,
    response: fancyAveragesTable,
  },
  adminFancyIncomplete: {
    method: 'POST',
    path: 'admin/fancy/incomplete',
    access: 'operator',
    summary:
      "Declare a match incomplete with the overs bowled: every unsettled fancy of it is settled by the rules text (Test minimum overs 300/70/25/80, Khado 70 overs, Meter midpoint, the competition's averages) or voided. Refused, changing nothing, when a fancy that stands has no result given. Audited; idempotent.",
    request: adminFancyIncompleteRequest,
    response: adminFancyIncompleteResult,
  },
  adminBookmakerIncomplete: {
    method: 'POST',
    path: 'admin/bookmaker/incomplete',
    access: 'operator',
    summary:
      'Settle a match-winner bookmaker market of an unfinished match on the 25-over (ODI) / 10-over (T20) comparison: more runs at the mark wins, equal runs a dead heat, no comparison (a Test, or an innings short of the mark) void. Scores given or read from the stored scoreboard. Audited; refused when already settled.',
    request: adminBookmakerIncompleteRequest,
    response: adminBookmakerIncompleteResult,
  },
  adminCricketStop: {
    method: 'POST',
    path: 'admin/cricket/stop',
    access: 'operator',
    summary:
      'Stop a cricket match for good (RAIN, BAD_LIGHT, ABANDONED): the innings in progress ends there, the match is complete with no result, and the feed stops bowling it and settles its fancies and bookmaker by the incomplete rules (averages, Meter midpoint, the 10/25-over comparison). Refused on a complete match. Audited.',
    request: adminCricketStopRequest,
    response: adminCricketScoreResult,
  },
  adminCricketReduce: {
    method: 'POST',
    path: 'admin/cricket/reduce',
    access: 'operator',
    summary:
      "Reduce a cricket match's overs (rain): the innings in progress (the chase too, when it is the first) or, at the break, the chase now lasts `overs`; the chase's target is revised (`target`, else the first innings' run rate over the chase's overs). Sessions past the new limit settle by the incomplete rules. Refused while a ball is running, on a match not started or complete, or overs that cut nothing. Audited.",
    request: adminCricketReduceRequest,
    response: adminCricketScoreResult,
  },
  adminCricketReplacePlayer: {
    method: 'POST',
    path: 'admin/cricket/replacePlayer',
    access: 'operator',
    summary:
      "Drop a player from a match's playing eleven before its first ball and bring in another of the same squad: the dropped player's fancies (Top batsman, runs) are removed and their bets void; the replacement gets a Top batsman row. Refused once the match has started, for a player not in the eleven, a replacement from another squad or already in it, or a keeper replaced by a non-keeper. Audited.",
    request: adminCricketReplacePlayerRequest,
    response: adminCricketReplacePlayerResult,
  },
  adminRaceNonRunner: {
    method: 'POST',
    path: 'admin/racing/nonRunner',
    access: 'operator',
    summary:
      "Withdraw a runner with its reduction factors: its bets void in the WIN and PLACE markets, matched bets on the others placed before are reduced (win at 2.5 % or more, place always, never below 1.01), unmatched lays cancelled at the thresholds, the markets' versions move. Audited; repeating it changes nothing.",
    request: adminRaceNonRunnerRequest,
    response: raceCard,
  },
  adminRaceOff: {
    method: 'POST',
    path: 'admin/racing/off',
    access: 'operator',
    summary:
      "The race is off: its markets go in play with the sport's bet delay (unmatched bets lapse unless kept). Audited; idempotent.",
    request: adminRaceOffRequest,
    response: raceCard,
  },
  adminRaceFinish: {
    method: 'POST',
    path: 'admin/racing/finish',
    access: 'operator',
    summary:
      'The race is past the post: its markets are suspended until the weigh-in result. Audited; idempotent.',
    request: adminRaceFinishRequest,
    response: raceCard,
  },
  adminRaceResult: {
    method: 'POST',
    path: 'admin/racing/result',
    access: 'operator',
    summary:
      'The weighed-in result, best first (a placing with several numbers is a dead heat): settles the WIN market on the winner and the PLACE market on every placed runner, dead heats by DOMAIN.md. A later change is ignored: a resulted race answers its result. Audited.',
    request: adminRaceResultRequest,
    response: raceCard,
  },
  adminRaceVoid: {
    method: 'POST',
    path: 'admin/racing/void',
    access: 'operator',
    summary:
      'Void the race (abandoned, a walkover, moved to another venue, not run on the day): every bet of its markets void. Audited; idempotent.',
    request: adminRaceVoidRequest,
    response: raceCard,
  },
  adminRaceSurface: {
    method: 'POST',
    path: 'admin/racing/surface',
    access: 'operator',
    summary: 'Record a surface change (e.g. turf to all weather): bets stand. Audited.',
    request: adminRaceSurfaceRequest,
    response: raceCard,
  },
  adminLedgerCheck: {
    method: 'GET',
    path: 'admin/ledger/check',
    access: 'operator',
    summary:
      'The invariant check: transfers sum to zero, every balance equals its transfers, every stored exposure equals a recomputation from open bets, no available balance below zero, no bet or fill naming a user, market, runner or bet that is not there or not its own.',
    response: ledgerCheck,
  },
  ...consoleEndpoints,
  ...accountEndpoints,
  ...providerEndpoints,
});

export type EndpointName = keyof typeof endpoints;
export type RequestOf<N extends EndpointName> = RequestIn<typeof endpoints, N>;
export type ResponseOf<N extends EndpointName> = ResponseIn<typeof endpoints, N>;
