// The dashboard's charts (issue 45): the last 24 hours (bets, turnover, the most bettors online in
// each IST clock hour) and the house's result on each of the last 30 IST days, from
// admin/dashboard/charts. Each chart says what it shows in words (its caption); the numbers are in
// the tables under a disclosure, for screen readers and anyone who would rather read.
import type { AdminDashboardCharts, DashboardDay, DashboardHour } from '@backlay/contract';
import { formatDateTime, rupees } from '../../../lib/format.ts';
import { Card, Loadable } from '../../../components/ui.tsx';
import { useEndpoint } from '../../../components/queries.ts';
import { Chart } from '../../../components/chart/Chart.tsx';
import './charts.css';
import type { ChartSpec } from '../../../components/chart/draw.ts';

/** The charts refresh themselves this often (an hour's bar grows while it runs). */
export const CHARTS_REFRESH_MS = 60_000;

const COLOR = { bets: '#0b5cad', turnover: '#145c43', online: '#9a6200', gain: '#1e7d34', loss: '#b3261e' };

const count = (n: number) => n.toLocaleString('en-IN');
/** An hour as the console writes it: its IST start to its end, 14:30–15:30. */
export const hourText = (h: DashboardHour) =>
  `${formatDateTime(h.hour, 'HH:mm')}–${formatDateTime(new Date(Date.parse(h.hour) + 3_600_000).toISOString(), 'HH:mm')}`;
/** An IST day as the console writes it: dd/MM. */
export const dayText = (d: DashboardDay) => formatDateTime(`${d.day}T00:00:00+05:30`, 'dd/MM');

const most = <T,>(rows: readonly T[], value: (r: T) => number) =>
  rows.reduce<T | null>((best, r) => (best === null || value(r) > value(best) ? r : best), null);

export function betsSummary(hours: readonly DashboardHour[]): string {
  const total = hours.reduce((n, h) => n + h.bets, 0);
  const busiest = most(hours, (h) => h.bets);
  if (total === 0 || !busiest) return 'No bets in the last 24 hours.';
  return `${count(total)} bets in the last 24 hours; the busiest hour ${hourText(busiest)} with ${count(busiest.bets)}.`;
}

export function turnoverSummary(hours: readonly DashboardHour[]): string {
  const total = hours.reduce((n, h) => n + h.turnover, 0);
  const busiest = most(hours, (h) => h.turnover);
  if (total === 0 || !busiest) return 'Nothing matched or taken in the last 24 hours.';
  return `${rupees(total)} matched or taken in the last 24 hours; the most in one hour ${rupees(busiest.turnover)}, ${hourText(busiest)}.`;
}

export function onlineSummary(hours: readonly DashboardHour[]): string {
  const counted = hours.filter((h) => h.bettors_online !== null);
  const peak = most(counted, (h) => h.bettors_online ?? 0);
  if (!peak) return 'Bettors online are not counted yet: the server counts them every 5 minutes.';
  const gaps = hours.length - counted.length;
  return (
    `At most ${count(peak.bettors_online ?? 0)} bettors online at once, ${hourText(peak)}` +
    (gaps > 0 ? `; not counted in ${gaps} of the ${hours.length} hours (no server ran).` : '.')
  );
}

export function houseSummary(days: readonly DashboardDay[]): string {
  const settled = days.filter((d) => d.net !== 0 || d.profit_loss !== 0 || d.commission !== 0);
  if (settled.length === 0) return 'Nothing settled for the house in the last 30 days.';
  const total = days.reduce((n, d) => n + Math.round(d.net * 100), 0) / 100;
  if (settled.length === 1)
    return `House net over the last 30 days ${rupees(total)}, all on ${dayText(settled[0]!)}.`;
  const best = most(settled, (d) => d.net)!;
  const worst = most(settled, (d) => -d.net)!;
  return `House net over the last 30 days ${rupees(total)}; best day ${dayText(best)} ${rupees(best.net)}, worst day ${dayText(worst)} ${rupees(worst.net)}.`;
}

