import { formatDateTime } from '@backlay/ui/time';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast.ts';
import { CopyButton, PasswordField, Spinner } from '../../components/index.ts';
import { downloadText } from '../../lib/clipboard.ts';
import { msgId } from '../../lib/i18n/catalog.ts';
import { translateAnswer } from '../../lib/i18n/index.ts';
import { useDisableTwoFactor } from './api/two-factor-disable.ts';
import { useEnableTwoFactor } from './api/two-factor-enable.ts';
import { useSetupTwoFactor, type TwoFactorSetup } from './api/two-factor-setup.ts';
import { useTwoFactorStatus } from './api/two-factor-status.ts';
import { t, useT } from './i18n.ts';
import { Trans } from '../../lib/i18n/trans.ts';
import './security.css';

/** What went wrong with a call: the server's words (shown through translateAnswer), else ours. */
const failure = (e: unknown) => (e instanceof Error && e.message ? e.message : t('security.unreachable'));

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
  const t = useT();
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
        placeholder={recovery ? t('security.code.placeholderRecovery') : t('security.code.placeholder')}
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
  const t = useT();
  const id = useId();
  const enable = useEnableTwoFactor();
  const [code, setCode] = useState('');
  /** The id of the message about the code as typed. */
  const [error, setError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setRefusal(null);
    const typed = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(typed)) {
      setError(msgId('security.enable.enterCode'));
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
          <h2 className="security__step-title">{t('security.enable.scanTitle')}</h2>
          <p>{t('security.enable.scanText')}</p>
          <div className="security__qr-row">
            <img
              className="security__qr"
              src={svgDataUrl(setup.qr_svg)}
              width={184}
              height={184}
              alt={t('security.enable.qrAlt')}
            />
            <div className="security__manual">
              <a className="btn btn--primary security__open-app" href={setup.otpauth_url}>
                {t('security.enable.openInApp')}
              </a>
              <p className="security__manual-label" id={`${id}-secret-label`}>
                {t('security.enable.cannotScan')}
              </p>
              <code className="security__secret" aria-labelledby={`${id}-secret-label`}>
                {groupSecret(setup.secret)}
              </code>
              <CopyButton text={setup.secret} label={t('security.enable.setupKey')}>
                {t('security.enable.copy')}
              </CopyButton>
              <p className="field__hint">{t('security.enable.keyHint')}</p>
            </div>
          </div>
        </li>
        <li>
          <h2 className="security__step-title">{t('security.enable.enterTitle')}</h2>
          <form className="security__form" onSubmit={submit} noValidate>
            <CodeInput
              id={`${id}-code`}
              label={t('security.enable.codeLabel')}
              value={code}
              onChange={setCode}
              error={error ? t(error) : null}
            />
            <button type="submit" className="btn btn--primary" disabled={enable.isPending}>
              {enable.isPending ? t('security.enable.checking') : t('security.enable.turnOn')}
            </button>
            <button type="button" className="btn btn--secondary" onClick={onCancel}>
              {t('security.enable.cancel')}
            </button>
          </form>
          {refusal ? (
            <p className="form-error" role="alert">
              {translateAnswer(refusal)}
            </p>
          ) : null}
        </li>
      </ol>
    </div>
  );
}

