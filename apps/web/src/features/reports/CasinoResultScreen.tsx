import type { CasinoResults, CasinoRoundResult } from '@backlay/contract';
import { formatDateTime } from '@backlay/ui/time';
import { useId, useState, type FormEvent } from 'react';
import { areCards, CasinoCard } from '../../components/CasinoCards.tsx';
import { Spinner } from '../../components/index.ts';
import { msgId } from '../../lib/i18n/catalog.ts';
import { useClientStore } from '../../lib/store.ts';
import { useCasinoResults, type CasinoResultsRequest } from './api/casino-results.ts';
import { useCasinoTables, type CasinoTableGroup } from './api/casino-tables.ts';
import { isReportDay, todayIst } from './days.ts';
import { useT } from './i18n.ts';
import { EmptyRow, failureReason, LoadError, Pager, QueryView } from './ReportStates.tsx';
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
  const t = useT();
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
          {t('reports.casino.title')}
        </h1>
        {tables.isPending ? (
          <Spinner label={t('reports.casino.tablesLoading')} />
        ) : tables.error ? (
          <LoadError
            message={t('reports.casino.tablesLoadFailed', { reason: failureReason(tables.error) })}
            onRetry={tables.refetch}
          />
        ) : first === null ? (
          <p className="report__note" role="status">
            {t('reports.casino.noTables')}
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
              <QueryView
                query={q}
                loading={t('reports.casino.loading')}
                failed={(reason) => t('reports.casino.loadFailed', { reason })}
              >
                {(data) => (
                  <>
                    <TableWrap label={t('reports.casino.region')}>
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
  const t = useT();
  const id = useId();
  // Why the form cannot be sent: a message id.
  const [error, setError] = useState<string | null>(null);
  const today = todayIst();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = !isReportDay(filters.date)
      ? msgId('reports.casino.invalidDate')
      : filters.date > today
        ? msgId('reports.casino.futureDate')
        : null;
    setError(problem);
    if (!problem) onSubmit(filters);
  };
  return (
    <form className="report__filters" onSubmit={submit} noValidate aria-label={t('reports.filters.label')}>
      <div className="report__field">
        <label htmlFor={`${id}-table`}>{t('reports.casino.tableField')}</label>
        <select
          id={`${id}-table`}
          value={filters.match_id ?? ''}
          onChange={(e) => onChange({ ...filters, match_id: Number(e.target.value) })}
        >
          {groups.map((g) => (
            <optgroup key={g.series_id} label={g.name}>
              {g.tables.map((table) => (
                <option key={table.match_id} value={table.match_id}>
                  {table.table_name}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
      <div className="report__field">
        <DayField
          id={`${id}-date`}
          label={t('reports.casino.date')}
          value={filters.date}
          max={today}
          invalid={error !== null && error !== undefined}
          describedBy={error ? `${id}-error` : undefined}
          onChange={(date) => onChange({ ...filters, date })}
        />
      </div>
      <button type="submit" className="btn btn--primary report__submit" disabled={busy}>
        {t('reports.filters.submit')}
      </button>
      {error ? (
        <p id={`${id}-error`} className="field__error report__range-error" role="alert">
          {t(error)}
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
  const t = useT();
  return (
    <table
      className="table report-table casino-results"
      aria-label={t('reports.casino.results')}
      aria-busy={busy}
    >
      <thead>
        <tr>
          <th scope="col">{t('reports.col.round')}</th>
          <th scope="col">{t('reports.col.time')}</th>
          <th scope="col">{t('reports.col.result')}</th>
          <th scope="col" className="wide">
            {t('reports.col.cards')}
          </th>
          <th scope="col">{t('reports.col.seedHash')}</th>
          <th scope="col">{t('reports.col.seed')}</th>
        </tr>
      </thead>
      <tbody>
        {data.rows.length === 0 ? (
          <EmptyRow colSpan={6}>{t('reports.casino.noRounds')}</EmptyRow>
        ) : (
          data.rows.map((r) => {
            const ref = { match_id: r.match_id, round_id: r.round_id };
            const voided = r.state === 'VOID';
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
                    aria-label={t('reports.casino.openRound', { round: r.round_id })}
                    onClick={() => onOpen(ref)}
                  >
                    {r.round_id}
                  </button>
                </td>
                <td className="nowrap">{formatDateTime(r.finished_at ?? r.opened_at)}</td>
                <td>{r.result?.summary ?? (voided ? t('reports.casino.void') : '')}</td>
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
  const t = useT();
  const steps = round.dealt;
  if (steps.length === 0) return <span className="casino-results__muted">{t('reports.casino.none')}</span>;
  if (!areCards(steps)) {
    const shown = steps.slice(0, CARDS_IN_ROW).join(' · ');
    return (
      <span>
        {steps.length > CARDS_IN_ROW ? t('reports.casino.someSteps', { shown, count: steps.length }) : shown}
      </span>
    );
  }
  const rest = steps.length - CARDS_IN_ROW;
  return (
    <span className="casino-results__cards">
      {steps.slice(0, CARDS_IN_ROW).map((code, k) => (
        <CasinoCard key={k} code={code} small />
      ))}
      {rest > 0 ? (
        <span className="casino-results__more">{t('reports.casino.moreCards', { count: rest })}</span>
      ) : null}
    </span>
  );
}

function NoSeed({ round }: { round: CasinoRoundResult }) {
  const t = useT();
  const voided = round.state === 'VOID';
  return (
    <span className="casino-results__muted">
      {voided ? t('reports.casino.seedVoid') : t('reports.casino.seedNotYet')}
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
