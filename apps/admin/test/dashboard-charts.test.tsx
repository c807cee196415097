// The dashboard's charts (issue 45): what each says in words, and the numbers behind them as
// tables, from admin/dashboard/charts.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminDashboardCharts, DashboardDay, DashboardHour } from '@backlay/contract';
import { describe, expect, it } from 'vitest';
import {
  ChartsView,
  betsSummary,
  houseSummary,
  onlineSummary,
  turnoverSummary,
} from '../src/features/dashboard/charts/DashboardCharts.tsx';

/** 24 hours from 2026-11-29 18:00 IST (12:30 UTC). */
const hours: DashboardHour[] = Array.from({ length: 24 }, (_, i) => ({
  hour: new Date(Date.parse('2026-11-29T12:30:00.000Z') + i * 3_600_000).toISOString(),
  bets: i === 20 ? 210 : i === 3 ? 5 : 0,
  turnover: i === 20 ? 12_500.5 : i === 3 ? 100 : 0,
  bettors_online: i < 22 ? null : i === 22 ? 7 : 3,
}));
const days: DashboardDay[] = Array.from({ length: 30 }, (_, i) => {
  const day = new Date(Date.parse('2026-11-01T00:00:00Z') + i * 86_400_000).toISOString().slice(0, 10);
  const net = i === 10 ? 1_500 : i === 12 ? -2_250.75 : 0;
  return { day, profit_loss: net, commission: 0, net };
});

describe('dashboard charts', () => {
  it('says each chart in words: totals, the busiest hour, the peak online, the best and worst day', () => {
    expect(betsSummary(hours)).toBe('215 bets in the last 24 hours; the busiest hour 14:00–15:00 with 210.');
    expect(turnoverSummary(hours)).toBe(
      '₹12,600.50 matched or taken in the last 24 hours; the most in one hour ₹12,500.50, 14:00–15:00.',
    );
    expect(onlineSummary(hours)).toBe(
      'At most 7 bettors online at once, 16:00–17:00; not counted in 22 of the 24 hours (no server ran).',
    );
    expect(houseSummary(days)).toBe(
      'House net over the last 30 days −₹750.75; best day 11/11 ₹1,500.00, worst day 13/11 −₹2,250.75.',
    );
  });

  it('says so when there is nothing: no bets, no counts, nothing settled', () => {
    const quiet = hours.map((h) => ({ ...h, bets: 0, turnover: 0, bettors_online: null }));
    expect(betsSummary(quiet)).toBe('No bets in the last 24 hours.');
    expect(turnoverSummary(quiet)).toBe('Nothing matched or taken in the last 24 hours.');
    expect(onlineSummary(quiet)).toMatch(/not counted yet/);
    expect(houseSummary(days.map((d) => ({ ...d, profit_loss: 0, net: 0 })))).toBe(
      'Nothing settled for the house in the last 30 days.',
    );
    expect(houseSummary(days.map((d, i) => (i === 12 ? d : { ...d, profit_loss: 0, net: 0 })))).toBe(
      'House net over the last 30 days −₹2,250.75, all on 13/11.',
    );
  });

  it('each chart is a figure named by its words; the tables hold every hour and day', async () => {
    const data: AdminDashboardCharts = { at: hours.at(-1)!.hour, hours, days };
    render(<ChartsView data={data} />);
    expect(screen.getByRole('figure', { name: betsSummary(hours) })).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: houseSummary(days) })).toBeInTheDocument();
    await userEvent.click(screen.getByText('Show the hours as a table'));
    const hourTable = screen.getByRole('table', { name: /by hour/ });
    const rows = within(hourTable).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(24);
    expect(
      within(rows[20]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['210', '₹12,500.50', '—']);
    expect(
      within(rows[22]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['0', '₹0.00', '7']);
    await userEvent.click(screen.getByText('Show the days as a table'));
    const dayRows = within(screen.getByRole('table', { name: /by day/ }))
      .getAllByRole('row')
      .slice(1);
    expect(dayRows).toHaveLength(30);
    expect(within(dayRows[12]!).getByRole('rowheader').textContent).toBe('13/11');
  });
});
