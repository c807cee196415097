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
import { msgId } from '../../lib/i18n/catalog.ts';
import { translateAnswer } from '../../lib/i18n/index.ts';
import { usePaymentAccess } from '../../lib/permissions.ts';
import { localLogout, SESSION_KEYS, sessionStore } from '../../lib/storage.ts';
import { useClientStore } from '../../lib/store.ts';
import { useResponsibleGaming } from './api/responsible-gaming.ts';
import { useSelfExclude } from './api/self-exclude.ts';
import { useSetRealityCheck } from './api/set-reality-check.ts';
import { useSetResponsibleLimit } from './api/set-limit.ts';
import { resultClass, rupees, signedRupees } from './format.ts';
import { t, useT } from './i18n.ts';
import { Trans } from '../../lib/i18n/trans.ts';
import './responsible.css';

type Limit = ResponsibleGaming['limits'][number];
type Kind = Limit['kind'];

// The tables below hold message ids, translated when shown.
const PERIOD_LABEL: Record<Limit['period'], string> = {
  DAY: msgId('responsible.period.daily'),
  WEEK: msgId('responsible.period.weekly'),
  MONTH: msgId('responsible.period.monthly'),
};
const PERIOD_WINDOW: Record<Limit['period'], string> = {
  DAY: msgId('responsible.window.day'),
  WEEK: msgId('responsible.window.week'),
  MONTH: msgId('responsible.window.month'),
};
/** A limit's name: "Daily deposit limit". */
const LIMIT_LABEL: Record<Kind, Record<Limit['period'], string>> = {
  DEPOSIT: {
    DAY: msgId('responsible.limit.dailyDeposit'),
    WEEK: msgId('responsible.limit.weeklyDeposit'),
    MONTH: msgId('responsible.limit.monthlyDeposit'),
  },
  LOSS: {
    DAY: msgId('responsible.limit.dailyLoss'),
    WEEK: msgId('responsible.limit.weeklyLoss'),
    MONTH: msgId('responsible.limit.monthlyLoss'),
  },
};
/** What went wrong with a call: the server's words (shown through translateAnswer), else ours. */
const failure = (e: unknown) => (e instanceof Error && e.message ? e.message : t('responsible.unreachable'));

/** Each break's length by its code (message ids). */
export const EXCLUSION_LABEL: Record<string, string> = {
  '24h': msgId('responsible.break.period24h'),
  '7d': msgId('responsible.break.period7d'),
  '30d': msgId('responsible.break.period30d'),
  '6m': msgId('responsible.break.period6m'),
  '1y': msgId('responsible.break.period1y'),
  '5y': msgId('responsible.break.period5y'),
};
const exclusionLabel = (period: string): string => {
  const id = EXCLUSION_LABEL[period];
  return id ? t(id) : period;
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
  if (minutes === 0) return t('responsible.reality.never');
  if (minutes % 60 === 0) return t('responsible.reality.everyHours', { hours: minutes / 60 });
  return t('responsible.reality.everyMinutes', { minutes });
}

/** What a pending change of a limit will do, and when. */
function pendingText(limit: Limit): string | null {
  if (!limit.pending) return null;
  const when = formatDateTime(limit.pending.from);
  return limit.pending.amount === null
    ? t('responsible.limit.pendingNone', { when })
    : t('responsible.limit.pendingRise', { amount: rupees(limit.pending.amount), when });
}

