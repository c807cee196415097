// A report day in the site's format (issue 47): dd/mm/yyyy typed or picked from the calendar,
// whatever the browser's locale; a day that is not a calendar day is sent as '' (the form names it).
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DayField, readDay, shownDay } from '../DayField.tsx';

function Harness({ start, seen }: { start: string; seen: string[] }) {
  const [day, setDay] = useState(start);
  return (
    <DayField
      id="d"
      label="From"
      value={day}
      max="2026-11-30"
      onChange={(d) => {
        seen.push(d);
        setDay(d);
      }}
    />
  );
}

describe('DayField', () => {
  it('reads dd/mm/yyyy (and a pasted yyyy-mm-dd), never a day that does not exist', () => {
    expect(readDay('05/11/2026')).toBe('2026-11-05');
    expect(readDay('5/1/2026')).toBe('2026-01-05');
    expect(readDay('2026-11-05')).toBe('2026-11-05');
    expect(readDay('31/02/2026')).toBe('');
    expect(readDay('11/05')).toBe('');
    expect(shownDay('2026-11-05')).toBe('05/11/2026');
  });

  it('shows the day as dd/mm/yyyy and sends what is typed as YYYY-MM-DD', () => {
    const seen: string[] = [];
    render(<Harness start="2026-11-24" seen={seen} />);
    const input = screen.getByLabelText('From');
    expect(input).toHaveValue('24/11/2026');
    fireEvent.change(input, { target: { value: '01/11/2026' } });
    expect(seen.at(-1)).toBe('2026-11-01');
    fireEvent.change(input, { target: { value: '32/11/2026' } });
    expect(seen.at(-1)).toBe('');
    expect(input).toHaveValue('32/11/2026');
  });

  it('by keyboard: the calendar opens on the day, a day is picked, the field shows it', async () => {
    const seen: string[] = [];
    render(<Harness start="2026-11-24" seen={seen} />);
    const open = screen.getByRole('button', { name: 'Choose the From date' });
    open.focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('dialog', { name: 'From date' })).toBeInTheDocument();
    // Focus is on the chosen day; one day back, then Enter.
    await userEvent.keyboard('{ArrowLeft}{Enter}');
    expect(seen.at(-1)).toBe('2026-11-23');
    expect(screen.getByLabelText('From')).toHaveValue('23/11/2026');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(open).toHaveFocus();
  });

  it('days after the last one cannot be picked; Escape closes the calendar', async () => {
    const seen: string[] = [];
    render(<Harness start="2026-11-30" seen={seen} />);
    await userEvent.click(screen.getByRole('button', { name: 'Choose the From date' }));
    await userEvent.keyboard('{ArrowRight}{Enter}');
    expect(seen).toEqual([]);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
