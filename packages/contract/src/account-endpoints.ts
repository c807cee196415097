import { z } from 'zod';
import { userInfo } from './auth.ts';
import {
  adminMessages,
  adminMessagesRequest,
  adminReferralCreateRequest,
  adminReferralCreateResult,
  loginTwoFactorRequest,
  resendOtpRequest,
  secondStepChallenge,
  signUpRequest,
  checkReferralCodeRequest,
  referralCodeCheck,
  visitorCountry,
  twoFactorDisableRequest,
  twoFactorEnableRequest,
  twoFactorEnableResult,
  twoFactorSetup,
  twoFactorStatus,
  verifyOtpRequest,
} from './onboarding.ts';
import {
  addBankAccountRequest,
  adminDiscrepancies,
  adminDiscrepanciesRequest,
  adminDiscrepancy,
  adminDiscrepancyDismissRequest,
  adminDiscrepancyResolveRequest,
  adminPaymentDecisionRequest,
  adminPaymentMethodSetRequest,
  adminPaymentRejectRequest,
  adminPayments,
  adminPaymentsRequest,
  adminWithdrawPayRequest,
  bankAccount,
  bankAccounts,
  depositRequest,
  gatewayAck,
  gatewayEvent,
  getPaymentStatementRequest,
  paymentMethod,
  paymentMethods,
  paymentRequestView,
  paymentStatement,
  removeBankAccountRequest,
  withdrawRequest,
} from './payments.ts';
import {
  excludeRequest,
  excludeResult,
  responsibleGaming,
  setLimitRequest,
  setRealityCheckRequest,
} from './responsible.ts';

type Entry = {
  method: 'GET' | 'POST';
  path: string;
  access: 'public' | 'user' | 'operator';
  summary: string;
  request?: z.ZodType;
  response: z.ZodType;
};
const define = <const T extends Record<string, Entry>>(entries: T) => entries;

/**
 * Sign-up, the second step of a login, Security Auth, deposits and withdrawals, responsible
 * gaming, and their operator calls (issue 12). Part of `endpoints` (endpoints.ts).
 */
