// Issue 31: a deposit is confirmed like a withdrawal, naming the money and the user; a server
// refusal (a 400 naming the field) is shown as a refusal with ₹, not as a failed network call.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi, punterUser, renderConsole, signedIn } from './helpers.tsx';

const user = { ...punterUser, live_sessions: 0 };

async function openDeposit(amount: string) {
  renderConsole('/users/9');
  await userEvent.click(await screen.findByRole('button', { name: 'Deposit' }));
  const dialog = await screen.findByRole('dialog', { name: 'Deposit to punter' });
  await userEvent.type(within(dialog).getByLabelText('Amount (₹)'), amount);
  await userEvent.type(within(dialog).getByLabelText('Reason'), 'Cash at the counter');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Deposit…' }));
}

describe('deposit', () => {
  it('is confirmed first, naming the amount, the user and the balance after', async () => {
    signedIn();
    const api = mockApi({
      'admin/user': user,
      'admin/user/sessions': { sessions: [] },
      'admin/wallet/deposit': { user_id: 9, transfer_id: 1, balance: 1350.5, liability: 0 },
    });
    await openDeposit('1250.50');
    const confirm = await screen.findByRole('dialog', { name: 'Deposit ₹1,250.50 to punter?' });
    expect(confirm).toHaveTextContent('balance ₹100.00 becomes ₹1,350.50');
    expect(api.callsTo('admin/wallet/deposit')).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Deposit ₹1,250.50' }));
    await waitFor(() => expect(api.callsTo('admin/wallet/deposit')).toHaveLength(1));
    expect(api.callsTo('admin/wallet/deposit')[0]!.body).toMatchObject({ user_id: 9, amount: 1250.5 });
  });

  it('a server refusal is shown as a refusal, with ₹', async () => {
    signedIn();
    mockApi({
      'admin/user': user,
      'admin/user/sessions': { sessions: [] },
      'admin/wallet/deposit': () =>
        json({ status: false, message: 'amount: amount must be at most 1000000000' }, 400),
    });
    await openDeposit('10000000000');
    const confirm = await screen.findByRole('dialog', { name: /Deposit ₹.* to punter\?/ });
    await userEvent.click(within(confirm).getByRole('button', { name: /^Deposit ₹/ }));
    expect(
      await within(confirm).findByText(/Refused: the amount must be at most ₹1,00,00,00,000.00/),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Trying again is safe/)).toBeNull();
  });
});
