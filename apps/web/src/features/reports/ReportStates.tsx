import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Spinner } from '../../components/index.ts';
import { translateAnswer } from '../../lib/i18n/index.ts';
import { useT } from './i18n.ts';

/**
 * A failed load: the reason, readable, and a way to try again. `message` is the whole sentence
 * ("Could not load the account statement: <the reason>"), in the bettor's language.
 */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const t = useT();
  return (
    <div className="report__error" role="alert">
      <p>{message}</p>
      <button type="button" className="btn btn--primary" onClick={onRetry}>
        {t('reports.state.retry')}
      </button>
    </div>
  );
}

/** The reason a load failed, as the bettor reads it (the server's or the client's words). */
export const failureReason = (error: Error): string => translateAnswer(error.message);

/** The row a table shows when it has nothing to list ("No records found" unless told). */
export function EmptyRow({ colSpan, children }: { colSpan: number; children?: ReactNode }) {
  const t = useT();
  return (
    <tr>
      <td colSpan={colSpan} className="table__empty report-table__empty" role="status">
        <span>{children ?? t('reports.state.empty')}</span>
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
  const t = useT();
  if (total <= 0) return null;
  const size = Math.max(1, pageSize);
  const pages = Math.max(1, Math.ceil(total / size));
  const first = (page - 1) * size + 1;
  const last = Math.min(total, page * size);
  return (
    <nav className="pager" aria-label={t('reports.pager.label')}>
      <span className="pager__info">{t('reports.pager.range', { first, last, total })}</span>
      <button
        type="button"
        className="pager__btn"
        disabled={busy || page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t('reports.pager.previous')}
      </button>
      <span className="pager__page" aria-current="page">
        {t('reports.pager.page', { page, pages })}
      </span>
      <button
        type="button"
        className="pager__btn"
        disabled={busy || page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t('reports.pager.next')}
      </button>
    </nav>
  );
}

/** Loading, failed (with Retry) or loaded: what a report's query shows. */
export function QueryView<T>({
  query,
  loading,
  failed,
  children,
}: {
  query: UseQueryResult<T, Error>;
  /** The spinner's words: "Loading the account statement…". */
  loading: string;
  /** The failure in words, given its reason: "Could not load the account statement: <reason>". */
  failed: (reason: string) => string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending || (query.isError && query.isFetching)) return <Spinner label={loading} />;
  if (query.isError)
    return <LoadError message={failed(failureReason(query.error))} onRetry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}
