import { PAYMENT_STATEMENT_PAGE_SIZE, type PaymentRequestView } from '@backlay/contract/bettor';
import { formatDateTime } from '@backlay/ui/time';
import { useState } from 'react';
import { Link } from 'react-router';
import { NotAvailable, Spinner } from '../../components/index.ts';
import { msgId } from '../../lib/i18n/catalog.ts';
import { usePaymentAccess } from '../../lib/permissions.ts';
import { usePaymentStatement, type PaymentStatementRequest } from './api/payment-statement.ts';
import { defaultRange, type DayRange } from './days.ts';
import { formatMoney } from './format.ts';
import { useT } from './i18n.ts';
import { FilterSelect, RangeForm } from './RangeForm.tsx';
import { EmptyRow, Pager, QueryView } from './ReportStates.tsx';
import { ReportNav } from './ReportNav.tsx';
import './reports.css';
import { TableWrap } from './TableWrap.tsx';

type PaymentType = PaymentStatementRequest['type'] & string;

const TYPES = [
  { value: 'all', label: msgId('reports.filters.all') },
  { value: 'DEPOSIT', label: msgId('reports.payment.typeDeposit') },
  { value: 'WITHDRAW', label: msgId('reports.payment.typeWithdraw') },
] as const satisfies readonly { value: PaymentType; label: string }[];

const STATUS_LABEL: Record<PaymentRequestView['status'], string> = {
  PENDING: msgId('reports.payment.statusPending'),
  APPROVED: msgId('reports.payment.statusApproved'),
  PAID: msgId('reports.payment.statusPaid'),
  REJECTED: msgId('reports.payment.statusRejected'),
};

export function StatusBadge({ status }: { status: PaymentRequestView['status'] }) {
  const t = useT();
  return <span className={`pay-badge pay-badge--${status.toLowerCase()}`}>{t(STATUS_LABEL[status])}</span>;
}

/** report/payment-withdraw: every deposit and withdrawal request of the range, newest first (spec §6 users). */
export function PaymentStatementScreen() {
  const t = useT();
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
      <NotAvailable title={t('reports.payment.title')}>{t('reports.payment.notAvailable')}</NotAvailable>
    );

  return (
    <div className="report">
      <ReportNav />
      <section className="report__card" aria-labelledby="report-title">
        <h1 id="report-title" className="report__title report__title--with-link">
          {t('reports.payment.title')}
          <Link to="/setting/d-w" className="report__title-link">
            {t('reports.payment.depositWithdraw')}
          </Link>
        </h1>
        <RangeForm
          range={range}
          onRangeChange={setRange}
          onSubmit={() => setReq({ from_date: range.from, to_date: range.to, type, page: 1 })}
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
          loading={t('reports.payment.loading')}
          failed={(reason) => t('reports.payment.loadFailed', { reason })}
        >
          {(data) => (
            <>
              <TableWrap label={t('reports.payment.region')}>
                <table
                  className="table report-table"
                  aria-label={t('reports.payment.table')}
                  aria-busy={q.isFetching}
                >
                  <thead>
                    <tr>
                      <th scope="col">{t('reports.col.date')}</th>
                      <th scope="col">{t('reports.col.type')}</th>
                      <th scope="col" className="num">
                        {t('reports.col.amount')}
                      </th>
                      <th scope="col">{t('reports.col.method')}</th>
                      <th scope="col">{t('reports.col.reference')}</th>
                      <th scope="col">{t('reports.col.status')}</th>
                      <th scope="col" className="wide">
                        {t('reports.col.reason')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.rows.length === 0 ? (
                      <EmptyRow colSpan={7} />
                    ) : (
                      data.rows.map((r) => {
                        const deposit = r.type === 'DEPOSIT';
                        return (
                          <tr key={r.payment_id}>
                            <td className="nowrap">{formatDateTime(r.created_at)}</td>
                            <td>
                              {deposit ? t('reports.payment.deposit') : t('reports.payment.withdrawal')}
                            </td>
                            <td
                              className={`num amount ${r.status === 'REJECTED' ? '' : deposit ? 'amount--up' : 'amount--down'}`}
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
                        );
                      })
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
