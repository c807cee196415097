import { Link } from 'react-router';
import { showPaymentItems, useMenuContext } from '../../lib/permissions.ts';
import { useClientStore } from '../../lib/store.ts';
import { useT } from './i18n.ts';

/** The user route: who is signed in, and where to manage the account. */
export function UserScreen() {
  const t = useT();
  const user = useClientStore((s) => s.loginData);
  const openModal = useClientStore((s) => s.openModal);
  const payments = showPaymentItems(useMenuContext());
  return (
    <section className="panel" aria-labelledby="user-title">
      <h1 id="user-title" className="panel__title">
        {t('account.user.title')}
      </h1>
      <dl className="details">
        <dt>{t('account.user.userName')}</dt>
        <dd>{user?.user_name}</dd>
        <dt>{t('account.user.userId')}</dt>
        <dd>{user?.user_id}</dd>
        <dt>{t('account.user.accountType')}</dt>
        <dd>
          {user?.is_signup_user === '1' ? t('account.user.selfSignUp') : t('account.user.createdByAgent')}
        </dd>
      </dl>
      <ul className="link-list">
        {payments ? (
          <li>
            <Link to="/setting/d-w">{t('account.links.depositWithdraw')}</Link>
          </li>
        ) : null}
        <li>
          <Link to="/setting/change-password">{t('account.links.changePassword')}</Link>
        </li>
        <li>
          <Link to="/security-auth">{t('account.links.securityAuth')}</Link>
        </li>
        <li>
          <Link to="/setting/api-keys">{t('account.links.apiKeys')}</Link>
        </li>
        <li>
          <Link to="/setting/responsible-gaming">{t('account.links.responsibleGaming')}</Link>
        </li>
        <li>
          <button type="button" className="link-button" onClick={() => openModal('buttonValues')}>
            {t('account.links.buttonValues')}
          </button>
        </li>
        <li>
          <Link to="/report/account-statement">{t('account.links.accountStatement')}</Link>
        </li>
        {payments ? (
          <li>
            <Link to="/report/payment-withdraw">{t('account.links.paymentStatement')}</Link>
          </li>
        ) : null}
      </ul>
    </section>
  );
}
