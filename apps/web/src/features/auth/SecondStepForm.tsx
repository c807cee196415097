import { securityCode } from '@backlay/contract/bettor';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Spinner } from '../../components/index.ts';
import { msgId } from '../../lib/i18n/catalog.ts';
import { translateAnswer } from '../../lib/i18n/index.ts';
import { useNavigateTo } from '../../lib/navigation.ts';
import { useLoginTwoFactor } from './api/login-two-factor.ts';
import { useResendOtp } from './api/resend-otp.ts';
import { useVerifyOtp } from './api/verify-otp.ts';
import { useT } from './signup/i18n.ts';
import { Trans } from '../../lib/i18n/trans.ts';
import { cancelSecondStep, homeOf, type SecondStep } from './session.ts';

/**
 * A refusal to show: the server's words (shown through translateAnswer), or one of ours by its id.
 * `final`: this challenge cannot succeed any more, the only way on is a new login.
 */
type Refused = { answer: string; final: boolean } | { id: string; final: boolean };
const NETWORK_ERROR: Refused = { id: msgId('signup.unreachable'), final: false };
/** Countdowns trust the server's times only within these bounds (a client clock may be off). */
const MAX_RESEND_WAIT_MS = 120_000;
const MAX_CODE_LIFE_MS = 15 * 60_000;

/** Whole seconds until `deadline` (client ms), ticking once a second; 0 once it has passed. */
function useSecondsLeft(deadline: number): number {
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, Math.ceil((deadline - now) / 1000));
  useEffect(() => {
    if (left <= 0) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [left, deadline]);
  return left;
}

/** A server time as a client deadline: never before now, never further than `max` away. */
function deadlineOf(iso: string | undefined, receivedAt: number, max: number): number {
  const at = iso ? Date.parse(iso) : NaN;
  if (Number.isNaN(at)) return receivedAt;
  return receivedAt + Math.min(max, Math.max(0, at - receivedAt));
}

const mmss = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;

/** The server's messages after which this challenge cannot succeed: the only way on is a new login. */
const isFinal = (message: string) => /log in again|log in to continue/i.test(message);
const answered = (message: string): Refused => ({ answer: message, final: isFinal(message) });

/**
 * The second step of a sign-up or a login: the OTP sent to the mobile, or Security Auth's code.
 * Signed in, it goes home (or to the forced password change).
 */
export function SecondStepForm({ step }: { step: SecondStep }) {
  return step.challenge.second_step === 'otp' ? <OtpStep step={step} /> : <TotpStep step={step} />;
}

function useFinish() {
  const navigate = useNavigateTo();
  return (user: { token: string; is_change_password: '0' | '1' }) => {
    navigate(homeOf(user), { replace: true });
  };
}

function CodeField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  numeric,
  placeholder,
  autoComplete,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  error: string | null;
  hint?: string;
  numeric: boolean;
  placeholder: string;
  autoComplete: string;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        ref={ref}
        id={id}
        className="code-input"
        inputMode={numeric ? 'numeric' : 'text'}
        autoComplete={autoComplete}
        autoCapitalize="none"
        spellCheck={false}
        maxLength={numeric ? 6 : 9}
        placeholder={placeholder}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

function Refusal({ refused }: { refused: Refused | null }) {
  const t = useT();
  const said = refused && ('answer' in refused ? translateAnswer(refused.answer) : t(refused.id));
  return (
    <div aria-live="assertive">
      {refused ? (
        <p className="login__refusal" role="alert">
          {said}
          {refused.final ? ` ${t('signup.secondStep.useBackToLogin')}` : null}
        </p>
      ) : null}
    </div>
  );
}

function BackToLogin() {
  const t = useT();
  const navigate = useNavigateTo();
  return (
    <p className="second-step__back">
      <button
        type="button"
        className="link-button"
        onClick={() => {
          cancelSecondStep();
          navigate('/login', { replace: true });
        }}
      >
        {t('signup.secondStep.backToLogin')}
      </button>
    </p>
  );
}

