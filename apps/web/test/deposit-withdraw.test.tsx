import type { PaymentRequestView } from '@backlay/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { checkAmount } from '../src/features/payments/amount.ts';
import { demoUser, json, mockApi, renderApp, resetStore, settings, signIn } from './helpers.tsx';

// These screens load lazily; on a busy box their first import can take longer than the shared 5 s.
configure({ asyncUtilTimeout: 15_000 });

const member = { ...demoUser, is_signup_user: '1' as const, parent_id: 1 };
const gatewayOn = { 'globalSetting/getGlobalSetting': { ...settings, payment_gateway: '1' } };

const METHODS = {
  methods: [
    {
      method_id: 1,
      kind: 'UPI',
      label: 'Backlay UPI',
      details: { upi_id: 'backlay@upi', payee_name: 'Backlay' },
    },
    {
      method_id: 2,
      kind: 'BANK',
      label: 'HDFC Bank',
      details: {
        account_name: 'Backlay Exchange Pvt Ltd',
        account_number: '50200012345678',
        ifsc: 'HDFC0001234',
        bank_name: 'HDFC Bank',
      },
    },
  ],
  min_deposit: 100,
  max_deposit: 1000000,
  min_withdraw: 100,
  max_withdraw: 1000000,
  available: 2000,
};
const ACCOUNT = {
  bank_account_id: 7,
  account_name: 'A Bettor',
  account_number: '••••9012',
  ifsc: 'HDFC0001234',
  bank_name: 'HDFC Bank',
};
const view = (over: Partial<PaymentRequestView> = {}): PaymentRequestView => ({
  payment_id: 11,
  type: 'DEPOSIT',
  amount: 1500,
  method: 'UPI',
  reference: 'UTR998877665',
  status: 'PENDING',
  reason: null,
  created_at: '2026-11-22T20:00:00.000Z',
  decided_at: null,
  ...over,
});
const statement = (rows: PaymentRequestView[]) => ({
  rows,
  page: 1,
  total_pages: rows.length ? 1 : 0,
  total_rows: rows.length,
});

const bodiesOf = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls
    .filter(([url]) => String(url).endsWith(`/api/${path}`))
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)) as Record<string, unknown>);

