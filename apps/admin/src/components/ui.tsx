// The console's small building blocks: page header, card, badge, form field, load states.
import { Spinner } from '@backlay/ui/components';
import { useId, useState, type ReactNode } from 'react';

export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="page-header">
      <h1>{title}</h1>
      {children ? <div className="page-header__actions">{children}</div> : null}
    </header>
  );
}

/**
 * A list screen's filter bar: a search box applied on submit (`onSearch` gets its trimmed text),
 * the screen's own filters (`children`), the Search button, then `after` (a chip that clears one).
 */
export function SearchFilters({
  search,
  placeholder,
  onSearch,
  children,
  after,
}: {
  search: string;
  placeholder: string;
  onSearch(text: string): void;
  children?: ReactNode;
  after?: ReactNode;
}) {
  const [text, setText] = useState(search);
  return (
    <form
      className="filters"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(text.trim());
      }}
    >
      <label className="filters__grow">
        <span>Search</span>
        <input
          type="search"
          value={text}
          placeholder={placeholder}
          onChange={(e) => setText(e.target.value)}
        />
      </label>
      {children}
      <button type="submit" className="btn">
        Search
      </button>
      {after}
    </form>
  );
}

/**
 * A table's sideways-scrolling frame (phones): a named region in the Tab order, so the keyboard
 * can reach and scroll it even when the table holds no link or button (axe
 * scrollable-region-focusable).
 */
export function TableWrap({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}

export function Card({
  title,
  actions,
  children,
  className,
}: {
  title?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={`card ${className ?? ''}`.trim()}>
      {title || actions ? (
        <div className="card__head">
          {title ? <h2 className="card__title">{title}</h2> : <span />}
          {actions ? <div className="card__actions">{actions}</div> : null}
        </div>
      ) : null}
      <div className="card__body">{children}</div>
    </section>
  );
}

const TONES: Record<string, string> = {
  OPEN: 'green',
  ACTIVE: 'green',
  SETTLED: 'blue',
  WINNER: 'green',
  SUSPENDED: 'amber',
  BALL_RUNNING: 'amber',
  INACTIVE: 'grey',
  CLOSED: 'grey',
  LOSER: 'grey',
  REMOVED: 'red',
  UNSETTLED: 'amber',
  LOCKED: 'red',
  LOGIN_LOCKOUT: 'amber',
  'IN PLAY': 'red',
  warning: 'amber',
  critical: 'red',
};

/** A status word in a coloured pill; the word itself carries the meaning (colour is extra). */
export function Badge({ children, tone }: { children: string; tone?: string }) {
  return (
    <span className={`badge badge--${tone ?? TONES[children] ?? 'grey'}`}>{children.replace(/_/g, ' ')}</span>
  );
}

/** A labelled control with its hint and error, wired for screen readers. */
export function Field({
  label,
  hint,
  error,
  children,
  wide,
}: {
  label: string;
  hint?: string;
  error?: string | null;
  children: (props: { id: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean }) => ReactNode;
  wide?: boolean;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${wide ? ' field--wide' : ''}${error ? ' field--error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(error ? { 'aria-invalid': true } : {}),
      })}
      {hint ? (
        <span className="field__hint" id={hintId}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <span className="field__error" id={errorId}>
          {error}
        </span>
      ) : null}
    </div>
  );
}

/** Loading, failed or ready: the screen says which. */
export function Loadable<T>({
  query,
  children,
  label,
}: {
  query: { data?: T; isPending: boolean; error: Error | null; refetch: () => unknown };
  children: (data: T) => ReactNode;
  label?: string;
}) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.error) {
    return (
      <div className="load-error" role="alert">
        <p>{query.error.message}</p>
        <button type="button" className="btn btn--small" onClick={() => query.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  return <Spinner label={label ?? 'Loading…'} />;
}

/** An error line under a form. */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p className="form-error" role="alert">
      {message}
    </p>
  );
}
