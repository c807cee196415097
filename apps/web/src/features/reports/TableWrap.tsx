import { useCallback, useRef, type ReactNode } from 'react';

/**
 * A report table's frame. Wide screens: the table scrolls sideways inside it, and the frame is a
 * focusable region, so a keyboard user can scroll it too (axe: scrollable-region-focusable).
 * Phones (reports.css, ≤ 600 px): each row is a card of "Header: value" lines, so the money
 * columns show without a sideways scroll — the labels are copied from the table's own header
 * cells into `data-label`, kept up to date as rows change.
 */
export function TableWrap({ label, children }: { label: string; children: ReactNode }) {
  const observer = useRef<MutationObserver | null>(null);
  const ref = useCallback((el: HTMLDivElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!el) return;
    const relabel = () => {
      for (const table of el.querySelectorAll('table')) {
        const heads = [...table.querySelectorAll('thead th')].map((th) => th.textContent?.trim() ?? '');
        for (const row of table.querySelectorAll('tbody tr, tfoot tr')) {
          let column = 0;
          for (const cell of row.children) {
            const span = (cell as HTMLTableCellElement).colSpan || 1;
            // A cell across columns (a total's label, the empty row) names itself.
            const text = span === 1 ? (heads[column] ?? '') : '';
            if (cell.getAttribute('data-label') !== text) cell.setAttribute('data-label', text);
            column += span;
          }
        }
      }
    };
    relabel();
    observer.current = new MutationObserver(relabel);
    observer.current.observe(el, { childList: true, subtree: true });
  }, []);
  return (
    <div className="table-wrap report-table-wrap" ref={ref} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
