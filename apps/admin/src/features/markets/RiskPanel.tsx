import type { AdminMarketRisk } from '@backlay/contract';
import { rupees } from '../../lib/format.ts';
import { Chart } from '../../components/chart/Chart.tsx';
import type { ChartSpec } from '../../components/chart/draw.ts';
import { Loadable } from '../../components/ui.tsx';
import { useEndpoint } from '../../components/queries.ts';

const amountClass = (v: number) => (v > 0 ? 'amount amount--up' : v < 0 ? 'amount amount--down' : 'amount');

/** An outcome's name on the chart's axis: long runner names cut short (the table has them whole). */
const AXIS_LABEL_MAX_CHARS = 12;
const axisLabel = (label: string) =>
  label.length > AXIS_LABEL_MAX_CHARS ? `${label.slice(0, AXIS_LABEL_MAX_CHARS - 1)}…` : label;

/** The house's result per outcome in words: where it gains most and where it loses most. */
export function riskSummary(outcomes: AdminMarketRisk['outcomes']): string {
  if (outcomes.length === 0) return 'No bets yet.';
  const best = outcomes.reduce((a, o) => (o.house > a.house ? o : a));
  const worst = outcomes.reduce((a, o) => (o.house < a.house ? o : a));
  if (worst.house >= 0) {
    return `The house gains whatever happens: most if ${best.label} (${rupees(best.house)}), least if ${worst.label} (${rupees(worst.house)}).`;
  }
  if (best.house <= 0) {
    return `The house loses whatever happens: least if ${best.label} (${rupees(best.house)}), most if ${worst.label} (${rupees(worst.house)}).`;
  }
  return `The house gains most if ${best.label} (${rupees(best.house)}) and loses most if ${worst.label} (${rupees(worst.house)}).`;
}

const riskSpec = (outcomes: AdminMarketRisk['outcomes']): ChartSpec => ({
  kind: 'bars',
  labels: outcomes.map((o) => axisLabel(o.label)),
  // Gains and losses apart, each its colour.
  series: [
    { label: 'House gains', color: '#1e7d34', values: outcomes.map((o) => (o.house > 0 ? o.house : null)) },
    { label: 'House loses', color: '#b3261e', values: outcomes.map((o) => (o.house < 0 ? o.house : null)) },
  ],
  value: rupees,
});

/** The house's result per outcome and the largest exposures (refreshed every 10 s while open). */
export function RiskPanel({ marketId }: { marketId: number }) {
  const q = useEndpoint('adminMarketRisk', { market_id: marketId }, { refetchInterval: 10_000 });
  return (
    <div className="risk" data-testid={`risk-${marketId}`}>
      <Loadable query={q} label="Loading the risk…">
        {(r) => (
          <>
            <p className="muted small">
              {r.totals.users} bettors · {r.totals.bets} bets · exposure held {rupees(r.totals.exposure)}.
              Matched bets only; the house result includes commission.
            </p>
            {r.outcomes.length === 0 ? (
              <p className="muted">No bets yet.</p>
            ) : (
              <>
                <Chart
                  title="The house's result per outcome"
                  summary={riskSummary(r.outcomes)}
                  spec={riskSpec(r.outcomes)}
                />
                <div
                  className="table-wrap"
                  tabIndex={0}
                  role="region"
                  aria-label={`Risk of market ${marketId}, scrolls`}
                >
                  <table className="table table--compact" aria-label={`Risk of market ${marketId}`}>
                    <thead>
                      <tr>
                        <th>If</th>
                        <th className="num">Bettors win</th>
                        <th className="num">House</th>
                        {r.users.map((u) => (
                          <th key={u.user_id} className="num" title={`User ${u.user_id}`}>
                            {u.user_name}
                            <div className="muted small">exp. {rupees(u.exposure)}</div>
                          </th>
                        ))}
                      </tr>
                    </thead>
                    <tbody>
                      {r.outcomes.map((o, i) => (
                        <tr key={o.key}>
                          <th scope="row">{o.label}</th>
                          <td className={`num ${amountClass(o.bettors)}`}>{rupees(o.bettors)}</td>
                          <td className={`num ${amountClass(o.house)}`}>{rupees(o.house)}</td>
                          {r.users.map((u) => (
                            <td key={u.user_id} className={`num ${amountClass(u.positions[i] ?? 0)}`}>
                              {rupees(u.positions[i] ?? 0)}
                            </td>
                          ))}
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </>
            )}
          </>
        )}
      </Loadable>
    </div>
  );
}
