// Issue 45, the installable app in the page: the offline screen's words, "Download the app" on the
// login page and in the user menu (the install prompt where the browser offers one, else the
// operator's APK link, nothing when the operator has it off).
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppNotices } from '../src/components/app-install/AppNotices.tsx';
import { downloadAppAction } from '../src/components/app-install/DownloadApp.tsx';
import { OFFLINE_MESSAGE, startAppInstall } from '../src/lib/app-install.ts';
import { apiGet } from '../src/lib/http.ts';
import { demoUser, mockApi, renderApp, resetStore, settings, signIn } from './helpers.tsx';

const APK = 'https://downloads.example.in/backlay.apk';

describe('what "Download the app" does', () => {
  const none = { canInstall: false, installed: false };
  it.each([
    ['off', { is_show_apk: '0', apk_link: APK }, { canInstall: true, installed: false }, null],
    [
      'on, the browser offers to install',
      { is_show_apk: '1', apk_link: APK },
      { canInstall: true, installed: false },
      { kind: 'prompt' },
    ],
    ['on, no prompt, an APK link', { is_show_apk: '1', apk_link: APK }, none, { kind: 'link', href: APK }],
    ['on, no prompt, no link', { is_show_apk: '1', apk_link: '' }, none, null],
    ['on, a link that is not https', { is_show_apk: '1', apk_link: 'javascript:alert(1)' }, none, null],
    [
      'on, inside the installed app',
      { is_show_apk: '1', apk_link: APK },
      { canInstall: false, installed: true },
      null,
    ],
    ['no settings yet', undefined, none, null],
  ] as const)('%s', (_name, s, state, expected) => {
    expect(downloadAppAction(s, state)).toEqual(expected);
  });
});

/** Chrome's install prompt as the page receives it. */
function installPromptEvent() {
  const e = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
    prompt: ReturnType<typeof vi.fn>;
    userChoice: Promise<{ outcome: string }>;
  };
  e.prompt = vi.fn(async () => {});
  e.userChoice = Promise.resolve({ outcome: 'accepted' });
  return e;
}

describe('the installable app in the page', () => {
  beforeAll(() => startAppInstall());
  beforeEach(() => resetStore());

  it('offline, every screen says so in words; back online, the words go', () => {
    render(<AppNotices />);
    const region = screen.getByRole('status');
    expect(region).toHaveTextContent('');
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(region).toHaveTextContent(OFFLINE_MESSAGE);
    expect(OFFLINE_MESSAGE).toBe('You are offline — prices and betting resume when the connection is back');
    act(() => void window.dispatchEvent(new Event('online')));
    expect(region).toHaveTextContent('');
  });

  it('a network that carries nothing (the browser still says online): the words too, until a request gets through', async () => {
    render(<AppNotices />);
    const region = screen.getByRole('status');
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await act(async () => {
      await apiGet('user/getUserBalance').catch(() => undefined);
    });
    expect(region).toHaveTextContent(OFFLINE_MESSAGE);
    // An abort says nothing of the network.
    fetchMock.mockRejectedValueOnce(new DOMException('aborted', 'AbortError'));
    await act(async () => {
      await apiGet('user/getUserBalance').catch(() => undefined);
    });
    expect(region).toHaveTextContent(OFFLINE_MESSAGE);
    fetchMock.mockResolvedValueOnce(new Response('{"status":true}', { status: 200 }));
    await act(async () => {
      await apiGet('user/getUserBalance');
    });
    expect(region).toHaveTextContent('');
    fetchMock.mockRestore();
  });

  it('the login page: nothing while the operator has it off', async () => {
    mockApi({ 'globalSetting/getGlobalSetting': { ...settings, is_show_apk: '0', apk_link: APK } });
    renderApp('/');
    await screen.findByRole('button', { name: 'Login' });
    expect(screen.queryByText('Download the app')).toBeNull();
  });

  it('the login page: the APK link where the browser offers no install', async () => {
    mockApi({ 'globalSetting/getGlobalSetting': { ...settings, is_show_apk: '1', apk_link: APK } });
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Download the app' })).toHaveAttribute('href', APK);
  });

  it("the user menu: the browser's install prompt where it offers one", async () => {
    mockApi({ 'globalSetting/getGlobalSetting': { ...settings, is_show_apk: '1', apk_link: '' } });
    signIn(demoUser);
    renderApp('/home');
    const prompt = installPromptEvent();
    act(() => void window.dispatchEvent(prompt));
    expect(prompt.defaultPrevented).toBe(true);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /account menu/i }));
    const menu = screen.getByRole('navigation', { name: 'Account' });
    await user.click(within(menu).getByRole('button', { name: 'Download the app' }));
    expect(prompt.prompt).toHaveBeenCalledTimes(1);
    // Asked once: the browser's prompt is used up, and the menu closed.
    expect(screen.queryByRole('navigation', { name: 'Account' })).toBeNull();
  });
});
