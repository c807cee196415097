// Draws a runner's last traded price over time with uPlot (canvas, loaded with the chart only:
// PriceHistory.tsx imports this module on demand). Steps, not a sloped line: the last traded price
// holds until the next trade.
import { chartWidth, fitWidth } from '@backlay/ui/lazy-draw';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** The chart's height, px; its width is its box's (at most the screen's: 390 px on a phone). */
const HEIGHT_PX = 180;
const LINE = '#0b5cad';
const GRID = 'rgba(0, 0, 0, 0.08)';

/**
 * Draws the points (seconds, decimal odds) into `el`, the line held to `until_s` (the last
 * step's end); answers a function that removes it. `words.series` names the line (the bettor's language).
 */
export function drawPriceHistory(
  el: HTMLElement,
  points: readonly { at_s: number; price: number }[],
  until_s: number,
  odds: (v: number) => string,
  words: { series: string },
): () => void {
  const xs = [...points.map((p) => p.at_s), until_s];
  const ys = [...points.map((p) => p.price), points.at(-1)?.price ?? null];
  const chart = new uPlot(
    {
      width: chartWidth(el),
      height: HEIGHT_PX,
      // Times in IST whatever the browser's zone.
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Asia/Kolkata'),
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      scales: { x: { time: true } },
      axes: [
        // Ticks on whole minutes or more: a step is at least a minute.
        {
          grid: { stroke: GRID },
          space: 56,
          incrs: [60, 300, 600, 900, 1_800, 3_600, 7_200, 14_400, 43_200, 86_400],
          values: '{HH}:{mm}',
        },
        { grid: { stroke: GRID }, size: 48, values: (_u, vals) => vals.map((v) => odds(v)) },
      ],
      series: [
        {},
        {
          label: words.series,
          stroke: LINE,
          width: 2,
          paths: uPlot.paths.stepped!({ align: 1 }),
          points: { show: points.length < 30 },
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
