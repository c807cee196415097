// Draws the P&L report's running line with uPlot (canvas, about 20 kB br, loaded with the chart
// only: the P&L screen's own chunk does not carry it). Kept apart from PnlChart.tsx, which imports
// this module on demand.
import { chartWidth, fitWidth } from '@backlay/ui/lazy-draw';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** The chart's height, px; its width is its box's (at most the screen's: 390 px on a phone). */
const HEIGHT_PX = 200;
const LINE = '#0b3d2e';
const GRID = 'rgba(0, 0, 0, 0.08)';

/** IST day (YYYY-MM-DD) → seconds at its 00:00 IST (uPlot's x is seconds). */
export const istDaySeconds = (day: string) => Date.parse(`${day}T00:00:00+05:30`) / 1000;

const DAY_S = 86_400;

/**
 * Draws the running net (rupees) into `el` over the chosen days [from, to] as steps: 0 from the
 * range's start, each settlement day's running total from that day on, to the range's end (the
 * total holds between settlements; a sloped line would show money moving on days it did not).
 * Answers a function that removes it.
 */
export function drawRunningPnl(
  el: HTMLElement,
  range: { from: string; to: string },
  points: readonly { day: string; running: number }[],
  rupees: (v: number) => string,
): () => void {
  const start = istDaySeconds(range.from);
  const end = istDaySeconds(range.to) + DAY_S;
  const steps = points.map((p) => ({ x: istDaySeconds(p.day), y: p.running }));
  const fromZero = steps.length === 0 || steps[0]!.x > start ? [{ x: start, y: 0 }] : [];
  const all = [...fromZero, ...steps, { x: end, y: steps.at(-1)?.y ?? 0 }];
  const xs = all.map((p) => p.x);
  const ys = all.map((p) => p.y);
  const chart = new uPlot(
    {
      width: chartWidth(el),
      height: HEIGHT_PX,
      // Days in IST whatever the browser's zone.
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Asia/Kolkata'),
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      scales: { x: { time: true, range: () => [start, end] } },
      axes: [
        // A tick a day or a multiple of days, each the day it begins (dd/mm).
        {
          grid: { stroke: GRID },
          space: 48,
          incrs: [DAY_S, 2 * DAY_S, 7 * DAY_S, 14 * DAY_S, 30 * DAY_S],
          values: '{DD}/{MM}',
        },
        { grid: { stroke: GRID }, size: 64, values: (_u, vals) => vals.map((v) => rupees(v)) },
      ],
      series: [
        {},
        {
          // i18n-exempt: uPlot's name for the series, never shown (no legend; the plot is aria-hidden)
          label: 'Running profit and loss',
          stroke: LINE,
          width: 2,
          paths: uPlot.paths.stepped!({ align: 1 }),
          fill: 'rgba(11, 61, 46, 0.08)',
          points: { show: false },
        },
      ],
    },
    [xs, ys],
    el,
  );
  const stop = fitWidth(el, (width_px) => chart.setSize({ width: width_px, height: HEIGHT_PX }));
  return () => {
    stop();
    chart.destroy();
  };
}
