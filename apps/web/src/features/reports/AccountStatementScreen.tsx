import { useState } from 'react';
import { formatDateTime } from '@backlay/ui/time';
import { useAccountStatement, type AccountStatementRequest } from './api/account-statement.ts';
import { defaultRange, type DayRange } from './days.ts';
import { formatMoney, signClass } from './format.ts';
import { MarketBetsModal, type MarketRef } from './MarketBetsModal.tsx';
import { FilterSelect, RangeForm } from './RangeForm.tsx';
import { EmptyRow, Pager, QueryView } from './ReportStates.tsx';
import { ReportNav } from './ReportNav.tsx';
import './reports.css';
import { TableWrap } from './TableWrap.tsx';

type AccountType = 'all' | 'deposit_withdraw' | 'game';

const TYPES = [
  { value: 'all', label: 'All' },
  { value: 'deposit_withdraw', label: 'Deposit/Withdraw' },
  { value: 'game', label: 'Game' },
] as const satisfies readonly { value: AccountType; label: string }[];

/** report/account-statement: opening balance, every transfer of the range with the balance after it, closing balance. */
export function AccountStatementScreen() {
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
          Account Statement
        </h1>
        <RangeForm
          range={range}
          onRangeChange={setRange}
          onSubmit={() => setReq({ from_date: range.from, to_date: range.to, account_type: type, page: 1 })}
        >
          <FilterSelect label="Type" value={type} options={TYPES} onChange={setType} />
        </RangeForm>

        <QueryView query={q} what="the account statement">
          {(data) => (
            <>
              <p className="report__balance">
                Opening balance: <strong>{formatMoney(data.opening_balance)}</strong>
              </p>
              <TableWrap label="Account statement table">
                <table className="table report-table" aria-label="Account statement" aria-busy={q.isFetching}>
                  <thead>
                    <tr>
                      <th scope="col">Date</th>
                      <th scope="col" className="wide">
                        Description
                      </th>
                      <th scope="col" className="num">
                        Credit
                      </th>
                      <th scope="col" className="num">
                        Debit
                      </th>
                      <th scope="col" className="num">
                        Balance
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
                                title="Show the bets of this market"
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
                Closing balance: <strong>{formatMoney(data.closing_balance)}</strong>
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
