import { checkLoginRequest, type LoginFields as LoginRequest } from '@backlay/contract/login';
import {
  lazy,
  Suspense,
  type ComponentType,
  useEffect,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
} from 'react';
import { Spinner } from '@backlay/ui/components';
import type { DownloadApp as DownloadAppButton } from '../../components/app-install/DownloadApp.tsx';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';
import { noteChosenBeforeSignIn, translateAnswer } from '../../lib/i18n/index.ts';
import { useGlobalSetting } from '../../lib/api/global-settings.ts';
import { useNavigateTo } from '../../lib/navigation.ts';
import { imageUrl } from '@backlay/ui/images';
import { SESSION_KEYS, sessionStore, STORAGE_KEYS, storage } from '../../lib/storage.ts';
import { login } from './api/login.ts';
import { useT } from './i18n.ts';
import { homeOf, useSecondStep } from './session.ts';
import './LoginScreen.css';

// The login form is the first screen most visitors see, so its first load stays small: no router
// (the entry shows it without one and it navigates through lib/navigation.ts), no form library, no
// query library, no zod — the contract's login checks (@backlay/contract/login, the same rules as
// its zod schemas) validate the form and the answer, so signing in waits for no other chunk
// (docs/performance.md, "First load"). The second step comes with React Query.
// The age and responsible-gaming line (links in a translated sentence: Lingui's Trans) comes
// after the form: signing in does not wait for it.
// A chunk that cannot be fetched (offline) leaves the line out, never the form.
const LoginLegal = lazy(() =>
  import('./LoginLegal.tsx').then(
    (m) => ({ default: m.LoginLegal }),
    (): { default: ComponentType } => ({ default: () => null }),
  ),
);
// "Download the app" only while the operator has it on (off in the demo): its chunk is fetched then,
// never before the form. A chunk that cannot be fetched leaves the button out.
const DownloadApp = lazy(() =>
  import('../../components/app-install/DownloadApp.tsx').then(
    (m) => ({ default: m.DownloadApp }),
    (): { default: typeof DownloadAppButton } => ({ default: () => null }),
  ),
);
const SecondStepForm = lazy(() =>
  Promise.all([import('./SecondStepForm.tsx'), import('../../lib/query.tsx')]).then(([m, q]) => ({
    default: q.withQueryScope(m.SecondStepForm),
  })),
);

type LoginErrors = Partial<Record<keyof LoginRequest, string>>;
const FIELDS = ['user_name', 'password'] as const;

/** The contract's loginRequest rules; the first message per field. */
function validateLogin(
  values: LoginRequest,
): { data: LoginRequest; errors?: undefined } | { errors: LoginErrors } {
  const parsed = checkLoginRequest(values);
  if (parsed.success) return { data: parsed.data };
  const errors: LoginErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof LoginRequest;
    errors[field] ??= issue.message;
  }
  return { errors };
}

export function LoginScreen() {
  const t = useT();
  const navigate = useNavigateTo();
  const settings = useGlobalSetting().data;
  const [pending, setPending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [showPassword, setShowPassword] = useState(false);
  const step = useSecondStep((s) => s.step);
  const otpPending = step == null && storage.get(STORAGE_KEYS.otpVerify) != null;
  // A message another screen left for this one (e.g. a time-out that ended the session), shown once.
  const [notice] = useState(() => sessionStore.get(SESSION_KEYS.loginNotice));
  useEffect(() => sessionStore.remove(SESSION_KEYS.loginNotice), []);
  const [values, setValues] = useState<LoginRequest>({ user_name: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  // After a first refused submit the fields are checked again as they change (as before, with
  // react-hook-form's default reValidateMode).
  const [submitted, setSubmitted] = useState(false);
  const inputs = useRef<Partial<Record<keyof LoginRequest, HTMLInputElement | null>>>({});

  const onChange = (field: keyof LoginRequest) => (e: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: e.target.value };
    setValues(next);
    if (submitted) setErrors(validateLogin(next).errors ?? {});
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setSubmitted(true);
    setRefusal(null);
    const checked = validateLogin(values);
    if (checked.errors) {
      setErrors(checked.errors);
      const first = FIELDS.find((f) => checked.errors[f]);
      if (first) inputs.current[first]?.focus();
      return;
    }
    setErrors({});
    setPending(true);
    try {
      const result = await login(checked.data);
      if (!result.status) {
        setRefusal(translateAnswer(result.message));
        return;
      }
      // A second step is owed: the form gives way to it (no session yet).
      if ('challenge' in result.data) return;
      navigate(homeOf(result.data), { replace: true });
    } catch {
      setRefusal(t('auth.login.unreachable'));
    } finally {
      setPending(false);
    }
  };

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
        <h1 className="login__title">{t('auth.login.title')}</h1>
        {step ? (
          <Suspense fallback={<Spinner />}>
            <SecondStepForm step={step} />
          </Suspense>
        ) : null}
        {otpPending ? (
          <p className="login__note" role="status">
            {t('auth.login.verificationIncomplete')}
          </p>
        ) : null}
        {notice && !step ? (
          <p className="login__note" role="status">
            {notice}
          </p>
        ) : null}
        {step ? null : (
          <form
            className="login__form"
            onSubmit={(e) => void onSubmit(e)}
            noValidate
            aria-describedby="login-refusal"
          >
            <div className="field">
              <label htmlFor="login-user">{t('auth.login.userName')}</label>
              <input
                id="login-user"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                aria-invalid={errors.user_name ? true : undefined}
                aria-describedby={errors.user_name ? 'login-user-error' : undefined}
                name="user_name"
                value={values.user_name}
                onChange={onChange('user_name')}
                ref={(el) => {
                  inputs.current.user_name = el;
                }}
              />
              {errors.user_name ? (
                <p className="field__error" id="login-user-error">
                  {translateAnswer(errors.user_name)}
                </p>
              ) : null}
            </div>
            <div className="field">
              <label htmlFor="login-password">{t('auth.login.password')}</label>
              <div className="field__with-action">
                <input
                  id="login-password"
                  type={showPassword ? 'text' : 'password'}
                  autoComplete="current-password"
                  aria-invalid={errors.password ? true : undefined}
                  aria-describedby={errors.password ? 'login-password-error' : undefined}
                  name="password"
                  value={values.password}
                  onChange={onChange('password')}
                  ref={(el) => {
                    inputs.current.password = el;
                  }}
                />
                <button
                  type="button"
                  className="field__action"
                  aria-pressed={showPassword}
                  onClick={() => setShowPassword((v) => !v)}
                >
                  {showPassword ? t('auth.login.hidePassword') : t('auth.login.showPassword')}
                  <span className="visually-hidden"> {t('auth.login.passwordSuffix')}</span>
                </button>
              </div>
              {errors.password ? (
                <p className="field__error" id="login-password-error">
                  {translateAnswer(errors.password)}
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
            <button className="btn btn--primary login__submit" type="submit" disabled={pending}>
              {pending ? <Spinner inline label={t('auth.login.signingIn')} /> : null}
              <span>{pending ? t('auth.login.signingIn') : t('auth.login.submit')}</span>
            </button>
          </form>
        )}
        {settings?.is_show_apk === '1' ? (
          <Suspense fallback={null}>
            <DownloadApp settings={settings} className="btn login__download" />
          </Suspense>
        ) : null}
        <LanguageSwitch id="login-language" className="login__language" onChosen={noteChosenBeforeSignIn} />
        <Suspense fallback={null}>
          <LoginLegal />
        </Suspense>
      </div>
    </main>
  );
}
