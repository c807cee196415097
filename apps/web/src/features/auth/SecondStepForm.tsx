import { securityCode } from '@backlay/contract/bettor';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Spinner } from '../../components/index.ts';
import { useNavigateTo } from '../../lib/navigation.ts';
import { useLoginTwoFactor } from './api/login-two-factor.ts';
import { useResendOtp } from './api/resend-otp.ts';
import { useVerifyOtp } from './api/verify-otp.ts';
import { cancelSecondStep, homeOf, type SecondStep } from './session.ts';

const NETWORK_ERROR = 'We could not reach the server. Check your connection and try again.';
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

/** Messages after which this challenge cannot succeed: the only way on is a new login. */
const isFinal = (message: string) => /log in again|log in to continue/i.test(message);

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

function Refusal({ message }: { message: string | null }) {
  return (
    <div aria-live="assertive">
      {message ? (
        <p className="login__refusal" role="alert">
          {message}
          {isFinal(message) ? ' Use "Back to login" below.' : null}
        </p>
      ) : null}
    </div>
  );
}

function BackToLogin() {
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
        Back to login
      </button>
    </p>
  );
}

function OtpStep({ step }: { step: SecondStep }) {
  const id = useId();
  const { challenge, receivedAt } = step;
  const verify = useVerifyOtp();
  const resend = useResendOtp();
  const finish = useFinish();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const expiresIn = useSecondsLeft(deadlineOf(challenge.expires_at, receivedAt, MAX_CODE_LIFE_MS));
  const resendIn = useSecondsLeft(deadlineOf(challenge.resend_at, receivedAt, MAX_RESEND_WAIT_MS));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setRefusal(null);
    setInfo(null);
    const otp = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(otp)) {
      setFieldError('Enter the 6-digit code');
      return;
    }
    setFieldError(null);
    try {
      const r = await verify.mutateAsync({ challenge_token: challenge.challenge_token, otp });
      if (!r.status) {
        setRefusal(r.message);
        return;
      }
      if (!r.data.token) {
        setRefusal('Your number is verified. Please log in again to continue.');
        return;
      }
      finish(r.data);
    } catch {
      setRefusal(NETWORK_ERROR);
    }
  };

  const again = async () => {
    setRefusal(null);
    setInfo(null);
    try {
      const r = await resend.mutateAsync({ challenge_token: challenge.challenge_token });
      if (!r.status) setRefusal(r.message);
      else {
        setCode('');
        setInfo(
          `We sent a new code to ${r.data.mobile ?? 'your mobile'}. The previous code no longer works.`,
        );
      }
    } catch {
      setRefusal(NETWORK_ERROR);
    }
  };

  return (
    <div className="second-step">
      <h2 className="second-step__title">Verify your mobile number</h2>
      <p>
        We sent a 6-digit code to <strong className="nowrap">{challenge.mobile ?? 'your mobile'}</strong>
        {step.origin === 'login' ? ' to finish your sign-up' : ''}.
      </p>
      {challenge.sender === 'log' ? (
        <p className="field__hint">
          This site sends no real SMS yet: your code is in the operator&apos;s message list. Ask your agent
          for it.
        </p>
      ) : null}
      <form className="login__form" onSubmit={submit} noValidate>
        <CodeField
          id={`${id}-otp`}
          label="Verification code"
          value={code}
          onChange={setCode}
          error={fieldError}
          numeric
          placeholder="······"
          autoComplete="one-time-code"
          hint={
            expiresIn > 0
              ? `The code expires in ${mmss(expiresIn)}.`
              : 'This code has expired: ask for a new one.'
          }
        />
        <Refusal message={refusal} />
        {info ? (
          <p className="login__note" role="status">
            {info}
          </p>
        ) : null}
        <button className="btn btn--primary login__submit" type="submit" disabled={verify.isPending}>
          {verify.isPending ? <Spinner inline label="Checking…" /> : null}
          <span>{verify.isPending ? 'Checking…' : 'Verify'}</span>
        </button>
        <button
          type="button"
          className="btn second-step__resend"
          disabled={resendIn > 0 || resend.isPending}
          onClick={() => void again()}
        >
          {resend.isPending ? 'Sending…' : resendIn > 0 ? `Resend code in ${resendIn} s` : 'Resend code'}
        </button>
      </form>
      <BackToLogin />
    </div>
  );
}

function TotpStep({ step }: { step: SecondStep }) {
  const id = useId();
  const { challenge } = step;
  const mutation = useLoginTwoFactor();
  const finish = useFinish();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setRefusal(null);
    const typed = code.replace(/\s/g, '');
    const ok = recovery ? /^[A-Za-z0-9]{4}-?[A-Za-z0-9]{4}$/.test(typed) : /^\d{6}$/.test(typed);
    if (!ok || !securityCode.safeParse(typed).success) {
      setFieldError(
        recovery ? 'Enter a recovery code: 8 letters or digits, like ab12-cd34' : 'Enter the 6-digit code',
      );
      return;
    }
    setFieldError(null);
    try {
      const r = await mutation.mutateAsync({ challenge_token: challenge.challenge_token, code: typed });
      if (!r.status) {
        setRefusal(r.message);
        return;
      }
      if (!r.data.token) {
        setRefusal('Please log in again to continue.');
        return;
      }
      finish(r.data);
    } catch {
      setRefusal(NETWORK_ERROR);
    }
  };

  return (
    <div className="second-step">
      <h2 className="second-step__title">Security Auth Verification</h2>
      <p>
        {recovery
          ? 'Enter one of the recovery codes you saved when you turned Security Auth on. Each code works once.'
          : `Open your authenticator app and enter the 6-digit code it shows for ${challenge.user_name}.`}
      </p>
      <form className="login__form" onSubmit={submit} noValidate>
        <CodeField
          key={recovery ? 'recovery' : 'totp'}
          id={`${id}-${recovery ? 'recovery' : 'totp'}`}
          label={recovery ? 'Recovery code' : 'Authenticator code'}
          value={code}
          onChange={setCode}
          error={fieldError}
          numeric={!recovery}
          placeholder={recovery ? 'xxxx-xxxx' : '······'}
          autoComplete="one-time-code"
        />
        <Refusal message={refusal} />
        <button className="btn btn--primary login__submit" type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? <Spinner inline label="Checking…" /> : null}
          <span>{mutation.isPending ? 'Checking…' : 'Verify'}</span>
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
          {recovery ? 'Use the code from my authenticator app' : 'Lost your phone? Use a recovery code'}
        </button>
      </p>
      <BackToLogin />
    </div>
  );
}
