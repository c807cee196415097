import { loginRequest, type LoginRequest } from '@backlay/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Spinner } from '../../components/index.ts';
import { useGlobalSetting } from '../../lib/api/global-settings.ts';
import { imageUrl } from '@backlay/ui/images';
import { SESSION_KEYS, sessionStore, STORAGE_KEYS, storage } from '../../lib/storage.ts';
import { useLogin } from './api/login.ts';
import { SecondStepForm } from './SecondStepForm.tsx';
import { homeOf, useSecondStep } from './session.ts';
import './LoginScreen.css';

export function LoginScreen() {
  const navigate = useNavigate();
  const settings = useGlobalSetting().data;
  const loginMutation = useLogin();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [showPassword, setShowPassword] = useState(false);
  const step = useSecondStep((s) => s.step);
  const otpPending = step == null && storage.get(STORAGE_KEYS.otpVerify) != null;
  // A message another screen left for this one (e.g. a time-out that ended the session), shown once.
  const [notice] = useState(() => sessionStore.get(SESSION_KEYS.loginNotice));
  useEffect(() => sessionStore.remove(SESSION_KEYS.loginNotice), []);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginRequest>({
    resolver: zodResolver(loginRequest),
    defaultValues: { user_name: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setRefusal(null);
    try {
      const result = await loginMutation.mutateAsync(values);
      if (!result.status) {
        setRefusal(result.message);
        return;
      }
      // A second step is owed: the form gives way to it (no session yet).
      if ('challenge' in result.data) return;
      navigate(homeOf(result.data), { replace: true });
    } catch {
      setRefusal('We could not reach the server. Check your connection and try again.');
    }
  });

  const title = settings?.site_title || 'Backlay';
  return (
    <main className="login">
      <div className="login__card">
        <div className="login__brand">
          {settings?.logo ? (
            <img className="login__logo" src={imageUrl(settings.logo)} alt={title} />
          ) : (
            <span className="login__wordmark">{title}</span>
          )}
        </div>
        <h1 className="login__title">Login</h1>
        {step ? <SecondStepForm step={step} /> : null}
        {otpPending ? (
          <p className="login__note" role="status">
            Your verification was not completed. Please log in again.
          </p>
        ) : null}
        {notice && !step ? (
          <p className="login__note" role="status">
            {notice}
          </p>
        ) : null}
        {step ? null : (
          <form className="login__form" onSubmit={onSubmit} noValidate aria-describedby="login-refusal">
            <div className="field">
              <label htmlFor="login-user">User Name</label>
              <input
                id="login-user"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                aria-invalid={errors.user_name ? true : undefined}
                aria-describedby={errors.user_name ? 'login-user-error' : undefined}
                {...register('user_name')}
              />
              {errors.user_name ? (
                <p className="field__error" id="login-user-error">
                  {errors.user_name.message}
                </p>
              ) : null}
            </div>
            <div className="field">
              <label htmlFor="login-password">Password</label>
              <div className="field__with-action">
                <input
                  id="login-password"
                  type={showPassword ? 'text' : 'password'}
                  autoComplete="current-password"
                  aria-invalid={errors.password ? true : undefined}
                  aria-describedby={errors.password ? 'login-password-error' : undefined}
                  {...register('password')}
                />
                <button
                  type="button"
                  className="field__action"
                  aria-pressed={showPassword}
                  onClick={() => setShowPassword((v) => !v)}
                >
                  {showPassword ? 'Hide' : 'Show'}
                  <span className="visually-hidden"> password</span>
                </button>
              </div>
              {errors.password ? (
                <p className="field__error" id="login-password-error">
                  {errors.password.message}
                </p>
              ) : null}
            </div>
            <div id="login-refusal" aria-live="assertive">
              {refusal ? (
                <p className="login__refusal" role="alert">
                  {refusal}
                </p>
              ) : null}
            </div>
            <button
              className="btn btn--primary login__submit"
              type="submit"
              disabled={loginMutation.isPending}
            >
              {loginMutation.isPending ? <Spinner inline label="Signing in…" /> : null}
              <span>{loginMutation.isPending ? 'Signing in…' : 'Login'}</span>
            </button>
          </form>
        )}
        <p className="login__legal">
          This site is for adults aged 18 and over. Please gamble responsibly. See our{' '}
          <a href="#/page/rules/terms-and-conditions" target="_blank" rel="noopener">
            Terms and Conditions
          </a>{' '}
          and{' '}
          <a href="#/page/rules/responsible-gaming" target="_blank" rel="noopener">
            Responsible Gaming
          </a>
          .
        </p>
      </div>
    </main>
  );
}
