import type { CasinoResults, CasinoRoundResult } from '@backlay/contract';
import { formatDateTime } from '@backlay/ui/time';
import { useId, useState, type FormEvent } from 'react';
import { areCards, CasinoCard } from '../../components/CasinoCards.tsx';
import { Spinner } from '../../components/index.ts';
import { useClientStore } from '../../lib/store.ts';
import { useCasinoResults, type CasinoResultsRequest } from './api/casino-results.ts';
import { useCasinoTables, type CasinoTableGroup } from './api/casino-tables.ts';
import { isReportDay, todayIst } from './days.ts';
import { EmptyRow, LoadError, Pager, QueryView } from './ReportStates.tsx';
import { ReportNav } from './ReportNav.tsx';
import './reports.css';
import { TableWrap } from './TableWrap.tsx';
import { DayField } from './DayField.tsx';

/** Cards shown in a row of the table; the modal shows them all. */
const CARDS_IN_ROW = 6;
/** Hex characters of a seed or hash shown before "…" (the whole value on focus and hover). */
const HEX_SHOWN = 10;

type Filters = { match_id: number | null; date: string };
type RoundRef = { match_id: number; round_id: number };

/** report/casino-result: a casino table's rounds on a day, each with its cards, seed hash and seed. */
export function CasinoResultScreen() {
  const tables = useCasinoTables();
  const [today] = useState(() => todayIst());
  // The form's values once touched, and the ones last submitted; until then the first table of
  // the first series, today.
  const [draft, setDraft] = useState<Filters | null>(null);
  const [shown, setShown] = useState<Filters | null>(null);
  const [page, setPage] = useState(1);
  // The result modal is app-wide (ModalHost), the one a table's results strip opens too.
  const openLastResult = useClientStore((s) => s.openLastResult);
  const open = (r: RoundRef) => openLastResult(r.match_id, r.round_id);

  const first = tables.groups.find((g) => g.tables.length > 0)?.tables[0]?.match_id ?? null;
  const defaults: Filters = { match_id: first, date: today };
  const current = shown ?? defaults;

  const req: CasinoResultsRequest | null =
    current.match_id != null ? { match_id: current.match_id, date: current.date, page } : null;
  const q = useCasinoResults(req);

  const submit = (next: Filters) => {
    // A table finishes a round every half minute: Submit on the same table, day and first page asks again.
    if (next.match_id === current.match_id && next.date === current.date && page === 1) void q.refetch();
    setShown(next);
    setPage(1);
  };

  return (
    <div className="report">
      <ReportNav />
      <section className="report__card" aria-labelledby="report-title">
        <h1 id="report-title" className="report__title">
          Casino Results
        </h1>
        {tables.isPending ? (
          <Spinner label="Loading the casino tables…" />
        ) : tables.error ? (
          <LoadError what="the casino tables" error={tables.error} onRetry={tables.refetch} />
        ) : first === null ? (
          <p className="report__note" role="status">
            No casino table is running yet.
          </p>
        ) : (
          <>
            <DayForm
              groups={tables.groups}
              filters={draft ?? defaults}
              onChange={setDraft}
              onSubmit={submit}
              busy={q.isFetching}
            />
            {req ? (
              <QueryView query={q} what="the casino results">
                {(data) => (
                  <>
                    <TableWrap label="Casino results table">
                      <RoundsTable data={data} busy={q.isFetching} onOpen={open} />
                    </TableWrap>
                    <Pager
                      page={data.page}
                      pageSize={data.page_size}
                      total={data.total}
                      onPage={setPage}
                      busy={q.isFetching}
                    />
                  </>
                )}
              </QueryView>
            ) : null}
          </>
        )}
      </section>
    </div>
  );
}

