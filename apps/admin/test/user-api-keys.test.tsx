import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, punterUser, renderConsole, signedIn, type Call } from './helpers.tsx';

// Issue 46: the operator sees a bettor's API keys (never a secret) and revokes one, confirmed.

const user = punterUser;

const key = (id: string, name: string) => ({
  key_id: id,
  name,
  scopes: ['read', 'trade'],
  ip_allow: name === 'bot' ? ['203.0.113.7'] : null,
  expires_at: null,
  created_at: '2026-11-30T10:00:00.000Z',
  last_used_at: '2026-11-30T11:00:00.000Z',
  revoked_at: null as string | null,
});

describe('User screen: API keys', () => {
  it('lists the keys; revoking one is confirmed and sent with the user', async () => {
    signedIn();
    let keys = [key('bk_0123456789abcdef', 'bot'), key('bk_fedcba9876543210', 'sheet')];
    const api = mockApi({
      'admin/user': user,
      'admin/user/sessions': () => ({ sessions: [] }),
      'admin/user/apiKeys': () => keys,
      'admin/user/apiKey/revoke': (c: Call) => {
        const { key_id } = c.body as { key_id: string };
        keys = keys.map((k) => (k.key_id === key_id ? { ...k, revoked_at: '2026-12-01T03:00:00.000Z' } : k));
        return keys.find((k) => k.key_id === key_id);
      },
    });
    renderConsole('/users/9');
    const table = await screen.findByRole('table', { name: 'API keys of punter' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(table).toHaveTextContent('203.0.113.7');
    expect(table).toHaveTextContent('any address');

    await userEvent.click(
      within(table).getByRole('button', { name: 'Revoke API key bot (bk_0123456789abcdef)' }),
    );
    const ask = await screen.findByRole('dialog', { name: 'Revoke the API key “bot” of punter?' });
    expect(api.callsTo('admin/user/apiKey/revoke')).toHaveLength(0);
    await userEvent.click(within(ask).getByRole('button', { name: 'Revoke key' }));
    await waitFor(() => expect(api.callsTo('admin/user/apiKey/revoke')).toHaveLength(1));
    expect(api.callsTo('admin/user/apiKey/revoke')[0]!.body).toMatchObject({
      user_id: 9,
      key_id: 'bk_0123456789abcdef',
    });
    expect(await within(table).findByText(/^Revoked /)).toBeInTheDocument();
    expect(within(table).getAllByRole('button')).toHaveLength(1);
  });
});
