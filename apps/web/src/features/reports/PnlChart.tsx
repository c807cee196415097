// The P&L report's chart (issue 45): the running profit and loss over the chosen days, a line
// drawn from the report's own answer (its `days`: the net of each IST day with a settlement).
// Its alternative for screen readers and anyone who would rather read: a summary in words, and
// the days as a table under a disclosure.
import type { ProfitLossDay } from '@backlay/contract';
import { formatDateTime } from '@backlay/ui/time';
import { useLazyDraw } from '@backlay/ui/lazy-draw';
import { useId, useRef } from 'react';
import { formatMoney, signClass } from './format.ts';
import { t, useT } from './i18n.ts';

/** Each day with its net and the running total after it (rupees, to the paisa). */
export function runningPnl(days: readonly ProfitLossDay[]): { day: string; net: number; running: number }[] {
  let paise = 0;
  return days.map((d) => {
    paise += Math.round(d.net * 100);
    return { day: d.day, net: d.net, running: paise / 100 };
  });
}

/** dd/MM/yyyy, the spec's date (spec §2). */
const dayText = (day: string) => formatDateTime(`${day}T00:00:00+05:30`, 'dd/MM/yyyy');

/** The line in words, in the active language: where it ends, its lowest and highest points. */
export function pnlSummary(points: readonly { day: string; running: number }[]): string {
  if (points.length === 0) return t('reports.pnlChart.empty');
  const last = points.at(-1)!;
  const low = points.reduce((a, p) => (p.running < a.running ? p : a));
  const high = points.reduce((a, p) => (p.running > a.running ? p : a));
  return t('reports.pnlChart.summary', {
    count: points.length,
    last: formatMoney(last.running),
    lastDay: dayText(last.day),
    low: formatMoney(low.running),
    lowDay: dayText(low.day),
    high: formatMoney(high.running),
    highDay: dayText(high.day),
  });
}

export function PnlChart({
  days,
  range,
}: {
  days: readonly ProfitLossDay[];
  /** The days asked for (YYYY-MM-DD, IST): the line's span. */
  range: { from: string; to: string };
}) {
  // Re-renders in a new language (the summary reads the active one).
  const t = useT();
  const points = runningPnl(days);
  const box = useRef<HTMLDivElement>(null);
  const captionId = useId();
  const failed = useLazyDraw(box, JSON.stringify([points, range.from, range.to]), points.length > 0, () =>
    import('./pnl-chart-draw.ts').then(
      (m) => (el: HTMLElement) => m.drawRunningPnl(el, range, points, (v) => formatMoney(v)),
    ),
  );
  return (
    <figure className="pnl-chart" aria-labelledby={captionId}>
      {points.length > 0 && !failed ? <div ref={box} className="pnl-chart__plot" aria-hidden="true" /> : null}
      <figcaption id={captionId} className="pnl-chart__caption">
        {pnlSummary(points)}
      </figcaption>
      {points.length > 0 ? (
        <details className="pnl-chart__table">
          <summary>{t('reports.pnlChart.showTable')}</summary>
          <table className="table pnl-chart__days">
            <caption className="visually-hidden">{t('reports.pnlChart.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('reports.col.day')}</th>
                <th scope="col" className="num">
                  {t('reports.col.net')}
                </th>
                <th scope="col" className="num">
                  {t('reports.col.running')}
                </th>
              </tr>
            </thead>
            <tbody>
              {points.map((p) => (
                <tr key={p.day}>
                  <th scope="row">{dayText(p.day)}</th>
                  <td className={`num ${signClass(p.net)}`}>{formatMoney(p.net)}</td>
                  <td className={`num ${signClass(p.running)}`}>{formatMoney(p.running)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      ) : null}
    </figure>
  );
}
