import type { SecondStepChallenge, UserInfo } from '@backlay/contract';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { searchCountries } from '../src/features/auth/CountryPicker.tsx';
import { fieldOfRefusal } from '../src/features/auth/SignUpScreen.tsx';
import { useSecondStep } from '../src/features/auth/session.ts';
import { useClientStore } from '../src/lib/store.ts';
import { json, mockApi, renderApp, resetStore, settings } from './helpers.tsx';

// These screens load lazily; on a busy box their first import can take longer than the shared 5 s.
configure({ asyncUtilTimeout: 15_000 });

const PATH = '/auth/sign-up/BACKLAY';

const challenge = (over: Partial<SecondStepChallenge> = {}): SecondStepChallenge => ({
  second_step: 'otp',
  challenge_token: 'c'.repeat(43),
  user_name: 'newpunter',
  mobile: '+9198••••••10',
  expires_at: new Date(Date.now() + 5 * 60_000).toISOString(),
  resend_at: new Date(Date.now() + 30_000).toISOString(),
  sender: 'log',
  ...over,
});

const signedUp: UserInfo = {
  user_id: 41,
  user_name: 'newpunter',
  is_change_password: '0',
  is_signup_user: '1',
  parent_id: 1,
  token: 'tok-new',
};

const bodiesOf = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls
    .filter(([url]) => String(url).endsWith(`/api/${path}`))
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)) as Record<string, unknown>);

async function fillForm(user: ReturnType<typeof userEvent.setup>, over: Record<string, string> = {}) {
  const v = {
    name: 'newpunter',
    password: 'secret123',
    confirm: 'secret123',
    mobile: '9876543210',
    ...over,
  };
  await user.type(await screen.findByLabelText('User Name'), v.name);
  await user.type(screen.getByLabelText('Password'), v.password);
  await user.type(screen.getByLabelText('Confirm Password'), v.confirm);
  await user.type(screen.getByLabelText('Mobile Number'), v.mobile);
}

