import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { rangeError, todayIst, type DayRange, type Problem } from './days.ts';
import { DayField } from './DayField.tsx';
import { useT } from './i18n.ts';

/**
 * The filter bar of a report: From and To (IST days), any extra fields the report passes as
 * children, and Submit. Submit checks the range first; a bad range shows why and sends nothing.
 */
export function RangeForm({
  range,
  onRangeChange,
  onSubmit,
  children,
  busy = false,
}: {
  range: DayRange;
  onRangeChange: (range: DayRange) => void;
  onSubmit: () => void;
  children?: ReactNode;
  busy?: boolean;
}) {
  const t = useT();
  const id = useId();
  const [error, setError] = useState<Problem | null>(null);
  const today = todayIst();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = rangeError(range);
    setError(problem);
    if (!problem) onSubmit();
  };
  return (
    <form className="report__filters" onSubmit={submit} noValidate aria-label={t('reports.filters.label')}>
      <div className="report__field">
        <DayField
          id={`${id}-from`}
          label={t('reports.range.from')}
          value={range.from}
          max={today}
          invalid={error !== null}
          describedBy={error ? `${id}-error` : undefined}
          onChange={(from) => onRangeChange({ ...range, from })}
        />
      </div>
      <div className="report__field">
        <DayField
          id={`${id}-to`}
          label={t('reports.range.to')}
          value={range.to}
          max={today}
          invalid={error !== null}
          describedBy={error ? `${id}-error` : undefined}
          onChange={(to) => onRangeChange({ ...range, to })}
        />
      </div>
      {children}
      <button type="submit" className="btn btn--primary report__submit" disabled={busy}>
        {t('reports.filters.submit')}
      </button>
      {error ? (
        <p id={`${id}-error`} className="field__error report__range-error" role="alert">
          {t(error.id, error.values)}
        </p>
      ) : null}
    </form>
  );
}

/** A select of the filter bar, labelled. */
export function FilterSelect<V extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
}) {
  const id = useId();
  return (
    <div className="report__field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as V)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
