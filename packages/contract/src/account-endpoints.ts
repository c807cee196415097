import { z } from 'zod';
import { bettorAccountEndpoints } from './bettor-endpoints.ts';
import { adminApiKeyRevokeRequest, adminUserApiKeysRequest, apiKeyView } from './api-keys.ts';
import { defineEndpoints as define } from './endpoint.ts';
import {
  adminMessages,
  adminMessagesRequest,
  adminReferralCreateRequest,
  adminReferralCreateResult,
} from './onboarding.ts';
import {
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
  paymentMethod,
  paymentRequestView,
} from './payments.ts';

/**
 * Sign-up, the second step of a login, Security Auth, deposits and withdrawals, responsible
 * gaming, and their operator calls (issue 12). Part of `endpoints` (endpoints.ts); the public and
 * user entries come first, from bettor-endpoints.ts (the bettor's own table).
 */
export const accountEndpoints = define({
  ...bettorAccountEndpoints,
  adminUserApiKeys: {
    method: 'POST',
    path: 'admin/user/apiKeys',
    access: 'operator',
    summary: "A bettor's API keys (never their secrets), live first, newest first.",
    request: adminUserApiKeysRequest,
    response: z.array(apiKeyView),
  },
  adminApiKeyRevoke: {
    method: 'POST',
    path: 'admin/user/apiKey/revoke',
    access: 'operator',
    summary: "Revoke a bettor's API key: refused at once on every node. Audited.",
    request: adminApiKeyRevokeRequest,
    response: apiKeyView,
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
