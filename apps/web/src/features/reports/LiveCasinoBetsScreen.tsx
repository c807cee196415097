import type { LiveCasinoBetRow, LiveCasinoBets } from '@backlay/contract';
import { formatDateTime } from '@backlay/ui/time';
import { useState } from 'react';
import { Link } from 'react-router';
import { msgId } from '../../lib/i18n/catalog.ts';
import { useLiveCasinoBets, type LiveCasinoBetsRequest } from './api/live-casino-bets.ts';
import { defaultRange, type DayRange } from './days.ts';
import { formatMoney, signClass } from './format.ts';
import { useT } from './i18n.ts';
import { RangeForm } from './RangeForm.tsx';
import { EmptyRow, Pager, QueryView } from './ReportStates.tsx';
import { ReportNav } from './ReportNav.tsx';
import './reports.css';
import { TableWrap } from './TableWrap.tsx';

type Tx = LiveCasinoBetRow['transactions'][number];

const STATUS_LABEL: Record<LiveCasinoBetRow['status'], string> = {
  OPEN: msgId('reports.liveCasino.statusOpen'),
  CLOSED: msgId('reports.liveCasino.statusClosed'),
  CANCELLED: msgId('reports.liveCasino.statusCancelled'),
};

/** A provider's words for a movement, in the bettor's. */
const TX_LABEL: Record<Tx['type'], string> = {
  DEBIT: msgId('reports.liveCasino.txBet'),
  CREDIT: msgId('reports.liveCasino.txWin'),
  ROLLBACK: msgId('reports.liveCasino.txRefund'),
};

const COLUMNS = 9;

/**
 * report/live-casino-bets: the bettor's Live Casino and Slot Game rounds over IST days, newest
 * first — game, provider, round, stake, win, profit/loss and the provider's transaction ids (what a
 * bettor quotes to support about a spin) — with the range's totals; paged by the server.
 */
export function LiveCasinoBetsScreen() {
  const t = useT();
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
            {t('reports.liveCasino.title')}
          </h1>
          <Link to="/world-casino" className="report__title-link">
            {t('reports.liveCasino.play')}
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
        <QueryView
          query={q}
          loading={t('reports.liveCasino.loading')}
          failed={(reason) => t('reports.liveCasino.loadFailed', { reason })}
        >
          {(data) => (
            <>
              <TableWrap label={t('reports.liveCasino.region')}>
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
  const t = useT();
  return (
    <table className="table report-table lc-bets" aria-label={t('reports.liveCasino.table')} aria-busy={busy}>
      <thead>
        <tr>
          <th scope="col">{t('reports.col.date')}</th>
          <th scope="col">{t('reports.col.game')}</th>
          <th scope="col">{t('reports.col.provider')}</th>
          <th scope="col">{t('reports.col.round')}</th>
          <th scope="col">{t('reports.col.status')}</th>
          <th scope="col" className="num">
            {t('reports.col.stake')}
          </th>
          <th scope="col" className="num">
            {t('reports.col.win')}
          </th>
          <th scope="col" className="num">
            {t('reports.col.winLoss')}
          </th>
          <th scope="col" className="wide">
            {t('reports.col.transactions')}
          </th>
        </tr>
      </thead>
      <tbody>
        {data.rows.length === 0 ? (
          <EmptyRow colSpan={COLUMNS}>{t('reports.liveCasino.empty')}</EmptyRow>
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
                  {t(STATUS_LABEL[r.status])}
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
              {t('reports.liveCasino.total')}
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
  const t = useT();
  if (list.length === 0) return <span className="lc-bets__muted">{t('reports.liveCasino.none')}</span>;
  return (
    <ul className="lc-bets__txs">
      {list.map((tx) => {
        const refused = tx.code !== 'OK';
        return (
          <li key={tx.transaction_id}>
            <span className="lc-bets__tx-type">{t(TX_LABEL[tx.type])}</span> {formatMoney(tx.amount)}{' '}
            <code className="lc-bets__id">{tx.transaction_id}</code>
            {/* The provider's code, as its words (data, not a message). */}
            {refused ? <span className="lc-bets__muted"> ({codeWords(tx.code)})</span> : null}
          </li>
        );
      })}
    </ul>
  );
}

/** A refusal code as words ("INSUFFICIENT_FUNDS" → "insufficient funds"). */
export const codeWords = (code: string): string => code.toLowerCase().replaceAll('_', ' ');
