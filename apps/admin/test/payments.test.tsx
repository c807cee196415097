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
});

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
      'admin/payment/deposit/approve': { ...row(11, 'DEPOSIT'), status: 'APPROVED' },
      'admin/payment/withdraw/reject': { ...row(12, 'WITHDRAW'), status: 'REJECTED' },
    });
    renderConsole('/payments');
    const table = await screen.findByRole('table', { name: 'Payment requests' });
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
});
