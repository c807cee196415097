import type { LoginResult, SecondStepChallenge } from '@backlay/contract';
import { act, configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSecondStep } from '../src/features/auth/session.ts';
import { useClientStore } from '../src/lib/store.ts';
import { demoUser, json, mockApi, renderApp, resetStore } from './helpers.tsx';

// These screens load lazily; on a busy box their first import can take longer than the shared 5 s.
configure({ asyncUtilTimeout: 15_000 });

const TOKEN = 't'.repeat(43);

const halfSignedIn = (step: 'otp' | 'totp', over: Partial<SecondStepChallenge> = {}): LoginResult => ({
  challenge: {
    second_step: step,
    challenge_token: TOKEN,
    user_name: 'demo',
    ...(step === 'otp'
      ? {
          mobile: '+9198••••••10',
          expires_at: new Date(Date.now() + 300_000).toISOString(),
          resend_at: new Date(Date.now() + 30_000).toISOString(),
          sender: 'log',
        }
      : {}),
    ...over,
  },
});

async function logIn() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('User Name'), 'demo');
  await user.type(screen.getByLabelText('Password'), 'demo1234');
  await user.click(screen.getByRole('button', { name: 'Login' }));
  return user;
}

describe('login with a second step (issue 12)', { timeout: 30_000 }, () => {
  beforeEach(() => {
    resetStore();
    useSecondStep.setState({ step: null });
  });

  it('Security Auth on: asks for the code, nothing is stored until it is right, then home', async () => {
    const fetchMock = mockApi({
      'user/login': halfSignedIn('totp'),
      'user/loginTwoFactor': (body: { code: string }) =>
        body.code === '654321'
          ? { ...demoUser, token: 'after-2fa' }
          : json({ status: false, message: 'That code is not right; 4 tries left' }),
    });
    const { router } = renderApp('/');
    const user = await logIn();
    expect(await screen.findByRole('heading', { name: 'Security Auth Verification' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(localStorage.getItem('usertoken')).toBeNull();
    expect(localStorage.getItem('otpVerify')).toBe('totp');
    expect(useClientStore.getState().isLoggedIn).toBe(false);

    // Half-signed-in, every other route leads back here.
    await act(() => router.navigate('/report/account-statement'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const code = await screen.findByLabelText('Authenticator code');

    await user.type(code, '12');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(code).toHaveAccessibleDescription('Enter the 6-digit code');
    await user.clear(code);
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right; 4 tries left');
    expect(localStorage.getItem('usertoken')).toBeNull();

    await user.clear(code);
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(localStorage.getItem('usertoken')).toBe('after-2fa');
    expect(localStorage.getItem('otpVerify')).toBeNull();
    const sent = fetchMock.mock.calls.filter(([u]) => String(u).endsWith('/api/user/loginTwoFactor'));
    expect(JSON.parse(String((sent.at(-1)![1] as RequestInit).body))).toEqual({
      challenge_token: TOKEN,
      code: '654321',
    });
  });

  it('a recovery code instead of the app', async () => {
    mockApi({
      'user/login': halfSignedIn('totp'),
      'user/loginTwoFactor': (body: { code: string }) =>
        body.code === 'ab12-cd34' ? { ...demoUser, token: 'rec' } : json({ status: false, message: 'No' }),
    });
    const { router } = renderApp('/');
    const user = await logIn();
    await user.click(await screen.findByRole('button', { name: 'Lost your phone? Use a recovery code' }));
    const code = screen.getByLabelText('Recovery code');
    await user.type(code, 'ab12');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(code).toHaveAccessibleDescription(expect.stringContaining('Enter a recovery code'));
    await user.type(code, '-cd34');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('too many wrong codes: the message says to log in again, and Back to login gives the form back', async () => {
    mockApi({
      'user/login': halfSignedIn('totp'),
      'user/loginTwoFactor': json({ status: false, message: 'Too many wrong codes; please log in again' }),
    });
    renderApp('/');
    const user = await logIn();
    await user.type(await screen.findByLabelText('Authenticator code'), '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many wrong codes; please log in again Use "Back to login" below.',
    );
    await user.click(screen.getByRole('button', { name: 'Back to login' }));
    expect(await screen.findByLabelText('Password')).toBeInTheDocument();
    expect(localStorage.getItem('otpVerify')).toBeNull();
  });

  it('an unverified sign-up gets the OTP step at login, then home as a sign-up user', async () => {
    mockApi({
      'user/login': halfSignedIn('otp'),
      'user/verifyOtp': { ...demoUser, is_signup_user: '1', token: 'verified' },
    });
    const { router } = renderApp('/');
    const user = await logIn();
    expect(await screen.findByRole('heading', { name: 'Verify your mobile number' })).toBeInTheDocument();
    expect(screen.getByText(/to finish your sign-up/)).toBeInTheDocument();
    expect(localStorage.getItem('otpVerify')).toBe('otp');
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(JSON.parse(localStorage.getItem('userinfo')!)).toMatchObject({ is_signup_user: '1' });
  });

  it('after a reload mid-step (the challenge is gone, the flag stays) login says so', async () => {
    localStorage.setItem('otpVerify', 'otp');
    mockApi();
    renderApp('/home');
    expect(
      await screen.findByText('Your verification was not completed. Please log in again.'),
    ).toBeInTheDocument();
  });
});
