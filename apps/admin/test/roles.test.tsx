// Issue 41: masters and agents sign in to the same console and see the menus their role may use
// (Users, Downline and Audit, for their own downline); an operator's screen's address takes them to Users.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveSession } from '../src/lib/session.ts';
import { mockApi, renderConsole, signedIn } from './helpers.tsx';

const page = { rows: [], page: 1, page_size: 25, total: 0 };

const menu = async () =>
  within(await screen.findByRole('navigation', { name: 'Console' }))
    .getAllByRole('link')
    .map((a) => a.textContent);

describe('menus by role', () => {
  it('a master sees Users, Downline and Audit only, and lands on Users from an operator screen', async () => {
    saveSession('tok-master-00000000000000000000000000000000', {
      user_id: 5,
      user_name: 'master',
      role: 'master',
    });
    mockApi({ 'admin/users': page });
    renderConsole('/markets');
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeInTheDocument();
    expect(await menu()).toEqual(['Users', 'Downline', 'Audit']);
    expect(screen.getByTestId('operator-name')).toHaveTextContent('master · master');
  });

  it('an agent creates bettors only; the operator masters, agents and bettors', async () => {
    saveSession('tok-agent-000000000000000000000000000000000', {
      user_id: 6,
      user_name: 'agent',
      role: 'agent',
    });
    mockApi({ 'admin/users': page });
    const view = renderConsole('/users');
    (await screen.findByRole('button', { name: 'New account' })).click();
    const dialog = await screen.findByRole('dialog', { name: 'New bettor' });
    expect(within(dialog).queryByLabelText('Role')).toBeNull();
    view.unmount();

    signedIn();
    mockApi({ 'admin/users': page, 'admin/dashboard': {} });
    renderConsole('/users');
    expect((await menu()).length).toBeGreaterThan(5);
    (await screen.findByRole('button', { name: 'New account' })).click();
    const role = within(await screen.findByRole('dialog', { name: 'New bettor' })).getByLabelText('Role');
    expect(
      within(role)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['bettor', 'agent', 'master']);
  });
});
