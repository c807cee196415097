import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Modal } from '../src/components/index.ts';
import { json, mockApi, renderApp, resetStore, signIn } from './helpers.tsx';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Open</button>
      <Modal open={open} onClose={() => setOpen(false)} title="Test dialog">
        <input aria-label="First" />
        <button>Last</button>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('moves focus in, traps Tab, closes on Escape and gives focus back', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Test dialog' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByLabelText('First')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Last' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab();
    expect(screen.getByLabelText('First')).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });
});

describe('app modals', () => {
  beforeEach(() => resetStore());

  it('My Market shows the four columns and the empty text', async () => {
    mockApi({ 'bet/getExposureDetail': { data: [] } });
    signIn();
    renderApp('/home');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Exposure/ }));
    const dialog = await screen.findByRole('dialog', { name: 'My Market' });
    // The table appears once the data is there (the endpoint table is fetched on demand).
    const headers = (await within(dialog).findAllByRole('columnheader')).map((h) => h.textContent);
    expect(headers).toEqual(['Event Type', 'Event Name', 'Match Name', 'Trade']);
    expect(await within(dialog).findByText('No data available in table')).toBeInTheDocument();
  });

  it('My Market lists the markets holding exposure', async () => {
    mockApi({
      'bet/getExposureDetail': {
        data: [
          {
            sport_id: 4,
            match_id: 7,
            sport_name: 'Cricket',
            match_name: 'India v Australia',
            market_details: [{ sub_type: 'Match Odds', bet_count: 3 }],
          },
        ],
      },
    });
    signIn();
    renderApp('/home');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Exposure/ }));
    const dialog = await screen.findByRole('dialog', { name: 'My Market' });
    const row = (await within(dialog).findByText('India v Australia')).closest('tr')!;
    expect(Array.from(row.cells).map((c) => c.textContent)).toEqual([
      'Cricket',
      'Match Odds',
      'India v Australia',
      '3',
    ]);
  });

  it('Set Button Value: two tabs, Price Label / Price Value rows, Update shows the server message and refreshes', async () => {
    let stored = [
      { button_name: '100', button_value: 100, type: 'Game' },
      { button_name: '500', button_value: 500, type: 'Game' },
      { button_name: '25', button_value: 25, type: 'Casino' },
    ];
    const fetchMock = mockApi({
      'user/getButtonValue': () => JSON.stringify(stored),
      'user/setButtonValue': (body: unknown) => {
        stored = body as typeof stored;
        return json({ status: true, message: 'Button values updated.', data: stored });
      },
    });
    signIn();
    renderApp('/home');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /account menu/i }));
    await user.click(screen.getByRole('button', { name: 'Set Button Values' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set Button Value' });
    const tabs = await within(dialog).findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Game Buttons', 'Casino Buttons']);
    const label = await within(dialog).findByLabelText('Game button 2 Price Label');
    const value = within(dialog).getByLabelText('Game button 2 Price Value');
    await user.clear(label);
    await user.type(label, '1K');
    await user.clear(value);
    await user.type(value, '1000');
    await user.click(within(dialog).getByRole('tab', { name: 'Casino Buttons' }));
    expect(within(dialog).getByLabelText('Casino button 1 Price Value')).toHaveValue(25);
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Button values updated.')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([u]) => String(u).endsWith('user/setButtonValue'))!;
    expect(JSON.parse(String((call[1] as RequestInit).body))).toEqual([
      { button_name: '100', button_value: 100, type: 'Game' },
      { button_name: '1K', button_value: 1000, type: 'Game' },
      { button_name: '25', button_value: 25, type: 'Casino' },
    ]);
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([u]) => String(u).endsWith('user/getButtonValue'))).toHaveLength(2),
    );
  });

  it('Set Button Value: an emptied value is sent, and the server’s refusal names the row the bettor typed in', async () => {
    const fetchMock = mockApi({
      'user/getButtonValue': [
        { button_name: '25', button_value: 25, type: 'Casino' },
        { button_name: '100', button_value: 100, type: 'Game' },
        { button_name: '500', button_value: 500, type: 'Game' },
      ],
      'user/setButtonValue': json(
        { status: false, message: '[2].button_value: Price Value must be a number' },
        400,
      ),
    });
    signIn();
    renderApp('/home');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /account menu/i }));
    await user.click(screen.getByRole('button', { name: 'Set Button Values' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set Button Value' });
    await user.clear(await within(dialog).findByLabelText('Game button 2 Price Value'));
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Game button 2: Price Value must be a number')).toBeInTheDocument();
    expect(screen.queryByText(/Invalid input/)).toBeNull();
    const call = fetchMock.mock.calls.find(([u]) => String(u).endsWith('user/setButtonValue'))!;
    expect(JSON.parse(String((call[1] as RequestInit).body))[2]).toEqual({
      button_name: '500',
      button_value: '',
      type: 'Game',
    });
  });

  it('Set Button Value shows a refusal as an error', async () => {
    mockApi({
      'user/getButtonValue': [{ button_name: '100', button_value: 100, type: 'Game' }],
      'user/setButtonValue': json({ status: false, message: 'Button values could not be saved.' }),
    });
    signIn();
    renderApp('/home');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /account menu/i }));
    await user.click(screen.getByRole('button', { name: 'Set Button Values' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set Button Value' });
    await within(dialog).findByLabelText('Game button 1 Price Label');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Button values could not be saved.')).toBeInTheDocument();
  });

  it('the 18+ modal states the four points', async () => {
    mockApi();
    signIn();
    renderApp('/home');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '18+' }));
    const dialog = await screen.findByRole('dialog', { name: /18\+/ });
    const items = within(dialog).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(items[0]).toHaveTextContent(/Over 18s only/);
    expect(items[1]).toHaveTextContent(/winnings .* forfeited/i);
    expect(items[2]).toHaveTextContent(/verify your age/i);
    expect(items[3]).toHaveTextContent(/filtering tools/i);
  });

  it('the Rules link opens the Rules modal with the site rules', async () => {
    mockApi();
    signIn();
    renderApp('/home');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Rules' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rules' });
    expect(within(dialog).getAllByRole('tab')).toHaveLength(27);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Rules' })).toBeNull();
  });
});
