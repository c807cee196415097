// Downline risk (admin/downline/risk): each market where the downline holds exposure, each
// outcome's result of its bets at 100 % and at your share. Refreshed every 5 s.
import { Card, Loadable, PageHeader, TableWrap } from '../../components/ui.tsx';
import { useEndpoint } from '../../components/queries.ts';
import { rupees } from '../../lib/format.ts';
import { roleOf, useSession } from '../../lib/session.ts';
import { DownlineTabs, tone } from './DownlineTabs.tsx';

export function DownlineRiskScreen() {
  const risk = useEndpoint('adminDownlineRisk', {}, { refetchInterval: 5_000, keepPrevious: true });
  const isOperator = roleOf(useSession()) === 'operator';
  return (
    <>
      <PageHeader title="Downline" />
      <DownlineTabs />
      <p className="muted small">
        If each outcome happens: what your downline’s bettors win or lose, the book’s result on them at 100 %
        (commission included) and {isOperator ? 'what the house keeps after every share' : 'your share of it'}
        , split per bettor as settlement will split it.
      </p>
      <Loadable query={risk}>
        {(d) =>
          d.markets.length === 0 ? (
            <Card>
              <p className="muted">Your downline holds no exposure on an open market.</p>
            </Card>
          ) : (
            <>
              {d.markets.map((m) => (
                <Card
                  key={m.market_id}
                  title={`${m.match_name} › ${m.market_name}`}
                  actions={
                    <span className="small muted">
                      {m.bettors} bettors · {m.bets} bets · exposure {rupees(m.exposure)}
                    </span>
                  }
                >
                  <TableWrap label={`Risk of ${m.market_name}`}>
                    <table className="table" aria-label={`Risk of ${m.match_name} › ${m.market_name}`}>
                      <thead>
                        <tr>
                          <th>If it ends</th>
                          <th className="num">Bettors (100 %)</th>
                          <th className="num">Book (100 %)</th>
                          <th className="num">{isOperator ? 'House keeps' : 'My share'}</th>
                        </tr>
                      </thead>
                      <tbody>
                        {m.outcomes.map((o) => (
                          <tr key={o.key}>
                            <td>{o.label}</td>
                            <td className={tone(-o.bettors_pl)}>{rupees(o.bettors_pl)}</td>
                            <td className={tone(o.total)}>{rupees(o.total)}</td>
                            <td className={tone(o.my_share)}>
                              <strong>{rupees(o.my_share)}</strong>
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </TableWrap>
                </Card>
              ))}
              {d.total_markets > d.markets.length ? (
                <p className="muted small">
                  The {d.markets.length} largest of {d.total_markets} markets.
                </p>
              ) : null}
            </>
          )
        }
      </Loadable>
    </>
  );
}