function LimitRow({ limit }: { limit: Limit }) {
  const t = useT();
  const id = useId();
  const mutation = useSetResponsibleLimit();
  const [value, setValue] = useState('');
  /** The server's words (shown through translateAnswer) or ours, translated when set. */
  const [error, setError] = useState<string | null>(null);
  const label = t(LIMIT_LABEL[limit.kind][limit.period]);
  const deposit = limit.kind === 'DEPOSIT';

  const save = async (amount: number | null) => {
    setError(null);
    try {
      const r = await mutation.mutateAsync({ kind: limit.kind, period: limit.period, amount });
      if (!r.status) setError(r.message);
      else {
        setValue('');
        toast.success(r.message ? translateAnswer(r.message) : t('responsible.limit.saved'));
      }
    } catch (e) {
      setError(failure(e));
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = value.replace(/[,\s₹]/g, '');
    if (!/^\d+$/.test(text) || Number(text) < 1) {
      setError(t('responsible.limit.enterAmount'));
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
          <span className="rg-limit__period">{t(PERIOD_LABEL[limit.period])}</span>
          <span className="rg-limit__amount" data-testid={`limit-${limit.kind}-${limit.period}`}>
            {limit.amount === null ? t('responsible.limit.none') : rupees(limit.amount)}
          </span>
        </span>
        <span className="rg-limit__used">
          {deposit
            ? t('responsible.limit.deposited', {
                window: t(PERIOD_WINDOW[limit.period]),
                amount: rupees(limit.used),
              })
            : t('responsible.limit.lost', {
                window: t(PERIOD_WINDOW[limit.period]),
                amount: rupees(limit.used),
              })}
          {left !== null ? ` ${t('responsible.limit.left', { amount: rupees(left) })}` : ''}
        </span>
        {pending ? (
          <span className="rg-limit__pending" role="note">
            {pending}
          </span>
        ) : null}
      </div>
      <form className="rg-limit__form" onSubmit={submit} noValidate aria-label={label}>
        <label htmlFor={`${id}-amount`} className="visually-hidden">
          {t('responsible.limit.newLabel', { limit: label.toLowerCase() })}
        </label>
        <input
          id={`${id}-amount`}
          inputMode="numeric"
          autoComplete="off"
          placeholder={t('responsible.limit.newPlaceholder')}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setValue(e.target.value)}
        />
        <button type="submit" className="btn btn--primary btn--compact" disabled={mutation.isPending}>
          <Trans
            id="responsible.limit.set"
            values={{ limit: label.toLowerCase() }}
            components={{ 0: <span className="visually-hidden" /> }}
          />
        </button>
        {limit.amount !== null && !(limit.pending && limit.pending.amount === null) ? (
          <button
            type="button"
            className="link-button"
            disabled={mutation.isPending}
            onClick={() => void save(null)}
          >
            <Trans
              id="responsible.limit.remove"
              values={{ limit: label.toLowerCase() }}
              components={{ 0: <span className="visually-hidden" /> }}
            />
          </button>
        ) : (
          <span aria-hidden="true" />
        )}
        {error ? (
          <p className="field__error rg-limit__error" id={`${id}-error`} role="alert">
            {translateAnswer(error)}
          </p>
        ) : null}
      </form>
    </li>
  );
}

function Limits({ kind, limits, intro }: { kind: Kind; limits: Limit[]; intro: string }) {
  const t = useT();
  const title = kind === 'DEPOSIT' ? t('responsible.limits.depositTitle') : t('responsible.limits.lossTitle');
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
  const t = useT();
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
        toast.success(
          minutes === 0 ? t('responsible.reality.off') : t('responsible.reality.willRemind', { minutes }),
        );
    } catch (err) {
      setError(failure(err));
    }
  };
  return (
    <section className="rg-section" aria-labelledby="rg-reality">
      <h2 id="rg-reality" className="rg-section__title">
        {t('responsible.reality.title')}
      </h2>
      <p className="rg-section__intro">
        <Trans
          id="responsible.reality.intro"
          values={{ start: formatDateTime(data.session_started_at), result: signedRupees(data.session_net) }}
          components={{ 0: <strong className={resultClass(data.session_net)} /> }}
        />
      </p>
      <form className="rg-inline" onSubmit={submit} noValidate>
        <label htmlFor={`${id}-minutes`}>{t('responsible.reality.remindMe')}</label>
        <select id={`${id}-minutes`} value={minutes} onChange={(e) => setMinutes(Number(e.target.value))}>
          {REALITY_CHECK_MINUTES.map((m) => (
            <option key={m} value={m}>
              {everyLabel(m)}
            </option>
          ))}
        </select>
        <button type="submit" className="btn btn--primary btn--compact" disabled={mutation.isPending}>
          {t('responsible.reality.save')}
        </button>
        {error ? (
          <p className="field__error" role="alert">
            {translateAnswer(error)}
          </p>
        ) : null}
      </form>
    </section>
  );
}

type ExclusionKind = 'TIME_OUT' | 'SELF_EXCLUSION';
const BREAK_KINDS: readonly ExclusionKind[] = ['TIME_OUT', 'SELF_EXCLUSION'];
const BREAK_KIND_LABEL: Record<ExclusionKind, string> = {
  TIME_OUT: msgId('responsible.break.timeOut'),
  SELF_EXCLUSION: msgId('responsible.break.selfExclusion'),
};

