import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Spinner } from '../../components/index.ts';

/** A failed load: the reason, readable, and a way to try again. */
export function LoadError({ what, error, onRetry }: { what: string; error: Error; onRetry: () => void }) {
  return (
    <div className="report__error" role="alert">
      <p>
        Could not load {what}: {error.message}
      </p>
      <button type="button" className="btn btn--primary" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}

/** The row a table shows when it has nothing to list. */
export function EmptyRow({
  colSpan,
  children = 'No records found',
}: {
  colSpan: number;
  children?: ReactNode;
}) {
  return (
    <tr>
      <td colSpan={colSpan} className="table__empty report-table__empty" role="status">
        <span>{children}</span>
      </td>
    </tr>
  );
}

/** Previous / next with where the page sits in the whole list. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
  busy = false,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  busy?: boolean;
}) {
  if (total <= 0) return null;
  const size = Math.max(1, pageSize);
  const pages = Math.max(1, Math.ceil(total / size));
  const first = (page - 1) * size + 1;
  const last = Math.min(total, page * size);
  return (
    <nav className="pager" aria-label="Pages">
      <span className="pager__info">
        {first}–{last} of {total}
      </span>
      <button
        type="button"
        className="pager__btn"
        disabled={busy || page <= 1}
        onClick={() => onPage(page - 1)}
      >
        Previous
      </button>
      <span className="pager__page" aria-current="page">
        Page {page} of {pages}
      </span>
      <button
        type="button"
        className="pager__btn"
        disabled={busy || page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}

/** Loading, failed (with Retry) or loaded: what a report's query shows. */
export function QueryView<T>({
  query,
  what,
  children,
}: {
  query: UseQueryResult<T, Error>;
  /** "the account statement": finishes "Loading …" and "Could not load …". */
  what: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending || (query.isError && query.isFetching)) return <Spinner label={`Loading ${what}…`} />;
  if (query.isError)
    return <LoadError what={what} error={query.error} onRetry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}