describe('Deposit / Withdraw (issue 12)', { timeout: 30_000 }, () => {
  beforeEach(() => resetStore());

  it.each([
    ['the gateway is off', { ...member }, {}],
    ['the user is not a sign-up user', { ...member, is_signup_user: '0' as const }, gatewayOn],
    ['the user has no parent', { ...member, parent_id: -1 }, gatewayOn],
  ])('is not offered when %s (spec §6): no header button, the route says so', async (_n, user, api) => {
    signIn(user);
    const fetchMock = mockApi(api);
    renderApp('/setting/d-w');
    expect(await screen.findByRole('heading', { name: 'Deposit / Withdraw' })).toBeInTheDocument();
    expect(screen.getByText(/not available for this account/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'D/W' })).toBeNull();
    expect(bodiesOf(fetchMock, 'payment/getPaymentMethods')).toHaveLength(0);
  });

  it("deposit: the operator's UPI or bank details, the amount and reference checked, then the request waits", async () => {
    signIn(member);
    const fetchMock = mockApi({
      ...gatewayOn,
      'payment/getPaymentMethods': METHODS,
      'report/getPaymentStatement': statement([]),
      'payment/deposit': (body: { amount: number; reference: string }) =>
        body.reference === 'USED123456'
          ? json({ status: false, message: 'This payment reference has already been submitted' })
          : view({ amount: body.amount, reference: body.reference }),
    });
    renderApp('/setting/d-w');
    expect(await screen.findByRole('link', { name: 'D/W' })).toHaveAttribute('href', '/setting/d-w');
    expect(await screen.findByRole('tab', { name: 'Deposit', selected: true })).toBeInTheDocument();
    expect(screen.getByText('backlay@upi')).toBeInTheDocument();
    expect(await screen.findByText('Nothing is waiting for the operator.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByLabelText(/HDFC Bank/));
    expect(screen.getByText('50200012345678')).toBeInTheDocument();
    expect(screen.getByText('HDFC0001234')).toBeInTheDocument();
    expect(screen.queryByText('backlay@upi')).toBeNull();
    expect(screen.getByRole('button', { name: 'Copy Account number' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('1. Amount (₹)'), '50');
    await user.type(screen.getByLabelText(/Payment reference/), 'ab');
    await user.click(screen.getByRole('button', { name: 'Submit deposit request' }));
    expect(screen.getByLabelText('1. Amount (₹)')).toHaveAccessibleDescription(
      expect.stringContaining('The amount must be at least ₹100.00'),
    );
    expect(screen.getByLabelText(/Payment reference/)).toHaveAccessibleDescription(
      expect.stringContaining('Payment reference must be 6 to 40 letters, digits or -'),
    );
    expect(bodiesOf(fetchMock, 'payment/deposit')).toHaveLength(0);

    await user.clear(screen.getByLabelText('1. Amount (₹)'));
    await user.click(screen.getByRole('button', { name: '₹1,000' }));
    await user.clear(screen.getByLabelText(/Payment reference/));
    await user.type(screen.getByLabelText(/Payment reference/), 'USED123456');
    await user.click(screen.getByRole('button', { name: 'Submit deposit request' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This payment reference has already been submitted',
    );

    await user.clear(screen.getByLabelText(/Payment reference/));
    await user.type(screen.getByLabelText(/Payment reference/), 'UTR998877665');
    await user.click(screen.getByRole('button', { name: 'Submit deposit request' }));
    expect(await screen.findByText(/Deposit request of ₹1,000.00 received/)).toHaveTextContent(
      "It waits for the operator's approval",
    );
    const sent = bodiesOf(fetchMock, 'payment/deposit');
    expect(sent.at(-1)).toMatchObject({ amount: 1000, method_id: 2, reference: 'UTR998877665' });
    // A refused request keeps its key (a retry of the same one); a received one gets a new key.
    expect(sent[0]!.request_id).toBe(sent[1]!.request_id);
    expect(String(sent[0]!.request_id)).toMatch(/^dep-[\w-]{8,60}$/);
    expect(screen.getByLabelText('1. Amount (₹)')).toHaveValue('');
  });

  it('withdraw: a bank account added with its IFSC checked, the amount up to what is available, the request held', async () => {
    signIn(member);
    let accounts: (typeof ACCOUNT)[] = [];
    let pending: PaymentRequestView[] = [];
    const fetchMock = mockApi({
      ...gatewayOn,
      'payment/getPaymentMethods': METHODS,
      'payment/getBankAccounts': () => accounts,
      'report/getPaymentStatement': () => statement(pending),
      'payment/addBankAccount': () => ((accounts = [ACCOUNT]), ACCOUNT),
      'payment/withdraw': (body: { amount: number }) => {
        const v = view({
          type: 'WITHDRAW',
          amount: body.amount,
          method: 'HDFC Bank ••••9012',
          reference: null,
        });
        pending = [v];
        return v;
      },
    });
    renderApp('/setting/d-w');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Withdraw' }));
    expect(screen.getByTestId('available')).toHaveTextContent('₹2,000.00');
    // No account yet: the form to add one is open.
    const form = await screen.findByRole('form', { name: 'Add a bank account' });
    await user.type(within(form).getByLabelText('Account holder name'), 'A Bettor');
    await user.type(within(form).getByLabelText('Account number'), '123456789012');
    await user.type(within(form).getByLabelText('Confirm account number'), '123456789013');
    await user.type(within(form).getByLabelText('IFSC'), 'hdfc123456');
    await user.type(within(form).getByLabelText('Bank name'), 'HDFC Bank');
    await user.click(within(form).getByRole('button', { name: 'Save bank account' }));
    expect(within(form).getByLabelText('IFSC')).toHaveValue('HDFC123456');
    expect(within(form).getByLabelText('IFSC')).toHaveAccessibleDescription(
      expect.stringContaining('IFSC must be 11 characters: 4 letters, 0, then 6 letters or digits'),
    );
    expect(within(form).getByLabelText('Confirm account number')).toHaveAccessibleDescription(
      'Account numbers do not match',
    );
    expect(bodiesOf(fetchMock, 'payment/addBankAccount')).toHaveLength(0);
    await user.clear(within(form).getByLabelText('IFSC'));
    await user.type(within(form).getByLabelText('IFSC'), 'hdfc0001234');
    await user.clear(within(form).getByLabelText('Confirm account number'));
    await user.type(within(form).getByLabelText('Confirm account number'), '123456789012');
    await user.click(within(form).getByRole('button', { name: 'Save bank account' }));
    expect(await screen.findByLabelText(/HDFC Bank ••••9012/)).toBeChecked();
    expect(bodiesOf(fetchMock, 'payment/addBankAccount')[0]).toMatchObject({ ifsc: 'HDFC0001234' });

    const amount = screen.getByLabelText('2. Amount (₹)');
    await user.type(amount, '2000.01');
    await user.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    expect(amount).toHaveAccessibleDescription(
      expect.stringContaining('The amount must be at most your available balance of ₹2,000.00'),
    );
    await user.click(screen.getByRole('button', { name: 'Max' }));
    expect(amount).toHaveValue('2000');
    await user.clear(amount);
    await user.type(amount, '1500');
    await user.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    expect(
      await screen.findByText(/Withdrawal request of ₹1,500.00 to HDFC Bank ••••9012 received/),
    ).toBeInTheDocument();
    expect(bodiesOf(fetchMock, 'payment/withdraw')[0]).toMatchObject({ amount: 1500, bank_account_id: 7 });
    // The pending list and the balance are asked for again.
    const list = await screen.findByRole('list', { name: 'Pending requests' });
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent(
      /^Withdrawal₹1,500.00.* · HDFC Bank ••••9012Pending$/,
    );
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.filter(([u]) => String(u).endsWith('/api/user/getUserBalance')).length,
      ).toBeGreaterThan(1),
    );
  });

  it("the server's refusal of a withdrawal is shown; removing an account asks first", async () => {
    signIn(member);
    let accounts = [ACCOUNT];
    const fetchMock = mockApi({
      ...gatewayOn,
      'payment/getPaymentMethods': METHODS,
      'payment/getBankAccounts': () => accounts,
      'report/getPaymentStatement': statement([]),
      'payment/withdraw': json({
        status: false,
        message: 'Withdrawal of ₹1500.00 is more than your available balance of ₹1200.00',
      }),
      'payment/removeBankAccount': () => ((accounts = []), json({ status: true, data: null })),
    });
    renderApp('/setting/d-w');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Withdraw' }));
    await user.type(await screen.findByLabelText('2. Amount (₹)'), '1500');
    await user.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'more than your available balance of ₹1200.00',
    );

    await user.click(screen.getByRole('button', { name: 'Remove bank account ••••9012' }));
    expect(bodiesOf(fetchMock, 'payment/removeBankAccount')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Remove ••••9012' }));
    await waitFor(() =>
      expect(bodiesOf(fetchMock, 'payment/removeBankAccount')).toEqual([{ bank_account_id: 7 }]),
    );
    expect(await screen.findByRole('form', { name: 'Add a bank account' })).toBeInTheDocument();
  });

  it('lists the requests still waiting (of the last 90 IST days)', async () => {
    signIn(member);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T20:00:00.000Z'));
    const fetchMock = mockApi({
      ...gatewayOn,
      'payment/getPaymentMethods': METHODS,
      // The server answers the pending ones only (the call asks for status PENDING).
      'report/getPaymentStatement': statement([view()]),
    });
    renderApp('/setting/d-w');
    const list = await screen.findByRole('list', { name: 'Pending requests' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('Deposit₹1,500.0023/11/2026 01:30:00 · UPIPending');
    expect(bodiesOf(fetchMock, 'report/getPaymentStatement')[0]).toEqual({
      from_date: '2026-08-26',
      to_date: '2026-11-23',
      type: 'all',
      status: 'PENDING',
      page: 1,
    });
  });

  it('a failed load of the methods says why, with Retry', async () => {
    signIn(member);
    mockApi({
      ...gatewayOn,
      'payment/getPaymentMethods': json({ status: false, message: 'Payments are resting' }),
      'report/getPaymentStatement': statement([]),
    });
    renderApp('/setting/d-w');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load deposits and withdrawals: Payments are resting');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('checks amounts as typed', () => {
    expect(checkAmount('1,500.5', 100, 2000)).toEqual({ ok: true, value: 1500.5 });
    expect(checkAmount('', 100, 2000)).toMatchObject({ ok: false, message: 'Enter an amount' });
    expect(checkAmount('10.123', 100, 2000)).toMatchObject({ ok: false });
    expect(checkAmount('-5', 100, 2000)).toMatchObject({ ok: false });
    expect(checkAmount('2000.01', 100, 2000)).toMatchObject({
      ok: false,
      message: 'The amount must be at most ₹2,000.00',
    });
  });
});
