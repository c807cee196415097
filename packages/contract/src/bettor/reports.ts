import {
  accountStatement,
  betHistory,
  getAccountStatementRequest,
  getBetHistoryRequest,
  getProfitLossRequest,
  profitLoss,
} from '../reports.ts';
import { defineEndpoints } from '../endpoint.ts';

/** The caller's reports: account statement, profit and loss, bet history. */
export const reportsEndpoints = defineEndpoints({
  getAccountStatement: {
    method: 'POST',
    path: 'report/getAccountStatement',
    access: 'user',
    key: 'read',
    summary:
      "The caller's statement over IST days: opening balance, then every transfer oldest first with credit, debit and the balance after it; filter all / deposit_withdraw / game; paged.",
    request: getAccountStatementRequest,
    response: accountStatement,
  },
  getProfitLoss: {
    method: 'POST',
    path: 'report/getProfitLoss',
    access: 'user',
    key: 'read',
    summary:
      "The caller's settled profit and loss over IST days, by sport or by market, with commission and net.",
    request: getProfitLossRequest,
    response: profitLoss,
  },
  getBetHistory: {
    method: 'POST',
    path: 'report/getBetHistory',
    access: 'user',
    key: 'read',
    summary:
      "The caller's settled bets with their results and profit or loss: by settlement day or by market; paged.",
    request: getBetHistoryRequest,
    response: betHistory,
  },
});
