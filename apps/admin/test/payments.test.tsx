import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderConsole, signedIn, type Call } from './helpers.tsx';

const row = (id: number, type: 'DEPOSIT' | 'WITHDRAW') => ({
  payment_id: id,
  type,
  amount: 1500,
  method: type === 'DEPOSIT' ? 'UPI' : 'HDFC Bank ••9012',
  reference: type === 'DEPOSIT' ? 'UTR123456' : null,
  status: 'PENDING',
  reason: null,
  created_at: '2026-11-23T10:00:00.000Z',
  decided_at: null,
  user_id: 9,
  user_name: 'punter',
  bank_account:
    type === 'WITHDRAW'
      ? {
          account_name: 'A Punter',
          account_number: '123456789012',
          ifsc: 'HDFC0001234',
          bank_name: 'HDFC Bank',
        }
      : null,
  decided_by: null,
  payout_reference: null,
  settled_amount: null,
  gateway: null,
  attention: null,
});
const noDiscrepancies = { rows: [], page: 1, page_size: 50, total: 0 };

describe('Payments', () => {
  it('lists the waiting requests a page at a time; approving and rejecting are confirmed, a rejection needs its reason', async () => {
    signedIn();
    const api = mockApi({
      'admin/payments': (c: Call) => ({
        rows: [row(11, 'DEPOSIT'), row(12, 'WITHDRAW')],
        page: (c.body as { page: number }).page,
        page_size: 25,
        total: 2,
      }),
      'admin/payment/discrepancies': noDiscrepancies,
      'admin/payment/deposit/approve': { ...row(11, 'DEPOSIT'), status: 'APPROVED' },
      'admin/payment/withdraw/reject': { ...row(12, 'WITHDRAW'), status: 'REJECTED' },
    });
    renderConsole('/payments');
    const table = await screen.findByRole('table', { name: 'Payment requests' });
    // Nothing disagrees: no queue.
    expect(screen.queryByRole('table', { name: 'Needs attention' })).not.toBeInTheDocument();
    expect(api.callsTo('admin/payments')[0]!.body).toMatchObject({ status: 'PENDING', limit: 25, page: 1 });
    expect(table).toHaveTextContent('HDFC0001234');

    const [deposit, withdrawal] = within(table).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement];
    await userEvent.click(within(deposit).getByRole('button', { name: 'Approve…' }));
    const approve = await screen.findByRole('dialog', { name: 'Approve deposit #11?' });
    expect(api.callsTo('admin/payment/deposit/approve')).toHaveLength(0);
    await userEvent.click(within(approve).getByRole('button', { name: 'Credit ₹1,500.00' }));
    await waitFor(() => expect(api.callsTo('admin/payment/deposit/approve')).toHaveLength(1));
    expect(api.callsTo('admin/payment/deposit/approve')[0]!.body).toMatchObject({ payment_id: 11 });

    await userEvent.click(within(withdrawal).getByRole('button', { name: 'Reject…' }));
    const reject = await screen.findByRole('dialog', { name: 'Reject withdrawal #12?' });
    await userEvent.click(within(reject).getByRole('button', { name: 'Reject' }));
    expect(await within(reject).findByText('Say why (the bettor reads it)')).toBeInTheDocument();
    expect(api.callsTo('admin/payment/withdraw/reject')).toHaveLength(0);
    await userEvent.type(
      within(reject).getByLabelText('Reason (the bettor reads it)'),
      'Account name does not match',
    );
    await userEvent.click(within(reject).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(api.callsTo('admin/payment/withdraw/reject')).toHaveLength(1));
    expect(api.callsTo('admin/payment/withdraw/reject')[0]!.body).toMatchObject({
      payment_id: 12,
      reason: 'Account name does not match',
    });

    await userEvent.selectOptions(screen.getByLabelText('Type'), 'WITHDRAW');
    await waitFor(() =>
      expect(api.callsTo('admin/payments').at(-1)!.body).toMatchObject({
        type: 'WITHDRAW',
        status: 'PENDING',
      }),
    );
  });

  it("shows the gateway's outcome beside the decision and queues each disagreement; resolving names the money and sends it; dismissing needs a note", async () => {
    signedIn();
    const discrepancy = (id: number, kind: string, move: number, over: object = {}) => ({
      discrepancy_id: id,
      kind,
      status: 'OPEN',
      payment_id: 20 + id,
      type: 'DEPOSIT',
      user_id: 9,
      user_name: 'punter',
      requested: 50_000,
      payment_status: 'PENDING',
      settled_amount: null,
      decided_by: null,
      decided_at: null,
      gateway: {
        gateway: 'pg',
        event_id: `evt_${id}`,
        type: 'deposit.succeeded',
        amount: 500,
        received_at: '2026-11-23T10:05:00.000Z',
      },
      move,
      note: null,
      resolved_by: null,
      resolved_at: null,
      created_at: '2026-11-23T10:05:00.000Z',
      ...over,
    });
    const queue = [
      discrepancy(1, 'AMOUNT_DIFFERS', 500),
      discrepancy(2, 'FAILED_AFTER_PAID', 800, {
        type: 'WITHDRAW',
        requested: 800,
        payment_status: 'PAID',
        gateway: {
          gateway: 'pg',
          event_id: 'evt_2',
          type: 'payout.failed',
          amount: 800,
          received_at: '2026-11-23T10:06:00.000Z',
        },
      }),
    ];
    const api = mockApi({
      'admin/payments': {
        rows: [
          {
            ...row(21, 'DEPOSIT'),
            amount: 50_000,
            gateway: {
              gateway: 'pg',
              type: 'deposit.succeeded',
              amount: 500,
              reference: 'pg_1',
              reason: null,
              received_at: '2026-11-23T10:05:00.000Z',
            },
            attention: { discrepancy_id: 1, kind: 'AMOUNT_DIFFERS' },
          },
        ],
        page: 1,
        page_size: 25,
        total: 1,
      },
      'admin/payment/discrepancies': { rows: queue, page: 1, page_size: 50, total: 2 },
      'admin/payment/discrepancy/resolve': { ...queue[0], status: 'RESOLVED' },
      'admin/payment/discrepancy/dismiss': { ...queue[1], status: 'DISMISSED', move: null },
    });
    renderConsole('/payments');
    const requests = await screen.findByRole('table', { name: 'Payment requests' });
    const [request] = within(requests).getAllByRole('row').slice(1) as [HTMLElement];
    // The gateway's word beside the decision; no approving a payment the gateway disputes.
    expect(request).toHaveTextContent('SUCCEEDED');
    expect(request).toHaveTextContent('₹500.00');
    expect(request).toHaveTextContent('Needs attention: Amount differs');
    expect(within(request).queryByRole('button', { name: 'Approve…' })).not.toBeInTheDocument();

    const attention = await screen.findByRole('table', { name: 'Needs attention' });
    const [amount, failed] = within(attention).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement];
    expect(amount).toHaveTextContent('Amount differs');
    expect(failed).toHaveTextContent('Failed after paid');
    expect(failed).toHaveTextContent('FAILED');

    await userEvent.click(within(amount).getByRole('button', { name: 'Resolve…' }));
    const confirm = await screen.findByRole('dialog', { name: 'Credit ₹500.00 to punter?' });
    expect(confirm).toHaveTextContent("₹500.00 goes from the house's cash to punter's balance");
    expect(api.callsTo('admin/payment/discrepancy/resolve')).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Credit ₹500.00' }));
    await waitFor(() => expect(api.callsTo('admin/payment/discrepancy/resolve')).toHaveLength(1));
    expect(api.callsTo('admin/payment/discrepancy/resolve')[0]!.body).toMatchObject({
      discrepancy_id: 1,
      move: 500,
      request_id: expect.any(String),
    });

    await userEvent.click(within(failed).getByRole('button', { name: 'Dismiss…' }));
    const dismiss = await screen.findByRole('dialog', { name: "Dismiss payment #22's disagreement?" });
    await userEvent.click(within(dismiss).getByRole('button', { name: 'Dismiss, move nothing' }));
    expect(await within(dismiss).findByText(/Say why nothing moves/)).toBeInTheDocument();
    expect(api.callsTo('admin/payment/discrepancy/dismiss')).toHaveLength(0);
    await userEvent.type(
      within(dismiss).getByLabelText('Why (kept in the audit log)'),
      'Bank shows it credited',
    );
    await userEvent.click(within(dismiss).getByRole('button', { name: 'Dismiss, move nothing' }));
    await waitFor(() => expect(api.callsTo('admin/payment/discrepancy/dismiss')).toHaveLength(1));
    expect(api.callsTo('admin/payment/discrepancy/dismiss')[0]!.body).toMatchObject({
      discrepancy_id: 2,
      note: 'Bank shows it credited',
    });
  });
});