const hourSpec = (
  hours: readonly DashboardHour[],
  kind: ChartSpec['kind'],
  label: string,
  color: string,
  value: (h: DashboardHour) => number | null,
  axis: (v: number) => string,
): ChartSpec => ({
  kind,
  labels: hours.map((h) => formatDateTime(h.hour, 'HH:mm')),
  series: [{ label, color, values: hours.map(value) }],
  value: axis,
});

function HourTable({ hours }: { hours: readonly DashboardHour[] }) {
  return (
    <details className="dash-charts__table">
      <summary>Show the hours as a table</summary>
      <div className="table-wrap">
        <table className="table table--compact">
          <caption className="visually-hidden">Bets, turnover and bettors online by hour, IST</caption>
          <thead>
            <tr>
              <th scope="col">Hour (IST)</th>
              <th scope="col" className="num">
                Bets
              </th>
              <th scope="col" className="num">
                Turnover
              </th>
              <th scope="col" className="num">
                Most online
              </th>
            </tr>
          </thead>
          <tbody>
            {hours.map((h) => (
              <tr key={h.hour}>
                <th scope="row">{hourText(h)}</th>
                <td className="num">{count(h.bets)}</td>
                <td className="num">{rupees(h.turnover)}</td>
                <td className="num">{h.bettors_online === null ? '—' : count(h.bettors_online)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

function DayTable({ days }: { days: readonly DashboardDay[] }) {
  return (
    <details className="dash-charts__table">
      <summary>Show the days as a table</summary>
      <div className="table-wrap">
        <table className="table table--compact">
          <caption className="visually-hidden">The house's result by day, IST</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col" className="num">
                Results
              </th>
              <th scope="col" className="num">
                Commission
              </th>
              <th scope="col" className="num">
                Net
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <th scope="row">{dayText(d)}</th>
                <td className="num">{rupees(d.profit_loss)}</td>
                <td className="num">{rupees(d.commission)}</td>
                <td className="num">{rupees(d.net)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

export function ChartsView({ data }: { data: AdminDashboardCharts }) {
  const { hours, days } = data;
  const anyOnline = hours.some((h) => h.bettors_online !== null);
  return (
    <div className="grid-2 dash-charts">
      <Card title="Last 24 hours">
        <Chart
          title="Bets per hour"
          summary={betsSummary(hours)}
          spec={hourSpec(hours, 'bars', 'Bets', COLOR.bets, (h) => h.bets, count)}
        />
        <Chart
          title="Turnover per hour"
          summary={turnoverSummary(hours)}
          spec={hourSpec(hours, 'bars', 'Turnover', COLOR.turnover, (h) => h.turnover, rupees)}
        />
        <Chart
          title="Most bettors online"
          summary={onlineSummary(hours)}
          spec={
            anyOnline
              ? hourSpec(hours, 'line', 'Bettors online', COLOR.online, (h) => h.bettors_online, count)
              : null
          }
        />
        <HourTable hours={hours} />
      </Card>
      <Card title="House result, last 30 days">
        <Chart
          title="Net by day"
          summary={houseSummary(days)}
          spec={{
            kind: 'bars',
            labels: days.map(dayText),
            // Gains and losses apart, each its colour.
            series: [
              { label: 'Gain', color: COLOR.gain, values: days.map((d) => (d.net > 0 ? d.net : null)) },
              { label: 'Loss', color: COLOR.loss, values: days.map((d) => (d.net < 0 ? d.net : null)) },
            ],
            value: rupees,
          }}
        />
        <DayTable days={days} />
      </Card>
    </div>
  );
}

export function DashboardCharts() {
  const q = useEndpoint('adminDashboardCharts', undefined, { refetchInterval: CHARTS_REFRESH_MS });
  return <Loadable query={q}>{(d) => <ChartsView data={d} />}</Loadable>;
}