/** The recovery codes, shown once: copy, download, then done. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useT();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const text = `${t('security.recovery.fileTitle')}\n${t('security.recovery.fileNote')}\n\n${codes.join('\n')}\n`;
  return (
    <div className="security__recovery">
      <p className="security__status security__status--on" role="status">
        {t('security.recovery.isOn')}
      </p>
      <h2 className="security__step-title" tabIndex={-1} ref={headingRef}>
        {t('security.recovery.title')}
      </h2>
      <p>
        <Trans id="security.recovery.intro" components={{ 0: <strong /> }} />
      </p>
      <ul className="security__codes" aria-label={t('security.recovery.listLabel')}>
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ul>
      <div className="security__actions">
        <CopyButton
          text={codes.join('\n')}
          label={t('security.recovery.copyLabel')}
          className="btn btn--secondary"
        >
          {t('security.recovery.copy')}
        </CopyButton>
        <button
          type="button"
          className="btn btn--secondary"
          onClick={() => {
            if (!downloadText('backlay-recovery-codes.txt', text))
              toast.error(t('security.recovery.cannotDownload'));
          }}
        >
          {t('security.recovery.download')}
        </button>
        <button type="button" className="btn btn--primary" onClick={onDone}>
          {t('security.recovery.done')}
        </button>
      </div>
    </div>
  );
}

/** Off with the account's password and a code: a session alone (a borrowed phone) is not enough. */
function DisableForm() {
  const t = useT();
  const id = useId();
  const disable = useDisableTwoFactor();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  /** The ids of the messages about the fields as typed. */
  const [errors, setErrors] = useState<{ password?: string; code?: string }>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setRefusal(null);
    const typed = code.replace(/\s/g, '');
    const found = {
      ...(password ? {} : { password: msgId('security.disable.enterPassword') }),
      ...(/^(\d{6}|[A-Za-z0-9]{4}-?[A-Za-z0-9]{4})$/.test(typed)
        ? {}
        : { code: msgId('security.disable.enterCode') }),
    };
    setErrors(found);
    if (found.password || found.code) return;
    try {
      const r = await disable.mutateAsync({ password, code: typed });
      if (!r.status) setRefusal(r.message);
      else {
        setPassword('');
        setCode('');
        toast.success(r.message ? translateAnswer(r.message) : t('security.disable.done'));
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
        error={errors.password ? t(errors.password) : undefined}
      />
      <CodeInput
        id={`${id}-off`}
        label={t('security.disable.codeLabel')}
        value={code}
        onChange={setCode}
        error={errors.code ? t(errors.code) : null}
        recovery
      />
      <button type="submit" className="btn btn--danger" disabled={disable.isPending}>
        {disable.isPending ? t('security.disable.turningOff') : t('security.disable.turnOff')}
      </button>
      {refusal ? (
        <p className="form-error security__refusal" role="alert">
          {translateAnswer(refusal)}
        </p>
      ) : null}
    </form>
  );
}

/** security-auth: turn Security Auth (TOTP) on with a QR code and a code, keep the recovery codes, turn it off. */
export function SecurityAuthScreen() {
  const t = useT();
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
    body = <Spinner label={t('security.screen.loading')} />;
  } else if (status.isError) {
    body = (
      <div role="alert" className="security__error">
        <p>{t('security.screen.loadFailed', { error: translateAnswer(status.error.message) })}</p>
        <button type="button" className="btn btn--primary" onClick={() => void status.refetch()}>
          {t('security.screen.retry')}
        </button>
      </div>
    );
  } else if (status.data.enabled) {
    const left = status.data.recovery_codes_left;
    body = (
      <>
        <p className="security__status security__status--on">
          {status.data.enabled_at ? (
            <Trans
              id="security.screen.onSince"
              values={{ date: formatDateTime(status.data.enabled_at) }}
              components={{ 0: <strong /> }}
            />
          ) : (
            <Trans id="security.screen.on" components={{ 0: <strong /> }} />
          )}
        </p>
        <p className={left <= 2 ? 'notice' : undefined}>
          {t('security.screen.codesLeft', { count: left })}
          {left <= 2 ? ` ${t('security.screen.fewCodesLeft')}` : ''}
        </p>
        <h2 className="security__step-title">{t('security.screen.turnOffTitle')}</h2>
        <p>{t('security.screen.turnOffText')}</p>
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
          <Trans id="security.screen.off" components={{ 0: <strong /> }} />
        </p>
        <p>{t('security.screen.offText')}</p>
        <button
          type="button"
          className="btn btn--primary"
          onClick={() => void start()}
          disabled={setup.isPending}
        >
          {setup.isPending ? t('security.screen.preparing') : t('security.screen.turnOn')}
        </button>
        {refusal ? (
          <p className="form-error security__refusal" role="alert">
            {translateAnswer(refusal)}
          </p>
        ) : null}
      </>
    );
  }

  return (
    <section className="panel security" aria-labelledby="security-title">
      <h1 id="security-title" className="panel__title">
        {t('security.screen.title')}
      </h1>
      {body}
    </section>
  );
}
