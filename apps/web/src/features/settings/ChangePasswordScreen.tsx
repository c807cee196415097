import { changePasswordRequest } from '@backlay/contract/bettor';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast.ts';
import type { z } from 'zod';
import { msgId } from '../../lib/i18n/catalog.ts';
import { translateAnswer } from '../../lib/i18n/index.ts';
import { STORAGE_KEYS, storage, updateUserInfo } from '../../lib/storage.ts';
import { useClientStore } from '../../lib/store.ts';
import { useChangePassword } from './api/change-password.ts';
import { useT } from './i18n.ts';
import './ChangePasswordScreen.css';

type FormInput = z.input<typeof changePasswordRequest>;

/** The fields; `label` and `hint` are message ids, translated when shown. */
const FIELDS: { name: FieldPath<FormInput>; label: string; autoComplete: string; hint?: string }[] = [
  {
    name: 'master_password',
    label: msgId('settings.changePassword.current'),
    autoComplete: 'current-password',
  },
  {
    name: 'new_password',
    label: msgId('settings.changePassword.new'),
    autoComplete: 'new-password',
    hint: msgId('settings.changePassword.newHint'),
  },
  {
    name: 'confirm_password',
    label: msgId('settings.changePassword.confirm'),
    autoComplete: 'new-password',
  },
];

export function ChangePasswordScreen() {
  const t = useT();
  const navigate = useNavigate();
  const user = useClientStore((s) => s.loginData);
  const setLoginData = useClientStore((s) => s.setLoginData);
  const forced = user?.is_change_password === '1';
  const mutation = useChangePassword();
  const [refusal, setRefusal] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<FormInput>({
    resolver: zodResolver(changePasswordRequest),
    defaultValues: { master_password: '', new_password: '', confirm_password: '', revoke_api_keys: false },
    mode: 'onTouched',
  });

  const onSubmit = handleSubmit(async ({ revoke_api_keys, ...values }) => {
    setRefusal(null);
    try {
      // The spec's three fields, and the keys' revocation only when asked (issue 46).
      const result = await mutation.mutateAsync(revoke_api_keys ? { ...values, revoke_api_keys } : values);
      if (!result.status) {
        setRefusal(result.message);
        toast.error(translateAnswer(result.message));
        return;
      }
      toast.success(result.message ? translateAnswer(result.message) : t('settings.changePassword.changed'));
      reset();
      if (forced) {
        const next = updateUserInfo({ is_change_password: '0' });
        storage.set(STORAGE_KEYS.openWelcomePopup, 'true');
        setLoginData(next);
        navigate('/home', { replace: true });
      }
    } catch (e) {
      const message = e instanceof Error ? e.message : t('settings.changePassword.failed');
      setRefusal(message);
      toast.error(translateAnswer(message));
    }
  });

  return (
    <section className="panel change-password" aria-labelledby="change-password-title">
      <h1 id="change-password-title" className="panel__title">
        {t('settings.changePassword.title')}
      </h1>
      {forced ? (
        <p className="notice" role="status">
          {t('settings.changePassword.forced')}
        </p>
      ) : null}
      <form className="change-password__form" onSubmit={onSubmit} noValidate>
        {FIELDS.map((f) => {
          const error = errors[f.name as keyof typeof errors]?.message;
          const errorId = `cp-${f.name}-error`;
          const hintId = f.hint ? `cp-${f.name}-hint` : undefined;
          return (
            <div className="field" key={f.name}>
              <label htmlFor={`cp-${f.name}`}>{t(f.label)}</label>
              <input
                id={`cp-${f.name}`}
                type="password"
                autoComplete={f.autoComplete}
                aria-invalid={error ? true : undefined}
                aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(' ') || undefined}
                {...register(f.name)}
              />
              {f.hint ? (
                <p className="field__hint" id={hintId}>
                  {t(f.hint)}
                </p>
              ) : null}
              {error ? (
                <p className="field__error" id={errorId} role="alert">
                  {translateAnswer(error)}
                </p>
              ) : null}
            </div>
          );
        })}
        <div className="field change-password__keys">
          <label>
            <input type="checkbox" aria-describedby="cp-revoke-hint" {...register('revoke_api_keys')} />{' '}
            {t('settings.changePassword.revokeKeys')}
          </label>
          <p className="field__hint" id="cp-revoke-hint">
            {t('settings.changePassword.revokeKeysHint')}
          </p>
        </div>
        {refusal ? (
          <p className="form-error" role="alert">
            {translateAnswer(refusal)}
          </p>
        ) : null}
        <button type="submit" className="btn btn--primary" disabled={mutation.isPending}>
          {mutation.isPending ? t('settings.changePassword.saving') : t('settings.changePassword.submit')}
        </button>
      </form>
    </section>
  );
}
