import { z } from 'zod';
import { adminRequestId } from './admin.ts';
import {
  documented,
  idInput,
  isoDateTime,
  plainText,
  textInput,
  TEXT_MAX_CHARS,
  TWO_DECIMALS,
} from './common.ts';
import { page, rangeRefinements, REPORT_RANGE, reportDay } from './reports.ts';
import { rupees } from './wallet.ts';

// Deposits and withdrawals (spec §6: for a sign-up user with a valid parent while payment_gateway
// is '1'). Money in rupees with at most 2 decimals on the wire, integer paise in the store.

export const DEPOSIT_MIN_RUPEES = 100;
export const DEPOSIT_MAX_RUPEES = 10_00_000;
export const WITHDRAW_MIN_RUPEES = 100;
export const WITHDRAW_MAX_RUPEES = 10_00_000;

const amount = (what: string) =>
  documented(
    z
      .number({ error: `${what} must be a number of rupees` })
      .positive(`${what} must be more than 0`)
      .max(1_000_000_000, `${what} is too large`)
      .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
        message: `${what} may have at most 2 decimals`,
      }),
    { add: TWO_DECIMALS },
  );

/** A client's idempotency key for a deposit or withdrawal request (a retry sends the same one). */
export const paymentRequestId = z
  .string({ error: 'request_id is required' })
  .regex(/^[A-Za-z0-9_.:-]{8,64}$/, 'request_id must be 8 to 64 letters, digits or - _ . :');

export const paymentMethodKind = z.enum(['BANK', 'UPI']);
export const paymentMethodDetails = z.object({
  account_name: textInput('account_name').optional(),
  account_number: textInput('account_number', { max: 40 }).optional(),
  ifsc: textInput('ifsc', { max: 20 }).optional(),
  bank_name: textInput('bank_name').optional(),
  upi_id: textInput('upi_id', { max: 100 }).optional(),
  payee_name: textInput('payee_name').optional(),
});
export const paymentMethod = z.object({
  method_id: z.number().int(),
  kind: paymentMethodKind,
  label: z.string(),
  details: paymentMethodDetails,
});
export const paymentMethods = z.object({
  methods: z.array(paymentMethod),
  min_deposit: rupees,
  max_deposit: rupees,
  min_withdraw: rupees,
  max_withdraw: rupees,
  /** What the caller may withdraw now: balance − exposure. */
  available: rupees,
});

export const paymentType = z.enum(['DEPOSIT', 'WITHDRAW']);
export const paymentStatus = z.enum(['PENDING', 'APPROVED', 'PAID', 'REJECTED']);

export const paymentRequestView = z.object({
  payment_id: z.number().int(),
  type: paymentType,
  amount: rupees,
  /** 'UPI', 'Bank transfer' (deposit) or the bank account (withdrawal). */
  method: z.string(),
  reference: z.string().nullable(),
  status: paymentStatus,
  reason: z.string().nullable(),
  created_at: isoDateTime,
  decided_at: isoDateTime.nullable(),
});
export type PaymentRequestView = z.infer<typeof paymentRequestView>;

/** A payment reference as people copy it: the bank's UTR / the UPI transaction id. */
export const paymentReference = z
  .string({ error: 'Payment reference is required' })
  .trim()
  .min(1, 'Payment reference is required')
  .regex(/^[A-Za-z0-9-]{6,40}$/, 'Payment reference must be 6 to 40 letters, digits or -');

export const depositRequest = z.object({
  amount: amount('Amount'),
  method_id: idInput,
  reference: paymentReference,
  request_id: paymentRequestId,
});

/** IFSC: four letters (the bank), 0, six letters or digits (the branch). */
export const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;

export const addBankAccountRequest = z
  .object({
    account_name: z
      .string({ error: 'Account holder name is required' })
      .trim()
      .min(2, 'Account holder name is required')
      .max(100, 'Account holder name must be at most 100 characters')
      .check(plainText('Account holder name')),
    account_number: z
      .string({ error: 'Account number is required' })
      .trim()
      .regex(/^\d{9,18}$/, 'Account number must be 9 to 18 digits'),
    confirm_account_number: z
      .string({ error: 'Confirm the account number' })
      .trim()
      .check(plainText('confirm_account_number')),
    ifsc: z
      .string({ error: 'IFSC is required' })
      .trim()
      // Checked before upper-casing (either case is taken), so that the document shows the rule.
      .regex(
        /^[A-Za-z]{4}0[A-Za-z0-9]{6}$/,
        'IFSC must be 11 characters: 4 letters, 0, then 6 letters or digits',
      )
      .transform((s) => s.toUpperCase()),
    bank_name: z
      .string({ error: 'Bank name is required' })
      .trim()
      .min(2, 'Bank name is required')
      .max(100, 'Bank name must be at most 100 characters')
      .check(plainText('Bank name')),
  })
  .superRefine((v, ctx) => {
    if (v.account_number !== v.confirm_account_number)
      ctx.addIssue({
        code: 'custom',
        path: ['confirm_account_number'],
        message: 'Account numbers do not match',
        params: { type: 'matching' },
      });
  });

