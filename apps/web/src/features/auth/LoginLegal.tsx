import { Trans } from '../../lib/i18n/trans.ts';

/** Under the login form: adults only, gamble responsibly, with the two pages linked in the sentence. */
export function LoginLegal() {
  return (
    <p className="login__legal">
      <Trans
        id="auth.login.legal"
        components={{
          0: <a href="#/page/rules/terms-and-conditions" target="_blank" rel="noopener" />,
          1: <a href="#/page/rules/responsible-gaming" target="_blank" rel="noopener" />,
        }}
      />
    </p>
  );
}
