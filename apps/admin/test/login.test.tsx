import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { readToken, readUser } from '../src/lib/session.ts';
import { mockApi, renderConsole } from './helpers.tsx';

const userInfo = (name: string, change = '0') => ({
  user_id: name === 'operator' ? 1 : 2,
  user_name: name,
  is_change_password: change,
  is_signup_user: '0',
  parent_id: 1,
  token: `tok-${name}-00000000000000000000000000000000000`,
});

describe('the console login', () => {
  it('keeps an operator signed in and shows the dashboard', async () => {
    const api = mockApi({
      'user/login': userInfo('operator'),
      'admin/session': { user_id: 1, user_name: 'operator', role: 'operator' },
      'admin/dashboard': () => new Promise(() => {}),
    });
    renderConsole('/login');
    await userEvent.type(screen.getByLabelText('User name'), 'operator');
    await userEvent.type(screen.getByLabelText('Password'), 'operator123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(readUser()).toEqual({ user_id: 1, user_name: 'operator', role: 'operator' });
    expect(readToken()).toBe(userInfo('operator').token);
    // admin/session was asked with the new token.
    const who = api.fetchMock.mock.calls.find(([u]) => String(u).endsWith('/api/admin/session'))!;
    expect(new Headers(who[1]!.headers).get('Authorization')).toBe(`Bearer ${userInfo('operator').token}`);
  });

  it('refuses a bettor: its new session is ended at once and nothing is kept', async () => {
    const api = mockApi({
      'user/login': userInfo('demo'),
      'admin/session': () =>
        new Response(JSON.stringify({ status: false, message: 'This call is for operators only' }), {
          status: 403,
        }),
      'user/logout': null,
    });
    renderConsole('/login');
    await userEvent.type(screen.getByLabelText('User name'), 'demo');
    await userEvent.type(screen.getByLabelText('Password'), 'demo1234');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This console is for operators');
    await waitFor(() => expect(api.callsTo('user/logout')).toHaveLength(1));
    expect(readToken()).toBeNull();
    expect(readUser()).toBeNull();
  });

  it('asks an operator with Security Auth on for the code, then signs in', async () => {
    const api = mockApi({
      'user/login': {
        challenge: { second_step: 'totp', challenge_token: 'c'.repeat(43), user_name: 'operator' },
      },
      'user/loginTwoFactor': userInfo('operator'),
      'admin/session': { user_id: 1, user_name: 'operator', role: 'operator' },
      'admin/dashboard': () => new Promise(() => {}),
    });
    renderConsole('/login');
    await userEvent.type(screen.getByLabelText('User name'), 'operator');
    await userEvent.type(screen.getByLabelText('Password'), 'operator123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await userEvent.type(await screen.findByLabelText('Security Auth code'), '123456');
    expect(readToken()).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(api.callsTo('user/loginTwoFactor')[0]!.body).toEqual({
      challenge_token: 'c'.repeat(43),
      code: '123456',
    });
    expect(readToken()).toBe(userInfo('operator').token);
  });

  it("shows the server's refusal of a wrong password", async () => {
    mockApi({
      'user/login': () =>
        new Response(JSON.stringify({ status: false, message: 'Invalid user name or password' })),
    });
    renderConsole('/login');
    await userEvent.type(screen.getByLabelText('User name'), 'operator');
    await userEvent.type(screen.getByLabelText('Password'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid user name or password');
    expect(readToken()).toBeNull();
  });

  it('sends a signed-out visitor to the login', async () => {
    mockApi({});
    renderConsole('/markets');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });
});
