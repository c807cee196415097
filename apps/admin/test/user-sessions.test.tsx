import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, punterUser, renderConsole, signedIn, type Call } from './helpers.tsx';

const user = punterUser;

const session = (id: number) => ({
  session_id: id,
  created_at: '2026-11-23T10:00:00.000Z',
  expires_at: '2026-11-23T22:00:00.000Z',
  last_seen_at: id === 41 ? null : '2026-11-23T10:05:00.000Z',
  ip: `10.0.0.${id}`,
});

describe('User screen: open sessions', () => {
  it('lists the open sessions; ending one or all is confirmed and sent with the user', async () => {
    signedIn();
    let open = [session(42), session(41)];
    const api = mockApi({
      'admin/user': user,
      'admin/user/sessions': () => ({ sessions: open }),
      'admin/user/sessions/end': (c: Call) => {
        const { session_id } = c.body as { session_id?: number };
        open = session_id === undefined ? [] : open.filter((s) => s.session_id !== session_id);
        return { sessions: open };
      },
    });
    renderConsole('/users/9');
    const table = await screen.findByRole('table', { name: 'Open sessions of punter' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(table).toHaveTextContent('10.0.0.42');
    expect(api.callsTo('admin/user/sessions')[0]!.query.get('user_id')).toBe('9');

    await userEvent.click(within(table).getByRole('button', { name: 'End session 42' }));
    const one = await screen.findByRole('dialog', { name: 'End session 42?' });
    expect(api.callsTo('admin/user/sessions/end')).toHaveLength(0);
    await userEvent.click(within(one).getByRole('button', { name: 'End session' }));
    await waitFor(() => expect(api.callsTo('admin/user/sessions/end')).toHaveLength(1));
    expect(api.callsTo('admin/user/sessions/end')[0]!.body).toMatchObject({ user_id: 9, session_id: 42 });
    await waitFor(() => expect(within(table).queryByText('10.0.0.42')).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'End all sessions' }));
    const all = await screen.findByRole('dialog', { name: 'End every session of punter?' });
    await userEvent.click(within(all).getByRole('button', { name: 'End all sessions' }));
    await waitFor(() => expect(api.callsTo('admin/user/sessions/end')).toHaveLength(2));
    const body = api.callsTo('admin/user/sessions/end')[1]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ user_id: 9 });
    expect(body).not.toHaveProperty('session_id');
    expect(await within(table).findByText('No open session')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'End all sessions' })).toBeDisabled();
  });
});
