import { addBankAccountRequest } from '@backlay/contract/bettor';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import type { z } from 'zod';
import { HttpError } from '../../lib/http.ts';
import { useAddBankAccount } from './api/add-bank-account.ts';
import type { BankAccount } from './api/bank-accounts.ts';

type FormInput = z.input<typeof addBankAccountRequest>;

const FIELDS: {
  name: FieldPath<FormInput>;
  label: string;
  hint?: string;
  inputMode?: 'numeric' | 'text';
  autoComplete?: string;
  upper?: boolean;
}[] = [
  { name: 'account_name', label: 'Account holder name', autoComplete: 'name' },
  { name: 'account_number', label: 'Account number', inputMode: 'numeric', hint: '9 to 18 digits.' },
  { name: 'confirm_account_number', label: 'Confirm account number', inputMode: 'numeric' },
  {
    name: 'ifsc',
    label: 'IFSC',
    hint: '11 characters: 4 letters, 0, then 6 letters or digits, e.g. HDFC0001234.',
    upper: true,
  },
  { name: 'bank_name', label: 'Bank name' },
];

/** Adds a bank account for withdrawals; IFSC and the repeated number are checked before sending. */
export function BankAccountForm({
  onAdded,
  onCancel,
}: {
  onAdded: (account: BankAccount) => void;
  onCancel?: () => void;
}) {
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
        setRefusal(r.message);
        return;
      }
      reset();
      onAdded(r.data);
    } catch (e) {
      setRefusal(
        e instanceof HttpError
          ? e.message
          : 'We could not reach the server. Check your connection and try again.',
      );
    }
  });

  return (
    <form className="bank-form" onSubmit={onSubmit} noValidate aria-label="Add a bank account">
      <h3 className="bank-form__title">Add a bank account</h3>
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
              <label htmlFor={id}>{f.label}</label>
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
                  {f.hint}
                </p>
              ) : null}
              {error ? (
                <p className="field__error" id={`${id}-error`}>
                  {error}
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
          {mutation.isPending ? 'Saving…' : 'Save bank account'}
        </button>
        {onCancel ? (
          <button type="button" className="btn btn--secondary" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
