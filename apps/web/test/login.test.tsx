import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { activeLocale, showLocale } from '../src/lib/i18n/index.ts';
import { useClientStore } from '../src/lib/store.ts';
import { demoUser, json, mockApi, renderApp, resetStore } from './helpers.tsx';

describe('login screen', () => {
  beforeEach(() => resetStore());

  it('asks for the user name and password', async () => {
    mockApi();
    renderApp('/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    expect(screen.getByLabelText('User Name')).toHaveAccessibleDescription('User name is required');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password is required');
  });

  it("shows the server's refusal (wrong password, locked account)", async () => {
    mockApi({
      'user/login': json({ status: false, message: 'Your account is locked. Contact your agent.' }),
    });
    renderApp('/');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('User Name'), 'demo');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your account is locked. Contact your agent.');
    expect(localStorage.getItem('usertoken')).toBeNull();
  });

  it('signs in, stores the session and opens home', async () => {
    mockApi({ 'user/login': { ...demoUser, token: 'fresh' } });
    const { router } = renderApp('/');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('User Name'), 'demo');
    await user.type(screen.getByLabelText('Password'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(localStorage.getItem('usertoken')).toBe('fresh');
    expect(useClientStore.getState().isLoggedIn).toBe(true);
  });

  it('a user who must change the password goes to the change-password screen', async () => {
    mockApi({ 'user/login': { ...demoUser, is_change_password: '1' } });
    const { router } = renderApp('/');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('User Name'), 'newbie');
    await user.type(screen.getByLabelText('Password'), 'newbie123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/setting/change-password'));
  });

  describe('in Hindi', () => {
    afterEach(async () => {
      if (activeLocale() !== 'en') await showLocale('en');
    });

    it("the field checks and the server's refusal read in Hindi", async () => {
      await showLocale('hi');
      mockApi({ 'user/login': json({ status: false, message: 'Invalid user name or password' }) });
      renderApp('/');
      const user = userEvent.setup();
      const submit = await screen.findByRole('button', { name: 'लॉगिन' });
      await user.click(submit);
      expect(await screen.findByText('यूज़र नेम आवश्यक है')).toBeInTheDocument();
      expect(screen.getByText('पासवर्ड आवश्यक है')).toBeInTheDocument();
      await user.type(screen.getByLabelText('यूज़र नेम'), 'demo');
      await user.type(screen.getByLabelText('पासवर्ड'), 'wrong');
      await user.click(submit);
      expect(await screen.findByRole('alert')).toHaveTextContent('अमान्य यूज़र नेम या पासवर्ड');
    });
  });
});
