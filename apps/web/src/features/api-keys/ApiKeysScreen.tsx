import { formatDateTime } from '@backlay/ui/time';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { CopyButton, Spinner } from '../../components/index.ts';
import { translateAnswer } from '../../lib/i18n/index.ts';
import { toast } from '../../lib/toast.ts';
import { useCreateApiKey, type CreatedApiKey } from './api/create-api-key.ts';
import { useApiKeys, type ApiKeyList } from './api/list-api-keys.ts';
import { useRevokeApiKey } from './api/revoke-api-key.ts';
import { t, useT } from './i18n.ts';
import './api-keys.css';

type Key = ApiKeyList[number];
type Scope = Key['scopes'][number];

/** What went wrong with a call: the server's words (shown through translateAnswer), else ours. */
const failure = (e: unknown) => (e instanceof Error && e.message ? e.message : t('api-keys.unreachable'));

/** The end of an IST day, as the server takes an expiry. */
export const endOfIstDay = (date: string) => `${date}T23:59:59+05:30`;

/** Today in IST (yyyy-mm-dd): the first day a key may expire on. */
const todayIst = () => new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10);

/** The lines of the allow-list box, without blanks. */
export const addressLines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');

function ScopeNames({ scopes }: { scopes: readonly Scope[] }) {
  const t = useT();
  const names: Record<Scope, string> = {
    read: t('api-keys.scopeShort.read'),
    trade: t('api-keys.scopeShort.trade'),
  };
  return <>{scopes.map((s) => names[s]).join(', ')}</>;
}

/** The new key's secret, shown this once, as the header a program sends. */
function SecretShown({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const t = useT();
  const header = `Authorization: Key ${created.key_id}:${created.secret}`;
  // Shown above the form that made it: the focus goes to it, so nobody misses the one showing.
  const ref = useRef<HTMLElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <section className="api-keys__secret" aria-labelledby="api-keys-secret-title" ref={ref} tabIndex={-1}>
      <h2 id="api-keys-secret-title" className="api-keys__subtitle">
        {t('api-keys.secret.title')}: {created.name}
      </h2>
      <p role="status">{t('api-keys.secret.once')}</p>
      <p className="api-keys__header-label">{t('api-keys.secret.header')}</p>
      <code className="api-keys__header">{header}</code>
      <div className="api-keys__actions">
        <CopyButton text={header} label={t('api-keys.secret.header')} />
        <button type="button" className="btn btn--primary btn--small" onClick={onDone}>
          {t('api-keys.secret.done')}
        </button>
      </div>
    </section>
  );
}

/** The form for a new key: a name, its scopes, an optional allow-list and expiry. */
function NewKeyForm({ onCreated }: { onCreated: (k: CreatedApiKey) => void }) {
  const t = useT();
  const id = useId();
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [read, setRead] = useState(true);
  const [trade, setTrade] = useState(false);
  const [addresses, setAddresses] = useState('');
  const [expires, setExpires] = useState('');
  const [today] = useState(todayIst);
  const [error, setError] = useState<{ field: 'name' | 'scopes' | null; message: string } | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (name.trim() === '') return setError({ field: 'name', message: t('api-keys.error.name') });
    const scopes: Scope[] = [...(read ? (['read'] as const) : []), ...(trade ? (['trade'] as const) : [])];
    if (scopes.length === 0) return setError({ field: 'scopes', message: t('api-keys.error.scopes') });
    const ipAllow = addressLines(addresses);
    try {
      const r = await create.mutateAsync({
        name: name.trim(),
        scopes,
        ...(ipAllow.length > 0 ? { ip_allow: ipAllow } : {}),
        ...(expires ? { expires_at: endOfIstDay(expires) } : {}),
      });
      if (!r.status) return setError({ field: null, message: translateAnswer(r.message) });
      setName('');
      setAddresses('');
      setExpires('');
      onCreated(r.data);
    } catch (err) {
      setError({ field: null, message: translateAnswer(failure(err)) });
    }
  };

  const invalid = (field: 'name' | 'scopes') => (error?.field === field ? true : undefined);
  return (
    <form className="api-keys__form" onSubmit={(e) => void submit(e)} noValidate>
      <div className="field">
        <label htmlFor={`${id}-name`}>{t('api-keys.new.name')}</label>
        <input
          id={`${id}-name`}
          value={name}
          maxLength={40}
          autoComplete="off"
          aria-invalid={invalid('name')}
          aria-describedby={`${id}-name-hint${error?.field === 'name' ? ` ${id}-error` : ''}`}
          onChange={(e) => setName(e.target.value)}
        />
        <p className="field__hint" id={`${id}-name-hint`}>
          {t('api-keys.new.nameHint')}
        </p>
      </div>
      <fieldset className="api-keys__scopes" aria-invalid={invalid('scopes')}>
        <legend>{t('api-keys.new.scopes')}</legend>
        <label>
          <input type="checkbox" checked={read} onChange={(e) => setRead(e.target.checked)} />{' '}
          {t('api-keys.scope.read')}
        </label>
        <label>
          <input type="checkbox" checked={trade} onChange={(e) => setTrade(e.target.checked)} />{' '}
          {t('api-keys.scope.trade')}
        </label>
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-ip`}>{t('api-keys.new.ipAllow')}</label>
        <textarea
          id={`${id}-ip`}
          rows={2}
          value={addresses}
          spellCheck={false}
          autoCapitalize="none"
          aria-describedby={`${id}-ip-hint`}
          onChange={(e) => setAddresses(e.target.value)}
        />
        <p className="field__hint" id={`${id}-ip-hint`}>
          {t('api-keys.new.ipAllowHint')}
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${id}-expires`}>{t('api-keys.new.expires')}</label>
        <input
          id={`${id}-expires`}
          type="date"
          min={today}
          value={expires}
          aria-describedby={`${id}-expires-hint`}
          onChange={(e) => setExpires(e.target.value)}
        />
        <p className="field__hint" id={`${id}-expires-hint`}>
          {t('api-keys.new.expiresHint')}
        </p>
      </div>
      {error ? (
        <p className="form-error" id={`${id}-error`} role="alert">
          {error.message}
        </p>
      ) : null}
      <button type="submit" className="btn btn--primary" disabled={create.isPending}>
        {create.isPending ? t('api-keys.new.creating') : t('api-keys.new.create')}
      </button>
    </form>
  );
}

