import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { demoUser, mockApi, renderApp, resetStore, signIn } from './helpers.tsx';

const TITLE = 'Beware Of Phishing Websites Before Login. Enable Security Auth To Secure Your ID.';

describe('welcome popup (spec §4)', () => {
  beforeEach(() => {
    resetStore();
    mockApi();
  });

  it('opens 100 ms after entering with the flag, and closing removes the flag', async () => {
    // The signed-in shell is a lazily loaded chunk (routes.tsx): the popup's 100 ms count from
    // when the shell mounts, so the test waits for the shell, then for the popup.
    signIn(demoUser, { welcome: true });
    renderApp('/home');
    await screen.findByRole('complementary', { name: 'Sports menu' });
    const shownAt = performance.now();
    expect(screen.queryByRole('dialog', { name: TITLE })).toBeNull();
    const dialog = await screen.findByRole('dialog', { name: TITLE });
    expect(dialog).toBeInTheDocument();
    expect(performance.now() - shownAt).toBeGreaterThanOrEqual(50);
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
