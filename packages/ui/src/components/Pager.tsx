import { uiWords } from '../words.ts';
import './Pager.css';

type PagerProps = {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  /** What the rows are, for the summary ("12 matches"). */
  noun?: string;
};

/** "41–60 of 213" with previous and next: the server pages, this only asks for another page. */
export function Pager({ page, pageSize, total, onPage, noun }: PagerProps) {
  const w = uiWords();
  const rows = noun ?? w.rows;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <nav className="pager" aria-label={w.pages}>
      <span className="pager__summary" aria-live="polite">
        {total === 0 ? w.noRows(rows) : w.rowsOf(from, to, total, rows)}
      </span>
      <button type="button" className="btn btn--small" onClick={() => onPage(page - 1)} disabled={page <= 1}>
        {w.previous}
      </button>
      <span className="pager__page">{w.pageOf(Math.min(page, pages), pages)}</span>
      <button
        type="button"
        className="btn btn--small"
        onClick={() => onPage(page + 1)}
        disabled={page >= pages}
      >
        {w.next}
      </button>
    </nav>
  );
}
