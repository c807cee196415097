// Limits per sport on the user page (issue 41, docs/hierarchy.md "Limits down the tree"): each
// sport's limits and what binds; an account above sets them in a dialog, blank for none.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type Call, mockApi, punterUser, renderConsole, signedIn } from './helpers.tsx';

const agent = {
  ...punterUser,
  user_name: 'agent7',
  role: 'agent',
  share_pct: 20,
  last_login_at: null,
  live_sessions: 0,
};

const row = (max_stake: number | null, effective: number | null) => ({
  sport_id: 4,
  sport_name: 'Cricket',
  max_stake,
  max_exposure: null,
  set_by_name: max_stake === null ? null : 'operator',
  effective_max_stake: effective,
  effective_max_exposure: null,
});

describe('User screen: limits per sport', () => {
  it('shows each sport’s limits and what binds; Set sends the sport, blank for none', async () => {
    signedIn();
    let limits = [row(null, 300)];
    const api = mockApi({
      'admin/user': agent,
      'admin/user/sessions': { sessions: [] },
      'admin/user/limits': () => ({ user_id: 9, limits }),
      'admin/user/limitSet': (c: Call) => {
        const { max_stake } = c.body as { max_stake: number | null };
        limits = [row(max_stake, Math.min(max_stake ?? Infinity, 300))];
        return { user_id: 9, limits };
      },
    });
    renderConsole('/users/9');
    const table = await screen.findByRole('table', { name: 'Limits per sport of agent7' });
    expect(table).toHaveTextContent('₹300.00');
    await userEvent.click(within(table).getByRole('button', { name: 'Set Cricket limits' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cricket limits of agent7' });
    await userEvent.type(within(dialog).getByLabelText('Maximum stake of one bet (₹)'), '12x');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/rupees above 0/);
    expect(api.callsTo('admin/user/limitSet')).toHaveLength(0);
    await userEvent.clear(within(dialog).getByLabelText('Maximum stake of one bet (₹)'));
    await userEvent.type(within(dialog).getByLabelText('Maximum stake of one bet (₹)'), '250.50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('admin/user/limitSet')).toHaveLength(1));
    expect(api.callsTo('admin/user/limitSet')[0]!.body).toMatchObject({
      user_id: 9,
      sport_id: 4,
      max_stake: 250.5,
      max_exposure: null,
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Cricket limits of agent7' })).toBeNull(),
    );
  });
});
