import { countryByCode, DEFAULT_COUNTRY_CODE, signUpRequest } from '@backlay/contract/bettor';
import { imageUrl } from '@backlay/ui/images';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import type { z } from 'zod';
import { Spinner } from '../../components/index.ts';
import { useGlobalSetting } from '../../lib/api/global-settings.ts';
import { HttpError } from '../../lib/http.ts';
import { translateAnswer } from '../../lib/i18n/index.ts';
import { useClientStore } from '../../lib/store.ts';
import { useReferralCodeCheck } from './api/check-referral-code.ts';
import { useSignUp } from './api/sign-up.ts';
import { useVisitorCountry } from './api/visitor-country.ts';
import { CountryPicker } from './CountryPicker.tsx';
import { useT } from './signup/i18n.ts';
import { Trans } from '../../lib/i18n/trans.ts';
import { SecondStepForm } from './SecondStepForm.tsx';
import { useSecondStep } from './session.ts';
import './LoginScreen.css';

type FormInput = z.input<typeof signUpRequest>;
type Field = FieldPath<FormInput>;

const FIELDS: readonly Field[] = ['user_name', 'password', 'confirm_password', 'country_code', 'mobile'];

/**
 * Which field a refusal is about: a 400 names it ("mobile: …"); the service's words name the
 * user name or the number. Null: a message for the whole form.
 */
export function fieldOfRefusal(message: string): { field: Field | null; message: string } {
  const named = /^([a-z_]+): (.*)$/s.exec(message);
  if (named && (FIELDS as readonly string[]).includes(named[1]!))
    return { field: named[1] as Field, message: named[2]! };
  if (/user name/i.test(message)) return { field: 'user_name', message };
  if (/mobile number is already registered/i.test(message)) return { field: 'mobile', message };
  return { field: null, message };
}

