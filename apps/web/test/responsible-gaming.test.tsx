import type { ResponsibleGaming } from '@backlay/contract';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { durationText, nextReminderAt } from '../src/features/responsible/RealityCheckReminder.tsx';
import { everyLabel } from '../src/features/responsible/ResponsibleGamingScreen.tsx';
import { useClientStore } from '../src/lib/store.ts';
import { demoUser, json, mockApi, renderApp, resetStore, settings, signIn } from './helpers.tsx';

// These screens load lazily; on a busy box their first import can take longer than the shared 5 s.
configure({ asyncUtilTimeout: 15_000 });

const limits = (over: Partial<ResponsibleGaming['limits'][number]>[] = []): ResponsibleGaming['limits'] =>
  (['DEPOSIT', 'LOSS'] as const).flatMap((kind) =>
    (['DAY', 'WEEK', 'MONTH'] as const).map((period) => ({
      kind,
      period,
      amount: null,
      used: 0,
      pending: null,
      ...over.find((o) => o.kind === kind && o.period === period),
    })),
  );

const rg = (over: Partial<ResponsibleGaming> = {}): ResponsibleGaming => ({
  limits: limits(),
  reality_check_minutes: 0,
  session_started_at: '2026-11-22T20:00:00.000Z',
  session_net: 0,
  ...over,
});

const bodiesOf = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls
    .filter(([url]) => String(url).endsWith(`/api/${path}`))
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)) as Record<string, unknown>);

const member = { ...demoUser, is_signup_user: '1' as const, parent_id: 1 };
const gatewayOn = { 'globalSetting/getGlobalSetting': { ...settings, payment_gateway: '1' } };

