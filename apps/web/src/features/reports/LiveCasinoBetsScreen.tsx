import type { LiveCasinoBetRow, LiveCasinoBets } from '@backlay/contract';
import { formatDateTime } from '@backlay/ui/time';
import { useState } from 'react';
import { Link } from 'react-router';
import { useLiveCasinoBets, type LiveCasinoBetsRequest } from './api/live-casino-bets.ts';
import { defaultRange, type DayRange } from './days.ts';
import { formatMoney, signClass } from './format.ts';
import { RangeForm } from './RangeForm.tsx';
import { EmptyRow, Pager, QueryView } from './ReportStates.tsx';
import { ReportNav } from './ReportNav.tsx';
import './reports.css';
import { TableWrap } from './TableWrap.tsx';

type Tx = LiveCasinoBetRow['transactions'][number];

const STATUS_LABEL: Record<LiveCasinoBetRow['status'], string> = {
  OPEN: 'In play',
  CLOSED: 'Settled',
  CANCELLED: 'Cancelled',
};

/** A provider's words for a movement, in the bettor's. */
const TX_LABEL: Record<Tx['type'], string> = { DEBIT: 'Bet', CREDIT: 'Win', ROLLBACK: 'Refund' };

const COLUMNS = 9;

/**
 * report/live-casino-bets: the bettor's Live Casino and Slot Game rounds over IST days, newest
 * first — game, provider, round, stake, win, profit/loss and the provider's transaction ids (what a
 * bettor quotes to support about a spin) — with the range's totals; paged by the server.
 */
export function LiveCasinoBetsScreen() {
  const [range, setRange] = useState<DayRange>(() => defaultRange());
  const [req, setReq] = useState<LiveCasinoBetsRequest>(() => ({
    from_date: range.from,
    to_date: range.to,
    page: 1,
  }));
  const q = useLiveCasinoBets(req);

  return (
    <div className="report">
      <ReportNav />
      <section className="report__card" aria-labelledby="report-title">
        <div className="report__title report__title--with-link">
          <h1 id="report-title" className="lc-bets__title">
            Live Casino Bets
          </h1>
          <Link to="/world-casino" className="report__title-link">
            Play Live Casino &amp; Slots
          </Link>
        </div>
        <RangeForm
          range={range}
          onRangeChange={setRange}
          busy={q.isFetching}
          onSubmit={() => {
            const next = { from_date: range.from, to_date: range.to, page: 1 };
            // The same range again asks again: a round may have finished meanwhile.
            if (JSON.stringify(next) === JSON.stringify(req)) void q.refetch();
            setReq(next);
          }}
        />
        <QueryView query={q} what="the live casino bets">
          {(data) => (
            <>
              <TableWrap label="Live casino bets table">
                <RoundsTable data={data} busy={q.isFetching} />
              </TableWrap>
              <Pager
                page={data.page}
                pageSize={data.page_size}
                total={data.total}
                busy={q.isFetching}
                onPage={(page) => setReq((r) => ({ ...r, page }))}
              />
            </>
          )}
        </QueryView>
      </section>
    </div>
  );
}

function RoundsTable({ data, busy }: { data: LiveCasinoBets; busy: boolean }) {
  return (
    <table className="table report-table lc-bets" aria-label="Live casino bets" aria-busy={busy}>
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Game</th>
          <th scope="col">Provider</th>
          <th scope="col">Round</th>
          <th scope="col">Status</th>
          <th scope="col" className="num">
            Stake
          </th>
          <th scope="col" className="num">
            Win
          </th>
          <th scope="col" className="num">
            Win/Loss
          </th>
          <th scope="col" className="wide">
            Transactions
          </th>
        </tr>
      </thead>
      <tbody>
        {data.rows.length === 0 ? (
          <EmptyRow colSpan={COLUMNS}>No live casino or slot rounds in these days</EmptyRow>
        ) : (
          data.rows.map((r) => (
            <tr key={`${r.provider_id}:${r.round_id}`}>
              <td className="nowrap">{formatDateTime(r.date)}</td>
              <td>{r.game_name}</td>
              <td>{r.provider_name}</td>
              <td>
                <code className="lc-bets__id">{r.round_id}</code>
              </td>
              <td>
                <span className={`lc-badge lc-badge--${r.status.toLowerCase()}`}>
                  {STATUS_LABEL[r.status]}
                </span>
              </td>
              <td className="num">{formatMoney(r.stake)}</td>
              <td className="num">{formatMoney(r.win)}</td>
              <td className={`num ${signClass(r.profit_loss)}`}>{formatMoney(r.profit_loss)}</td>
              <td>
                <Transactions list={r.transactions} />
              </td>
            </tr>
          ))
        )}
      </tbody>
      {data.rows.length > 0 ? (
        <tfoot>
          <tr className="report-table__total">
            <th scope="row" colSpan={5}>
              Total of the range
            </th>
            <td className="num">{formatMoney(data.total_stake)}</td>
            <td className="num">{formatMoney(data.total_win)}</td>
            <td className={`num ${signClass(data.total_profit_loss)}`}>
              {formatMoney(data.total_profit_loss)}
            </td>
            <td className="lc-bets__blank" />
          </tr>
        </tfoot>
      ) : null}
    </table>
  );
}

/** Each provider transaction of the round: what it was, its amount and the provider's id for it. */
function Transactions({ list }: { list: readonly Tx[] }) {
  if (list.length === 0) return <span className="lc-bets__muted">None</span>;
  return (
    <ul className="lc-bets__txs">
      {list.map((t) => (
        <li key={t.transaction_id}>
          <span className="lc-bets__tx-type">{TX_LABEL[t.type]}</span> {formatMoney(t.amount)}{' '}
          <code className="lc-bets__id">{t.transaction_id}</code>
          {t.code !== 'OK' ? <span className="lc-bets__muted"> ({codeWords(t.code)})</span> : null}
        </li>
      ))}
    </ul>
  );
}

/** A refusal code as words ("INSUFFICIENT_FUNDS" → "insufficient funds"). */
export const codeWords = (code: string): string => code.toLowerCase().replaceAll('_', ' ');
