import { changePasswordRequest } from '@backlay/contract/bettor';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast.ts';
import type { z } from 'zod';
import { STORAGE_KEYS, storage, updateUserInfo } from '../../lib/storage.ts';
import { useClientStore } from '../../lib/store.ts';
import { useChangePassword } from './api/change-password.ts';
import './ChangePasswordScreen.css';

type FormInput = z.input<typeof changePasswordRequest>;

const FIELDS: { name: FieldPath<FormInput>; label: string; autoComplete: string; hint?: string }[] = [
  { name: 'master_password', label: 'Current Password', autoComplete: 'current-password' },
  {
    name: 'new_password',
    label: 'New Password',
    autoComplete: 'new-password',
    hint: 'At least 8 characters, with a letter and a digit. Use letters, digits and @$!%*#?& only.',
  },
  { name: 'confirm_password', label: 'Confirm Password', autoComplete: 'new-password' },
];

export function ChangePasswordScreen() {
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
    defaultValues: { master_password: '', new_password: '', confirm_password: '' },
    mode: 'onTouched',
  });

  const onSubmit = handleSubmit(async (values) => {
    setRefusal(null);
    try {
      const result = await mutation.mutateAsync(values);
      if (!result.status) {
        setRefusal(result.message);
        toast.error(result.message);
        return;
      }
      toast.success(result.message ?? 'Your password has been changed.');
      reset();
      if (forced) {
        const next = updateUserInfo({ is_change_password: '0' });
        storage.set(STORAGE_KEYS.openWelcomePopup, 'true');
        setLoginData(next);
        navigate('/home', { replace: true });
      }
    } catch (e) {
      const message = e instanceof Error ? e.message : 'Could not change the password.';
      setRefusal(message);
      toast.error(message);
    }
  });

  return (
    <section className="panel change-password" aria-labelledby="change-password-title">
      <h1 id="change-password-title" className="panel__title">
        Change Password
      </h1>
      {forced ? (
        <p className="notice" role="status">
          For your security, please set a new password before you continue.
        </p>
      ) : null}
      <form className="change-password__form" onSubmit={onSubmit} noValidate>
        {FIELDS.map((f) => {
          const error = errors[f.name as keyof typeof errors]?.message;
          const errorId = `cp-${f.name}-error`;
          const hintId = f.hint ? `cp-${f.name}-hint` : undefined;
          return (
            <div className="field" key={f.name}>
              <label htmlFor={`cp-${f.name}`}>{f.label}</label>
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
                  {f.hint}
                </p>
              ) : null}
              {error ? (
                <p className="field__error" id={errorId} role="alert">
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
        {refusal ? (
          <p className="form-error" role="alert">
            {refusal}
          </p>
        ) : null}
        <button type="submit" className="btn btn--primary" disabled={mutation.isPending}>
          {mutation.isPending ? 'Saving…' : 'Change Password'}
        </button>
      </form>
    </section>
  );
}
