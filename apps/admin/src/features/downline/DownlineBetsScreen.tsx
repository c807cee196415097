// Downline bets (admin/downline/bets): current bets and bet history of the whole subtree, each with
// its bettor and the bettor's agent and master; filtered by account, market and days; 25 a page.
import { Pager } from '@backlay/ui/components';
import { Link } from 'react-router';
import { Badge, Card, Loadable, PageHeader, TableWrap } from '../../components/ui.tsx';
import { useEndpoint } from '../../components/queries.ts';
import { rupees, when } from '../../lib/format.ts';
import { useListParams } from '../../lib/list-params.ts';
import { DownlineTabs, tone } from './DownlineTabs.tsx';

const digits = (v: string) => (/^\d{1,9}$/.test(v) ? Number(v) : undefined);

export function DownlineBetsScreen() {
  const { params, page, set } = useListParams();
  const view = params.get('view') === 'history' ? 'history' : 'current';
  const betType = (['M', 'U', 'D'] as const).find((t) => t === params.get('type')) ?? 'M';
  const user = params.get('user') ?? '';
  const market = params.get('market') ?? '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const userId = digits(user);
  const marketId = digits(market);
  const bets = useEndpoint(
    'adminDownlineBets',
    {
      view,
      bet_type: betType,
      ...(userId === undefined ? {} : { user_id: userId }),
      ...(marketId === undefined ? {} : { market_id: marketId }),
      ...(from ? { from_date: from } : {}),
      ...(to ? { to_date: to } : {}),
      page,
    },
    { keepPrevious: true },
  );
  return (
    <>
      <PageHeader title="Downline" />
      <DownlineTabs />
      <Card title={view === 'current' ? 'Current bets' : 'Bet history'}>
        <form className="filters" aria-label="Bet filters" onSubmit={(e) => e.preventDefault()}>
          <label>
            <span>Bets</span>
            <select value={view} onChange={(e) => set({ view: e.target.value })}>
              <option value="current">Current</option>
              <option value="history">History (settled)</option>
            </select>
          </label>
          {view === 'current' ? (
            <label>
              <span>Type</span>
              <select value={betType} onChange={(e) => set({ type: e.target.value })}>
                <option value="M">Matched</option>
                <option value="U">Unmatched</option>
                <option value="D">Cancelled or lapsed</option>
              </select>
            </label>
          ) : null}
          <label>
            <span>Account id</span>
            <input
              inputMode="numeric"
              value={user}
              size={8}
              onChange={(e) => set({ user: e.target.value })}
            />
          </label>
          <label>
            <span>Market id</span>
            <input
              inputMode="numeric"
              value={market}
              size={8}
              onChange={(e) => set({ market: e.target.value })}
            />
          </label>
          <label>
            <span>{view === 'current' ? 'Placed from' : 'Settled from'}</span>
            <input type="date" value={from} onChange={(e) => set({ from: e.target.value })} />
          </label>
          <label>
            <span>To</span>
            <input type="date" value={to} onChange={(e) => set({ to: e.target.value })} />
          </label>
        </form>
        <Loadable query={bets}>
          {(d) => (
            <>
              <TableWrap label="Downline bets">
                <table className="table" aria-label="Downline bets">
                  <thead>
                    <tr>
                      <th>Bettor</th>
                      <th>Market</th>
                      <th>Selection</th>
                      <th className="num">Odds</th>
                      <th className="num">Stake</th>
                      <th className="num">Matched</th>
                      <th>{view === 'current' ? 'Status' : 'Result'}</th>
                      {view === 'history' ? <th className="num">P/L</th> : null}
                      <th>{view === 'current' ? 'Placed' : 'Settled'}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {d.bets.length === 0 ? (
                      <tr>
                        <td colSpan={view === 'history' ? 9 : 8} className="muted">
                          No bet matches.
                        </td>
                      </tr>
                    ) : (
                      d.bets.map((b) => (
                        <tr key={`${b.kind}-${b.bet_id}`}>
                          <td>
                            <Link to={`/users/${b.user_id}`}>{b.user_name}</Link>
                            <div className="muted small">
                              {b.path.length === 0
                                ? 'direct'
                                : b.path.map((p) => `${p.user_name} (${p.role})`).join(' › ')}
                            </div>
                          </td>
                          <td>
                            {b.market_name}
                            <div className="muted small">
                              {b.match_name} · #{b.market_id}
                            </div>
                          </td>
                          <td>
                            {b.selection_name}{' '}
                            <Badge tone={b.is_back === '1' ? 'blue' : 'amber'}>
                              {b.is_back === '1' ? 'BACK' : 'LAY'}
                            </Badge>
                          </td>
                          <td className="num">{b.odds.toFixed(2)}</td>
                          <td className="num">{rupees(b.stack)}</td>
                          <td className="num">{rupees(b.size_matched)}</td>
                          <td>{view === 'current' ? b.status : (b.result ?? '—')}</td>
                          {view === 'history' ? (
                            <td className={tone(b.profit_loss ?? 0)}>{rupees(b.profit_loss ?? 0)}</td>
                          ) : null}
                          <td className="nowrap">{when(view === 'current' ? b.placed_at : b.settled_at)}</td>
                        </tr>
                      ))
                    )}
                  </tbody>
                </table>
              </TableWrap>
              <Pager
                page={d.page}
                pageSize={d.page_size}
                total={d.total}
                noun="bets"
                onPage={(p) => set({ page: String(p) })}
              />
            </>
          )}
        </Loadable>
      </Card>
    </>
  );
}
