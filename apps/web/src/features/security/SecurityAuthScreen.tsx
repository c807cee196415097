import { formatDateTime } from '@backlay/ui/time';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast.ts';
import { CopyButton, PasswordField, Spinner } from '../../components/index.ts';
import { downloadText } from '../../lib/clipboard.ts';
import { useDisableTwoFactor } from './api/two-factor-disable.ts';
import { useEnableTwoFactor } from './api/two-factor-enable.ts';
import { useSetupTwoFactor, type TwoFactorSetup } from './api/two-factor-setup.ts';
import { useTwoFactorStatus } from './api/two-factor-status.ts';
import './security.css';

const NETWORK_ERROR = 'We could not reach the server. Check your connection and try again.';
const failure = (e: unknown) => (e instanceof Error && e.message ? e.message : NETWORK_ERROR);

/** The base32 secret in groups of four, as authenticator apps show it. */
export const groupSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** The SVG the server drew, as an image: shown, never run as markup. */
const svgDataUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

function CodeInput({
  id,
  label,
  value,
  onChange,
  error,
  recovery = false,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  error: string | null;
  recovery?: boolean;
}) {
  return (
    <div className="field security__code">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        inputMode={recovery ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={recovery ? 9 : 6}
        placeholder={recovery ? '6 digits or xxxx-xxxx' : '6 digits'}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Step 1 scan, step 2 confirm a code: Security Auth goes on and the recovery codes come back. */
function EnableFlow({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: TwoFactorSetup;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const enable = useEnableTwoFactor();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setRefusal(null);
    const typed = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(typed)) {
      setError('Enter the 6-digit code from your authenticator app');
      return;
    }
    setError(null);
    try {
      const r = await enable.mutateAsync({ code: typed });
      if (!r.status) setRefusal(r.message);
      else onEnabled(r.data.recovery_codes);
    } catch (err) {
      setRefusal(failure(err));
    }
  };

  return (
    <div className="security__setup">
      <ol className="security__steps">
        <li>
          <h2 className="security__step-title">Scan the QR code</h2>
          <p>
            Open an authenticator app (Google Authenticator, Microsoft Authenticator, Authy or any app for
            time-based codes), add an account and scan this code.
          </p>
          <div className="security__qr-row">
            <img
              className="security__qr"
              src={svgDataUrl(setup.qr_svg)}
              width={184}
              height={184}
              alt="QR code to add this account to your authenticator app"
            />
            <div className="security__manual">
              <a className="btn btn--primary security__open-app" href={setup.otpauth_url}>
                Open in authenticator app
              </a>
              <p className="security__manual-label" id={`${id}-secret-label`}>
                Cannot scan? Type this key into the app:
              </p>
              <code className="security__secret" aria-labelledby={`${id}-secret-label`}>
                {groupSecret(setup.secret)}
              </code>
              <CopyButton text={setup.secret} label="setup key" />
              <p className="field__hint">Time-based, 6 digits, every 30 seconds.</p>
            </div>
          </div>
        </li>
        <li>
          <h2 className="security__step-title">Enter the code the app shows</h2>
          <form className="security__form" onSubmit={submit} noValidate>
            <CodeInput
              id={`${id}-code`}
              label="Authenticator code"
              value={code}
              onChange={setCode}
              error={error}
            />
            <button type="submit" className="btn btn--primary" disabled={enable.isPending}>
              {enable.isPending ? 'Checking…' : 'Turn on Security Auth'}
            </button>
            <button type="button" className="btn btn--secondary" onClick={onCancel}>
              Cancel
            </button>
          </form>
          {refusal ? (
            <p className="form-error" role="alert">
              {refusal}
            </p>
          ) : null}
        </li>
      </ol>
    </div>
  );
}

/** The recovery codes, shown once: copy, download, then done. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const text = `Backlay Security Auth recovery codes\nEach code works once, instead of a code from your app.\n\n${codes.join('\n')}\n`;
  return (
    <div className="security__recovery">
      <p className="security__status security__status--on" role="status">
        Security Auth is on.
      </p>
      <h2 className="security__step-title" tabIndex={-1} ref={headingRef}>
        Save your recovery codes
      </h2>
      <p>
        If you lose your phone, each of these codes signs you in once instead of a code from the app.{' '}
        <strong>They are shown only now.</strong> Keep them somewhere safe, away from this device.
      </p>
      <ul className="security__codes" aria-label="Recovery codes">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ul>
      <div className="security__actions">
        <CopyButton text={codes.join('\n')} label="recovery codes" className="btn btn--secondary">
          Copy codes
        </CopyButton>
        <button
          type="button"
          className="btn btn--secondary"
          onClick={() => {
            if (!downloadText('backlay-recovery-codes.txt', text))
              toast.error('This browser cannot download files: copy the codes instead.');
          }}
        >
          Download codes
        </button>
        <button type="button" className="btn btn--primary" onClick={onDone}>
          I have saved my codes
        </button>
      </div>
    </div>
  );
}

/** Off with the account's password and a code: a session alone (a borrowed phone) is not enough. */
function DisableForm() {
  const id = useId();
  const disable = useDisableTwoFactor();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ password?: string; code?: string }>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setRefusal(null);
    const typed = code.replace(/\s/g, '');
    const found = {
      ...(password ? {} : { password: 'Enter your password' }),
      ...(/^(\d{6}|[A-Za-z0-9]{4}-?[A-Za-z0-9]{4})$/.test(typed)
        ? {}
        : { code: 'Enter the 6-digit code from your authenticator app, or a recovery code' }),
    };
    setErrors(found);
    if (found.password || found.code) return;
    try {
      const r = await disable.mutateAsync({ password, code: typed });
      if (!r.status) setRefusal(r.message);
      else {
        setPassword('');
        setCode('');
        toast.success(r.message ?? 'Security Auth is off');
      }
    } catch (err) {
      setRefusal(failure(err));
    }
  };
  return (
    <form className="security__form" onSubmit={submit} noValidate>
      <PasswordField
        id={id}
        className="security__password"
        value={password}
        onChange={setPassword}
        error={errors.password}
      />
      <CodeInput
        id={`${id}-off`}
        label="Code to turn it off"
        value={code}
        onChange={setCode}
        error={errors.code ?? null}
        recovery
      />
      <button type="submit" className="btn btn--danger" disabled={disable.isPending}>
        {disable.isPending ? 'Turning off…' : 'Turn off Security Auth'}
      </button>
      {refusal ? (
        <p className="form-error security__refusal" role="alert">
          {refusal}
        </p>
      ) : null}
    </form>
  );
}

