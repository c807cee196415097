import {
  REALITY_CHECK_MINUTES,
  SELF_EXCLUSION_PERIODS,
  TIME_OUT_PERIODS,
  type ResponsibleGaming,
} from '@backlay/contract/bettor';
import { formatDateTime } from '@backlay/ui/time';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../lib/toast.ts';
import { Modal, PasswordField, Spinner } from '../../components/index.ts';
import { usePaymentAccess } from '../../lib/permissions.ts';
import { localLogout, SESSION_KEYS, sessionStore } from '../../lib/storage.ts';
import { useClientStore } from '../../lib/store.ts';
import { useResponsibleGaming } from './api/responsible-gaming.ts';
import { useSelfExclude } from './api/self-exclude.ts';
import { useSetRealityCheck } from './api/set-reality-check.ts';
import { useSetResponsibleLimit } from './api/set-limit.ts';
import { resultClass, rupees, signedRupees } from './format.ts';
import './responsible.css';

type Limit = ResponsibleGaming['limits'][number];
type Kind = Limit['kind'];

const PERIOD_LABEL: Record<Limit['period'], string> = { DAY: 'Daily', WEEK: 'Weekly', MONTH: 'Monthly' };
const PERIOD_WINDOW: Record<Limit['period'], string> = {
  DAY: 'last 24 hours',
  WEEK: 'last 7 days',
  MONTH: 'last 30 days',
};
const NETWORK_ERROR = 'We could not reach the server. Check your connection and try again.';

export const EXCLUSION_LABEL: Record<string, string> = {
  '24h': '24 hours',
  '7d': '7 days',
  '30d': '30 days',
  '6m': '6 months',
  '1y': '1 year',
  '5y': '5 years',
};
const EXCLUSION_MS: Record<string, number> = {
  '24h': 86_400_000,
  '7d': 7 * 86_400_000,
  '30d': 30 * 86_400_000,
  '6m': 182 * 86_400_000,
  '1y': 365 * 86_400_000,
  '5y': 5 * 365 * 86_400_000,
};

/** 0 → off; 60 → every hour; 120 → every 2 hours; else minutes. */
export function everyLabel(minutes: number): string {
  if (minutes === 0) return 'Never (off)';
  if (minutes % 60 === 0) return minutes === 60 ? 'Every hour' : `Every ${minutes / 60} hours`;
  return `Every ${minutes} minutes`;
}

/** What a pending change of a limit will do, and when. */
function pendingText(limit: Limit): string | null {
  if (!limit.pending) return null;
  const when = formatDateTime(limit.pending.from);
  return limit.pending.amount === null
    ? `No limit from ${when}`
    : `Rises to ${rupees(limit.pending.amount)} from ${when}`;
}

function LimitRow({ limit }: { limit: Limit }) {
  const id = useId();
  const mutation = useSetResponsibleLimit();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const label = `${PERIOD_LABEL[limit.period]} ${limit.kind === 'DEPOSIT' ? 'deposit' : 'loss'} limit`;

  const save = async (amount: number | null) => {
    setError(null);
    try {
      const r = await mutation.mutateAsync({ kind: limit.kind, period: limit.period, amount });
      if (!r.status) setError(r.message);
      else {
        setValue('');
        toast.success(r.message ?? 'Saved');
      }
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : NETWORK_ERROR);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = value.replace(/[,\s₹]/g, '');
    if (!/^\d+$/.test(text) || Number(text) < 1) {
      setError('Enter a whole number of rupees, 1 or more');
      return;
    }
    void save(Number(text));
  };
  const pending = pendingText(limit);
  const left = limit.amount === null ? null : Math.max(0, limit.amount - limit.used);

  return (
    <li className="rg-limit">
      <div className="rg-limit__now">
        <span className="rg-limit__head">
          <span className="rg-limit__period">{PERIOD_LABEL[limit.period]}</span>
          <span className="rg-limit__amount" data-testid={`limit-${limit.kind}-${limit.period}`}>
            {limit.amount === null ? 'No limit' : rupees(limit.amount)}
          </span>
        </span>
        <span className="rg-limit__used">
          {limit.kind === 'DEPOSIT' ? 'Deposited' : 'Lost'} in the {PERIOD_WINDOW[limit.period]}:{' '}
          {rupees(limit.used)}
          {left !== null ? ` · ${rupees(left)} left` : ''}
        </span>
        {pending ? (
          <span className="rg-limit__pending" role="note">
            {pending}
          </span>
        ) : null}
      </div>
      <form className="rg-limit__form" onSubmit={submit} noValidate aria-label={label}>
        <label htmlFor={`${id}-amount`} className="visually-hidden">
          New {label.toLowerCase()} (₹)
        </label>
        <input
          id={`${id}-amount`}
          inputMode="numeric"
          autoComplete="off"
          placeholder="New limit ₹"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setValue(e.target.value)}
        />
        <button type="submit" className="btn btn--primary btn--compact" disabled={mutation.isPending}>
          Set<span className="visually-hidden"> {label.toLowerCase()}</span>
        </button>
        {limit.amount !== null && !(limit.pending && limit.pending.amount === null) ? (
          <button
            type="button"
            className="link-button"
            disabled={mutation.isPending}
            onClick={() => void save(null)}
          >
            Remove<span className="visually-hidden"> {label.toLowerCase()}</span>
          </button>
        ) : (
          <span aria-hidden="true" />
        )}
        {error ? (
          <p className="field__error rg-limit__error" id={`${id}-error`} role="alert">
            {error}
          </p>
        ) : null}
      </form>
    </li>
  );
}

