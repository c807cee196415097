import type { BinaryTick } from '@backlay/contract';
import {
  ColorType,
  createChart,
  LineSeries,
  type IChartApi,
  type ISeriesApi,
  type LineData,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { formatIstTime } from './format.ts';

/** The chart's points: one a second (the last price of that second), times in whole seconds. */
export function chartPoints(ticks: readonly BinaryTick[]): LineData<UTCTimestamp>[] {
  const out: LineData<UTCTimestamp>[] = [];
  for (const t of ticks) {
    const time = Math.floor(t.t / 1000) as UTCTimestamp;
    const last = out[out.length - 1];
    if (last && last.time === time) last.value = t.p;
    else if (!last || time > last.time) out.push({ time, value: t.p });
  }
  return out;
}

/**
 * The live price chart (lightweight-charts, loaded with this chunk only when an instrument is
 * shown). A tick appended to the same session updates the last point; anything else (another
 * instrument, a new session) sets the whole series. Hidden from assistive technology: the panel
 * says the same in text (last price, change, high and low).
 */
export default function PriceChart({ ticks, decimals }: { ticks: readonly BinaryTick[]; decimals: number }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<ISeriesApi<'Line'> | null>(null);
  const shown = useRef<{ first: number | undefined; count: number }>({ first: undefined, count: 0 });

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const c = createChart(el, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: '#ffffff' },
        textColor: '#1f2d3d',
        attributionLogo: false,
      },
      grid: { vertLines: { color: '#eef2f6' }, horzLines: { color: '#eef2f6' } },
      timeScale: {
        timeVisible: true,
        secondsVisible: true,
        tickMarkFormatter: (t: number) => formatIstTime(t * 1000),
      },
      localization: { timeFormatter: (t: number) => formatIstTime(t * 1000) },
      handleScroll: false,
      handleScale: false,
    });
    chart.current = c;
    series.current = c.addSeries(LineSeries, {
      color: '#1565c0',
      lineWidth: 2,
      priceFormat: { type: 'price', precision: decimals, minMove: decimals === 0 ? 1 : 0.01 },
    });
    shown.current = { first: undefined, count: 0 };
    return () => {
      c.remove();
      chart.current = null;
      series.current = null;
    };
  }, [decimals]);

  useEffect(() => {
    const s = series.current;
    if (!s) return;
    const first = ticks[0]?.t;
    const last = ticks[ticks.length - 1];
    const before = shown.current;
    if (last && before.first === first && ticks.length === before.count + 1) {
      s.update({ time: Math.floor(last.t / 1000) as UTCTimestamp, value: last.p });
    } else {
      s.setData(chartPoints(ticks));
      chart.current?.timeScale().fitContent();
    }
    shown.current = { first, count: ticks.length };
  }, [ticks]);

  return <div ref={box} className="binary-chart__canvas" aria-hidden="true" data-testid="binary-chart" />;
}
