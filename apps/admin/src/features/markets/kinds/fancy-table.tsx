import { Fragment, useState } from 'react';
import { rupees } from '../../../lib/format.ts';
import { Badge, TableWrap } from '../../../components/ui.tsx';
import type { KindTableProps } from './registry.ts';

const quote = (line: number | null, rate: number | null) =>
  line === null ? '—' : `${line} @ ${rate ?? '—'}`;

/**
 * A cricket match's fancies, one row each (a match carries twenty or more): state, quote, bets and
 * exposure at a glance; Manage opens the fancy's controls under its row.
 */
export function FancyTable({ matchId, markets: fancies, Panel }: KindTableProps) {
  const [open, setOpen] = useState<number | null>(null);
  return (
    <TableWrap label="Fancies">
      <table className="table fancy-table" aria-label="Fancies">
        <thead>
          <tr>
            <th>Fancy</th>
            <th>State</th>
            <th className="num">No</th>
            <th className="num">Yes</th>
            <th className="num">Bets</th>
            <th className="num">Exposure</th>
            <th>Result</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {fancies.map((f) => {
            const settled = f.settlement.state === 'SETTLED';
            return (
              <Fragment key={f.market_id}>
                <tr className={open === f.market_id ? 'is-open' : ''}>
                  <td>
                    {f.market_name} <span className="muted small">#{f.market_id}</span>
                    <div className="muted small">{f.fancy?.variant}</div>
                  </td>
                  <td>
                    <Badge>{settled ? 'SETTLED' : (f.fancy?.status ?? f.status)}</Badge>
                  </td>
                  <td className="num">{quote(f.fancy?.no_line ?? null, f.fancy?.no_rate ?? null)}</td>
                  <td className="num">{quote(f.fancy?.yes_line ?? null, f.fancy?.yes_rate ?? null)}</td>
                  <td className="num">{f.bets}</td>
                  <td className="num">{rupees(f.exposure)}</td>
                  <td>
                    {settled ? (f.settlement.void_market ? 'void' : String(f.settlement.result_value)) : '—'}
                  </td>
                  <td>
                    <button
                      type="button"
                      className="btn btn--small"
                      aria-expanded={open === f.market_id}
                      onClick={() => setOpen((o) => (o === f.market_id ? null : f.market_id))}
                    >
                      {open === f.market_id ? 'Close' : 'Manage'}
                    </button>
                  </td>
                </tr>
                {open === f.market_id ? (
                  <tr className="fancy-table__panel">
                    <td colSpan={8}>
                      <Panel matchId={matchId} market={f} />
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </TableWrap>
  );
}