function TakeABreak() {
  const t = useT();
  const id = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mutation = useSelfExclude();
  const [kind, setKind] = useState<ExclusionKind>('TIME_OUT');
  const [period, setPeriod] = useState<string>(TIME_OUT_PERIODS[0]);
  const [password, setPassword] = useState('');
  /** The ids of the messages about the fields as typed. */
  const [errors, setErrors] = useState<{ password?: string }>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  /** While the confirmation is open: about when the break would end. */
  const [confirming, setConfirming] = useState<string | null>(null);
  const periods: readonly string[] = kind === 'TIME_OUT' ? TIME_OUT_PERIODS : SELF_EXCLUSION_PERIODS;
  const timeOut = kind === 'TIME_OUT';

  const ask = (e: FormEvent) => {
    e.preventDefault();
    setRefusal(null);
    if (!password) {
      setErrors({ password: msgId('responsible.break.enterPassword') });
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
      const until = formatDateTime(r.data.until);
      sessionStore.set(
        SESSION_KEYS.loginNotice,
        timeOut
          ? t('responsible.break.timeOutStarted', { until })
          : t('responsible.break.selfExclusionStarted', { until }),
      );
      navigate('/', { replace: true });
    } catch (err) {
      setConfirming(null);
      setRefusal(failure(err));
    }
  };

  return (
    <section className="rg-section" aria-labelledby="rg-break">
      <h2 id="rg-break" className="rg-section__title">
        {t('responsible.break.title')}
      </h2>
      <p className="rg-section__intro">
        <Trans id="responsible.break.intro" components={{ 0: <strong />, 1: <strong /> }} />
      </p>
      <form className="rg-break" onSubmit={ask} noValidate>
        <fieldset className="rg-break__kinds">
          <legend className="visually-hidden">{t('responsible.break.kindLegend')}</legend>
          {BREAK_KINDS.map((k) => (
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
              {t(BREAK_KIND_LABEL[k])}
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor={`${id}-period`}>{t('responsible.break.periodLabel')}</label>
          <select id={`${id}-period`} value={period} onChange={(e) => setPeriod(e.target.value)}>
            {periods.map((p) => (
              <option key={p} value={p}>
                {exclusionLabel(p)}
              </option>
            ))}
          </select>
        </div>
        <PasswordField
          id={id}
          value={password}
          onChange={setPassword}
          error={errors.password ? t(errors.password) : undefined}
        />
        {refusal ? (
          <p className="form-error" role="alert">
            {translateAnswer(refusal)}
          </p>
        ) : null}
        <button type="submit" className="btn btn--danger">
          {timeOut ? t('responsible.break.takeTimeOut') : t('responsible.break.excludeMyself')}
        </button>
      </form>
      <Modal
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title={timeOut ? t('responsible.break.confirmTimeOut') : t('responsible.break.confirmExclusion')}
        closeLabel={t('responsible.break.close')}
        className="modal--small"
        footer={
          <div className="rg-confirm__actions">
            <button type="button" className="btn btn--secondary" onClick={() => setConfirming(null)}>
              {t('responsible.break.cancel')}
            </button>
            <button
              type="button"
              className="btn btn--danger"
              disabled={mutation.isPending}
              onClick={() => void confirm()}
            >
              {mutation.isPending
                ? t('responsible.break.closing')
                : t('responsible.break.confirmClose', { period: exclusionLabel(period) })}
            </button>
          </div>
        }
      >
        <p>
          <Trans
            id="responsible.break.closesNow"
            values={{ period: exclusionLabel(period), until: confirming ?? '' }}
            components={{ 0: <strong />, 1: <strong /> }}
          />
        </p>
        <ul className="rg-confirm__list">
          <li>{t('responsible.break.loggedOutEverywhere')}</li>
          <li>{t('responsible.break.cannotShorten')}</li>
          <li>{t('responsible.break.openBetsStand')}</li>
        </ul>
      </Modal>
    </section>
  );
}

/** setting/responsible-gaming: deposit and loss limits, the reality check, time-out and self-exclusion. */
export function ResponsibleGamingScreen() {
  const t = useT();
  const q = useResponsibleGaming();
  const payments = usePaymentAccess();
  let body;
  if (q.isPending) body = <Spinner label={t('responsible.screen.loading')} />;
  else if (q.isError)
    body = (
      <div role="alert" className="rg-error">
        <p>{t('responsible.screen.loadFailed', { error: translateAnswer(q.error.message) })}</p>
        <button type="button" className="btn btn--primary" onClick={() => void q.refetch()}>
          {t('responsible.screen.retry')}
        </button>
      </div>
    );
  else
    body = (
      <>
        <p className="rg-lead">
          <Trans
            id="responsible.screen.lead"
            components={{ 0: <Link to="/page/rules/responsible-gaming" target="_blank" rel="noopener" /> }}
          />
        </p>
        {payments ? (
          <Limits kind="DEPOSIT" limits={q.data.limits} intro={t('responsible.limits.depositIntro')} />
        ) : null}
        <Limits kind="LOSS" limits={q.data.limits} intro={t('responsible.limits.lossIntro')} />
        <RealityCheckSetting key={q.data.reality_check_minutes} data={q.data} />
        <TakeABreak />
      </>
    );
  return (
    <section className="panel rg" aria-labelledby="rg-title">
      <h1 id="rg-title" className="panel__title">
        {t('responsible.screen.title')}
      </h1>
      {body}
    </section>
  );
}
