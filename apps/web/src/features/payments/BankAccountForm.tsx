import { addBankAccountRequest } from '@backlay/contract/bettor';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import type { z } from 'zod';
import { HttpError } from '../../lib/http.ts';
import { msgId } from '../../lib/i18n/catalog.ts';
import { translateAnswer } from '../../lib/i18n/index.ts';
import { useAddBankAccount } from './api/add-bank-account.ts';
import type { BankAccount } from './api/bank-accounts.ts';
import { useT } from './i18n.ts';

type FormInput = z.input<typeof addBankAccountRequest>;

/** The fields; `label` and `hint` are message ids. */
const FIELDS: {
  name: FieldPath<FormInput>;
  label: string;
  hint?: string;
  inputMode?: 'numeric' | 'text';
  autoComplete?: string;
  upper?: boolean;
}[] = [
  { name: 'account_name', label: msgId('payments.bank.holderName'), autoComplete: 'name' },
  {
    name: 'account_number',
    label: msgId('payments.bank.accountNumber'),
    inputMode: 'numeric',
    hint: msgId('payments.bank.accountNumberHint'),
  },
  {
    name: 'confirm_account_number',
    label: msgId('payments.bank.confirmAccountNumber'),
    inputMode: 'numeric',
  },
  { name: 'ifsc', label: msgId('payments.bank.ifsc'), hint: msgId('payments.bank.ifscHint'), upper: true },
  { name: 'bank_name', label: msgId('payments.bank.bankName') },
];

/** Adds a bank account for withdrawals; IFSC and the repeated number are checked before sending. */
export function BankAccountForm({
  onAdded,
  onCancel,
}: {
  onAdded: (account: BankAccount) => void;
  onCancel?: () => void;
}) {
  const t = useT();
  const mutation = useAddBankAccount();
  const [refusal, setRefusal] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<FormInput>({
    resolver: zodResolver(addBankAccountRequest),
    mode: 'onTouched',
    defaultValues: {
      account_name: '',
      account_number: '',
      confirm_account_number: '',
      ifsc: '',
      bank_name: '',
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setRefusal(null);
    try {
      const r = await mutation.mutateAsync(values);
      if (!r.status) {
        setRefusal(translateAnswer(r.message));
        return;
      }
      reset();
      onAdded(r.data);
    } catch (e) {
      setRefusal(e instanceof HttpError ? translateAnswer(e.message) : t('payments.common.unreachable'));
    }
  });

  return (
    <form className="bank-form" onSubmit={onSubmit} noValidate aria-label={t('payments.bank.title')}>
      <h3 className="bank-form__title">{t('payments.bank.title')}</h3>
      <div className="bank-form__grid">
        {FIELDS.map((f) => {
          const error = errors[f.name as keyof typeof errors]?.message;
          const id = `bank-${f.name}`;
          const described = [f.hint ? `${id}-hint` : null, error ? `${id}-error` : null]
            .filter(Boolean)
            .join(' ');
          const reg = register(f.name);
          return (
            <div className="field" key={f.name}>
              <label htmlFor={id}>{t(f.label)}</label>
              <input
                id={id}
                inputMode={f.inputMode}
                autoComplete={f.autoComplete ?? 'off'}
                autoCapitalize={f.upper ? 'characters' : undefined}
                spellCheck={false}
                aria-invalid={error ? true : undefined}
                aria-describedby={described || undefined}
                {...reg}
                onChange={(e) => {
                  if (f.upper) e.target.value = e.target.value.toUpperCase();
                  return reg.onChange(e);
                }}
              />
              {f.hint ? (
                <p className="field__hint" id={`${id}-hint`}>
                  {t(f.hint)}
                </p>
              ) : null}
              {error ? (
                <p className="field__error" id={`${id}-error`}>
                  {translateAnswer(error)}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
      {refusal ? (
        <p className="form-error" role="alert">
          {refusal}
        </p>
      ) : null}
      <div className="bank-form__actions">
        <button type="submit" className="btn btn--primary" disabled={mutation.isPending}>
          {mutation.isPending ? t('payments.bank.saving') : t('payments.bank.save')}
        </button>
        {onCancel ? (
          <button type="button" className="btn btn--secondary" onClick={onCancel}>
            {t('payments.common.cancel')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
