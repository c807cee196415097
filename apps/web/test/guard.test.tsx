import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../src/lib/storage.ts';
import { useClientStore } from '../src/lib/store.ts';
import { demoUser, json, mockApi, renderApp, resetStore, signIn } from './helpers.tsx';

describe('routes and the guard', () => {
  beforeEach(() => {
    resetStore();
    mockApi();
  });

  it('sends an unauthenticated deep link to login', async () => {
    const { router } = renderApp('/report/account-statement');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends unknown routes to login', async () => {
    const { router } = renderApp('/no/such/page');
    await screen.findByRole('heading', { name: 'Login' });
    expect(router.state.location.pathname).toBe('/');
  });

  it('refuses a stored token without user info, and clears session storage', async () => {
    localStorage.setItem(STORAGE_KEYS.userToken, 'tok');
    sessionStorage.setItem('exposureBalance', '-3');
    const { router } = renderApp('/home');
    await screen.findByRole('heading', { name: 'Login' });
    expect(router.state.location.pathname).toBe('/');
    expect(sessionStorage.getItem('exposureBalance')).toBeNull();
    expect(useClientStore.getState().isLoggedIn).toBe(false);
  });

  it('lets a signed-in user in, and sends them from login to home', async () => {
    signIn();
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { name: "Today's Matches" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
  });

  it('opens Live Casino & Slots behind the guard (issue 23: no longer a not-available state)', async () => {
    signIn();
    renderApp('/world-casino');
    expect(await screen.findByRole('heading', { name: 'Live Casino & Slots' })).toBeInTheDocument();
    expect(screen.queryByText(/coming release|not available/i)).toBeNull();
  });

  it('the report routes open their screens, not the not-available state', async () => {
    signIn();
    for (const [path, heading] of [
      ['/report/account-statement', 'Account Statement'],
      ['/report/current-bet', 'Current Bets'],
      ['/report/profit-loss', 'Profit & Loss'],
      ['/report/bet-history', 'Bet History'],
      ['/report/live-casino-bets', 'Live Casino Bets'],
    ] as const) {
      const { unmount } = renderApp(path);
      expect(await screen.findByRole('heading', { name: heading, level: 1 })).toBeInTheDocument();
      expect(screen.getByRole('navigation', { name: 'Reports' })).toBeInTheDocument();
      expect(screen.queryByText(/coming release|not available/i)).toBeNull();
      unmount();
    }
  }, 30_000);

  it('forces /setting/change-password when is_change_password is 1', async () => {
    signIn({ ...demoUser, is_change_password: '1' });
    const { router } = renderApp('/home');
    expect(await screen.findByRole('heading', { name: 'Change Password' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/setting/change-password');
  });

  it('sends the user to /login when an otp-verify flag is stored', async () => {
    signIn();
    localStorage.setItem(STORAGE_KEYS.otpVerify, '1');
    const { router } = renderApp('/home');
    await screen.findByRole('heading', { name: 'Login' });
    expect(router.state.location.pathname).toBe('/login');
  });

  it('lets an anonymous visitor stay on the sign-up route with a valid third segment', async () => {
    const { router } = renderApp('/auth/sign-up/AGENT42');
    expect(await screen.findByRole('heading', { name: 'Sign up' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/sign-up/AGENT42');
    expect(localStorage.getItem(STORAGE_KEYS.userToken)).toBeNull();
  });

  it('sends a sign-up link with an invalid code to login', async () => {
    const { router } = renderApp('/auth/sign-up/%3Cscript%3E');
    await screen.findByRole('heading', { name: 'Login' });
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows the public rules pages without signing in, in a footer-only layout', async () => {
    renderApp('/page/rules/responsible-gaming');
    expect(await screen.findByRole('heading', { name: 'Responsible Gaming' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });

  it('a 401 on any call logs the user out locally and shows login', async () => {
    signIn();
    sessionStorage.setItem('exposureBalance', '-1');
    mockApi({ 'user/getUserBalance': json({ status: false, message: 'Token expired' }, 401) });
    const { router } = renderApp('/home');
    await screen.findByRole('heading', { name: 'Login' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(useClientStore.getState().isLoggedIn).toBe(false);
    for (const k of ['userinfo', 'usertoken', 'logedIn', 'parent_id'])
      expect(localStorage.getItem(k)).toBeNull();
    expect(sessionStorage.getItem('exposureBalance')).toBeNull();
  });
});
