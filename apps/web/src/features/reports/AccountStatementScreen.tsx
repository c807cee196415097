import { useState } from 'react';
import { formatDateTime } from '@backlay/ui/time';
import { msgId } from '../../lib/i18n/catalog.ts';
import { useAccountStatement, type AccountStatementRequest } from './api/account-statement.ts';
import { defaultRange, type DayRange } from './days.ts';
import { formatMoney, signClass } from './format.ts';
import { useT } from './i18n.ts';
import { Trans } from '../../lib/i18n/trans.ts';
import { MarketBetsModal, type MarketRef } from './MarketBetsModal.tsx';
import { FilterSelect, RangeForm } from './RangeForm.tsx';
import { EmptyRow, Pager, QueryView } from './ReportStates.tsx';
import { ReportNav } from './ReportNav.tsx';
import './reports.css';
import { TableWrap } from './TableWrap.tsx';

type AccountType = 'all' | 'deposit_withdraw' | 'game';

const TYPES = [
  { value: 'all', label: msgId('reports.filters.all') },
  { value: 'deposit_withdraw', label: msgId('reports.statement.typeDepositWithdraw') },
  { value: 'game', label: msgId('reports.statement.typeGame') },
] as const satisfies readonly { value: AccountType; label: string }[];

/** report/account-statement: opening balance, every transfer of the range with the balance after it, closing balance. */
export function AccountStatementScreen() {
  const t = useT();
  const [range, setRange] = useState<DayRange>(() => defaultRange());
  const [type, setType] = useState<AccountType>('all');
  const [req, setReq] = useState<AccountStatementRequest>(() => ({
    from_date: range.from,
    to_date: range.to,
    account_type: type,
    page: 1,
  }));
  const [market, setMarket] = useState<MarketRef | null>(null);
  const q = useAccountStatement(req);

  return (
    <div className="report">
      <ReportNav />
      <section className="report__card" aria-labelledby="report-title">
        <h1 id="report-title" className="report__title">
          {t('reports.statement.title')}
        </h1>
        <RangeForm
          range={range}
          onRangeChange={setRange}
          onSubmit={() => setReq({ from_date: range.from, to_date: range.to, account_type: type, page: 1 })}
        >
          <FilterSelect
            label={t('reports.filters.type')}
            value={type}
            options={TYPES.map((o) => ({ value: o.value, label: t(o.label) }))}
            onChange={setType}
          />
        </RangeForm>

        <QueryView
          query={q}
          loading={t('reports.statement.loading')}
          failed={(reason) => t('reports.statement.loadFailed', { reason })}
        >
          {(data) => (
            <>
              <p className="report__balance">
                <Trans
                  id="reports.statement.openingBalance"
                  values={{ amount: formatMoney(data.opening_balance) }}
                  components={{ 0: <strong /> }}
                />
              </p>
              <TableWrap label={t('reports.statement.region')}>
                <table
                  className="table report-table"
                  aria-label={t('reports.statement.table')}
                  aria-busy={q.isFetching}
                >
                  <thead>
                    <tr>
                      <th scope="col">{t('reports.col.date')}</th>
                      <th scope="col" className="wide">
                        {t('reports.col.description')}
                      </th>
                      <th scope="col" className="num">
                        {t('reports.col.credit')}
                      </th>
                      <th scope="col" className="num">
                        {t('reports.col.debit')}
                      </th>
                      <th scope="col" className="num">
                        {t('reports.col.balance')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.rows.length === 0 ? (
                      <EmptyRow colSpan={5} />
                    ) : (
                      data.rows.map((r) => (
                        <tr key={r.transfer_id}>
                          <td className="nowrap">{formatDateTime(r.date)}</td>
                          <td>
                            {r.market_id != null ? (
                              <button
                                type="button"
                                className="link-button"
                                title={t('reports.marketBets.open')}
                                onClick={() => setMarket({ market_id: r.market_id!, title: r.description })}
                              >
                                {r.description}
                              </button>
                            ) : (
                              r.description
                            )}
                          </td>
                          <td className={`num ${r.credit > 0 ? 'amount amount--up' : 'amount'}`}>
                            {formatMoney(r.credit)}
                          </td>
                          <td className={`num ${r.debit > 0 ? 'amount amount--down' : 'amount'}`}>
                            {formatMoney(r.debit)}
                          </td>
                          <td className={`num ${signClass(Math.min(0, r.balance))}`}>
                            {formatMoney(r.balance)}
                          </td>
                        </tr>
                      ))
                    )}
                  </tbody>
                </table>
              </TableWrap>
              <p className="report__balance">
                <Trans
                  id="reports.statement.closingBalance"
                  values={{ amount: formatMoney(data.closing_balance) }}
                  components={{ 0: <strong /> }}
                />
              </p>
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
      <MarketBetsModal market={market} onClose={() => setMarket(null)} />
    </div>
  );
}
