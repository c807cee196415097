import { z } from 'zod';
import {
  addBankAccountRequest,
  bankAccount,
  bankAccounts,
  depositRequest,
  gatewayAck,
  gatewayEvent,
  getPaymentStatementRequest,
  paymentMethods,
  paymentRequestView,
  paymentStatement,
  removeBankAccountRequest,
  withdrawRequest,
} from '../payments.ts';
import { defineEndpoints } from '../endpoint.ts';

/** Deposits and withdrawals, bank accounts, the payment statement and the gateway's webhook. */
export const paymentsEndpoints = defineEndpoints({
  getPaymentMethods: {
    method: 'GET',
    path: 'payment/getPaymentMethods',
    access: 'user',
    summary:
      "Deposit methods (bank transfer, UPI) with the details to pay to, the amount bounds, and the caller's available balance. Spec §6 users only.",
    response: paymentMethods,
  },
  requestDeposit: {
    method: 'POST',
    path: 'payment/deposit',
    access: 'user',
    summary:
      'Ask for a deposit: amount, method and the payment reference (UTR / UPI id) of the money sent. Waits for the operator (or the gateway). A reference already submitted is refused; the same request_id answers the first request.',
    request: depositRequest,
    response: paymentRequestView,
  },
  getBankAccounts: {
    method: 'GET',
    path: 'payment/getBankAccounts',
    access: 'user',
    summary: "The caller's saved bank accounts for withdrawals (account numbers masked).",
    response: bankAccounts,
  },
  addBankAccount: {
    method: 'POST',
    path: 'payment/addBankAccount',
    access: 'user',
    summary: 'Save a bank account (IFSC checked by format, account number typed twice).',
    request: addBankAccountRequest,
    response: bankAccount,
  },
  removeBankAccount: {
    method: 'POST',
    path: 'payment/removeBankAccount',
    access: 'user',
    summary: 'Remove a saved bank account (withdrawals already asked for keep it).',
    request: removeBankAccountRequest,
    response: z.null(),
  },
  requestWithdraw: {
    method: 'POST',
    path: 'payment/withdraw',
    access: 'user',
    summary:
      'Ask for a withdrawal to a saved bank account, at most the available balance: the amount is held at once (a ledger transfer to the pending-withdrawals account) until the operator pays or rejects it. The same request_id answers the first request.',
    request: withdrawRequest,
    response: paymentRequestView,
  },
  getPaymentStatement: {
    method: 'POST',
    path: 'report/getPaymentStatement',
    access: 'user',
    summary:
      "The caller's deposit and withdrawal requests over IST days, newest first: date, type, amount, method, status, reason; paged.",
    request: getPaymentStatementRequest,
    response: paymentStatement,
  },
  paymentWebhook: {
    method: 'POST',
    path: 'payment/webhook',
    access: 'public',
    summary:
      "The payment gateway's signed notice (header x-gateway-signature: t=<unix s>,v1=<hex HMAC-SHA256 of '<t>.<raw body>'>); verified on the raw body, idempotent on the event id, exempt from the CSRF cookie check. 401 on a bad signature.",
    request: gatewayEvent,
    response: gatewayAck,
  },
});
