import { useState } from 'react';
import { Link } from 'react-router';
import { NotAvailable, Spinner, Tabs } from '../../components/index.ts';
import { usePaymentAccess } from '../../lib/permissions.ts';
import { usePaymentMethods } from './api/payment-methods.ts';
import { DepositForm } from './DepositForm.tsx';
import { PendingRequests } from './PendingRequests.tsx';
import { WithdrawForm } from './WithdrawForm.tsx';
import './payments.css';

function Wallet() {
  const [tab, setTab] = useState('deposit');
  const methods = usePaymentMethods();
  if (methods.isPending) return <Spinner label="Loading payment methods…" />;
  if (methods.isError)
    return (
      <div role="alert" className="pay__error">
        <p>Could not load deposits and withdrawals: {methods.error.message}</p>
        <button type="button" className="btn btn--primary" onClick={() => void methods.refetch()}>
          Retry
        </button>
      </div>
    );
  return (
    <>
      <Tabs
        label="Deposit or withdraw"
        className="pay__tabs"
        selected={tab}
        onSelect={setTab}
        items={[
          { id: 'deposit', label: 'Deposit', panel: <DepositForm data={methods.data} /> },
          { id: 'withdraw', label: 'Withdraw', panel: <WithdrawForm data={methods.data} /> },
        ]}
      />
      <PendingRequests />
    </>
  );
}

/** setting/d-w: deposit (the operator's UPI or bank details, then the payment reference) and withdraw (to a saved bank account). */
export function DepositWithdrawScreen() {
  const access = usePaymentAccess();
  if (access === null) return <Spinner />;
  if (!access)
    return (
      <NotAvailable title="Deposit / Withdraw">
        Online deposits and withdrawals are not available for this account. Please ask your agent.
      </NotAvailable>
    );
  return (
    <section className="panel pay" aria-labelledby="pay-title">
      <h1 id="pay-title" className="panel__title">
        Deposit / Withdraw
      </h1>
      <Wallet />
      <p className="pay__footnote">
        Set deposit and loss limits, a reality check or a time-out under{' '}
        <Link to="/setting/responsible-gaming">Responsible Gaming</Link>.
      </p>
    </section>
  );
}