export const bankAccount = z.object({
  bank_account_id: z.number().int(),
  account_name: z.string(),
  /** Masked: the last four digits. */
  account_number: z.string(),
  ifsc: z.string(),
  bank_name: z.string(),
});
export const bankAccounts = z.array(bankAccount);
export const removeBankAccountRequest = z.object({ bank_account_id: idInput });

export const withdrawRequest = z.object({
  amount: amount('Amount'),
  bank_account_id: idInput,
  request_id: paymentRequestId,
});

export const getPaymentStatementRequest = z
  .object({
    from_date: reportDay,
    to_date: reportDay,
    type: z
      .enum(['all', 'DEPOSIT', 'WITHDRAW'], { error: "type must be 'all', 'DEPOSIT' or 'WITHDRAW'" })
      .default('all'),
    /** Only requests in this state (the Deposit/Withdraw screen asks for PENDING ones). */
    status: z
      .enum(['all', ...paymentStatus.options], {
        error: "status must be 'all', 'PENDING', 'APPROVED', 'PAID' or 'REJECTED'",
      })
      .default('all'),
    page,
  })
  .superRefine(rangeRefinements);
export const PAYMENT_STATEMENT_PAGE_SIZE = 25;
export const paymentStatement = z.object({
  rows: z.array(paymentRequestView),
  page: z.number().int(),
  total_pages: z.number().int(),
  total_rows: z.number().int(),
});

// ---- operator ----

export const adminPaymentsRequest = z.object({
  status: paymentStatus.optional(),
  type: paymentType.optional(),
  user_id: idInput.optional(),
  /** Rows a page. */
  limit: z.number().int().min(1).max(200).default(50),
  page: z
    .number({ error: 'page must be a whole number' })
    .int('page must be a whole number')
    .min(1, 'page must be 1 or more')
    .max(100_000, 'page is out of range')
    .default(1),
});
export const adminPaymentRow = paymentRequestView.extend({
  user_id: z.number().int(),
  user_name: z.string(),
  /** Withdrawal: the full bank account to pay. */
  bank_account: z
    .object({ account_name: z.string(), account_number: z.string(), ifsc: z.string(), bank_name: z.string() })
    .nullable(),
  /** Who decided, and the gateway's or the operator's payout reference. */
  decided_by: z.string().nullable(),
  payout_reference: z.string().nullable(),
  /** What really moved, when a disagreement was settled at the gateway's amount (else null). */
  settled_amount: rupees.nullable(),
  /** The gateway's latest word on this payment, beside the operator's decision (null: none yet). */
  gateway: z
    .object({
      gateway: z.string(),
      type: z.enum(['deposit.succeeded', 'deposit.failed', 'payout.succeeded', 'payout.failed']),
      /** Null on events received before the amount was kept. */
      amount: rupees.nullable(),
      reference: z.string().nullable(),
      reason: z.string().nullable(),
      received_at: isoDateTime,
    })
    .nullable(),
  /** The open disagreement the operator must resolve (Needs attention), if any. */
  attention: z
    .object({
      discrepancy_id: z.number().int(),
      kind: z.enum(['AMOUNT_DIFFERS', 'SUCCEEDED_AFTER_REJECT', 'FAILED_AFTER_PAID']),
    })
    .nullable(),
});
export const adminPayments = z.object({
  rows: z.array(adminPaymentRow),
  /** The page (of `limit` rows) and how many requests match the filters in all. */
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
});

export const adminPaymentDecisionRequest = z.object({
  payment_id: idInput,
  request_id: adminRequestId.optional(),
});
export const adminPaymentRejectRequest = adminPaymentDecisionRequest.extend({
  reason: z
    .string({ error: 'reason is required' })
    .trim()
    .min(3, 'reason must say why (3 characters or more)')
    .max(TEXT_MAX_CHARS, `reason must be at most ${TEXT_MAX_CHARS} characters`)
    .check(plainText('reason', { lines: true })),
});
export const adminWithdrawPayRequest = adminPaymentDecisionRequest.extend({
  payout_reference: textInput('payout_reference', { max: 64 }).optional(),
});

export const adminPaymentMethodSetRequest = z.object({
  /** Omit to add a method. */
  method_id: idInput.optional(),
  kind: paymentMethodKind,
  label: z.string().trim().min(1, 'label is required').max(60).check(plainText('label')),
  details: paymentMethodDetails,
  is_active: z.boolean().default(true),
  request_id: adminRequestId.optional(),
});

