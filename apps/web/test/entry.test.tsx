import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { App, isLoginPath } from '../src/app/App.tsx';
import { useSecondStep } from '../src/features/auth/session.ts';
import { useClientStore } from '../src/lib/store.ts';
import { demoUser, mockApi, resetStore, signIn } from './helpers.tsx';

// Issue 48: the entry shows the login by itself and hands every other route to the router, which
// it loads then. The hash URLs behave as they did with the router alone (test/guard.test.tsx
// holds the route table to them).

/** The real entry, as main.tsx renders it, at `hash`. */
function renderEntry(hash: string) {
  window.history.replaceState(null, '', `/${hash}`);
  return render(<App />);
}

describe('the entry: the login alone, the router for the rest', { timeout: 30_000 }, () => {
  beforeEach(() => {
    resetStore();
    useSecondStep.setState({ step: null });
  });

  it("knows the route table's login paths", () => {
    for (const hash of [
      '',
      '#',
      '#/',
      '#/login',
      '#/login/',
      '#/LOGIN',
      '#login',
      '#/?next=1',
      '#/login?x#y',
    ]) {
      expect(isLoginPath(hash), hash).toBe(true);
    }
    for (const hash of [
      '#/home',
      '#/loginx',
      '#//',
      '#/login/x',
      '#/auth/sign-up/abc',
      '#/page/rules/terms-and-conditions',
    ]) {
      expect(isLoginPath(hash), hash).toBe(false);
    }
  });

  it('signs in from the login alone, then the router shows home', async () => {
    mockApi({ 'user/login': { ...demoUser, token: 'fresh' } });
    renderEntry('#/');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('User Name'), 'demo');
    await user.type(screen.getByLabelText('Password'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('heading', { name: "Today's Matches" })).toBeInTheDocument();
    expect(window.location.hash).toBe('#/home');
  });

  it('sends a signed-out deep link to the login at the root, through the router', async () => {
    mockApi();
    renderEntry('#/report/account-statement');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    await waitFor(() => expect(window.location.hash).toBe('#/'));
  });

  it('sends a signed-in user from the login to home', async () => {
    mockApi();
    signIn();
    renderEntry('#/login');
    expect(await screen.findByRole('heading', { name: "Today's Matches" })).toBeInTheDocument();
    expect(window.location.hash).toBe('#/home');
  });

  it('follows a link from the login: the public rules page, then back to the login', async () => {
    mockApi();
    renderEntry('#/');
    await screen.findByRole('heading', { name: 'Login' });
    act(() => {
      window.location.hash = '/page/rules/terms-and-conditions';
    });
    expect(await screen.findByRole('heading', { name: /terms/i, level: 1 })).toBeInTheDocument();
    act(() => window.history.back());
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    await waitFor(() => expect(window.location.hash).toBe('#/'));
  });

  it('the second step, from the login alone: back to login, then signed in', async () => {
    mockApi({
      'user/login': {
        challenge: { second_step: 'totp', challenge_token: 't'.repeat(43), user_name: 'demo' },
      },
      'user/loginTwoFactor': { ...demoUser, token: 'after-2fa' },
    });
    renderEntry('#/');
    const user = userEvent.setup();
    const logIn = async () => {
      await user.type(await screen.findByLabelText('User Name'), 'demo');
      await user.type(screen.getByLabelText('Password'), 'demo1234');
      await user.click(screen.getByRole('button', { name: 'Login' }));
    };
    await logIn();
    await screen.findByRole('heading', { name: 'Security Auth Verification' });
    await user.click(screen.getByRole('button', { name: 'Back to login' }));
    await waitFor(() => expect(window.location.hash).toBe('#/login'));
    expect(localStorage.getItem('otpVerify')).toBeNull();

    await logIn();
    await user.type(await screen.findByLabelText('Authenticator code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: "Today's Matches" })).toBeInTheDocument();
    expect(window.location.hash).toBe('#/home');
    expect(localStorage.getItem('usertoken')).toBe('after-2fa');
    expect(useClientStore.getState().isLoggedIn).toBe(true);
  });
});
