import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../src/app/App.tsx';
import { useClientStore } from '../src/lib/store.ts';

// Issue 48: the entry shows the login without react-router (about 12 kB br of the login's first
// load before), and the login signs in and navigates without it. Here the router cannot be loaded
// at all, as while its chunk is still downloading (the bench checks the same in Chromium with
// every other script refused). Anything on the login's path that imports react-router fails.
vi.mock('react-router', () => {
  throw new Error('react-router is not loaded');
});

// Not ./helpers.tsx: it imports react-router.
const demoUser = {
  user_id: 2,
  user_name: 'demo',
  is_change_password: '0',
  is_signup_user: '0',
  parent_id: 1,
  token: 'fresh',
};

/** The login's answer for user/login, an empty success for anything else. */
function mockApi() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const data = String(input).endsWith('/api/user/login') ? demoUser : [];
      return new Response(JSON.stringify({ status: true, data }), {
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
}

describe('the login without react-router', () => {
  beforeEach(() => {
    useClientStore.setState({ isLoggedIn: false, loginData: null });
    window.history.replaceState(null, '', '/');
  });

  it('shows the login at the root, signs in and goes on to #/home', async () => {
    mockApi();
    // Signed in, the entry loads the router for #/home, which fails here (console.error).
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<App />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('User Name'), 'demo');
    await user.type(screen.getByLabelText('Password'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(window.location.hash).toBe('#/home'));
    expect(localStorage.getItem('usertoken')).toBe('fresh');
    expect(useClientStore.getState().isLoggedIn).toBe(true);
    // The sign-in replaced the login's history entry, as the router's navigate(…, { replace }) did.
    expect(window.history.length).toBe(1);
  });

  it('shows the login at #/login too', async () => {
    mockApi();
    window.history.replaceState(null, '', '/#/login');
    render(<App />);
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByText(/could not be loaded/)).toBeNull();
  });
});