function Limits({ kind, limits, intro }: { kind: Kind; limits: Limit[]; intro: string }) {
  const title = kind === 'DEPOSIT' ? 'Deposit limits' : 'Loss limits';
  return (
    <section className="rg-section" aria-labelledby={`rg-${kind}`}>
      <h2 id={`rg-${kind}`} className="rg-section__title">
        {title}
      </h2>
      <p className="rg-section__intro">{intro}</p>
      <ul className="rg-limits">
        {limits
          .filter((l) => l.kind === kind)
          .map((l) => (
            <LimitRow key={`${l.kind}-${l.period}`} limit={l} />
          ))}
      </ul>
    </section>
  );
}

function RealityCheckSetting({ data }: { data: ResponsibleGaming }) {
  const id = useId();
  const mutation = useSetRealityCheck();
  const [minutes, setMinutes] = useState(data.reality_check_minutes);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      const r = await mutation.mutateAsync({ minutes });
      if (!r.status) setError(r.message);
      else
        toast.success(minutes === 0 ? 'Reality check is off' : `We will remind you every ${minutes} minutes`);
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : NETWORK_ERROR);
    }
  };
  return (
    <section className="rg-section" aria-labelledby="rg-reality">
      <h2 id="rg-reality" className="rg-section__title">
        Reality check
      </h2>
      <p className="rg-section__intro">
        A reminder of how long you have been logged in and your result, every so often while you are logged
        in. This session started at {formatDateTime(data.session_started_at)}; your result from bets settled
        since then is{' '}
        <strong className={resultClass(data.session_net)}>{signedRupees(data.session_net)}</strong>.
      </p>
      <form className="rg-inline" onSubmit={submit} noValidate>
        <label htmlFor={`${id}-minutes`}>Remind me</label>
        <select id={`${id}-minutes`} value={minutes} onChange={(e) => setMinutes(Number(e.target.value))}>
          {REALITY_CHECK_MINUTES.map((m) => (
            <option key={m} value={m}>
              {everyLabel(m)}
            </option>
          ))}
        </select>
        <button type="submit" className="btn btn--primary btn--compact" disabled={mutation.isPending}>
          Save
        </button>
        {error ? (
          <p className="field__error" role="alert">
            {error}
          </p>
        ) : null}
      </form>
    </section>
  );
}

type ExclusionKind = 'TIME_OUT' | 'SELF_EXCLUSION';