/** Table (grouped by series) and day (IST), then Submit; a bad day says why and sends nothing. */
function DayForm({
  groups,
  filters,
  onChange,
  onSubmit,
  busy,
}: {
  groups: readonly CasinoTableGroup[];
  filters: Filters;
  onChange: (f: Filters) => void;
  onSubmit: (f: Filters) => void;
  busy: boolean;
}) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const today = todayIst();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = !isReportDay(filters.date)
      ? 'Choose a valid date.'
      : filters.date > today
        ? 'Choose a date that is not in the future.'
        : null;
    setError(problem);
    if (!problem) onSubmit(filters);
  };
  return (
    <form className="report__filters" onSubmit={submit} noValidate aria-label="Filters">
      <div className="report__field">
        <label htmlFor={`${id}-table`}>Table</label>
        <select
          id={`${id}-table`}
          value={filters.match_id ?? ''}
          onChange={(e) => onChange({ ...filters, match_id: Number(e.target.value) })}
        >
          {groups.map((g) => (
            <optgroup key={g.series_id} label={g.name}>
              {g.tables.map((t) => (
                <option key={t.match_id} value={t.match_id}>
                  {t.table_name}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
      <div className="report__field">
        <DayField
          id={`${id}-date`}
          label="Date"
          value={filters.date}
          max={today}
          invalid={error !== null && error !== undefined}
          describedBy={error ? `${id}-error` : undefined}
          onChange={(date) => onChange({ ...filters, date })}
        />
      </div>
      <button type="submit" className="btn btn--primary report__submit" disabled={busy}>
        Submit
      </button>
      {error ? (
        <p id={`${id}-error`} className="field__error report__range-error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}

function RoundsTable({
  data,
  busy,
  onOpen,
}: {
  data: CasinoResults;
  busy: boolean;
  onOpen: (round: RoundRef) => void;
}) {
  return (
    <table className="table report-table casino-results" aria-label="Casino results" aria-busy={busy}>
      <thead>
        <tr>
          <th scope="col">Round</th>
          <th scope="col">Time</th>
          <th scope="col">Result</th>
          <th scope="col" className="wide">
            Cards
          </th>
          <th scope="col">Seed hash</th>
          <th scope="col">Seed</th>
        </tr>
      </thead>
      <tbody>
        {data.rows.length === 0 ? (
          <EmptyRow colSpan={6}>No rounds on this day</EmptyRow>
        ) : (
          data.rows.map((r) => {
            const ref = { match_id: r.match_id, round_id: r.round_id };
            return (
              // The whole row opens the round for a mouse; its button does for a keyboard.
              <tr
                key={r.round_id}
                className="casino-results__row"
                onClick={(e) => {
                  if (!(e.target as HTMLElement).closest('button, .short-hex')) onOpen(ref);
                }}
              >
                <td>
                  <button
                    type="button"
                    className="link-button"
                    aria-label={`Round ${r.round_id}: show the result`}
                    onClick={() => onOpen(ref)}
                  >
                    {r.round_id}
                  </button>
                </td>
                <td className="nowrap">{formatDateTime(r.finished_at ?? r.opened_at)}</td>
                <td>{r.result?.summary ?? (r.state === 'VOID' ? 'Void' : '')}</td>
                <td>
                  <RowSteps round={r} />
                </td>
                <td>
                  <ShortHex value={r.server_seed_hash} />
                </td>
                <td>{r.server_seed ? <ShortHex value={r.server_seed} /> : <NoSeed round={r} />}</td>
              </tr>
            );
          })
        )}
      </tbody>
    </table>
  );
}

function RowSteps({ round }: { round: CasinoRoundResult }) {
  const steps = round.dealt;
  if (steps.length === 0) return <span className="casino-results__muted">None</span>;
  if (!areCards(steps)) {
    const shown = steps.slice(0, CARDS_IN_ROW).join(' · ');
    return <span>{steps.length > CARDS_IN_ROW ? `${shown} … (${steps.length} steps)` : shown}</span>;
  }
  const rest = steps.length - CARDS_IN_ROW;
  return (
    <span className="casino-results__cards">
      {steps.slice(0, CARDS_IN_ROW).map((code, k) => (
        <CasinoCard key={k} code={code} small />
      ))}
      {rest > 0 ? <span className="casino-results__more">+{rest} more</span> : null}
    </span>
  );
}

function NoSeed({ round }: { round: CasinoRoundResult }) {
  return (
    <span className="casino-results__muted">
      {round.state === 'VOID' ? 'Not revealed (void)' : 'Not yet'}
    </span>
  );
}

/** A long hex value shortened; focus (or hover) shows it whole, and a screen reader reads it whole. */
function ShortHex({ value }: { value: string }) {
  if (value.length <= HEX_SHOWN + 1) return <code className="casino-hex">{value}</code>;
  return (
    <span className="short-hex" tabIndex={0} title={value}>
      <code className="short-hex__short" aria-hidden="true">
        {value.slice(0, HEX_SHOWN)}…
      </code>
      <code className="short-hex__full casino-hex">{value}</code>
    </span>
  );
}
