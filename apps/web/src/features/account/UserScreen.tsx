import { Link } from 'react-router';
import { showPaymentItems, useMenuContext } from '../../lib/permissions.ts';
import { useClientStore } from '../../lib/store.ts';

/** The user route: who is signed in, and where to manage the account. */
export function UserScreen() {
  const user = useClientStore((s) => s.loginData);
  const openModal = useClientStore((s) => s.openModal);
  const payments = showPaymentItems(useMenuContext());
  return (
    <section className="panel" aria-labelledby="user-title">
      <h1 id="user-title" className="panel__title">
        My Account
      </h1>
      <dl className="details">
        <dt>User name</dt>
        <dd>{user?.user_name}</dd>
        <dt>User id</dt>
        <dd>{user?.user_id}</dd>
        <dt>Account type</dt>
        <dd>{user?.is_signup_user === '1' ? 'Self sign-up' : 'Created by agent'}</dd>
      </dl>
      <ul className="link-list">
        {payments ? (
          <li>
            <Link to="/setting/d-w">Deposit / Withdraw</Link>
          </li>
        ) : null}
        <li>
          <Link to="/setting/change-password">Change Password</Link>
        </li>
        <li>
          <Link to="/security-auth">Security Auth Verification</Link>
        </li>
        <li>
          <Link to="/setting/responsible-gaming">Responsible Gaming</Link>
        </li>
        <li>
          <button type="button" className="link-button" onClick={() => openModal('buttonValues')}>
            Set Button Values
          </button>
        </li>
        <li>
          <Link to="/report/account-statement">Account Statement</Link>
        </li>
        {payments ? (
          <li>
            <Link to="/report/payment-withdraw">Payment Statement</Link>
          </li>
        ) : null}
      </ul>
    </section>
  );
}
