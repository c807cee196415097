// A chart drawn by a module loaded on demand (uPlot: about 20 kB brotli, in no first load): both
// apps' charts mount it the same way. The drawing's module is imported when the element is there,
// draws into it, and is removed when the data changes (then drawn again) or the chart goes.
import { useEffect, useState, type RefObject } from 'react';

/** Draws into an element; answers a function that removes the drawing. */
export type Draw = (el: HTMLElement) => () => void;

/**
 * Draws into `box`'s element with the function `load` resolves to, again whenever `key` (what
 * the drawing shows, as a string) changes, while `enabled`. Answers true once loading failed:
 * the chart's words and table still say what it would have drawn.
 */
export function useLazyDraw(
  box: RefObject<HTMLElement | null>,
  key: string,
  enabled: boolean,
  load: () => Promise<Draw>,
): boolean {
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const el = box.current;
    if (!el || !enabled) return;
    let remove: (() => void) | null = null;
    let gone = false;
    load()
      .then((draw) => {
        if (!gone) remove = draw(el);
      })
      .catch(() => setFailed(true));
    return () => {
      gone = true;
      remove?.();
    };
    // `key` stands for what is drawn: `load` is a new function on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, enabled]);
  return failed;
}

/** A chart is never narrower than this, px (a phone's screen is 390). */
const CHART_MIN_WIDTH_PX = 200;

/** The width to draw a chart in `el` at, px. */
export const chartWidth = (el: HTMLElement): number => Math.max(CHART_MIN_WIDTH_PX, el.clientWidth);

/** Keeps a drawing as wide as its element: `resize(width)` on every change; answers the stop. */
export function fitWidth(el: HTMLElement, resize: (width_px: number) => void): () => void {
  const observer = new ResizeObserver(() => resize(chartWidth(el)));
  observer.observe(el);
  return () => observer.disconnect();
}
