// Draws the console's charts with uPlot (canvas; loaded with a chart only, not with the console's
// first screen: Chart.tsx imports this module on demand). One spec for every chart:
// bars or a line over hours or days (x is each one's index, labelled by the screen), each series
// its own colour.
import { chartWidth, fitWidth } from '@backlay/ui/lazy-draw';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** A chart's height, px; its width is its box's (at most the screen's: 390 px on a phone). */
const HEIGHT_PX = 160;
const GRID = 'rgba(0, 0, 0, 0.08)';

export type ChartSeries = { label: string; values: (number | null)[]; color: string };
export type ChartSpec = {
  kind: 'bars' | 'line';
  /** Each hour's or day's label (IST), oldest first; the series hold one value for each. */
  labels: string[];
  series: ChartSeries[];
  /** An axis value as the screen writes it (₹, a count). */
  value: (v: number) => string;
};

/** The y range over [min, max] with zero in it, padded as uPlot pads (a flat 0 gets [0, 1]). */
function zeroBased(min: number | null, max: number | null): [number, number] {
  const low = Math.min(0, min ?? 0);
  const high = Math.max(0, max ?? 0);
  return uPlot.rangeNum(low, high === low ? low + 1 : high, 0.1, true) as [number, number];
}

/** Draws `spec` into `el`; answers a function that removes it. */
export function drawChart(el: HTMLElement, spec: ChartSpec): () => void {
  const xs = spec.labels.map((_, i) => i);
  const bars = uPlot.paths.bars!({ size: [0.7, 40] });
  const chart = new uPlot(
    {
      width: chartWidth(el),
      height: HEIGHT_PX,
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      scales: {
        x: { time: false, range: () => [-0.5, xs.length - 0.5] },
        // Zero always on the scale: a bar's height is its value, not its distance from the smallest.
        y: { range: (_u, min, max) => zeroBased(min, max) },
      },
      axes: [
        {
          grid: { stroke: GRID },
          space: 56,
          incrs: [1, 2, 3, 6, 7, 12],
          values: (_u, ticks) => ticks.map((t) => spec.labels[t] ?? ''),
        },
        { grid: { stroke: GRID }, size: 64, values: (_u, ticks) => ticks.map((t) => spec.value(t)) },
      ],
      series: [
        {},
        ...spec.series.map((s) => ({
          label: s.label,
          stroke: s.color,
          width: spec.kind === 'line' ? 2 : 0,
          fill: spec.kind === 'bars' ? s.color : undefined,
          paths: spec.kind === 'bars' ? bars : undefined,
          points: { show: spec.kind === 'line' },
          spanGaps: false,
        })),
      ],
    },
    [xs, ...spec.series.map((s) => s.values)],
    el,
  );
  const stop = fitWidth(el, (width_px) => chart.setSize({ width: width_px, height: HEIGHT_PX }));
  return () => {
    stop();
    chart.destroy();
  };
}
