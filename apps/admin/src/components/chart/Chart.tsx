// One chart of the console (the dashboard's, the risk view's): the picture (drawn by draw.ts,
// loaded on demand, hidden from screen readers) and its alternative, a summary in words as the
// figure's caption. The numbers behind it are in a table beside it, which each screen keeps.
import { useLazyDraw } from '@backlay/ui/lazy-draw';
import { useId, useRef } from 'react';
import type { ChartSpec } from './draw.ts';
import './chart.css';

export function Chart({ title, summary, spec }: { title: string; summary: string; spec: ChartSpec | null }) {
  const box = useRef<HTMLDivElement>(null);
  const captionId = useId();
  // The spec's data stands for it: redraw only when the numbers change.
  const key = spec ? JSON.stringify([spec.labels, spec.series.map((s) => s.values)]) : '';
  const failed = useLazyDraw(box, key, spec !== null, () =>
    import('./draw.ts').then((m) => (el: HTMLElement) => m.drawChart(el, spec!)),
  );
  return (
    <figure className="chart" aria-labelledby={captionId}>
      <h3 className="chart__title">{title}</h3>
      {spec && !failed ? <div ref={box} className="chart__plot" aria-hidden="true" /> : null}
      <figcaption id={captionId} className="chart__caption">
        {summary}
      </figcaption>
    </figure>
  );
}
