import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useClientStore } from '../src/lib/store.ts';
import { mockApi, renderApp, resetStore, setViewport, signIn } from './helpers.tsx';

describe('balance and exposure', () => {
  beforeEach(() => {
    resetStore();
    mockApi();
    signIn();
  });

  it('shows the balance with 2 decimals and the exposure as an absolute value', async () => {
    setViewport(false);
    renderApp('/home');
    expect(await screen.findByText('1,500.00')).toHaveAttribute('data-testid', 'balance');
    expect(screen.getByTestId('exposure')).toHaveTextContent('250.50');
    expect(sessionStorage.getItem('exposureBalance')).toBe('-250.5');
  });

  it('on a narrow screen the switches hide them, and the choice persists', async () => {
    setViewport(true);
    const first = renderApp('/home');
    const user = userEvent.setup();
    await screen.findByTestId('balance');
    await user.click(screen.getByRole('button', { name: /account menu/i }));
    const menu = screen.getByRole('navigation', { name: 'Account' });
    await user.click(within(menu).getByRole('switch', { name: 'Balance' }));
    expect(screen.queryByTestId('balance')).toBeNull();
    await user.click(within(menu).getByRole('switch', { name: 'Exposure' }));
    expect(screen.queryByTestId('exposure')).toBeNull();
    expect(localStorage.getItem('showBalance')).toBe('0');
    expect(localStorage.getItem('showExposure')).toBe('0');
    first.unmount();

    // A reload: the store is rebuilt from storage.
    useClientStore.setState({
      showBalance: localStorage.getItem('showBalance') !== '0',
      showExposure: false,
    });
    renderApp('/home');
    await screen.findByRole('heading', { name: "Today's Matches" });
    expect(screen.queryByTestId('balance')).toBeNull();
    expect(screen.queryByTestId('exposure')).toBeNull();
  });

  it('on a wide screen both reset to visible', async () => {
    localStorage.setItem('showBalance', '0');
    localStorage.setItem('showExposure', '0');
    useClientStore.setState({ showBalance: false, showExposure: false });
    const vp = setViewport(true);
    renderApp('/home');
    await screen.findByRole('heading', { name: "Today's Matches" });
    expect(screen.queryByTestId('balance')).toBeNull();
    act(() => vp.change(false));
    expect(await screen.findByTestId('balance')).toBeInTheDocument();
    expect(screen.getByTestId('exposure')).toBeInTheDocument();
    expect(localStorage.getItem('showBalance')).toBe('1');
    expect(localStorage.getItem('showExposure')).toBe('1');
  });
});
