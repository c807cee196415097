import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { addressLines, endOfIstDay } from '../src/features/api-keys/ApiKeysScreen.tsx';
import { json, mockApi, renderApp, resetStore, signIn } from './helpers.tsx';

// The page loads lazily; on a busy box its first import can take longer than the shared 5 s.
configure({ asyncUtilTimeout: 15_000 });

const KEY = {
  key_id: 'bk_0123456789abcdef',
  name: 'my bot',
  scopes: ['read', 'trade'] as ('read' | 'trade')[],
  ip_allow: ['203.0.113.7'],
  expires_at: null,
  created_at: '2026-11-30T10:00:00.000Z',
  last_used_at: null,
  revoked_at: null as string | null,
};
const SECRET = 'Q2hhbmdlIG1lIHRvIGEgcmVhbCBzZWNyZXQgcGxlYXNlX';

const bodiesOf = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls
    .filter(([url]) => String(url).endsWith(`/api/${path}`))
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)) as Record<string, unknown>);

describe('API keys page (issue 46)', { timeout: 30_000 }, () => {
  beforeEach(() => {
    resetStore();
    signIn();
  });

  it('makes a key: the fields checked, the secret shown once as the header, the list refreshed', async () => {
    let keys: (typeof KEY)[] = [];
    const fetchMock = mockApi({
      'user/apiKey/list': () => keys,
      'user/apiKey/create': (body: { name: string }) => {
        if (body.name === 'taken')
          return json({
            status: false,
            message: 'You have 10 live API keys, the most allowed: revoke one first',
          });
        keys = [{ ...KEY, name: body.name }];
        return { ...keys[0], secret: SECRET };
      },
    });
    renderApp('/setting/api-keys');
    expect(await screen.findByRole('heading', { name: 'API keys', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('You have no API keys.')).toBeInTheDocument();
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');

    // No name: refused here, nothing sent.
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Give the key a name.');
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    // No scope: refused here too.
    await user.type(screen.getByLabelText('Name'), 'taken');
    await user.click(screen.getByRole('checkbox', { name: /^Read/ }));
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose read, trade or both.');
    expect(bodiesOf(fetchMock, 'user/apiKey/create')).toEqual([]);
    // The server's refusal, in its words.
    await user.click(screen.getByRole('checkbox', { name: /^Read/ }));
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You have 10 live API keys');

    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'my bot');
    await user.click(screen.getByRole('checkbox', { name: /^Trade/ }));
    await user.type(screen.getByLabelText('Allowed addresses (optional)'), '203.0.113.7{enter}{enter}');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    const secret = await screen.findByRole('region', { name: 'Your new key: my bot' });
    const header = `Authorization: Key ${KEY.key_id}:${SECRET}`;
    expect(within(secret).getByText(header)).toBeInTheDocument();
    expect(bodiesOf(fetchMock, 'user/apiKey/create').at(-1)).toEqual({
      name: 'my bot',
      scopes: ['read', 'trade'],
      ip_allow: ['203.0.113.7'],
    });
    await user.click(within(secret).getByRole('button', { name: 'Copy Authorization header' }));
    expect(writeText).toHaveBeenCalledWith(header);
    // The list shows the key, never its secret.
    const card = await screen.findByRole('listitem', { name: 'my bot' });
    expect(within(card).getByText(KEY.key_id)).toBeInTheDocument();
    expect(within(card).getByText('read, trade')).toBeInTheDocument();
    expect(within(card).getByText('203.0.113.7')).toBeInTheDocument();
    expect(within(card).getByText('never')).toBeInTheDocument();
    await user.click(within(secret).getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByText(header)).toBeNull());
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it('revokes after a confirmation; a revoked key says so and has no button', async () => {
    let keys = [KEY];
    const fetchMock = mockApi({
      'user/apiKey/list': () => keys,
      'user/apiKey/revoke': () => {
        keys = [{ ...KEY, revoked_at: '2026-12-01T03:00:00.000Z' }];
        return keys[0];
      },
    });
    renderApp('/setting/api-keys');
    const card = await screen.findByRole('listitem', { name: 'my bot' });
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Revoke my bot' }));
    expect(
      within(card).getByText('Revoke “my bot”? Programs using it are refused from now on.'),
    ).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Keep it' }));
    expect(bodiesOf(fetchMock, 'user/apiKey/revoke')).toEqual([]);
    await user.click(within(card).getByRole('button', { name: 'Revoke my bot' }));
    await user.click(within(card).getByRole('button', { name: 'Yes, revoke' }));
    expect(bodiesOf(fetchMock, 'user/apiKey/revoke')).toEqual([{ key_id: KEY.key_id }]);
    expect(
      await within(await screen.findByRole('listitem', { name: 'my bot' })).findByText(/^Revoked /),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'my bot' })).queryByRole('button')).toBeNull();
  });

  it('reads the allow-list a line each, and an expiry as the end of the IST day', () => {
    expect(addressLines(' 10.0.0.0/8 \n\n2001:db8::1\r\n')).toEqual(['10.0.0.0/8', '2001:db8::1']);
    expect(endOfIstDay('2027-01-31')).toBe('2027-01-31T23:59:59+05:30');
  });
});
