import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { changePasswordRequest } from '@backlay/contract';
import { demoUser, json, mockApi, renderApp, resetStore, signIn } from './helpers.tsx';

type Row = [string, { master?: string; next?: string; confirm?: string }, string, string];

/** The validation table of spec §5, as people read it. */
const TABLE: Row[] = [
  [
    'master password missing',
    { next: 'abc12345', confirm: 'abc12345' },
    'Current Password',
    'Current password is required',
  ],
  ['new password missing', { master: 'old' }, 'New Password', 'New password is required'],
  [
    'new password too short',
    { master: 'old', next: 'ab1', confirm: 'ab1' },
    'New Password',
    'New password must be at least 8 characters',
  ],
  [
    'no letter',
    { master: 'old', next: '12345678', confirm: '12345678' },
    'New Password',
    'New password must contain at least one letter',
  ],
  [
    'no digit',
    { master: 'old', next: 'abcdefgh', confirm: 'abcdefgh' },
    'New Password',
    'New password must contain at least one digit',
  ],
  [
    'character not allowed',
    { master: 'old', next: 'abc 12345', confirm: 'abc 12345' },
    'New Password',
    'New password may only use letters, digits and @$!%*#?&',
  ],
  [
    'confirm missing',
    { master: 'old', next: 'abc12345' },
    'Confirm Password',
    'Confirm password is required',
  ],
  [
    'confirm differs',
    { master: 'old', next: 'abc12345', confirm: 'abc12346' },
    'Confirm Password',
    'Passwords do not match',
  ],
];

describe('change password form (spec §5)', () => {
  beforeEach(() => resetStore());

  it.each(TABLE)('%s', async (_name, values, field, message) => {
    mockApi();
    signIn();
    renderApp('/setting/change-password');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Change Password' });
    if (values.master) await user.type(screen.getByLabelText('Current Password'), values.master);
    if (values.next) await user.type(screen.getByLabelText('New Password'), values.next);
    if (values.confirm) await user.type(screen.getByLabelText('Confirm Password'), values.confirm);
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    const input = screen.getByLabelText(field);
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    expect(input).toHaveAccessibleDescription(expect.stringContaining(message));
  });

  it('accepts every allowed special character', () => {
    const ok = changePasswordRequest.safeParse({
      master_password: 'x',
      new_password: 'aB1@$!%*#?&',
      confirm_password: 'aB1@$!%*#?&',
    });
    expect(ok.success).toBe(true);
  });

  it('the match validator marks the second field with a matching error', () => {
    const r = changePasswordRequest.safeParse({
      master_password: 'x',
      new_password: 'abc12345',
      confirm_password: 'x',
    });
    expect(r.success).toBe(false);
    const issue = r.error!.issues.find((i) => i.path[0] === 'confirm_password');
    expect(issue).toMatchObject({ params: { type: 'matching' } });
  });

  it('a forced change goes home afterwards and arms the welcome popup', async () => {
    const fetchMock = mockApi({
      'user/changePassword': json({ status: true, message: 'Password changed.' }),
    });
    signIn({ ...demoUser, is_change_password: '1' });
    const { router } = renderApp('/home');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Change Password' });
    await user.type(screen.getByLabelText('Current Password'), 'newbie123');
    await user.type(screen.getByLabelText('New Password'), 'fresh2026');
    await user.type(screen.getByLabelText('Confirm Password'), 'fresh2026');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    const call = fetchMock.mock.calls.find(([u]) => String(u).endsWith('user/changePassword'))!;
    expect(JSON.parse(String((call[1] as RequestInit).body))).toEqual({
      master_password: 'newbie123',
      new_password: 'fresh2026',
      confirm_password: 'fresh2026',
    });
    expect(JSON.parse(localStorage.getItem('userinfo')!).is_change_password).toBe('0');
    expect(
      await screen.findByRole('dialog', {
        name: 'Beware Of Phishing Websites Before Login. Enable Security Auth To Secure Your ID.',
      }),
    ).toBeInTheDocument();
  });

  it('sends the keys’ revocation only when the bettor ticks it', async () => {
    const fetchMock = mockApi({ 'user/changePassword': json({ status: true, message: 'Password changed' }) });
    signIn();
    renderApp('/setting/change-password');
    const user = userEvent.setup();
    const fill = async () => {
      await user.type(await screen.findByLabelText('Current Password'), 'old12345');
      await user.type(screen.getByLabelText('New Password'), 'fresh2026');
      await user.type(screen.getByLabelText('Confirm Password'), 'fresh2026');
    };
    const sent = () =>
      fetchMock.mock.calls
        .filter(([u]) => String(u).endsWith('user/changePassword'))
        .map(([, init]) => JSON.parse(String((init as RequestInit).body)) as Record<string, unknown>);
    await fill();
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]).not.toHaveProperty('revoke_api_keys');
    await fill();
    const box = screen.getByRole('checkbox', { name: 'Also revoke my API keys' });
    expect(box).toHaveAccessibleDescription(expect.stringContaining('Programs using them stop at once'));
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    await waitFor(() => expect(sent()).toHaveLength(2));
    expect(sent()[1]).toMatchObject({ revoke_api_keys: true });
  });

  it("shows the server's refusal", async () => {
    mockApi({ 'user/changePassword': json({ status: false, message: 'The current password is wrong.' }) });
    signIn();
    renderApp('/setting/change-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Current Password'), 'bad');
    await user.type(screen.getByLabelText('New Password'), 'fresh2026');
    await user.type(screen.getByLabelText('Confirm Password'), 'fresh2026');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findAllByText('The current password is wrong.')).not.toHaveLength(0);
  });
});