export const accountEndpoints = define({
  getVisitorCountry: {
    method: 'GET',
    path: 'user/getVisitorCountry',
    access: 'public',
    summary:
      "The country the sign-up's dial code starts on: the caller's address looked up in an offline GeoIP database on the server (no key in the browser, no outside call), else the operator's default country.",
    response: visitorCountry,
  },
  checkReferralCode: {
    method: 'POST',
    path: 'user/checkReferralCode',
    access: 'public',
    summary:
      "Whether the sign-up route's third segment is a referral code that opens an account (valid true/false), so the sign-up screen can say at once that an invitation is not valid. Limited per IP like sign-up.",
    request: checkReferralCodeRequest,
    response: referralCodeCheck,
  },
  signUp: {
    method: 'POST',
    path: 'user/signUp',
    access: 'public',
    summary:
      "Open an account under the parent whose referral code is given (the sign-up route's third segment) and send a 6-digit code to the mobile number; answers the OTP challenge. Per-number and per-IP send limits.",
    request: signUpRequest,
    response: secondStepChallenge,
  },
  verifyOtp: {
    method: 'POST',
    path: 'user/verifyOtp',
    access: 'public',
    summary:
      'Second step of a sign-up (or of a login before the number was verified): the code sent to the mobile. Right: the user becomes a sign-up user (is_signup_user "1") and is signed in. Codes expire after 5 minutes and die after 5 wrong tries.',
    request: verifyOtpRequest,
    response: userInfo,
  },
  resendOtp: {
    method: 'POST',
    path: 'user/resendOtp',
    access: 'public',
    summary: 'Send a new code for an OTP challenge (the previous one stops working); 30 s apart at least.',
    request: resendOtpRequest,
    response: secondStepChallenge,
  },
  loginTwoFactor: {
    method: 'POST',
    path: 'user/loginTwoFactor',
    access: 'public',
    summary:
      'Second step of a login with Security Auth on: the authenticator code (±1 step of 30 s) or a recovery code. Signs in.',
    request: loginTwoFactorRequest,
    response: userInfo,
  },
  twoFactorStatus: {
    method: 'GET',
    path: 'user/twoFactor/status',
    access: 'user',
    summary: 'Whether Security Auth (TOTP) is on, since when, and how many recovery codes are left.',
    response: twoFactorStatus,
  },
  twoFactorSetup: {
    method: 'POST',
    path: 'user/twoFactor/setup',
    access: 'user',
    summary:
      'Start turning Security Auth on: a new secret with its otpauth URL and QR code (SVG). Nothing changes until a code confirms it.',
    response: twoFactorSetup,
  },
  twoFactorEnable: {
    method: 'POST',
    path: 'user/twoFactor/enable',
    access: 'user',
    summary:
      "Confirm the new secret with a code from the app: Security Auth is on, and the account's other sessions end (the caller's stays); answers 10 recovery codes, shown once.",
    request: twoFactorEnableRequest,
    response: twoFactorEnableResult,
  },
  twoFactorDisable: {
    method: 'POST',
    path: 'user/twoFactor/disable',
    access: 'user',
    summary:
      "Turn Security Auth off with the account's password and a current code (or a recovery code). A wrong password or code counts towards the account's lock (10 wrong codes in 15 minutes lock it for 15 minutes).",
    request: twoFactorDisableRequest,
    response: z.null(),
  },
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
  getResponsibleGaming: {
    method: 'GET',
    path: 'user/responsibleGaming',
    access: 'user',
    summary:
      "The caller's deposit and loss limits (in force, used, pending raises), reality-check interval, and the session's start and net result.",
    response: responsibleGaming,
  },
  setResponsibleLimit: {
    method: 'POST',
    path: 'user/responsibleGaming/limit',
    access: 'user',
    summary:
      'Set a deposit or loss limit for a day, week or month (null removes it): lowering counts at once, raising or removing after 24 hours.',
    request: setLimitRequest,
    response: responsibleGaming,
  },
  setRealityCheck: {
    method: 'POST',
    path: 'user/responsibleGaming/realityCheck',
    access: 'user',
    summary: 'Reality-check reminder every N minutes of a session (0 = off).',
    request: setRealityCheckRequest,
    response: responsibleGaming,
  },
  selfExclude: {
    method: 'POST',
    path: 'user/responsibleGaming/exclude',
    access: 'user',
    summary:
      'Time-out (24 h, 7 or 30 days) or self-exclusion (6 months, 1 or 5 years), confirmed with the password: every session ends and login is refused until then; open bets stand. Cannot be shortened.',
    request: excludeRequest,
    response: excludeResult,
  },
  adminMessages: {
    method: 'POST',
    path: 'admin/messages',
    access: 'operator',
    summary:
      "Recent messages of the outbox (newest first): the built-in sender's SMS as sent, so a demo reads its codes here.",
    request: adminMessagesRequest,
    response: adminMessages,
  },
  adminReferralCreate: {
    method: 'POST',
    path: 'admin/referral/create',
    access: 'operator',
    summary: 'Give an account a referral code: sign-ups with it get that account as parent. Audited.',
    request: adminReferralCreateRequest,
    response: adminReferralCreateResult,
  },
  adminPayments: {
    method: 'POST',
    path: 'admin/payments',
    access: 'operator',
    summary:
      'Deposit and withdrawal requests, newest first, by status, type or user; paged (limit rows a page).',
    request: adminPaymentsRequest,
    response: adminPayments,
  },
  adminDepositApprove: {
    method: 'POST',
    path: 'admin/payment/deposit/approve',
    access: 'operator',
    summary:
      "Approve a pending deposit: a ledger transfer from the house to the user's cash. Audited; idempotent.",
    request: adminPaymentDecisionRequest,
    response: paymentRequestView,
  },
  adminDepositReject: {
    method: 'POST',
    path: 'admin/payment/deposit/reject',
    access: 'operator',
    summary: 'Reject a pending deposit with a reason the user sees. Audited.',
    request: adminPaymentRejectRequest,
    response: paymentRequestView,
  },
  adminWithdrawPay: {
    method: 'POST',
    path: 'admin/payment/withdraw/pay',
    access: 'operator',
    summary:
      'Mark a pending withdrawal paid: its held amount leaves the pending-withdrawals account for the house cash. Audited; idempotent.',
    request: adminWithdrawPayRequest,
    response: paymentRequestView,
  },
  adminWithdrawReject: {
    method: 'POST',
    path: 'admin/payment/withdraw/reject',
    access: 'operator',
    summary:
      "Reject a pending withdrawal with a reason: the held amount goes back to the user's cash. Audited.",
    request: adminPaymentRejectRequest,
    response: paymentRequestView,
  },
  adminPaymentDiscrepancies: {
    method: 'POST',
    path: 'admin/payment/discrepancies',
    access: 'operator',
    summary:
      "Needs attention: payments where the gateway's word disagrees with the decision (amount differs, succeeded after reject, failed after paid), oldest first, with the money resolving would move; paged.",
    request: adminDiscrepanciesRequest,
    response: adminDiscrepancies,
  },
  adminPaymentDiscrepancyResolve: {
    method: 'POST',
    path: 'admin/payment/discrepancy/resolve',
    access: 'operator',
    summary:
      "Make the payment follow the gateway: a ledger transfer between the house and the bettor of the difference (move, signed to the bettor, must be what the queue showed), the payment's state and amount set to the gateway's. Audited; idempotent on request_id.",
    request: adminDiscrepancyResolveRequest,
    response: adminDiscrepancy,
  },
  adminPaymentDiscrepancyDismiss: {
    method: 'POST',
    path: 'admin/payment/discrepancy/dismiss',
    access: 'operator',
    summary:
      'Close a disagreement without moving money (the gateway was wrong), with a note saying why. Audited; idempotent on request_id.',
    request: adminDiscrepancyDismissRequest,
    response: adminDiscrepancy,
  },
  adminPaymentMethodSet: {
    method: 'POST',
    path: 'admin/payment/method',
    access: 'operator',
    summary: 'Add or change a deposit method (bank transfer or UPI details shown to bettors). Audited.',
    request: adminPaymentMethodSetRequest,
    response: paymentMethod,
  },
});