/** security-auth: turn Security Auth (TOTP) on with a QR code and a code, keep the recovery codes, turn it off. */
export function SecurityAuthScreen() {
  const status = useTwoFactorStatus();
  const setup = useSetupTwoFactor();
  const [pending, setPending] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const start = async () => {
    setRefusal(null);
    try {
      const r = await setup.mutateAsync();
      if (!r.status) setRefusal(r.message);
      else setPending(r.data);
    } catch (err) {
      setRefusal(failure(err));
    }
  };

  let body;
  if (codes) {
    body = <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />;
  } else if (status.isPending) {
    body = <Spinner label="Loading Security Auth…" />;
  } else if (status.isError) {
    body = (
      <div role="alert" className="security__error">
        <p>Could not load Security Auth: {status.error.message}</p>
        <button type="button" className="btn btn--primary" onClick={() => void status.refetch()}>
          Retry
        </button>
      </div>
    );
  } else if (status.data.enabled) {
    const left = status.data.recovery_codes_left;
    body = (
      <>
        <p className="security__status security__status--on">
          <strong>Security Auth is on</strong>
          {status.data.enabled_at ? ` since ${formatDateTime(status.data.enabled_at)}` : ''}. Each login asks
          for a code from your authenticator app.
        </p>
        <p className={left <= 2 ? 'notice' : undefined}>
          {left} recovery {left === 1 ? 'code' : 'codes'} left.
          {left <= 2 ? ' Turn Security Auth off and on again for ten new codes.' : ''}
        </p>
        <h2 className="security__step-title">Turn off Security Auth</h2>
        <p>Enter your password and a code from your authenticator app, or one of your recovery codes.</p>
        <DisableForm />
      </>
    );
  } else if (pending) {
    body = (
      <EnableFlow
        setup={pending}
        onEnabled={(c) => {
          setPending(null);
          setCodes(c);
        }}
        onCancel={() => setPending(null)}
      />
    );
  } else {
    body = (
      <>
        <p className="security__status security__status--off">
          <strong>Security Auth is off.</strong> Anyone who learns your password can log in.
        </p>
        <p>
          With Security Auth on, each login also asks for a 6-digit code from an authenticator app on your
          phone, so a stolen password alone is not enough.
        </p>
        <button
          type="button"
          className="btn btn--primary"
          onClick={() => void start()}
          disabled={setup.isPending}
        >
          {setup.isPending ? 'Preparing…' : 'Turn on Security Auth'}
        </button>
        {refusal ? (
          <p className="form-error security__refusal" role="alert">
            {refusal}
          </p>
        ) : null}
      </>
    );
  }

  return (
    <section className="panel security" aria-labelledby="security-title">
      <h1 id="security-title" className="panel__title">
        Security Auth Verification
      </h1>
      {body}
    </section>
  );
}