/** One key: what it may do, where from, until when, when last used; revoke with a confirmation. */
function KeyCard({ k, nowMs }: { k: Key; nowMs: number }) {
  const t = useT();
  const revoke = useRevokeApiKey();
  const [confirming, setConfirming] = useState(false);
  // The question takes the focus on its safe answer, and the focus goes back to "Revoke" after "Keep it".
  const keepRef = useRef<HTMLButtonElement>(null);
  const revokeRef = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  useEffect(() => {
    if (confirming) keepRef.current?.focus();
    else if (asked.current) revokeRef.current?.focus();
    asked.current = confirming;
  }, [confirming]);
  const expired = k.expires_at !== null && new Date(k.expires_at).getTime() <= nowMs;
  const titleId = `api-key-${k.key_id}`;

  const doRevoke = async () => {
    try {
      const r = await revoke.mutateAsync({ key_id: k.key_id });
      if (r.status) toast.success(t('api-keys.revoked'));
      else toast.error(translateAnswer(r.message));
    } catch (err) {
      toast.error(translateAnswer(failure(err)));
    }
    setConfirming(false);
  };

  return (
    <li
      className={`api-keys__key${k.revoked_at || expired ? ' api-keys__key--dead' : ''}`}
      aria-labelledby={titleId}
    >
      <h3 id={titleId} className="api-keys__name">
        {k.name}
      </h3>
      <dl className="api-keys__facts">
        <dt>{t('api-keys.field.keyId')}</dt>
        <dd>
          <code>{k.key_id}</code>
        </dd>
        <dt>{t('api-keys.field.can')}</dt>
        <dd>
          <ScopeNames scopes={k.scopes} />
        </dd>
        <dt>{t('api-keys.field.from')}</dt>
        <dd>{k.ip_allow ? k.ip_allow.join(', ') : t('api-keys.field.anyAddress')}</dd>
        <dt>{t('api-keys.field.expires')}</dt>
        <dd>{k.expires_at ? formatDateTime(k.expires_at) : t('api-keys.field.never')}</dd>
        <dt>{t('api-keys.field.created')}</dt>
        <dd>{formatDateTime(k.created_at)}</dd>
        <dt>{t('api-keys.field.lastUsed')}</dt>
        <dd>{k.last_used_at ? formatDateTime(k.last_used_at) : t('api-keys.field.notUsed')}</dd>
      </dl>
      {k.revoked_at ? (
        <p className="api-keys__state">
          {t('api-keys.state.revoked', { date: formatDateTime(k.revoked_at) })}
        </p>
      ) : expired ? (
        <p className="api-keys__state">{t('api-keys.state.expired')}</p>
      ) : confirming ? (
        <div className="api-keys__confirm" role="group" aria-label={t('api-keys.revoke')}>
          <p>{t('api-keys.revoke.confirm', { name: k.name })}</p>
          <div className="api-keys__actions">
            <button
              type="button"
              className="btn btn--danger btn--small"
              disabled={revoke.isPending}
              onClick={() => void doRevoke()}
            >
              {t('api-keys.revoke.yes')}
            </button>
            <button
              type="button"
              ref={keepRef}
              className="btn btn--small"
              onClick={() => setConfirming(false)}
            >
              {t('api-keys.revoke.no')}
            </button>
          </div>
        </div>
      ) : (
        <button type="button" ref={revokeRef} className="btn btn--small" onClick={() => setConfirming(true)}>
          {t('api-keys.revoke')} <span className="visually-hidden">{k.name}</span>
        </button>
      )}
    </li>
  );
}

/** setting/api-keys: the bettor's API keys for programs (issue 46, docs/trading-api.md). */
export function ApiKeysScreen() {
  const t = useT();
  const keys = useApiKeys();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  let list;
  if (keys.isPending) list = <Spinner label={t('api-keys.loading')} />;
  else if (keys.isError)
    list = (
      <div role="alert">
        <p>{t('api-keys.loadFailed', { error: translateAnswer(keys.error.message) })}</p>
        <button type="button" className="btn btn--primary" onClick={() => void keys.refetch()}>
          {t('api-keys.retry')}
        </button>
      </div>
    );
  else if (keys.data.length === 0) list = <p>{t('api-keys.list.empty')}</p>;
  else
    list = (
      <ul className="api-keys__list">
        {keys.data.map((k) => (
          <KeyCard key={k.key_id} k={k} nowMs={keys.dataUpdatedAt} />
        ))}
      </ul>
    );

  return (
    <section className="panel api-keys" aria-labelledby="api-keys-title">
      <h1 id="api-keys-title" className="panel__title">
        {t('api-keys.title')}
      </h1>
      <p>{t('api-keys.intro')}</p>
      <p>{t('api-keys.never')}</p>
      {created ? <SecretShown created={created} onDone={() => setCreated(null)} /> : null}
      <h2 className="api-keys__subtitle">{t('api-keys.new.title')}</h2>
      <NewKeyForm onCreated={setCreated} />
      <h2 className="api-keys__subtitle">{t('api-keys.list.title')}</h2>
      {list}
    </section>
  );
}
