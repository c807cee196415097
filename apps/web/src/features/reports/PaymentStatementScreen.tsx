import { PAYMENT_STATEMENT_PAGE_SIZE, type PaymentRequestView } from '@backlay/contract/bettor';
import { formatDateTime } from '@backlay/ui/time';
import { useState } from 'react';
import { Link } from 'react-router';
import { NotAvailable, Spinner } from '../../components/index.ts';
import { usePaymentAccess } from '../../lib/permissions.ts';
import { usePaymentStatement, type PaymentStatementRequest } from './api/payment-statement.ts';
import { defaultRange, type DayRange } from './days.ts';
import { formatMoney } from './format.ts';
import { FilterSelect, RangeForm } from './RangeForm.tsx';
import { EmptyRow, Pager, QueryView } from './ReportStates.tsx';
import { ReportNav } from './ReportNav.tsx';
import './reports.css';
import { TableWrap } from './TableWrap.tsx';

type PaymentType = PaymentStatementRequest['type'] & string;

const TYPES = [
  { value: 'all', label: 'All' },
  { value: 'DEPOSIT', label: 'Deposit' },
  { value: 'WITHDRAW', label: 'Withdraw' },
] as const satisfies readonly { value: PaymentType; label: string }[];

const STATUS_LABEL: Record<PaymentRequestView['status'], string> = {
  PENDING: 'Pending',
  APPROVED: 'Approved',
  PAID: 'Paid',
  REJECTED: 'Rejected',
};

export function StatusBadge({ status }: { status: PaymentRequestView['status'] }) {
  return <span className={`pay-badge pay-badge--${status.toLowerCase()}`}>{STATUS_LABEL[status]}</span>;
}

/** report/payment-withdraw: every deposit and withdrawal request of the range, newest first (spec §6 users). */
export function PaymentStatementScreen() {
  const access = usePaymentAccess();
  const [range, setRange] = useState<DayRange>(() => defaultRange());
  const [type, setType] = useState<PaymentType>('all');
  const [req, setReq] = useState<PaymentStatementRequest>(() => ({
    from_date: range.from,
    to_date: range.to,
    type,
    page: 1,
  }));
  const q = usePaymentStatement(req, access === true);

  if (access === null) return <Spinner />;
  if (!access)
    return (
      <NotAvailable title="Payment Statement">
        Online deposits and withdrawals are not available for this account, so it has no payment statement.
      </NotAvailable>
    );

  return (
    <div className="report">
      <ReportNav />
      <section className="report__card" aria-labelledby="report-title">
        <h1 id="report-title" className="report__title report__title--with-link">
          Payment Statement
          <Link to="/setting/d-w" className="report__title-link">
            Deposit / Withdraw
          </Link>
        </h1>
        <RangeForm
          range={range}
          onRangeChange={setRange}
          onSubmit={() => setReq({ from_date: range.from, to_date: range.to, type, page: 1 })}
        >
          <FilterSelect label="Type" value={type} options={TYPES} onChange={setType} />
        </RangeForm>
        <QueryView query={q} what="the payment statement">
          {(data) => (
            <>
              <TableWrap label="Payment statement table">
                <table className="table report-table" aria-label="Payment statement" aria-busy={q.isFetching}>
                  <thead>
                    <tr>
                      <th scope="col">Date</th>
                      <th scope="col">Type</th>
                      <th scope="col" className="num">
                        Amount
                      </th>
                      <th scope="col">Method</th>
                      <th scope="col">Reference</th>
                      <th scope="col">Status</th>
                      <th scope="col" className="wide">
                        Reason
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.rows.length === 0 ? (
                      <EmptyRow colSpan={7} />
                    ) : (
                      data.rows.map((r) => (
                        <tr key={r.payment_id}>
                          <td className="nowrap">{formatDateTime(r.created_at)}</td>
                          <td>{r.type === 'DEPOSIT' ? 'Deposit' : 'Withdrawal'}</td>
                          <td
                            className={`num amount ${r.status === 'REJECTED' ? '' : r.type === 'DEPOSIT' ? 'amount--up' : 'amount--down'}`}
                          >
                            {formatMoney(r.amount)}
                          </td>
                          <td className="nowrap">{r.method}</td>
                          <td className="nowrap">{r.reference ?? '—'}</td>
                          <td>
                            <StatusBadge status={r.status} />
                          </td>
                          <td>{r.reason ?? ''}</td>
                        </tr>
                      ))
                    )}
                  </tbody>
                </table>
              </TableWrap>
              <Pager
                page={data.page}
                pageSize={PAYMENT_STATEMENT_PAGE_SIZE}
                total={data.total_rows}
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