describe('Responsible Gaming settings (issue 12)', { timeout: 30_000 }, () => {
  beforeEach(() => resetStore());

  it('shows each limit in force, what is used, and a pending raise with its date (IST)', async () => {
    signIn(member);
    mockApi({
      ...gatewayOn,
      'user/responsibleGaming': rg({
        limits: limits([
          {
            kind: 'DEPOSIT',
            period: 'DAY',
            amount: 1000,
            used: 800,
            pending: { amount: 5000, from: '2026-11-23T20:00:00.000Z' },
          },
          { kind: 'LOSS', period: 'WEEK', amount: 400, used: 150 },
        ]),
      }),
    });
    renderApp('/setting/responsible-gaming');
    const deposits = await screen.findByRole('region', { name: 'Deposit limits' });
    expect(within(deposits).getByTestId('limit-DEPOSIT-DAY')).toHaveTextContent('₹1,000.00');
    expect(
      within(deposits).getByText(/Deposited in the last 24 hours: ₹800.00 · ₹200.00 left/),
    ).toBeInTheDocument();
    expect(within(deposits).getByRole('note')).toHaveTextContent(
      'Rises to ₹5,000.00 from 24/11/2026 01:30:00',
    );
    expect(within(deposits).getByTestId('limit-DEPOSIT-WEEK')).toHaveTextContent('No limit');
    const losses = screen.getByRole('region', { name: 'Loss limits' });
    expect(within(losses).getByTestId('limit-LOSS-WEEK')).toHaveTextContent('₹400.00');
    expect(within(losses).getByText(/Lost in the last 7 days: ₹150.00 · ₹250.00 left/)).toBeInTheDocument();
  });

  it('deposit limits are left out for a user who cannot deposit (spec §6); loss limits stay', async () => {
    signIn(demoUser);
    mockApi({ 'user/responsibleGaming': rg() });
    renderApp('/setting/responsible-gaming');
    expect(await screen.findByRole('region', { name: 'Loss limits' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Deposit limits' })).toBeNull();
  });

  it("sets and removes a limit, says when it counts (the server's words), and refuses a bad amount", async () => {
    signIn(demoUser);
    let state = rg();
    const fetchMock = mockApi({
      'user/responsibleGaming': () => state,
      'user/responsibleGaming/limit': (body: { amount: number | null }) => {
        state = rg({
          limits: limits([
            body.amount === null
              ? {
                  kind: 'LOSS',
                  period: 'DAY',
                  amount: 500,
                  pending: { amount: null, from: '2026-11-23T20:00:00.000Z' },
                }
              : { kind: 'LOSS', period: 'DAY', amount: body.amount },
          ]),
        });
        return json({
          status: true,
          data: state,
          message:
            body.amount === null
              ? 'A higher limit (or none) counts after 24 hours'
              : 'Limit saved: it counts from now',
        });
      },
    });
    renderApp('/setting/responsible-gaming');
    const form = await screen.findByRole('form', { name: 'Daily loss limit' });
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText('New daily loss limit (₹)'), '12.5');
    await user.click(within(form).getByRole('button', { name: 'Set daily loss limit' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Enter a whole number of rupees, 1 or more');
    expect(bodiesOf(fetchMock, 'user/responsibleGaming/limit')).toHaveLength(0);
    await user.clear(within(form).getByLabelText('New daily loss limit (₹)'));
    await user.type(within(form).getByLabelText('New daily loss limit (₹)'), '500');
    await user.click(within(form).getByRole('button', { name: 'Set daily loss limit' }));
    expect(await screen.findByText('Limit saved: it counts from now')).toBeInTheDocument();
    expect(screen.getByTestId('limit-LOSS-DAY')).toHaveTextContent('₹500.00');
    await user.click(screen.getByRole('button', { name: 'Remove daily loss limit' }));
    expect(await screen.findByText('A higher limit (or none) counts after 24 hours')).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('No limit from 24/11/2026 01:30:00');
    expect(bodiesOf(fetchMock, 'user/responsibleGaming/limit')).toEqual([
      { kind: 'LOSS', period: 'DAY', amount: 500 },
      { kind: 'LOSS', period: 'DAY', amount: null },
    ]);
  });

  it('saves the reality-check interval', async () => {
    signIn(demoUser);
    const fetchMock = mockApi({
      'user/responsibleGaming': rg({ session_net: -250 }),
      'user/responsibleGaming/realityCheck': (b: { minutes: number }) =>
        rg({ reality_check_minutes: b.minutes }),
    });
    renderApp('/setting/responsible-gaming');
    const section = await screen.findByRole('region', { name: 'Reality check' });
    expect(section).toHaveTextContent('This session started at 23/11/2026 01:30:00');
    expect(within(section).getByText('−₹250.00')).toHaveClass('amount--down');
    const user = userEvent.setup();
    await user.selectOptions(within(section).getByLabelText('Remind me'), 'Every hour');
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodiesOf(fetchMock, 'user/responsibleGaming/realityCheck')).toEqual([{ minutes: 60 }]),
    );
    expect(await screen.findByText('We will remind you every 60 minutes')).toBeInTheDocument();
  });

  it('a time-out asks for the password and a clear confirmation, then signs out with the end date', async () => {
    signIn(demoUser);
    const fetchMock = mockApi({
      'user/responsibleGaming': rg(),
      'user/responsibleGaming/exclude': (b: { password: string }) =>
        b.password === 'demo1234'
          ? { until: '2026-11-29T20:00:00.000Z' }
          : json({ status: false, message: 'Password is incorrect' }),
    });
    const { router } = renderApp('/setting/responsible-gaming');
    const section = await screen.findByRole('region', { name: 'Take a break' });
    const user = userEvent.setup();
    await user.click(within(section).getByRole('button', { name: 'Take a time-out' }));
    expect(within(section).getByLabelText('Your password')).toHaveAccessibleDescription(
      'Enter your password to confirm',
    );
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.selectOptions(within(section).getByLabelText('For'), '7 days');
    await user.type(within(section).getByLabelText('Your password'), 'wrong-one');
    await user.click(within(section).getByRole('button', { name: 'Take a time-out' }));
    let dialog = await screen.findByRole('dialog', { name: 'Take a time-out?' });
    expect(dialog).toHaveTextContent('Your account closes now for 7 days');
    expect(dialog).toHaveTextContent('cannot be shortened');
    // Cancel sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(bodiesOf(fetchMock, 'user/responsibleGaming/exclude')).toHaveLength(0);

    await user.click(within(section).getByRole('button', { name: 'Take a time-out' }));
    dialog = await screen.findByRole('dialog', { name: 'Take a time-out?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, close my account for 7 days' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('Password is incorrect');
    expect(useClientStore.getState().isLoggedIn).toBe(true);

    await user.clear(within(section).getByLabelText('Your password'));
    await user.type(within(section).getByLabelText('Your password'), 'demo1234');
    await user.click(within(section).getByRole('button', { name: 'Take a time-out' }));
    dialog = await screen.findByRole('dialog', { name: 'Take a time-out?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, close my account for 7 days' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(
      await screen.findByText(
        /Your time-out has started. You cannot log in until 30\/11\/2026 01:30:00 \(IST\)/,
      ),
    ).toBeInTheDocument();
    expect(bodiesOf(fetchMock, 'user/responsibleGaming/exclude').at(-1)).toEqual({
      kind: 'TIME_OUT',
      period: '7d',
      password: 'demo1234',
    });
    expect(localStorage.getItem('usertoken')).toBeNull();
    expect(useClientStore.getState().isLoggedIn).toBe(false);
  });

  it('self-exclusion offers 6 months, 1 year and 5 years', async () => {
    signIn(demoUser);
    mockApi({ 'user/responsibleGaming': rg() });
    renderApp('/setting/responsible-gaming');
    const section = await screen.findByRole('region', { name: 'Take a break' });
    await userEvent.click(within(section).getByLabelText('Self-exclusion'));
    expect(
      within(within(section).getByLabelText('For'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['6 months', '1 year', '5 years']);
    expect(within(section).getByRole('button', { name: 'Exclude myself' })).toBeInTheDocument();
  });

  it('labels and times', () => {
    expect(everyLabel(0)).toBe('Never (off)');
    expect(everyLabel(45)).toBe('Every 45 minutes');
    expect(everyLabel(60)).toBe('Every hour');
    expect(everyLabel(90)).toBe('Every 90 minutes');
    expect(everyLabel(120)).toBe('Every 2 hours');
    expect(durationText(65 * 60_000)).toBe('1 hour 5 minutes');
    expect(durationText(120 * 60_000)).toBe('2 hours');
    expect(durationText(1 * 60_000)).toBe('1 minute');
    // Started at 0, every 30 min: after 40 min the next one is at 60.
    expect(nextReminderAt(0, 30 * 60_000, 40 * 60_000)).toBe(60 * 60_000);
    expect(nextReminderAt(0, 30 * 60_000, 0)).toBe(30 * 60_000);
  });
});

describe('reality-check reminder while signed in', { timeout: 30_000 }, () => {
  beforeEach(() => resetStore());

  it('appears after the chosen interval with the time played and the result, and again one interval later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(new Date('2026-11-22T20:10:00.000Z'));
    signIn(demoUser);
    let net = 120;
    mockApi({
      'user/responsibleGaming': () =>
        rg({ reality_check_minutes: 15, session_started_at: '2026-11-22T20:00:00.000Z', session_net: net }),
    });
    renderApp('/home');
    await screen.findByRole('heading', { name: "Today's Matches" });
    expect(screen.queryByRole('dialog', { name: 'Reality check' })).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5 * 60_000);
    });
    const dialog = await screen.findByRole('dialog', { name: 'Reality check' });
    expect(dialog).toHaveTextContent('You have been logged in for 15 minutes (since 01:30 IST)');
    expect(within(dialog).getByText('+₹120.00')).toHaveClass('amount--up');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(screen.queryByRole('dialog', { name: 'Reality check' })).toBeNull();

    net = -40;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(15 * 60_000);
    });
    const again = await screen.findByRole('dialog', { name: 'Reality check' });
    expect(again).toHaveTextContent('You have been logged in for 30 minutes');
    await waitFor(() => expect(within(again).getByText('−₹40.00')).toHaveClass('amount--down'));
    expect(within(again).getByRole('link', { name: 'Account Statement' })).toHaveAttribute(
      'href',
      '/report/account-statement',
    );
  });

  it('stays quiet when it is off', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn(demoUser);
    mockApi({ 'user/responsibleGaming': rg({ reality_check_minutes: 0 }) });
    renderApp('/home');
    await screen.findByRole('heading', { name: "Today's Matches" });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3 * 3_600_000);
    });
    expect(screen.queryByRole('dialog', { name: 'Reality check' })).toBeNull();
  });
});

describe('the public Responsible Gaming page', { timeout: 30_000 }, () => {
  it('describes the tools and links to the settings', async () => {
    resetStore();
    mockApi();
    renderApp('/page/rules/responsible-gaming');
    expect(await screen.findByRole('heading', { name: 'Tools to stay in control' })).toBeInTheDocument();
    for (const term of ['Deposit limits', 'Loss limits', 'Reality check', 'Time-out', 'Self-exclusion'])
      expect(screen.getByText(term)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set your limits' })).toHaveAttribute(
      'href',
      '#/setting/responsible-gaming',
    );
  });
});
