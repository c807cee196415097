import { ADMIN_AUDIT_ACTIONS, type AdminAuditRow, type LedgerCheck } from '@backlay/contract';
import { Link } from 'react-router';
import { Pager } from '@backlay/ui/components';
import { useState } from 'react';
import { useAction } from '../../lib/actions.ts';
import { fromIstInput, when } from '../../lib/format.ts';
import { Badge, Card, Loadable, PageHeader, SearchFilters } from '../../components/ui.tsx';
import { useEndpoint } from '../../components/queries.ts';
import { useListParams } from '../../lib/list-params.ts';

const ACTIONS = ADMIN_AUDIT_ACTIONS;

function Row({ row }: { row: AdminAuditRow }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <tr>
        <td className="nowrap">{when(row.at)}</td>
        <td>{row.operator_name}</td>
        <td>
          <code>{row.action}</code>
        </td>
        <td>
          {row.user_id ? (
            <Link to={`/users/${row.user_id}`}>{row.user_name ?? `User ${row.user_id}`}</Link>
          ) : (
            '—'
          )}
        </td>
        <td>
          {row.ok ? <Badge tone="green">OK</Badge> : <Badge tone="red">REFUSED</Badge>}{' '}
          <span className="small">{row.message ?? ''}</span>
        </td>
        <td className="small muted">{row.request_id ?? '—'}</td>
        <td>
          <button
            type="button"
            className="btn btn--small btn--ghost"
            aria-expanded={open}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? 'Hide' : 'Details'}
          </button>
        </td>
      </tr>
      {open ? (
        <tr className="audit-details">
          <td colSpan={7}>
            <div className="grid-2">
              <div>
                <h4>Asked</h4>
                <pre>{JSON.stringify(row.request, null, 2)}</pre>
              </div>
              <div>
                <h4>Answered</h4>
                <pre>{JSON.stringify(row.response, null, 2)}</pre>
              </div>
            </div>
          </td>
        </tr>
      ) : null}
    </>
  );
}

function LedgerResult({ r }: { r: LedgerCheck }) {
  return (
    <div className={`ledger-result ${r.ok ? 'is-ok' : 'is-bad'}`} role="status" data-testid="ledger-result">
      <strong>{r.ok ? 'Every invariant holds.' : `${r.problems.length} problem(s) found.`}</strong>{' '}
      <span className="small">
        Checked {r.checked.accounts} accounts, {r.checked.transfers} transfers, {r.checked.exposures}{' '}
        exposures, {r.checked.users} users.
      </span>
      {r.problems.length > 0 ? (
        <ul>
          {r.problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      ) : null}
      {r.owed.length > 0 ? (
        <p data-testid="ledger-owed">
          Owing after a void: {r.owed.map((o) => `${o.user_name} ₹${o.amount.toFixed(2)}`).join(', ')}.
        </p>
      ) : null}
    </div>
  );
}

/** Every audited operator call, newest first, searched and filtered on the server. */
export function AuditScreen() {
  const { params, page, set } = useListParams();
  const search = params.get('search') ?? '';
  const action = params.get('action') ?? '';
  const outcome = (params.get('outcome') ?? '') as '' | 'ok' | 'refused';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const fromIso = from ? fromIstInput(`${from}T00:00`) : null;
  const toIso = to
    ? new Date(Date.parse(fromIstInput(`${to}T00:00`) ?? '') + 86_400_000).toISOString()
    : null;
  const list = useEndpoint(
    'adminAudit',
    {
      ...(search ? { search } : {}),
      ...(action ? { action } : {}),
      ...(outcome ? { outcome } : {}),
      ...(fromIso ? { from: fromIso } : {}),
      ...(toIso ? { to: toIso } : {}),
      page,
    },
    { keepPrevious: true },
  );
  const [ledger, setLedger] = useState<LedgerCheck | null>(null);
  const check = useAction('adminLedgerCheck', {
    invalidate: [['adminAudit'], ['adminDashboard']],
    success: (d) =>
      d.ok ? 'Ledger check: every invariant holds' : `Ledger check: ${d.problems.length} problem(s)`,
  });
  return (
    <>
      <PageHeader title="Audit">
        <button
          type="button"
          className="btn btn--primary"
          disabled={check.busy}
          onClick={() =>
            void check.run({}).then((r) => {
              if (r.ok) setLedger(r.data);
            })
          }
        >
          {check.busy ? 'Checking…' : 'Run ledger check'}
        </button>
      </PageHeader>
      {ledger ? <LedgerResult r={ledger} /> : null}
      <Card>
        <SearchFilters
          search={search}
          placeholder="Market id, user, message…"
          onSearch={(text) => set({ search: text })}
        >
          <label>
            <span>Action</span>
            <select value={action} onChange={(e) => set({ action: e.target.value })}>
              <option value="">All</option>
              {ACTIONS.map((a) => (
                <option key={a} value={a}>
                  {a}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span>Outcome</span>
            <select value={outcome} onChange={(e) => set({ outcome: e.target.value })}>
              <option value="">All</option>
              <option value="ok">OK</option>
              <option value="refused">Refused</option>
            </select>
          </label>
          <label>
            <span>From</span>
            <input type="date" value={from} onChange={(e) => set({ from: e.target.value })} />
          </label>
          <label>
            <span>To</span>
            <input type="date" value={to} onChange={(e) => set({ to: e.target.value })} />
          </label>
        </SearchFilters>
        <Loadable query={list}>
          {(d) => (
            <>
              {/* A scrolling region is focusable so a keyboard can scroll it (axe scrollable-region-focusable). */}
              <div className="table-wrap" tabIndex={0} role="region" aria-label="Audit log, scrolls">
                <table className="table" aria-label="Audit log">
                  <thead>
                    <tr>
                      <th>When (IST)</th>
                      <th>Operator</th>
                      <th>Action</th>
                      <th>User</th>
                      <th>Answer</th>
                      <th>Request id</th>
                      <th />
                    </tr>
                  </thead>
                  <tbody>
                    {d.rows.length === 0 ? (
                      <tr>
                        <td colSpan={6} className="muted">
                          No call matches.
                        </td>
                      </tr>
                    ) : (
                      d.rows.map((r) => <Row key={r.action_id} row={r} />)
                    )}
                  </tbody>
                </table>
              </div>
              <Pager
                page={d.page}
                pageSize={d.page_size}
                total={d.total}
                noun="calls"
                onPage={(p) => set({ page: String(p) })}
              />
            </>
          )}
        </Loadable>
      </Card>
    </>
  );
}
