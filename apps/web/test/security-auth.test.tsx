import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { groupSecret } from '../src/features/security/SecurityAuthScreen.tsx';
import { demoUser, json, mockApi, renderApp, resetStore, signIn } from './helpers.tsx';

// These screens load lazily; on a busy box their first import can take longer than the shared 5 s.
configure({ asyncUtilTimeout: 15_000 });

const off = { enabled: false, enabled_at: null, recovery_codes_left: 0 };
const on = { enabled: true, enabled_at: '2026-11-22T20:00:00.000Z', recovery_codes_left: 10 };
const SETUP = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
  otpauth_url: 'otpauth://totp/Backlay:demo?secret=JBSWY3DPEHPK3PXPJBSWY3DP&issuer=Backlay',
  qr_svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0h1v1H0z"/></svg>',
};
const CODES = Array.from({ length: 10 }, (_, i) => `ab${i}c-d${i}ef`);

const bodiesOf = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls
    .filter(([url]) => String(url).endsWith(`/api/${path}`))
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)) as Record<string, unknown>);

describe('Security Auth Verification (issue 12)', { timeout: 30_000 }, () => {
  beforeEach(() => {
    resetStore();
    signIn();
  });

  it('turns on: QR code and key, a wrong code explained, then the recovery codes once', async () => {
    let enabled = false;
    const fetchMock = mockApi({
      'user/twoFactor/status': () => (enabled ? on : off),
      'user/twoFactor/setup': SETUP,
      'user/twoFactor/enable': (body: { code: string }) => {
        if (body.code !== '287082')
          return json({
            status: false,
            message: 'That code is not right; check the time on your phone and try the next code',
          });
        enabled = true;
        return { recovery_codes: CODES };
      },
    });
    renderApp('/security-auth');
    expect(await screen.findByText(/Security Auth is off/)).toBeInTheDocument();
    // user-event puts a clipboard of its own on navigator.
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(screen.getByRole('button', { name: 'Turn on Security Auth' }));

    const qr = await screen.findByRole('img', { name: /QR code/ });
    // The server's SVG is shown as an image, never inserted as markup.
    expect(qr.getAttribute('src')).toBe(
      `data:image/svg+xml;charset=utf-8,${encodeURIComponent(SETUP.qr_svg)}`,
    );
    expect(document.querySelector('svg path[d="M0 0h1v1H0z"]')).toBeNull();
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy setup key' }));
    expect(writeText).toHaveBeenCalledWith(SETUP.secret);
    expect(await screen.findByRole('button', { name: 'Copied setup key' })).toBeInTheDocument();

    const code = screen.getByLabelText('Authenticator code');
    await user.type(code, '12345');
    await user.click(screen.getByRole('button', { name: 'Turn on Security Auth' }));
    expect(code).toHaveAccessibleDescription('Enter the 6-digit code from your authenticator app');
    await user.clear(code);
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Turn on Security Auth' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right');

    await user.clear(code);
    await user.type(code, '287082');
    await user.click(screen.getByRole('button', { name: 'Turn on Security Auth' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(screen.getByText('They are shown only now.')).toBeInTheDocument();
    expect(bodiesOf(fetchMock, 'user/twoFactor/enable').at(-1)).toEqual({ code: '287082' });
    await user.click(screen.getByRole('button', { name: 'Copy codes recovery codes' }));
    expect(writeText).toHaveBeenLastCalledWith(CODES.join('\n'));

    await user.click(screen.getByRole('button', { name: 'I have saved my codes' }));
    expect(await screen.findByText(/since 23\/11\/2026 01:30:00/)).toBeInTheDocument();
    expect(screen.getByText('10 recovery codes left.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
  });

  it('downloads the recovery codes as a text file', async () => {
    let enabled = false;
    mockApi({
      'user/twoFactor/status': () => (enabled ? on : off),
      'user/twoFactor/setup': SETUP,
      'user/twoFactor/enable': () => ((enabled = true), { recovery_codes: CODES }),
    });
    const created: Blob[] = [];
    URL.createObjectURL = vi.fn((b: Blob) => (created.push(b), 'blob:codes'));
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderApp('/security-auth');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Turn on Security Auth' }));
    await user.type(await screen.findByLabelText('Authenticator code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on Security Auth' }));
    await user.click(await screen.findByRole('button', { name: 'Download codes' }));
    expect(click).toHaveBeenCalled();
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(created[0]!);
    });
    expect(text).toContain(CODES.join('\n'));
    click.mockRestore();
    delete (URL as { createObjectURL?: unknown }).createObjectURL;
  });

  it('turns off with the password and a code (or a recovery code); a wrong one is refused in words', async () => {
    let enabled = true;
    const fetchMock = mockApi({
      'user/twoFactor/status': () => (enabled ? { ...on, recovery_codes_left: 2 } : off),
      'user/twoFactor/disable': (body: { password: string; code: string }) => {
        if (body.password !== 'demo1234' || body.code !== 'ab1c-d1ef')
          return json({ status: false, message: 'That password or code is not right' });
        enabled = false;
        return json({ status: true, message: 'Security Auth is off', data: null });
      },
    });
    renderApp('/security-auth');
    expect(await screen.findByText('Security Auth is on')).toBeInTheDocument();
    expect(screen.getByText(/2 recovery codes left/)).toHaveTextContent(
      'Turn Security Auth off and on again',
    );
    const user = userEvent.setup();
    const password = screen.getByLabelText('Your password');
    const code = screen.getByLabelText('Code to turn it off');
    // Neither typed: both named, nothing sent.
    await user.click(screen.getByRole('button', { name: 'Turn off Security Auth' }));
    expect(password).toHaveAccessibleDescription('Enter your password');
    expect(bodiesOf(fetchMock, 'user/twoFactor/disable')).toHaveLength(0);
    await user.type(password, 'demo1234');
    await user.type(code, 'nope');
    await user.click(screen.getByRole('button', { name: 'Turn off Security Auth' }));
    expect(code).toHaveAccessibleDescription(expect.stringContaining('or a recovery code'));
    expect(bodiesOf(fetchMock, 'user/twoFactor/disable')).toHaveLength(0);
    await user.clear(code);
    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Turn off Security Auth' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That password or code is not right');
    await user.clear(code);
    await user.type(code, 'ab1c-d1ef');
    await user.click(screen.getByRole('button', { name: 'Turn off Security Auth' }));
    expect(await screen.findByText('Security Auth is off.')).toBeInTheDocument();
    expect(bodiesOf(fetchMock, 'user/twoFactor/disable').at(-1)).toEqual({
      password: 'demo1234',
      code: 'ab1c-d1ef',
    });
  });

  it('a failed status load says why and can be retried', async () => {
    let calls = 0;
    mockApi({
      'user/twoFactor/status': () =>
        ++calls === 1 ? json({ status: false, message: 'Security is resting' }) : off,
    });
    renderApp('/security-auth');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load Security Auth: Security is resting');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByText(/Security Auth is off/)).toBeInTheDocument());
  });

  it("the welcome popup's advice leads to Security Auth", async () => {
    resetStore();
    signIn(demoUser, { welcome: true });
    mockApi({ 'user/twoFactor/status': off });
    const { router } = renderApp('/home');
    const dialog = await screen.findByRole('dialog', { name: /Enable Security Auth To Secure Your ID/ });
    await userEvent.click(within(dialog).getByRole('link', { name: 'Enable Security Auth' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/security-auth'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(localStorage.getItem('openWelcomePopup')).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Security Auth Verification' })).toBeInTheDocument();
  });

  it('groups the key in fours', () => {
    expect(groupSecret('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
    expect(groupSecret('ABCDEFGH')).toBe('ABCD EFGH');
  });
});