/** Sign-up under the referral code of the route's third segment, then the OTP sent to the mobile. */
export function SignUpScreen() {
  const t = useT();
  const { code = '' } = useParams();
  const settings = useGlobalSetting().data;
  const signedInAs = useClientStore((s) => (s.isLoggedIn ? s.loginData?.user_name : null));
  const step = useSecondStep((s) => s.step);
  const mutation = useSignUp();
  const invitation = useReferralCodeCheck(code);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [showPassword, setShowPassword] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getFieldState,
    formState: { errors },
  } = useForm<FormInput>({
    resolver: zodResolver(signUpRequest),
    mode: 'onTouched',
    defaultValues: {
      referral_code: code,
      user_name: '',
      password: '',
      confirm_password: '',
      country_code: DEFAULT_COUNTRY_CODE,
      mobile: '',
    },
  });

  // The visitor's country (their address, looked up on the server), else the settings' default,
  // unless the visitor already chose one.
  const visitor = useVisitorCountry();
  useEffect(() => {
    // i18n-exempt: a note for the developer's console, not for the bettor
    if (visitor.isError) console.warn('Could not resolve the visitor country', visitor.error);
  }, [visitor.isError, visitor.error]);
  const preferred = visitor.data?.country_code ?? settings?.default_country;
  useEffect(() => {
    if (preferred && countryByCode(preferred) && !getFieldState('country_code').isDirty) {
      setValue('country_code', preferred.toUpperCase());
    }
  }, [preferred, getFieldState, setValue]);

  const onSubmit = handleSubmit(async (values) => {
    setRefusal(null);
    try {
      const r = await mutation.mutateAsync({ ...values, referral_code: code });
      if (r.status) return;
      const { field, message } = fieldOfRefusal(r.message);
      if (field) setError(field, { type: 'server', message }, { shouldFocus: true });
      else setRefusal(message);
    } catch (e) {
      if (e instanceof HttpError) {
        const { field, message } = fieldOfRefusal(e.message);
        if (field) setError(field, { type: 'server', message }, { shouldFocus: true });
        else setRefusal(message);
      } else {
        setRefusal(t('signup.unreachable'));
      }
    }
  });

  const title = settings?.site_title || 'Backlay';
  const err = (name: Field) => errors[name as keyof typeof errors]?.message;
  const describe = (name: Field, hint?: boolean) =>
    [hint ? `su-${name}-hint` : null, err(name) ? `su-${name}-error` : null].filter(Boolean).join(' ') ||
    undefined;
  const errorOf = (name: Field) =>
    err(name) ? (
      <p className="field__error" id={`su-${name}-error`}>
        {translateAnswer(err(name)!)}
      </p>
    ) : null;
  const country = countryByCode(useWatch({ control, name: 'country_code' }) ?? DEFAULT_COUNTRY_CODE);

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
        <h1 className="login__title">{t('signup.signUp.title')}</h1>
        {step ? (
          <SecondStepForm step={step} />
        ) : invitation.data?.valid === false ? (
          <div className="login__note" role="alert">
            <p>
              <Trans id="signup.signUp.invalidInvitation" values={{ code }} components={{ 0: <strong /> }} />
            </p>
          </div>
        ) : signedInAs ? (
          <p className="login__note" role="status">
            <Trans
              id="signup.signUp.signedInAs"
              values={{ name: signedInAs }}
              components={{ 0: <strong />, 1: <Link to="/home" /> }}
            />
          </p>
        ) : (
          <form className="login__form" onSubmit={onSubmit} noValidate aria-describedby="signup-refusal">
            <p className="signup__invite">
              <Trans id="signup.signUp.invitationCode" values={{ code }} components={{ 0: <strong /> }} />
            </p>
            <div className="field">
              <label htmlFor="su-user_name">{t('signup.signUp.userName')}</label>
              <input
                id="su-user_name"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                aria-invalid={err('user_name') ? true : undefined}
                aria-describedby={describe('user_name', true)}
                {...register('user_name')}
              />
              <p className="field__hint" id="su-user_name-hint">
                {t('signup.signUp.userNameHint')}
              </p>
              {errorOf('user_name')}
            </div>
            <div className="field">
              <label htmlFor="su-password">{t('signup.signUp.password')}</label>
              <div className="field__with-action">
                <input
                  id="su-password"
                  type={showPassword ? 'text' : 'password'}
                  autoComplete="new-password"
                  aria-invalid={err('password') ? true : undefined}
                  aria-describedby={describe('password', true)}
                  {...register('password')}
                />
                <button
                  type="button"
                  className="field__action"
                  aria-pressed={showPassword}
                  onClick={() => setShowPassword((v) => !v)}
                >
                  {showPassword ? t('signup.signUp.hidePasswords') : t('signup.signUp.showPasswords')}
                  <span className="visually-hidden"> {t('signup.signUp.passwordsSuffix')}</span>
                </button>
              </div>
              <p className="field__hint" id="su-password-hint">
                {t('signup.signUp.passwordHint')}
              </p>
              {errorOf('password')}
            </div>
            <div className="field">
              <label htmlFor="su-confirm_password">{t('signup.signUp.confirmPassword')}</label>
              <input
                id="su-confirm_password"
                type={showPassword ? 'text' : 'password'}
                autoComplete="new-password"
                aria-invalid={err('confirm_password') ? true : undefined}
                aria-describedby={describe('confirm_password')}
                {...register('confirm_password')}
              />
              {errorOf('confirm_password')}
            </div>
            <div className="field">
              <label htmlFor="su-mobile">{t('signup.signUp.mobileNumber')}</label>
              <div className="phone-field">
                <Controller
                  control={control}
                  name="country_code"
                  render={({ field }) => (
                    <CountryPicker
                      value={field.value}
                      onChange={(c) =>
                        setValue('country_code', c, { shouldDirty: true, shouldValidate: true })
                      }
                      invalid={!!err('country_code')}
                    />
                  )}
                />
                <input
                  id="su-mobile"
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel-national"
                  placeholder={
                    // i18n-exempt: India's country code, compared with the chosen country's
                    country?.code === 'IN'
                      ? t('signup.signUp.mobilePlaceholderIndia')
                      : t('signup.signUp.mobilePlaceholder')
                  }
                  aria-invalid={err('mobile') ? true : undefined}
                  aria-describedby={describe('mobile', true)}
                  {...register('mobile')}
                />
              </div>
              <p className="field__hint" id="su-mobile-hint">
                {t('signup.signUp.mobileHint')}
              </p>
              {errorOf('country_code')}
              {errorOf('mobile')}
            </div>
            <div id="signup-refusal" aria-live="assertive">
              {refusal ? (
                <p className="login__refusal" role="alert">
                  {translateAnswer(refusal)}
                </p>
              ) : null}
            </div>
            <button className="btn btn--primary login__submit" type="submit" disabled={mutation.isPending}>
              {mutation.isPending ? <Spinner inline label={t('signup.signUp.creating')} /> : null}
              <span>{mutation.isPending ? t('signup.signUp.creating') : t('signup.signUp.submit')}</span>
            </button>
          </form>
        )}
        <p className="login__legal">
          {step ? null : (
            <>
              <Trans id="signup.signUp.haveAccount" components={{ 0: <Link to="/login" /> }} />{' '}
            </>
          )}
          <Trans
            id="signup.legal"
            components={{
              0: <a href="#/page/rules/terms-and-conditions" target="_blank" rel="noopener" />,
              1: <a href="#/page/rules/responsible-gaming" target="_blank" rel="noopener" />,
            }}
          />
        </p>
      </div>
    </main>
  );
}
