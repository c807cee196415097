import { formatDateTime } from '@backlay/ui/time';
import { Link } from 'react-router';
import { Spinner } from '../../components/index.ts';
import { rupees } from './amount.ts';
import { PENDING_LOOKBACK_DAYS, usePendingRequests } from './api/pending-requests.ts';

/** The caller's requests still waiting for the operator, newest first. */
export function PendingRequests() {
  const q = usePendingRequests();
  return (
    <section className="pending" aria-labelledby="pending-title">
      <h2 id="pending-title" className="pending__title">
        Your pending requests
      </h2>
      {q.isPending ? (
        <Spinner label="Loading your requests…" />
      ) : q.isError ? (
        <p className="form-error" role="alert">
          Could not load your requests: {q.error.message}{' '}
          <button type="button" className="link-button" onClick={() => void q.refetch()}>
            Retry
          </button>
        </p>
      ) : q.data.length === 0 ? (
        <p className="pending__empty" role="status">
          Nothing is waiting for the operator.
        </p>
      ) : (
        <ul className="pending__list" aria-label="Pending requests">
          {q.data.map((r) => (
            <li key={r.payment_id} className="pending__item">
              <span className="pending__what">{r.type === 'DEPOSIT' ? 'Deposit' : 'Withdrawal'}</span>
              <span className="pending__amount">{rupees(r.amount)}</span>
              <span className="pending__meta">
                {formatDateTime(r.created_at)} · {r.method}
              </span>
              <span className="pay-status pay-status--pending">Pending</span>
            </li>
          ))}
        </ul>
      )}
      <p className="pending__more">
        Requests of the last {PENDING_LOOKBACK_DAYS} days. Every request, approved or rejected, is in the{' '}
        <Link to="/report/payment-withdraw">Payment Statement</Link>.
      </p>
    </section>
  );
}
