import { useState } from 'react';
import { Link } from 'react-router';
import { NotAvailable, Spinner, Tabs } from '../../components/index.ts';
import { translateAnswer } from '../../lib/i18n/index.ts';
import { usePaymentAccess } from '../../lib/permissions.ts';
import { usePaymentMethods } from './api/payment-methods.ts';
import { DepositForm } from './DepositForm.tsx';
import { useT } from './i18n.ts';
import { Trans } from '../../lib/i18n/trans.ts';
import { PendingRequests } from './PendingRequests.tsx';
import { WithdrawForm } from './WithdrawForm.tsx';
import './payments.css';

function Wallet() {
  const t = useT();
  const [tab, setTab] = useState('deposit');
  const methods = usePaymentMethods();
  if (methods.isPending) return <Spinner label={t('payments.screen.loadingMethods')} />;
  if (methods.isError)
    return (
      <div role="alert" className="pay__error">
        <p>{t('payments.screen.loadFailed', { reason: translateAnswer(methods.error.message) })}</p>
        <button type="button" className="btn btn--primary" onClick={() => void methods.refetch()}>
          {t('payments.common.retry')}
        </button>
      </div>
    );
  return (
    <>
      <Tabs
        label={t('payments.screen.tabs')}
        className="pay__tabs"
        selected={tab}
        onSelect={setTab}
        items={[
          {
            id: 'deposit',
            label: t('payments.screen.depositTab'),
            panel: <DepositForm data={methods.data} />,
          },
          {
            id: 'withdraw',
            label: t('payments.screen.withdrawTab'),
            panel: <WithdrawForm data={methods.data} />,
          },
        ]}
      />
      <PendingRequests />
    </>
  );
}

/** setting/d-w: deposit (the operator's UPI or bank details, then the payment reference) and withdraw (to a saved bank account). */
export function DepositWithdrawScreen() {
  const t = useT();
  const access = usePaymentAccess();
  if (access === null) return <Spinner />;
  if (!access)
    return (
      <NotAvailable title={t('payments.screen.title')}>{t('payments.screen.notAvailable')}</NotAvailable>
    );
  return (
    <section className="panel pay" aria-labelledby="pay-title">
      <h1 id="pay-title" className="panel__title">
        {t('payments.screen.title')}
      </h1>
      <Wallet />
      <p className="pay__footnote">
        <Trans id="payments.screen.footnote" components={{ 0: <Link to="/setting/responsible-gaming" /> }} />
      </p>
    </section>
  );
}
