import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useClientStore } from '../src/lib/store.ts';
import { demoUser, mockApi, renderApp, resetStore } from './helpers.tsx';

// Issue 19: the login is usable with its first load alone. Here zod (with it every feature's
// endpoint table: their chunks in the build) cannot be loaded at all, as while it is still
// downloading: signing in must not wait for it (docs/performance.md, "First load"; the bench checks
// the same in Chromium with every other script refused).
vi.mock('zod', () => {
  throw new Error('zod and the endpoint tables are not loaded');
});

describe('login without zod and the endpoint tables', () => {
  beforeEach(() => resetStore());

  it('checks the form and signs in', async () => {
    const fetchMock = mockApi({ 'user/login': { ...demoUser, token: 'fresh' } });
    const { router } = renderApp('/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    expect(screen.getByLabelText('User Name')).toHaveAccessibleDescription('User name is required');

    await user.type(screen.getByLabelText('User Name'), '  demo ');
    await user.type(screen.getByLabelText('Password'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(localStorage.getItem('usertoken')).toBe('fresh');
    expect(useClientStore.getState().isLoggedIn).toBe(true);
    const sent = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/user/login'));
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ user_name: 'demo', password: 'demo1234' });
  });

  it("refuses an answer that is not the contract's user info", async () => {
    mockApi({ 'user/login': { ...demoUser, is_change_password: 'yes' } });
    renderApp('/');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('User Name'), 'demo');
    await user.type(screen.getByLabelText('Password'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(localStorage.getItem('usertoken')).toBeNull();
  });
});
