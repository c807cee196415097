/**
 * The language switch in the signed-in shell (docs/i18n.md): in the header bar and in the user
 * menu. Choosing हिन्दी shows the shell in Hindi and remembers the choice on the server
 * (user/setLanguage); choosing English brings the English back.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { activeLocale, showLocale } from '../src/lib/i18n/index.ts';
import { mockApi, renderApp, resetStore, signIn } from './helpers.tsx';

/** The bodies the app sent to user/setLanguage, in order. */
function languageCalls(fetchMock: ReturnType<typeof mockApi>): unknown[] {
  return fetchMock.mock.calls
    .filter(([url]) => String(url).endsWith('/api/user/setLanguage'))
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)) as unknown);
}

describe('the language switch (signed in)', () => {
  beforeEach(() => resetStore());
  // The test files share their modules (vitest.config.ts): whatever happens here, the next one is in English.
  afterEach(async () => {
    if (activeLocale() !== 'en') await showLocale('en');
  });

  it('in the header: हिन्दी shows the shell in Hindi and is saved on the server; English brings it back', async () => {
    const fetchMock = mockApi({ 'user/setLanguage': (body: unknown) => body });
    signIn();
    renderApp('/home');
    const user = userEvent.setup();
    const banner = await screen.findByRole('banner');
    await within(banner).findByText('1,500.00');
    const rules = within(banner).getByRole('button', { name: 'Rules' });
    const select = within(banner).getByRole('combobox', { name: 'Language' });
    expect(select).toHaveAttribute('id', 'header-language');
    expect(select).toHaveValue('en');

    await user.selectOptions(select, 'हिन्दी');
    // The same button, in Hindi; the switch itself is named in Hindi too, and shows the choice.
    await waitFor(() => expect(rules).toHaveTextContent('नियम'));
    expect(within(banner).getByRole('combobox', { name: 'भाषा' })).toHaveValue('hi');
    expect(within(banner).getByText('बैलेंस:')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('hi');
    await waitFor(() => expect(languageCalls(fetchMock)).toEqual([{ language: 'hi' }]));

    await user.selectOptions(within(banner).getByRole('combobox', { name: 'भाषा' }), 'English');
    await waitFor(() => expect(rules).toHaveTextContent('Rules'));
    expect(within(banner).getByRole('combobox', { name: 'Language' })).toHaveValue('en');
    expect(document.documentElement.lang).toBe('en');
    await waitFor(() => expect(languageCalls(fetchMock)).toEqual([{ language: 'hi' }, { language: 'en' }]));
  });

  it('in the user menu: the same switch, saved on the server as well', async () => {
    const fetchMock = mockApi({ 'user/setLanguage': (body: unknown) => body });
    signIn();
    renderApp('/home');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /account menu/i }));
    const menu = screen.getByRole('navigation', { name: 'Account' });
    const select = within(menu).getByRole('combobox', { name: 'Language' });
    expect(select).toHaveAttribute('id', 'menu-language');

    await user.selectOptions(select, 'हिन्दी');
    const hindiMenu = await screen.findByRole('navigation', { name: 'खाता' });
    expect(within(hindiMenu).getByRole('link', { name: 'खाता विवरण' })).toBeInTheDocument();
    expect(within(hindiMenu).getByRole('button', { name: 'नियम' })).toBeInTheDocument();
    await waitFor(() => expect(languageCalls(fetchMock)).toEqual([{ language: 'hi' }]));

    await user.selectOptions(within(hindiMenu).getByRole('combobox', { name: 'भाषा' }), 'English');
    expect(await screen.findByRole('navigation', { name: 'Account' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Account Statement' })).toBeInTheDocument();
    await waitFor(() => expect(languageCalls(fetchMock)).toEqual([{ language: 'hi' }, { language: 'en' }]));
  });
});
