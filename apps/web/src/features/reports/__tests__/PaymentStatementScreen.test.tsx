import type { PaymentRequestView } from '@backlay/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { demoUser, json, mockApi, renderApp, settings, signIn } from '../../../../test/helpers.tsx';
import { lastBody, setUp, TODAY, WEEK_AGO } from './fixtures.ts';

// These screens load lazily; on a busy box their first import can take longer than the shared 5 s.
configure({ asyncUtilTimeout: 15_000 });

const PATH = 'report/getPaymentStatement';
const gatewayOn = { 'globalSetting/getGlobalSetting': { ...settings, payment_gateway: '1' } };

const row = (id: number, over: Partial<PaymentRequestView> = {}): PaymentRequestView => ({
  payment_id: id,
  type: 'DEPOSIT',
  amount: 1500,
  method: 'UPI',
  reference: 'UTR998877665',
  status: 'APPROVED',
  reason: null,
  created_at: '2026-11-21T20:15:30.000Z',
  decided_at: '2026-11-21T21:00:00.000Z',
  ...over,
});

const statement = (rows: PaymentRequestView[], over: Record<string, number> = {}) => ({
  rows,
  page: 1,
  total_pages: rows.length ? 1 : 0,
  total_rows: rows.length,
  ...over,
});

const table = () => screen.findByRole('table', { name: 'Payment statement' });

describe('Payment Statement (issue 12)', { timeout: 30_000 }, () => {
  beforeEach(() => {
    setUp();
    signIn({ ...demoUser, is_signup_user: '1', parent_id: 1 });
  });

  it('lists every request of the last 7 IST days: date, type, amount, method, reference, status, reason', async () => {
    const fetchMock = mockApi({
      ...gatewayOn,
      [PATH]: statement([
        row(3, {
          type: 'WITHDRAW',
          amount: 800,
          method: 'HDFC Bank ••••9012',
          reference: null,
          status: 'REJECTED',
          reason: 'Name does not match the account',
        }),
        row(2, {
          type: 'WITHDRAW',
          amount: 500.5,
          method: 'HDFC Bank ••••9012',
          reference: null,
          status: 'PAID',
        }),
        row(1, { status: 'PENDING', decided_at: null }),
      ]),
    });
    renderApp('/report/payment-withdraw');
    expect(await screen.findByRole('heading', { name: /Payment Statement/ })).toBeInTheDocument();
    const t = await table();
    expect(lastBody(fetchMock, PATH)).toEqual({ from_date: WEEK_AGO, to_date: TODAY, type: 'all', page: 1 });
    const cells = within(t)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    // 20:15:30 UTC is 01:45:30 the next day in UTC+5:30.
    expect(cells).toEqual([
      [
        '22/11/2026 01:45:30',
        'Withdrawal',
        '800.00',
        'HDFC Bank ••••9012',
        '—',
        'Rejected',
        'Name does not match the account',
      ],
      ['22/11/2026 01:45:30', 'Withdrawal', '500.50', 'HDFC Bank ••••9012', '—', 'Paid', ''],
      ['22/11/2026 01:45:30', 'Deposit', '1,500.00', 'UPI', 'UTR998877665', 'Pending', ''],
    ]);
    expect(within(t).getByText('Rejected')).toHaveClass('pay-badge--rejected');
    expect(within(t).getByText('1,500.00')).toHaveClass('amount--up');
    expect(within(t).getByText('500.50')).toHaveClass('amount--down');
    expect(screen.getByRole('link', { name: 'Deposit / Withdraw' })).toHaveAttribute('href', '/setting/d-w');
  });

  it('filters by type and pages through, from page 1 on Submit', async () => {
    const fetchMock = mockApi({
      ...gatewayOn,
      [PATH]: (body: { page: number }) =>
        statement(
          Array.from({ length: body.page < 3 ? 25 : 10 }, (_, i) => row(body.page * 100 + i)),
          { page: body.page, total_pages: 3, total_rows: 60 },
        ),
    });
    renderApp('/report/payment-withdraw');
    await table();
    const pager = screen.getByRole('navigation', { name: 'Pages' });
    expect(pager).toHaveTextContent('1–25 of 60');
    await userEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastBody(fetchMock, PATH)).toMatchObject({ page: 2 }));
    await waitFor(() => expect(pager).toHaveTextContent('26–50 of 60'));
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'Withdraw');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(lastBody(fetchMock, PATH)).toMatchObject({ type: 'WITHDRAW', page: 1 }));
  });

  it('says "No records found" for an empty range, and shows a refusal with Retry', async () => {
    let calls = 0;
    mockApi({
      ...gatewayOn,
      [PATH]: () => (++calls === 1 ? json({ status: false, message: 'Reports are resting' }) : statement([])),
    });
    renderApp('/report/payment-withdraw');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the payment statement: Reports are resting');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(within(await table()).getByText('No records found')).toBeInTheDocument();
  });

  it('is not shown to a user spec §6 does not allow, and asks nothing', async () => {
    signIn({ ...demoUser, is_signup_user: '0', parent_id: 1 });
    const fetchMock = mockApi({ ...gatewayOn, [PATH]: statement([]) });
    renderApp('/report/payment-withdraw');
    expect(await screen.findByText(/it has no payment statement/)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith(`/api/${PATH}`))).toBe(false);
  });
});
