// The virtual racing renderer: a lane per runner moving furlong by furlong, the running order with
// gaps, the finish and a photo finish; the live region says who leads and who won.
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VIRTUAL_RENDERERS, VirtualRacingView } from '../index.ts';

const OPTIONS = [
  { option_id: 'runner_1', label: '1 Silver Comet', payout: 4.5 },
  { option_id: 'runner_2', label: '2 Monsoon Gold', payout: 3.2 },
  { option_id: 'runner_3', label: '3 Desert Wind', payout: 8.1 },
  { option_id: 'runner_4', label: '4 Copper Kettle', payout: 6.4 },
  { option_id: 'runner_5', label: '5 Midnight Raga', payout: 5.0 },
  { option_id: 'runner_6', label: '6 Lotus Flyer', payout: 12 },
];

const order = (name: string) =>
  within(screen.getByRole('list', { name }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);
const live = (container: HTMLElement) => container.querySelector('[aria-live="polite"]')!;
const markers = (container: HTMLElement) =>
  Array.from(container.querySelectorAll<HTMLElement>('.vracing__runner')).map((m) => ({
    no: m.textContent,
    p: Number(m.style.getPropertyValue('--p')),
  }));

describe('VirtualRacingView', () => {
  it('is the renderer of virtual_racing', () => {
    expect(VIRTUAL_RENDERERS['virtual_racing']).toBe(VirtualRacingView);
  });

  it('before the off: the field in saddlecloth order, every marker at the start', () => {
    const { container } = render(<VirtualRacingView steps={[]} options={OPTIONS} state="BETTING" />);
    expect(screen.getByText('10 furlongs: the field goes off once betting closes')).toBeInTheDocument();
    expect(order('Running order')).toEqual(OPTIONS.map((o) => o.label.replace(' ', '')));
    expect(markers(container).every((m) => m.p === 0)).toBe(true);
  });

  it('at a furlong: the running order with places and gaps, the leader furthest, and it is said', () => {
    const { container } = render(
      <VirtualRacingView
        steps={['1:2+0,1+3,3+3,4+5,5+8,6+9', '2:5+0,2+2,1+4,3+6,4+6,6+11']}
        options={OPTIONS}
        state="DEALING"
      />,
    );
    expect(screen.getByText('Furlong 2 of 10')).toBeInTheDocument();
    expect(order('Running order')).toEqual([
      '1st5Midnight RagaLeads',
      '2nd2Monsoon Gold+2',
      '3rd1Silver Comet+4',
      '4th3Desert Wind+6',
      '5th4Copper Kettle+6',
      '6th6Lotus Flyer+11',
    ]);
    const m = markers(container);
    const at = (no: string) => m.find((x) => x.no === no)!.p;
    expect(at('5')).toBeCloseTo(0.2, 10);
    expect(at('2')).toBeLessThan(at('5'));
    expect(at('3')).toBe(at('4'));
    expect(live(container)).toHaveTextContent(
      'Furlong 2 of 10: 5 Midnight Raga leads by 2 from 2 Monsoon Gold.',
    );
  });

  it('the finish, and a photo finish when the first two are level', () => {
    const { container, rerender } = render(
      <VirtualRacingView steps={['10:3+0,1+4,2+5,4+9,5+9,6+20']} options={OPTIONS} state="RESULT" />,
    );
    expect(screen.getByText('Finish')).toBeInTheDocument();
    expect(order('Finishing order')[0]).toBe('1st3Desert WindWinner');
    expect(live(container)).toHaveTextContent('Won by 3 Desert Wind.');
    expect(markers(container).find((x) => x.no === '3')!.p).toBe(1);
    rerender(<VirtualRacingView steps={['10:6+0,1+0,2+5,4+9,5+9,3+20']} options={OPTIONS} state="RESULT" />);
    expect(screen.getByText('Finish: photo finish')).toBeInTheDocument();
    expect(live(container)).toHaveTextContent('Won by 6 Lotus Flyer on a photo finish.');
  });

  it('a void race says so; an unknown step code leaves the field at the start', () => {
    const { rerender, container } = render(<VirtualRacingView steps={[]} options={OPTIONS} state="VOID" />);
    expect(screen.getByText('Race void: stakes returned')).toBeInTheDocument();
    rerender(<VirtualRacingView steps={['A:1.1:4']} options={OPTIONS} state="DEALING" />);
    expect(markers(container).every((m) => m.p === 0)).toBe(true);
  });
});