function OtpStep({ step }: { step: SecondStep }) {
  const t = useT();
  const id = useId();
  const { challenge, receivedAt } = step;
  const verify = useVerifyOtp();
  const resend = useResendOtp();
  const finish = useFinish();
  const [code, setCode] = useState('');
  /** The id of the message about the code as typed. */
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<Refused | null>(null);
  /** After a resend: the number the new code went to (null: the server did not say). */
  const [resentTo, setResentTo] = useState<{ mobile: string | null } | null>(null);
  const expiresIn = useSecondsLeft(deadlineOf(challenge.expires_at, receivedAt, MAX_CODE_LIFE_MS));
  const resendIn = useSecondsLeft(deadlineOf(challenge.resend_at, receivedAt, MAX_RESEND_WAIT_MS));
  const fromLogin = step.origin === 'login';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setRefusal(null);
    setResentTo(null);
    const otp = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(otp)) {
      setFieldError(msgId('signup.secondStep.enterCode'));
      return;
    }
    setFieldError(null);
    try {
      const r = await verify.mutateAsync({ challenge_token: challenge.challenge_token, otp });
      if (!r.status) {
        setRefusal(answered(r.message));
        return;
      }
      if (!r.data.token) {
        setRefusal({ id: msgId('signup.secondStep.verifiedLogInAgain'), final: true });
        return;
      }
      finish(r.data);
    } catch {
      setRefusal(NETWORK_ERROR);
    }
  };

  const again = async () => {
    setRefusal(null);
    setResentTo(null);
    try {
      const r = await resend.mutateAsync({ challenge_token: challenge.challenge_token });
      if (!r.status) setRefusal(answered(r.message));
      else {
        setCode('');
        setResentTo({ mobile: r.data.mobile ?? null });
      }
    } catch {
      setRefusal(NETWORK_ERROR);
    }
  };

  return (
    <div className="second-step">
      <h2 className="second-step__title">{t('signup.secondStep.verifyMobileTitle')}</h2>
      <p>
        {fromLogin ? (
          <Trans
            id="signup.secondStep.codeSentFinishSignUp"
            values={{ mobile: challenge.mobile ?? t('signup.secondStep.yourMobile') }}
            components={{ 0: <strong className="nowrap" /> }}
          />
        ) : (
          <Trans
            id="signup.secondStep.codeSent"
            values={{ mobile: challenge.mobile ?? t('signup.secondStep.yourMobile') }}
            components={{ 0: <strong className="nowrap" /> }}
          />
        )}
      </p>
      {/* i18n-exempt: the server's name of the code's sender, not words for the bettor */}
      {challenge.sender === 'log' ? <p className="field__hint">{t('signup.secondStep.noRealSms')}</p> : null}
      <form className="login__form" onSubmit={submit} noValidate>
        <CodeField
          id={`${id}-otp`}
          label={t('signup.secondStep.verificationCode')}
          value={code}
          onChange={setCode}
          error={fieldError ? t(fieldError) : null}
          numeric
          placeholder="······"
          autoComplete="one-time-code"
          hint={
            expiresIn > 0
              ? t('signup.secondStep.codeExpiresIn', { time: mmss(expiresIn) })
              : t('signup.secondStep.codeExpired')
          }
        />
        <Refusal refused={refusal} />
        {resentTo ? (
          <p className="login__note" role="status">
            {t('signup.secondStep.newCodeSent', {
              mobile: resentTo.mobile ?? t('signup.secondStep.yourMobile'),
            })}
          </p>
        ) : null}
        <button className="btn btn--primary login__submit" type="submit" disabled={verify.isPending}>
          {verify.isPending ? <Spinner inline label={t('signup.secondStep.checking')} /> : null}
          <span>{verify.isPending ? t('signup.secondStep.checking') : t('signup.secondStep.verify')}</span>
        </button>
        <button
          type="button"
          className="btn second-step__resend"
          disabled={resendIn > 0 || resend.isPending}
          onClick={() => void again()}
        >
          {resend.isPending
            ? t('signup.secondStep.sending')
            : resendIn > 0
              ? t('signup.secondStep.resendIn', { seconds: resendIn })
              : t('signup.secondStep.resend')}
        </button>
      </form>
      <BackToLogin />
    </div>
  );
}

function TotpStep({ step }: { step: SecondStep }) {
  const t = useT();
  const id = useId();
  const { challenge } = step;
  const mutation = useLoginTwoFactor();
  const finish = useFinish();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  /** The id of the message about the code as typed. */
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<Refused | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setRefusal(null);
    const typed = code.replace(/\s/g, '');
    const ok = recovery ? /^[A-Za-z0-9]{4}-?[A-Za-z0-9]{4}$/.test(typed) : /^\d{6}$/.test(typed);
    if (!ok || !securityCode.safeParse(typed).success) {
      setFieldError(
        recovery ? msgId('signup.secondStep.enterRecoveryCode') : msgId('signup.secondStep.enterCode'),
      );
      return;
    }
    setFieldError(null);
    try {
      const r = await mutation.mutateAsync({ challenge_token: challenge.challenge_token, code: typed });
      if (!r.status) {
        setRefusal(answered(r.message));
        return;
      }
      if (!r.data.token) {
        setRefusal({ id: msgId('signup.secondStep.logInAgain'), final: true });
        return;
      }
      finish(r.data);
    } catch {
      setRefusal(NETWORK_ERROR);
    }
  };

  return (
    <div className="second-step">
      <h2 className="second-step__title">{t('signup.secondStep.securityAuthTitle')}</h2>
      <p>
        {recovery
          ? t('signup.secondStep.recoveryIntro')
          : t('signup.secondStep.authenticatorIntro', { userName: challenge.user_name })}
      </p>
      <form className="login__form" onSubmit={submit} noValidate>
        <CodeField
          key={recovery ? 'recovery' : 'totp'}
          id={`${id}-${recovery ? 'recovery' : 'totp'}`}
          label={recovery ? t('signup.secondStep.recoveryCode') : t('signup.secondStep.authenticatorCode')}
          value={code}
          onChange={setCode}
          error={fieldError ? t(fieldError) : null}
          numeric={!recovery}
          // i18n-exempt: the shape of a recovery code (or six dots), the same in every language
          placeholder={recovery ? 'xxxx-xxxx' : '······'}
          autoComplete="one-time-code"
        />
        <Refusal refused={refusal} />
        <button className="btn btn--primary login__submit" type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? <Spinner inline label={t('signup.secondStep.checking')} /> : null}
          <span>{mutation.isPending ? t('signup.secondStep.checking') : t('signup.secondStep.verify')}</span>
        </button>
      </form>
      <p className="second-step__back">
        <button
          type="button"
          className="link-button"
          onClick={() => {
            setRecovery((v) => !v);
            setCode('');
            setFieldError(null);
            setRefusal(null);
          }}
        >
          {recovery ? t('signup.secondStep.useAuthenticator') : t('signup.secondStep.useRecoveryCode')}
        </button>
      </p>
      <BackToLogin />
    </div>
  );
}
