import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { demoUser, mockApi, renderApp, resetStore, signIn } from './helpers.tsx';

const TITLE = 'Beware Of Phishing Websites Before Login. Enable Security Auth To Secure Your ID.';

describe('welcome popup (spec §4)', () => {
  beforeEach(() => {
    resetStore();
    mockApi();
  });

  it('opens 100 ms after entering with the flag, and closing removes the flag', async () => {
    vi.useFakeTimers();
    signIn(demoUser, { welcome: true });
    renderApp('/home');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(99);
    });
    expect(screen.queryByRole('dialog', { name: TITLE })).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    const dialog = screen.getByRole('dialog', { name: TITLE });
    expect(dialog).toBeInTheDocument();
    vi.useRealTimers();
    act(() => screen.getByRole('button', { name: 'Close' }).click());
    expect(screen.queryByRole('dialog', { name: TITLE })).toBeNull();
    expect(localStorage.getItem('openWelcomePopup')).toBeNull();
  });

  it('does not open without the flag', async () => {
    signIn(demoUser, { welcome: false });
    renderApp('/home');
    await screen.findByRole('heading', { name: "Today's Matches" });
    await new Promise((r) => setTimeout(r, 150));
    expect(screen.queryByRole('dialog', { name: TITLE })).toBeNull();
  });

  it('does not open while the password must be changed', async () => {
    signIn({ ...demoUser, is_change_password: '1' }, { welcome: true });
    localStorage.setItem('openWelcomePopup', 'true');
    renderApp('/home');
    await screen.findByRole('heading', { name: 'Change Password' });
    await new Promise((r) => setTimeout(r, 150));
    expect(screen.queryByRole('dialog', { name: TITLE })).toBeNull();
    expect(localStorage.getItem('openWelcomePopup')).toBe('true');
  });
});
