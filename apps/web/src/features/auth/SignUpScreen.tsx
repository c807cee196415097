import { Link, useParams } from 'react-router';
import { NotAvailable } from '../../components/index.ts';

/** The sign-up route (public). Sign-up itself opens in a later release. */
export function SignUpScreen() {
  const { code } = useParams();
  return (
    <main className="login">
      <div className="login__card">
        <NotAvailable title="Sign up">
          Creating an account online is not available yet{code ? ` (invitation ${code})` : ''}. Ask your agent
          for an account, or <Link to="/">go to login</Link>.
        </NotAvailable>
      </div>
    </main>
  );
}
