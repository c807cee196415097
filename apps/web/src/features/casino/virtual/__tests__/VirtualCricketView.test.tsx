// The virtual cricket renderer: the scoreboard, the over's chips, the last ball and the result,
// all read from the step codes; the live region says each ball in words.
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VIRTUAL_RENDERERS, VirtualCricketView } from '../index.ts';

const OPTIONS = [
  { option_id: 'team_a', label: 'Harbour Hawks', payout: 1.9 },
  { option_id: 'team_b', label: 'Desert Falcons', payout: 1.95 },
  { option_id: 'tie', label: 'Tie', payout: 31 },
  { option_id: 'a_over', label: 'Harbour Hawks over 39.5 runs', payout: 1.9 },
  { option_id: 'a_under', label: 'Harbour Hawks under 39.5 runs', payout: 1.9 },
];

/** A side's legal deliveries from their codes, numbered over by over (no wides). */
const innings = (side: 'A' | 'B', codes: string[]) =>
  codes.map((c, i) => `${side}:${Math.floor(i / 6) + 1}.${(i % 6) + 1}:${c}`);

const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });
const live = (container: HTMLElement) => container.querySelector('[aria-live="polite"]')!;

describe('VirtualCricketView', () => {
  it('is the renderer of virtual_cricket', () => {
    expect(VIRTUAL_RENDERERS['virtual_cricket']).toBe(VirtualCricketView);
  });

  it('before the first ball: both teams on the board, who bats first, nothing said yet', () => {
    const { container } = render(<VirtualCricketView steps={[]} options={OPTIONS} state="BETTING" />);
    expect(within(row('Harbour Hawks')).getByText('0.0 ov')).toBeInTheDocument();
    expect(row('Desert Falcons')).toBeInTheDocument();
    expect(screen.getByText('Harbour Hawks bat first once betting closes.')).toBeInTheDocument();
    expect(live(container)).toHaveTextContent(/^$/);
  });

  it('mid-over: runs/wickets and overs, the over as chips (a wide too), the last ball large and said', () => {
    const steps = ['A:1.1:4', 'A:1.2:W', 'A:1.3:WD', 'A:1.3:6'];
    const { container } = render(<VirtualCricketView steps={steps} options={OPTIONS} state="DEALING" />);
    const a = row('Harbour Hawks');
    expect(a).toHaveTextContent('(batting)');
    expect(within(a).getByText('11/1')).toBeInTheDocument();
    expect(within(a).getByText('0.3 ov')).toBeInTheDocument();
    const chips = within(screen.getByRole('list', { name: 'Over 1, ball by ball' })).getAllByRole('listitem');
    expect(chips.map((c) => c.textContent)).toEqual(['4', 'W', 'Wd', '6']);
    expect(chips.map((c) => c.getAttribute('aria-label'))).toEqual(['FOUR', 'WICKET', 'wide', 'SIX']);
    expect(container.querySelector('.vcricket__last')).toHaveTextContent('6SIX');
    expect(live(container)).toHaveTextContent('Over 0.3: SIX. Harbour Hawks 11 for 1.');
  });

  it('the chase: A done, B batting, the target and what is needed; only the current over shows', () => {
    const steps = [
      ...innings('A', Array<string>(30).fill('1')),
      ...innings('B', ['4', '4', '0', '1', '1', '1', '2']),
    ];
    render(<VirtualCricketView steps={steps} options={OPTIONS} state="DEALING" />);
    expect(within(row('Harbour Hawks')).getByText('30/0')).toBeInTheDocument();
    expect(within(row('Harbour Hawks')).getByText('5.0 ov')).toBeInTheDocument();
    expect(row('Desert Falcons')).toHaveTextContent('(batting)');
    expect(screen.getByText('Target 31: Desert Falcons need 18 from 23 balls')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((c) => c.textContent)).toEqual(['2']);
  });

  it('results: won by runs, won by wickets, tied; and a void round', () => {
    const aAll = innings('A', Array<string>(30).fill('1'));
    const { rerender, container } = render(
      <VirtualCricketView
        steps={[...aAll, ...innings('B', Array<string>(30).fill('0'))]}
        options={OPTIONS}
        state="RESULT"
      />,
    );
    expect(screen.getByText('Harbour Hawks won by 30 runs')).toBeInTheDocument();
    expect(live(container)).toHaveTextContent('Harbour Hawks won by 30 runs.');
    expect(screen.queryByText('(batting)')).toBeNull();
    rerender(
      <VirtualCricketView
        steps={[...aAll, ...innings('B', ['6', '6', '6', '6', 'W', '6', '4'])]}
        options={OPTIONS}
        state="RESULT"
      />,
    );
    expect(screen.getByText('Desert Falcons won by 9 wickets')).toBeInTheDocument();
    rerender(
      <VirtualCricketView
        steps={[...aAll, ...innings('B', Array<string>(30).fill('1'))]}
        options={OPTIONS}
        state="RESULT"
      />,
    );
    expect(screen.getByText('Match tied')).toBeInTheDocument();
    rerender(<VirtualCricketView steps={['A:1.1:1']} options={OPTIONS} state="VOID" />);
    expect(screen.getByText('Round void: stakes returned')).toBeInTheDocument();
  });

  it('an unknown step code shows no score rather than a wrong one', () => {
    render(<VirtualCricketView steps={['A:1.1:5']} options={OPTIONS} state="DEALING" />);
    expect(within(row('Harbour Hawks')).getByText('–')).toBeInTheDocument();
  });
});