describe('sign-up (issue 12)', { timeout: 30_000 }, () => {
  beforeEach(() => {
    resetStore();
    useSecondStep.setState({ step: null });
  });

  it('checks the link’s code on arrival: an unknown invitation says so at once, with no form', async () => {
    const fetchMock = mockApi({ 'user/checkReferralCode': { valid: false } });
    renderApp('/auth/sign-up/NOPE');
    expect(await screen.findByRole('alert')).toHaveTextContent(/invitation NOPE is not valid/);
    expect(screen.queryByLabelText('User Name')).toBeNull();
    expect(bodiesOf(fetchMock, 'user/checkReferralCode')).toEqual([{ referral_code: 'NOPE' }]);
  });

  it('a valid invitation shows the form', async () => {
    mockApi({ 'user/checkReferralCode': { valid: true } });
    renderApp(PATH);
    expect(await screen.findByLabelText('User Name')).toBeInTheDocument();
    expect(screen.queryByText(/is not valid/)).toBeNull();
  });

  it('checks the fields with the rules of spec §5 before sending anything', async () => {
    const fetchMock = mockApi();
    renderApp(PATH);
    const user = userEvent.setup();
    await fillForm(user, { name: 'ab', password: 'password', confirm: 'passw0rd', mobile: '12345' });
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('User name must be 4 to 20 letters, digits or _')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      expect.stringContaining('Password must contain at least one digit'),
    );
    expect(screen.getByLabelText('Confirm Password')).toHaveAccessibleDescription('Passwords do not match');
    expect(screen.getByLabelText('Mobile Number')).toHaveAccessibleDescription(
      expect.stringContaining('An Indian mobile number has 10 digits and starts with 6, 7, 8 or 9'),
    );
    expect(bodiesOf(fetchMock, 'user/signUp')).toHaveLength(0);
  });

  it('refuses characters outside spec §5 in the password', async () => {
    mockApi();
    renderApp(PATH);
    const user = userEvent.setup();
    await fillForm(user, { password: 'secret 123', confirm: 'secret 123' });
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Password may only use letters, digits and @$!%*#?&')).toBeInTheDocument();
  });

  it("the dial-code picker's name starts with the text it shows (WCAG 2.5.3, label in name)", async () => {
    mockApi({});
    renderApp(PATH);
    const picker = await screen.findByRole('button', { name: /country code/ });
    const shown = [...picker.querySelectorAll('.flag, .country-picker__dial')]
      .map((s) => s.textContent)
      .join(' ');
    expect(shown).toBe('IN +91');
    expect(picker).toHaveAccessibleName(`${shown} India, country code. Change country`);
  });

  it('the dial-code picker starts on India (+91), searches by name or code, and the number is sent with the country chosen', async () => {
    const fetchMock = mockApi({ 'user/signUp': challenge() });
    renderApp(PATH);
    const user = userEvent.setup();
    const picker = await screen.findByRole('button', { name: /\+91 India, country code/ });
    await user.click(picker);
    const list = screen.getByRole('listbox', { name: 'Countries' });
    const first = within(list).getAllByRole('option')[0]!;
    expect(first).toHaveTextContent('India');
    expect(first).toHaveTextContent('+91');
    expect(within(list).getAllByRole('option').length).toBeGreaterThan(230);
    await user.type(screen.getByRole('combobox', { name: 'Search country' }), 'united k');
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([expect.stringContaining('United Kingdom')]);
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByRole('button', { name: /\+44 United Kingdom, country code/ })).toHaveFocus();

    await fillForm(user, { mobile: '7700900123' });
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(bodiesOf(fetchMock, 'user/signUp')).toHaveLength(1));
    expect(bodiesOf(fetchMock, 'user/signUp')[0]).toEqual({
      referral_code: 'BACKLAY',
      user_name: 'newpunter',
      password: 'secret123',
      confirm_password: 'secret123',
      country_code: 'GB',
      mobile: '7700900123',
    });
  }, 40_000);

  it('takes the default country from the settings', async () => {
    mockApi({ 'globalSetting/getGlobalSetting': { ...settings, default_country: 'AE' } });
    renderApp(PATH);
    expect(
      await screen.findByRole('button', { name: /\+971 United Arab Emirates, country code/ }),
    ).toBeInTheDocument();
  });

  it('starts on the visitor’s country the server resolved from their address, over the settings’ default', async () => {
    mockApi({
      'globalSetting/getGlobalSetting': { ...settings, default_country: 'AE' },
      'user/getVisitorCountry': { country_code: 'GB', source: 'ip' },
    });
    renderApp(PATH);
    expect(
      await screen.findByRole('button', { name: /\+44 United Kingdom, country code/ }),
    ).toBeInTheDocument();
  });

  it('searches countries by name, accents folded, by code and by dial code', () => {
    expect(searchCountries('')[0]?.code).toBe('IN');
    // Åland starts with it; New Zealand only contains it.
    expect(searchCountries('aland').map((c) => c.code)).toEqual(['AX', 'NZ']);
    expect(searchCountries('IN')[0]?.code).toBe('IN');
    expect(searchCountries('+971').map((c) => c.code)).toContain('AE');
    expect(searchCountries('zzzz')).toEqual([]);
  });

  it('an unknown referral code is refused in words, on the form', async () => {
    mockApi({
      'user/signUp': json({
        status: false,
        message: 'This referral code is not known. Check the link you were sent, or ask for a new one.',
      }),
    });
    renderApp(PATH);
    const user = userEvent.setup();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This referral code is not known.');
    expect(localStorage.getItem('otpVerify')).toBeNull();
  });

  it('a taken user name and a 400 naming a field land on that field', async () => {
    let calls = 0;
    mockApi({
      'user/signUp': () => {
        calls += 1;
        return calls === 1
          ? json({ status: false, message: 'This user name is taken; choose another' })
          : json({ status: false, message: 'mobile: Mobile number is not valid for this country' }, 400);
      },
    });
    renderApp(PATH);
    const user = userEvent.setup();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() =>
      expect(screen.getByLabelText('User Name')).toHaveAccessibleDescription(
        expect.stringContaining('This user name is taken; choose another'),
      ),
    );
    await user.clear(screen.getByLabelText('User Name'));
    await user.type(screen.getByLabelText('User Name'), 'other_name');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Mobile Number')).toHaveAccessibleDescription(
        expect.stringContaining('Mobile number is not valid for this country'),
      ),
    );
    expect(fieldOfRefusal('mobile: x')).toEqual({ field: 'mobile', message: 'x' });
    expect(fieldOfRefusal('Too many codes were sent to this number').field).toBeNull();
  });

  it('then the OTP: a wrong code is explained, a right one signs in as a sign-up user and opens home', async () => {
    const fetchMock = mockApi({
      'user/signUp': challenge(),
      'user/verifyOtp': (body: { otp: string }) =>
        body.otp === '123456' ? signedUp : json({ status: false, message: 'Wrong code; 4 tries left' }),
    });
    const { router } = renderApp(PATH);
    const user = userEvent.setup();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByRole('heading', { name: 'Verify your mobile number' })).toBeInTheDocument();
    expect(screen.getByText('+9198••••••10')).toBeInTheDocument();
    expect(screen.getByText(/operator's message list/)).toBeInTheDocument();
    // Half-signed-in: the otp-verify flag is stored, no session.
    expect(localStorage.getItem('otpVerify')).toBe('otp');
    expect(localStorage.getItem('usertoken')).toBeNull();
    const code = screen.getByLabelText('Verification code');
    expect(code).toHaveFocus();
    expect(screen.getByRole('button', { name: /Resend code in \d+ s/ })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(code).toHaveAccessibleDescription(expect.stringContaining('Enter the 6-digit code'));
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong code; 4 tries left');

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(bodiesOf(fetchMock, 'user/verifyOtp').at(-1)).toEqual({
      challenge_token: 'c'.repeat(43),
      otp: '123456',
    });
    expect(JSON.parse(localStorage.getItem('userinfo')!)).toMatchObject({ is_signup_user: '1' });
    expect(localStorage.getItem('usertoken')).toBe('tok-new');
    expect(localStorage.getItem('otpVerify')).toBeNull();
    expect(useClientStore.getState().isLoggedIn).toBe(true);
  });

  it('resend waits for its countdown, then sends a new code', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = mockApi({
      'user/signUp': () => challenge(),
      'user/resendOtp': () => challenge({ resend_at: new Date(Date.now() + 30_000).toISOString() }),
    });
    renderApp(PATH);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    const resend = await screen.findByRole('button', { name: /Resend code in \d+ s/ });
    expect(resend).toBeDisabled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(31_000);
    });
    const ready = screen.getByRole('button', { name: 'Resend code' });
    expect(ready).toBeEnabled();
    await user.click(ready);
    expect(await screen.findByText(/We sent a new code to \+9198••••••10/)).toBeInTheDocument();
    expect(bodiesOf(fetchMock, 'user/resendOtp')).toHaveLength(1);
    expect(screen.getByRole('button', { name: /Resend code in \d+ s/ })).toBeDisabled();
  });

  it('a visitor who leaves the OTP step is sent back to login by the otp-verify flag (spec §4)', async () => {
    mockApi({ 'user/signUp': challenge() });
    const { router } = renderApp(PATH);
    const user = userEvent.setup();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await screen.findByRole('heading', { name: 'Verify your mobile number' });
    await act(() => router.navigate('/home'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    // The step is still there on the login screen until it is finished or abandoned.
    expect(await screen.findByRole('heading', { name: 'Verify your mobile number' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to login' }));
    expect(await screen.findByLabelText('User Name')).toBeInTheDocument();
    expect(localStorage.getItem('otpVerify')).toBeNull();
  });
});
