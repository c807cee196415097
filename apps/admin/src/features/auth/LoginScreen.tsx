import { useState, type FormEvent } from 'react';
import { callEndpoint } from '../../lib/api.ts';
import { clearSession, saveSession, saveToken } from '../../lib/session.ts';
import { Field, FormError } from '../../components/ui.tsx';

let verifying = false;
/** True while the login asks whether a fresh token is an operator's (a 403 then is an answer). */
export const isVerifyingLogin = () => verifying;

type Step =
  | { kind: 'credentials' }
  | { kind: 'totp'; challengeToken: string; userName: string }
  | { kind: 'change'; token: string; userId: number; userName: string };

/**
 * The console's login: the bettor's login call, then `admin/session` with the new token: only a
 * console account's token is kept (the operator's, a master's, an agent's; a bettor's is signed
 * out again at once), with its role, which decides the menus. An operator whose password
 * must change sets a new one here first.
 */
export function LoginScreen() {
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [step, setStep] = useState<Step>({ kind: 'credentials' });
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [code, setCode] = useState('');

  async function finish(token: string) {
    verifying = true;
    saveToken(token);
    try {
      const who = await callEndpoint('adminSession');
      if (!who.status) {
        // Not an operator (403) or the session ended: end that session, keep nothing.
        if (who.unauthorized) {
          await callEndpoint('logout', { user_id: 0, token: '' }).catch(() => undefined);
        }
        clearSession();
        setError(
          who.unauthorized
            ? 'This console is for operators, masters and agents. Bettors sign in on the bettor site.'
            : who.message,
        );
        return;
      }
      saveSession(token, { user_id: who.data.user_id, user_name: who.data.user_name, role: who.data.role });
    } finally {
      verifying = false;
    }
  }

  async function onLogin(e: FormEvent) {
    e.preventDefault();
    if (!userName.trim() || !password) {
      setError('Enter your user name and password');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const r = await callEndpoint('login', { user_name: userName.trim(), password });
      if (!r.status) {
        setError(r.message);
        return;
      }
      if ('challenge' in r.data) {
        const { challenge } = r.data;
        if (challenge.second_step === 'totp') {
          setStep({ kind: 'totp', challengeToken: challenge.challenge_token, userName: challenge.user_name });
          return;
        }
        setError('This account must finish its sign-up on the bettor site first.');
        return;
      }
      if (!r.data.token) {
        setError('This account must finish its sign-up on the bettor site first.');
        return;
      }
      await signedIn(r.data);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Sign-in failed');
    } finally {
      setBusy(false);
    }
  }

  /** A session: change the password first when it must be, else keep it if it is an operator's. */
  async function signedIn(u: {
    token: string;
    user_id: number;
    user_name: string;
    is_change_password: string;
  }) {
    if (u.is_change_password === '1') {
      setStep({ kind: 'change', token: u.token, userId: u.user_id, userName: u.user_name });
      return;
    }
    await finish(u.token);
  }

  async function onCode(e: FormEvent) {
    e.preventDefault();
    if (step.kind !== 'totp') return;
    setBusy(true);
    setError(null);
    try {
      const r = await callEndpoint('loginTwoFactor', {
        challenge_token: step.challengeToken,
        code: code.trim(),
      });
      if (!r.status) {
        setError(r.message);
        return;
      }
      await signedIn(r.data);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Sign-in failed');
    } finally {
      setBusy(false);
    }
  }

  async function onChange(e: FormEvent) {
    e.preventDefault();
    if (step.kind !== 'change') return;
    if (newPassword !== confirm) {
      setError('The two new passwords differ');
      return;
    }
    setBusy(true);
    setError(null);
    saveToken(step.token);
    try {
      const r = await callEndpoint('changePassword', {
        master_password: password,
        old_password: password,
        new_password: newPassword,
        confirm_password: confirm,
      });
      if (!r.status) {
        setError(r.message);
        return;
      }
      await finish(step.token);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Could not change the password');
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="login">
      <div className="login__box">
        <h1 className="login__title">
          Backlay <span>Console</span>
        </h1>
        {step.kind === 'credentials' ? (
          <form onSubmit={(e) => void onLogin(e)} noValidate aria-label="Sign in">
            <p className="login__lead">Operators sign in here to run the exchange.</p>
            <Field label="User name">
              {(p) => (
                <input
                  {...p}
                  autoComplete="username"
                  value={userName}
                  onChange={(e) => setUserName(e.target.value)}
                />
              )}
            </Field>
            <Field label="Password">
              {(p) => (
                <input
                  {...p}
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                />
              )}
            </Field>
            <FormError message={error} />
            <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
              {busy ? 'Signing in…' : 'Sign in'}
            </button>
          </form>
        ) : step.kind === 'totp' ? (
          <form onSubmit={(e) => void onCode(e)} noValidate aria-label="Security Auth">
            <p className="login__lead">
              {step.userName}, enter the 6-digit code from your authenticator app (or a recovery code).
            </p>
            <Field label="Security Auth code">
              {(p) => (
                <input
                  {...p}
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                />
              )}
            </Field>
            <FormError message={error} />
            <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
              {busy ? 'Checking…' : 'Sign in'}
            </button>
          </form>
        ) : (
          <form onSubmit={(e) => void onChange(e)} noValidate aria-label="Choose a new password">
            <p className="login__lead">
              {step.userName}, choose a new password before you continue (at least 8 characters, a letter and
              a digit).
            </p>
            <Field label="New password">
              {(p) => (
                <input
                  {...p}
                  type="password"
                  autoComplete="new-password"
                  value={newPassword}
                  onChange={(e) => setNewPassword(e.target.value)}
                />
              )}
            </Field>
            <Field label="Confirm new password">
              {(p) => (
                <input
                  {...p}
                  type="password"
                  autoComplete="new-password"
                  value={confirm}
                  onChange={(e) => setConfirm(e.target.value)}
                />
              )}
            </Field>
            <FormError message={error} />
            <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
              {busy ? 'Saving…' : 'Save and continue'}
            </button>
          </form>
        )}
      </div>
    </main>
  );
}
