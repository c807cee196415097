import { rupees } from '../../lib/format.ts';
import { Loadable } from '../../components/ui.tsx';
import { useEndpoint } from '../../components/queries.ts';

const amountClass = (v: number) => (v > 0 ? 'amount amount--up' : v < 0 ? 'amount amount--down' : 'amount');

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
            )}
          </>
        )}
      </Loadable>
    </div>
  );
}
