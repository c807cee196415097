import type { AdminDashboard } from '@backlay/contract';
import { Link } from 'react-router';
import { useAction } from '../../lib/actions.ts';
import { rupees, when } from '../../lib/format.ts';
import { Badge, Card, Loadable, PageHeader } from '../../components/ui.tsx';
import { useEndpoint } from '../../components/queries.ts';
import { DashboardCharts } from './charts/DashboardCharts.tsx';

/** The dashboard refreshes itself this often. */
export const DASHBOARD_REFRESH_MS = 15_000;

function Stat({
  label,
  value,
  sub,
  testId,
}: {
  label: string;
  value: string;
  sub?: string;
  testId?: string;
}) {
  return (
    <div className="stat" data-testid={testId}>
      <span className="stat__label">{label}</span>
      <span className="stat__value">{value}</span>
      {sub ? <span className="stat__sub">{sub}</span> : null}
    </div>
  );
}

function Alerts({ alerts }: { alerts: AdminDashboard['alerts'] }) {
  if (alerts.length === 0)
    return <p className="muted">No alerts: prices are flowing and nothing waits on you.</p>;
  return (
    <ul className="alerts">
      {alerts.map((a, i) => (
        <li key={`${a.kind}-${a.market_id ?? a.match_id ?? i}-${i}`} className={`alert alert--${a.severity}`}>
          <Badge tone={a.severity === 'critical' ? 'red' : 'amber'}>{a.kind}</Badge>
          <span className="alert__text">{a.message}</span>
          {a.since ? <span className="alert__since">since {when(a.since)}</span> : null}
          {a.match_id !== null ? (
            <Link className="alert__link" to={`/markets/${a.match_id}`}>
              Open match
            </Link>
          ) : a.kind === 'WITHDRAWAL_PENDING' ? (
            <Link className="alert__link" to="/payments">
              Payments
            </Link>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export function DashboardScreen() {
  const q = useEndpoint('adminDashboard', undefined, { refetchInterval: DASHBOARD_REFRESH_MS });
  const check = useAction('adminLedgerCheck', {
    invalidate: [['adminDashboard']],
    success: (d) =>
      d.ok ? 'Ledger check: every invariant holds' : `Ledger check: ${d.problems.length} problem(s)`,
  });
  return (
    <>
      <PageHeader title="Dashboard">
        <button type="button" className="btn" onClick={() => void check.run({})} disabled={check.busy}>
          {check.busy ? 'Checking…' : 'Run ledger check'}
        </button>
      </PageHeader>
      <Loadable query={q}>
        {(d) => (
          <>
            <div className="stats">
              <Stat
                label="Bettors online"
                value={String(d.bettors_online)}
                sub={`${d.bettors_signed_in} signed in · ${d.bettors_total} accounts`}
                testId="stat-online"
              />
              <Stat label="Bets, last hour" value={String(d.last_hour.bets)} testId="stat-bets" />
              <Stat label="Turnover, last hour" value={rupees(d.last_hour.turnover)} testId="stat-turnover" />
              <Stat
                label="House today"
                value={rupees(d.house_today.net)}
                sub={`results ${rupees(d.house_today.profit_loss)} · commission ${rupees(d.house_today.commission)}`}
                testId="stat-house"
              />
            </div>
            <div className="grid-2">
              <Card title="Markets not yet settled">
                <dl className="counts">
                  <div>
                    <dt>In play</dt>
                    <dd>{d.markets.in_play}</dd>
                  </div>
                  <div>
                    <dt>Open</dt>
                    <dd>
                      <Link to="/markets?status=OPEN">{d.markets.OPEN}</Link>
                    </dd>
                  </div>
                  <div>
                    <dt>Suspended</dt>
                    <dd>
                      <Link to="/markets?status=SUSPENDED">{d.markets.SUSPENDED}</Link>
                    </dd>
                  </div>
                  <div>
                    <dt>Closed, awaiting result</dt>
                    <dd>
                      <Link to="/markets?status=UNSETTLED">{d.markets.CLOSED}</Link>
                    </dd>
                  </div>
                  <div>
                    <dt>Not yet opened</dt>
                    <dd>
                      <Link to="/markets?status=INACTIVE">{d.markets.INACTIVE}</Link>
                    </dd>
                  </div>
                </dl>
              </Card>
              <Card title="Ledger">
                {d.ledger ? (
                  <p data-testid="ledger-last">
                    <Badge tone={d.ledger.ok ? 'green' : 'red'}>
                      {d.ledger.ok ? 'BALANCED' : 'PROBLEMS'}
                    </Badge>{' '}
                    Last checked {when(d.ledger.at)} by {d.ledger.operator}
                    {d.ledger.ok ? '' : `: ${d.ledger.problems} problem(s) — see Audit`}.
                  </p>
                ) : (
                  <p className="muted">No ledger check has been run yet.</p>
                )}
                {check.error ? <p className="form-error">{check.error}</p> : null}
              </Card>
            </div>
            <Card title={`Alerts (${d.alerts.length})`}>
              <Alerts alerts={d.alerts} />
            </Card>
            <DashboardCharts />
            <p className="muted small">Updated {when(d.at)}; refreshes every 15 seconds.</p>
          </>
        )}
      </Loadable>
    </>
  );
}
