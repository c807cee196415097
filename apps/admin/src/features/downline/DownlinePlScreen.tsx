// Downline P/L (admin/downline/pl): the subtree's settled result over IST days, by direct child or
// by market (and provider game per day, fantasy contest), at 100 % and each level's share; each
// child row with what is owed and Settle. Mine comes right after the name, so the caller's own
// share is in view at 390 px without scrolling the table sideways.
import type { AdminDownlinePlRow } from '@backlay/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { Card, Loadable, PageHeader, TableWrap } from '../../components/ui.tsx';
import { useEndpoint } from '../../components/queries.ts';
import { istToday, rupees, when } from '../../lib/format.ts';
import { useListParams } from '../../lib/list-params.ts';
import { roleOf, useSession } from '../../lib/session.ts';
import { DownlineTabs, tone } from './DownlineTabs.tsx';
import { owedWords, SettleDialog, type SettleChild } from '../../components/SettleDialog.tsx';

/** A by-market row's kind in words: a market's, a provider game's day, a fantasy contest. */
const KIND_WORDS: Record<NonNullable<AdminDownlinePlRow['market_kind']>, string> = {
  EXCHANGE: 'Exchange',
  BOOKMAKER: 'Bookmaker',
  FANCY: 'Fancy',
  CASINO: 'Casino',
  BINARY: 'Binary',
  PROVIDER: 'Provider game, rounds of the day',
  FANTASY: 'Fantasy contest',
};
const kindWords = (k: AdminDownlinePlRow['market_kind']) => (k ? KIND_WORDS[k] : '—');

export function DownlinePlScreen() {
  const { params, set } = useListParams();
  const today = istToday();
  const from = params.get('from') ?? today;
  const to = params.get('to') ?? today;
  const by = params.get('by') === 'market' ? 'market' : 'child';
  const [settling, setSettling] = useState<SettleChild | null>(null);
  const isOperator = roleOf(useSession()) === 'operator';
  const pl = useEndpoint(
    'adminDownlinePl',
    { from_date: from, to_date: to, group_by: by },
    { keepPrevious: true },
  );
  return (
    <>
      <PageHeader title="Downline" />
      <DownlineTabs />
      <Card title="Profit and loss">
        <form className="filters" aria-label="P/L range" onSubmit={(e) => e.preventDefault()}>
          <label>
            <span>From</span>
            <input type="date" value={from} max={to} onChange={(e) => set({ from: e.target.value })} />
          </label>
          <label>
            <span>To</span>
            <input type="date" value={to} min={from} onChange={(e) => set({ to: e.target.value })} />
          </label>
          <label>
            <span>By</span>
            <select value={by} onChange={(e) => set({ by: e.target.value })}>
              <option value="child">Child</option>
              <option value="market">Market</option>
            </select>
          </label>
        </form>
        <p className="muted small">
          Settled results of your downline, read from the ledger: markets, provider games (rounds closed) and
          fantasy contests. Total: the book’s result at 100 % (what the bettors lost). Below: the shares of
          the masters and agents under you. Mine: {isOperator ? 'what the house kept' : 'your share'}. Up:
          what went to your uplines and the house.
        </p>
        <Loadable query={pl}>
          {(d) => (
            <>
              <TableWrap label="Downline profit and loss">
                <table className="table" aria-label="Downline profit and loss">
                  <thead>
                    <tr>
                      <th>{by === 'child' ? 'Child' : 'Market or game'}</th>
                      <th className="num">Mine</th>
                      <th className="num">Bettors P/L</th>
                      <th className="num">Commission</th>
                      <th className="num">Total (100 %)</th>
                      <th className="num">Below</th>
                      <th className="num">Up</th>
                      {by === 'child' ? <th>Owed now</th> : null}
                    </tr>
                  </thead>
                  <tbody>
                    {d.rows.length === 0 ? (
                      <tr>
                        <td colSpan={by === 'child' ? 8 : 7} className="muted">
                          Nothing settled in these days.
                        </td>
                      </tr>
                    ) : (
                      d.rows.map((r) => (
                        <tr key={r.user_id ?? r.unit_key}>
                          <td>
                            {by === 'child' ? (
                              <>
                                <Link to={`/users/${r.user_id}`}>{r.user_name}</Link>
                                <div className="muted small">{r.role}</div>
                              </>
                            ) : (
                              <>
                                {r.market_name}
                                <div className="muted small">
                                  {kindWords(r.market_kind)} · {r.match_name} · {when(r.settled_at)}
                                </div>
                              </>
                            )}
                          </td>
                          <td className={tone(r.my_share)}>
                            <strong>{rupees(r.my_share)}</strong>
                          </td>
                          <td className={tone(-r.bettors_pl)}>{rupees(r.bettors_pl)}</td>
                          <td className="num">{rupees(r.commission)}</td>
                          <td className={tone(r.total)}>{rupees(r.total)}</td>
                          <td className="num">{rupees(r.downline_share)}</td>
                          <td className="num">{rupees(r.upline)}</td>
                          {by === 'child' ? (
                            <td className="nowrap">
                              <span className="small">{owedWords(r.owed ?? 0)}</span>{' '}
                              {r.owed ? (
                                <button
                                  type="button"
                                  className="btn btn--small"
                                  aria-label={`Settle with ${r.user_name}`}
                                  onClick={() =>
                                    setSettling({
                                      user_id: r.user_id!,
                                      user_name: r.user_name!,
                                      owed: r.owed!,
                                    })
                                  }
                                >
                                  Settle
                                </button>
                              ) : null}
                            </td>
                          ) : null}
                        </tr>
                      ))
                    )}
                  </tbody>
                  {d.rows.length > 0 ? (
                    <tfoot>
                      <tr>
                        <th scope="row">
                          Total{d.total_rows > d.rows.length ? ` (${d.total_rows} rows)` : ''}
                        </th>
                        <td className="num">
                          <strong>{rupees(d.totals.my_share)}</strong>
                        </td>
                        <td className="num">{rupees(d.totals.bettors_pl)}</td>
                        <td className="num">{rupees(d.totals.commission)}</td>
                        <td className="num">{rupees(d.totals.total)}</td>
                        <td className="num">{rupees(d.totals.downline_share)}</td>
                        <td className="num">{rupees(d.totals.upline)}</td>
                        {by === 'child' ? <td /> : null}
                      </tr>
                    </tfoot>
                  ) : null}
                </table>
              </TableWrap>
            </>
          )}
        </Loadable>
      </Card>
      {settling ? <SettleDialog child={settling} onClose={() => setSettling(null)} /> : null}
    </>
  );
}
