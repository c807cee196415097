import { formatDateTime } from '@backlay/ui/time';
import { Link } from 'react-router';
import { Spinner } from '../../components/index.ts';
import { translateAnswer } from '../../lib/i18n/index.ts';
import { rupees } from './amount.ts';
import { PENDING_LOOKBACK_DAYS, usePendingRequests } from './api/pending-requests.ts';
import { useT } from './i18n.ts';
import { Trans } from '../../lib/i18n/trans.ts';

/** The caller's requests still waiting for the operator, newest first. */
export function PendingRequests() {
  const t = useT();
  const q = usePendingRequests();
  const what = (type: string) =>
    type === 'DEPOSIT' ? t('payments.pending.deposit') : t('payments.pending.withdrawal');
  return (
    <section className="pending" aria-labelledby="pending-title">
      <h2 id="pending-title" className="pending__title">
        {t('payments.pending.title')}
      </h2>
      {q.isPending ? (
        <Spinner label={t('payments.pending.loading')} />
      ) : q.isError ? (
        <p className="form-error" role="alert">
          {t('payments.pending.loadFailed', { reason: translateAnswer(q.error.message) })}{' '}
          <button type="button" className="link-button" onClick={() => void q.refetch()}>
            {t('payments.common.retry')}
          </button>
        </p>
      ) : q.data.length === 0 ? (
        <p className="pending__empty" role="status">
          {t('payments.pending.empty')}
        </p>
      ) : (
        <ul className="pending__list" aria-label={t('payments.pending.list')}>
          {q.data.map((r) => (
            <li key={r.payment_id} className="pending__item">
              <span className="pending__what">{what(r.type)}</span>
              <span className="pending__amount">{rupees(r.amount)}</span>
              <span className="pending__meta">
                {formatDateTime(r.created_at)} · {r.method}
              </span>
              <span className="pay-status pay-status--pending">{t('payments.pending.status')}</span>
            </li>
          ))}
        </ul>
      )}
      <p className="pending__more">
        <Trans
          id="payments.pending.more"
          values={{ days: PENDING_LOOKBACK_DAYS }}
          components={{ 0: <Link to="/report/payment-withdraw" /> }}
        />
      </p>
    </section>
  );
}