function TakeABreak() {
  const id = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mutation = useSelfExclude();
  const [kind, setKind] = useState<ExclusionKind>('TIME_OUT');
  const [period, setPeriod] = useState<string>(TIME_OUT_PERIODS[0]);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ password?: string }>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  /** While the confirmation is open: about when the break would end. */
  const [confirming, setConfirming] = useState<string | null>(null);
  const periods: readonly string[] = kind === 'TIME_OUT' ? TIME_OUT_PERIODS : SELF_EXCLUSION_PERIODS;
  const what = kind === 'TIME_OUT' ? 'time-out' : 'self-exclusion';

  const ask = (e: FormEvent) => {
    e.preventDefault();
    setRefusal(null);
    if (!password) {
      setErrors({ password: 'Enter your password to confirm' });
      return;
    }
    setErrors({});
    setConfirming(formatDateTime(Date.now() + (EXCLUSION_MS[period] ?? 0), 'dd/MM/yyyy HH:mm'));
  };

  const confirm = async () => {
    setRefusal(null);
    try {
      const r = await mutation.mutateAsync(
        kind === 'TIME_OUT'
          ? { kind, period: period as (typeof TIME_OUT_PERIODS)[number], password }
          : { kind, period: period as (typeof SELF_EXCLUSION_PERIODS)[number], password },
      );
      setConfirming(null);
      if (!r.status) {
        setRefusal(r.message);
        return;
      }
      // Every session has ended on the server: end this one here too and say until when.
      useClientStore.getState().setLoggedIn(null);
      sessionStore.clear();
      localLogout();
      queryClient.clear();
      sessionStore.set(
        SESSION_KEYS.loginNotice,
        `Your ${what} has started. You cannot log in until ${formatDateTime(r.data.until)} (IST). Open bets stand and settle as usual.`,
      );
      navigate('/', { replace: true });
    } catch (err) {
      setConfirming(null);
      setRefusal(err instanceof Error && err.message ? err.message : NETWORK_ERROR);
    }
  };

  return (
    <section className="rg-section" aria-labelledby="rg-break">
      <h2 id="rg-break" className="rg-section__title">
        Take a break
      </h2>
      <p className="rg-section__intro">
        A <strong>time-out</strong> (24 hours to 30 days) or <strong>self-exclusion</strong> (6 months to 5
        years) closes your account at once: you are logged out everywhere and cannot log in until it ends. It
        cannot be shortened. Open bets stand and settle as usual; your balance stays yours.
      </p>
      <form className="rg-break" onSubmit={ask} noValidate>
        <fieldset className="rg-break__kinds">
          <legend className="visually-hidden">Kind of break</legend>
          {(['TIME_OUT', 'SELF_EXCLUSION'] as const).map((k) => (
            <label key={k} className={`rg-choice${kind === k ? ' is-chosen' : ''}`}>
              <input
                type="radio"
                name={`${id}-kind`}
                checked={kind === k}
                onChange={() => {
                  setKind(k);
                  setPeriod(k === 'TIME_OUT' ? TIME_OUT_PERIODS[0] : SELF_EXCLUSION_PERIODS[0]);
                }}
              />
              {k === 'TIME_OUT' ? 'Time-out' : 'Self-exclusion'}
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor={`${id}-period`}>For</label>
          <select id={`${id}-period`} value={period} onChange={(e) => setPeriod(e.target.value)}>
            {periods.map((p) => (
              <option key={p} value={p}>
                {EXCLUSION_LABEL[p]}
              </option>
            ))}
          </select>
        </div>
        <PasswordField id={id} value={password} onChange={setPassword} error={errors.password} />
        {refusal ? (
          <p className="form-error" role="alert">
            {refusal}
          </p>
        ) : null}
        <button type="submit" className="btn btn--danger">
          {kind === 'TIME_OUT' ? 'Take a time-out' : 'Exclude myself'}
        </button>
      </form>
      <Modal
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title={kind === 'TIME_OUT' ? 'Take a time-out?' : 'Exclude yourself?'}
        className="modal--small"
        footer={
          <div className="rg-confirm__actions">
            <button type="button" className="btn btn--secondary" onClick={() => setConfirming(null)}>
              Cancel
            </button>
            <button
              type="button"
              className="btn btn--danger"
              disabled={mutation.isPending}
              onClick={() => void confirm()}
            >
              {mutation.isPending ? 'Closing…' : `Yes, close my account for ${EXCLUSION_LABEL[period]}`}
            </button>
          </div>
        }
      >
        <p>
          Your account closes now for <strong>{EXCLUSION_LABEL[period]}</strong>, until about{' '}
          <strong>{confirming}</strong> (IST).
        </p>
        <ul className="rg-confirm__list">
          <li>You are logged out on every device at once.</li>
          <li>You cannot log in until it ends, and it cannot be shortened.</li>
          <li>Open bets stand and settle as usual.</li>
        </ul>
      </Modal>
    </section>
  );
}

/** setting/responsible-gaming: deposit and loss limits, the reality check, time-out and self-exclusion. */
export function ResponsibleGamingScreen() {
  const q = useResponsibleGaming();
  const payments = usePaymentAccess();
  let body;
  if (q.isPending) body = <Spinner label="Loading your limits…" />;
  else if (q.isError)
    body = (
      <div role="alert" className="rg-error">
        <p>Could not load your settings: {q.error.message}</p>
        <button type="button" className="btn btn--primary" onClick={() => void q.refetch()}>
          Retry
        </button>
      </div>
    );
  else
    body = (
      <>
        <p className="rg-lead">
          Lowering a limit counts at once. Raising or removing one counts 24 hours later, so a decision made
          in the heat of the moment has time to cool. Read more about these tools on our{' '}
          <Link to="/page/rules/responsible-gaming" target="_blank" rel="noopener">
            Responsible Gaming
          </Link>{' '}
          page.
        </p>
        {payments ? (
          <Limits
            kind="DEPOSIT"
            limits={q.data.limits}
            intro="The most you can deposit in each period, counting deposits waiting for approval."
          />
        ) : null}
        <Limits
          kind="LOSS"
          limits={q.data.limits}
          intro="The most your settled bets can lose in each period. A bet that could lose more than is left is refused."
        />
        <RealityCheckSetting key={q.data.reality_check_minutes} data={q.data} />
        <TakeABreak />
      </>
    );
  return (
    <section className="panel rg" aria-labelledby="rg-title">
      <h1 id="rg-title" className="panel__title">
        Responsible Gaming
      </h1>
      {body}
    </section>
  );
}
