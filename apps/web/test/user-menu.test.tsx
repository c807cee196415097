import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  isParentValid,
  showAccountSecurityItems,
  showPaymentItems,
} from '../src/features/header/menu-rules.ts';
import { demoUser, mockApi, renderApp, resetStore, settings, signIn } from './helpers.tsx';

const on = { payment_gateway: '1' as const };
const off = { payment_gateway: '0' as const };
const signup = { is_signup_user: '1' as const };
const agent = { is_signup_user: '0' as const };

describe('user menu visibility rules (spec §6)', () => {
  it('parent_id is valid when neither -1 nor empty', () => {
    expect(isParentValid(5)).toBe(true);
    expect(isParentValid('7')).toBe(true);
    expect(isParentValid(-1)).toBe(false);
    expect(isParentValid('-1')).toBe(false);
    expect(isParentValid('')).toBe(false);
    expect(isParentValid(null)).toBe(false);
    expect(isParentValid(undefined)).toBe(false);
  });

  it.each([
    ['valid parent, gateway on, signup user', 5, on, signup, true],
    ['parent -1', -1, on, signup, false],
    ['empty parent', '', on, signup, false],
    ['gateway off', 5, off, signup, false],
    ['not a signup user', 5, on, agent, false],
    ['no settings yet', 5, null, signup, false],
  ] as const)('Payment Statement: %s → %s', (_name, parentId, s, user, expected) => {
    expect(showPaymentItems({ parentId, settings: s, user, token: 't' })).toBe(expected);
  });

  it.each([
    ['valid parent and token', 5, 'tok', true],
    ['parent -1', -1, 'tok', false],
    ['empty parent', '', 'tok', false],
    ['no token', 5, null, false],
  ] as const)('Security Auth and Change Password: %s → %s', (_name, parentId, token, expected) => {
    expect(showAccountSecurityItems({ parentId, token, user: null, settings: null })).toBe(expected);
  });
});

describe('user menu', () => {
  beforeEach(() => resetStore());

  async function openMenu() {
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /account menu/i }));
    return { user, menu: screen.getByRole('navigation', { name: 'Account' }) };
  }

  it('shows every item for a signup user under a parent with the gateway on', async () => {
    mockApi({ 'globalSetting/getGlobalSetting': { ...settings, payment_gateway: '1' } });
    signIn({ ...demoUser, is_signup_user: '1', parent_id: 9 });
    renderApp('/home');
    await screen.findByText('1,500.00');
    const { menu } = await openMenu();
    const labels = within(menu)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(labels).toEqual([
      'Account Statement',
      'Payment Statement',
      'Current Bet',
      'Casino Result',
      'Live Casino Bets',
      'Set Button Values',
      'Security Auth Verification',
      'Change Password',
      'Rules',
      'SignOut',
    ]);
  });

  it('hides Payment Statement, Security Auth and Change Password without a valid parent', async () => {
    mockApi({ 'globalSetting/getGlobalSetting': { ...settings, payment_gateway: '1' } });
    signIn({ ...demoUser, is_signup_user: '1', parent_id: -1 });
    renderApp('/home');
    const { menu } = await openMenu();
    expect(within(menu).queryByText('Payment Statement')).toBeNull();
    expect(within(menu).queryByText('Security Auth Verification')).toBeNull();
    expect(within(menu).queryByText('Change Password')).toBeNull();
    expect(within(menu).getByText('Current Bet')).toBeInTheDocument();
  });

  it('closes on Escape and gives focus back to its button', async () => {
    mockApi();
    signIn();
    renderApp('/home');
    const { user } = await openMenu();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Account' })).toBeNull();
    expect(screen.getByRole('button', { name: /account menu/i })).toHaveFocus();
  });

  it('SignOut posts logout, removes the session and shows login', async () => {
    const fetchMock = mockApi({ 'user/logout': null });
    signIn();
    renderApp('/home');
    const { user, menu } = await openMenu();
    await user.click(within(menu).getByRole('button', { name: 'SignOut' }));
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/api/user/logout'));
    expect(call).toBeDefined();
    expect(JSON.parse(String((call![1] as RequestInit).body))).toEqual({ user_id: 2, token: 'tok-demo' });
    expect(localStorage.getItem('usertoken')).toBeNull();
    expect(localStorage.getItem('userinfo')).toBeNull();
  });
});