/** A gateway's webhook event, once its signature is verified on the raw body. */
export const gatewayEvent = z.object({
  /** The gateway's own event id: a repeat is acknowledged and changes nothing. */
  id: z.string().min(1).max(100).check(plainText('id')),
  type: z.enum(['deposit.succeeded', 'deposit.failed', 'payout.succeeded', 'payout.failed']),
  /** Ours: the payment request the event is about. */
  payment_id: z.number().int().positive(),
  /**
   * Rupees with at most 2 decimals: 200.004 is not ₹200 (rounding it to paise would match a ₹200
   * request). The same test as every other amount (a float's error below a millionth of a paisa
   * is not a decimal), so the document's multipleOf 0.01 and the server agree.
   */
  amount: documented(
    z
      .number({ error: 'amount must be a number of rupees' })
      .positive('amount must be more than 0')
      .max(1_000_000_000, 'amount must be at most 1000000000')
      .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'amount must have at most 2 decimals'),
    { add: TWO_DECIMALS },
  ),
  gateway_reference: textInput('gateway_reference', { max: 100 }).optional(),
  reason: textInput('reason').optional(),
});
export type GatewayEvent = z.infer<typeof gatewayEvent>;
export const gatewayAck = z.object({ received: z.boolean(), duplicate: z.boolean(), outcome: z.string() });

// ---- the gateway's word against the operator's decision (Needs attention) ----

export const discrepancyKind = z.enum(['AMOUNT_DIFFERS', 'SUCCEEDED_AFTER_REJECT', 'FAILED_AFTER_PAID']);
export const discrepancyStatus = z.enum(['OPEN', 'RESOLVED', 'DISMISSED', 'SUPERSEDED']);
export const adminDiscrepanciesRequest = z.object({
  /** OPEN is the queue; the others are its history. */
  status: discrepancyStatus.default('OPEN'),
  page: z
    .number({ error: 'page must be a whole number' })
    .int('page must be a whole number')
    .min(1, 'page must be 1 or more')
    .max(100_000, 'page is out of range')
    .default(1),
});
export const DISCREPANCIES_PAGE_SIZE = 50;
export const adminDiscrepancy = z.object({
  discrepancy_id: z.number().int(),
  kind: discrepancyKind,
  status: discrepancyStatus,
  payment_id: z.number().int(),
  type: paymentType,
  user_id: z.number().int(),
  user_name: z.string(),
  /** What the bettor asked for, and the operator's decision on it now. */
  requested: rupees,
  payment_status: paymentStatus,
  settled_amount: rupees.nullable(),
  decided_by: z.string().nullable(),
  decided_at: isoDateTime.nullable(),
  /** The event that disagrees. */
  gateway: z.object({
    gateway: z.string(),
    event_id: z.string(),
    type: z.enum(['deposit.succeeded', 'deposit.failed', 'payout.succeeded', 'payout.failed']),
    amount: rupees,
    received_at: isoDateTime,
  }),
  /**
   * Open: what resolving moves now, signed to the bettor (+ credited from the house, − taken back
   * to the house; 0: only the record changes). Resolved: what it moved. Null when dismissed.
   */
  move: rupees.nullable(),
  note: z.string().nullable(),
  resolved_by: z.string().nullable(),
  resolved_at: isoDateTime.nullable(),
  created_at: isoDateTime,
});
export const adminDiscrepancies = z.object({
  rows: z.array(adminDiscrepancy),
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
});
export const adminDiscrepancyResolveRequest = z.object({
  discrepancy_id: idInput,
  /**
   * The money the operator confirmed, signed to the bettor as `move` shows it: refused when the
   * payment changed since and resolving would move something else.
   */
  move: z.number({ error: 'move must be a number of rupees' }).min(-1_000_000_000).max(1_000_000_000),
  request_id: adminRequestId,
});
export const adminDiscrepancyDismissRequest = z.object({
  discrepancy_id: idInput,
  note: z
    .string({ error: 'note is required' })
    .trim()
    .min(3, 'note must say why nothing moves (3 characters or more)')
    .max(TEXT_MAX_CHARS, `note must be at most ${TEXT_MAX_CHARS} characters`)
    .check(plainText('note', { lines: true })),
  request_id: adminRequestId,
});

// What the OpenAPI document states beyond zod's JSON Schema (common.ts `documented`).
documented(addBankAccountRequest, {
  cross: [{ rule: 'equal', a: 'account_number', b: 'confirm_account_number', trim: true }],
});
documented(getPaymentStatementRequest, { cross: [REPORT_RANGE] });
