// One chart of the console (the dashboard's, the risk view's): the picture (drawn by draw.ts,
// loaded on demand, hidden from screen readers) and its alternative, a summary in words as the
// figure's caption. The numbers behind it are in a table beside it, which each screen keeps.
import { useEffect, useId, useRef, useState } from 'react';
import type { ChartSpec } from './draw.ts';
import './chart.css';

export function Chart({ title, summary, spec }: { title: string; summary: string; spec: ChartSpec | null }) {
  const box = useRef<HTMLDivElement>(null);
  const captionId = useId();
  const [failed, setFailed] = useState(false);
  // The spec's data stands for it: redraw only when the numbers change.
  const key = spec ? JSON.stringify([spec.labels, spec.series.map((s) => s.values)]) : '';
  useEffect(() => {
    const el = box.current;
    if (!el || !spec) return;
    let remove: (() => void) | null = null;
    let gone = false;
    import('./draw.ts')
      .then((m) => {
        if (!gone) remove = m.drawChart(el, spec);
      })
      .catch(() => setFailed(true));
    return () => {
      gone = true;
      remove?.();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
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
