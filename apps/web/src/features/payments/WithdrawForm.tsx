import { useId, useState, type FormEvent } from 'react';
import { Spinner } from '../../components/index.ts';
import { translateAnswer } from '../../lib/i18n/index.ts';
import { checkAmount, newRequestId, rupees } from './amount.ts';
import { useBankAccounts, type BankAccount } from './api/bank-accounts.ts';
import { useLivePaymentMethods, type PaymentMethods } from './api/payment-methods.ts';
import { useRemoveBankAccount } from './api/remove-bank-account.ts';
import { useRequestWithdraw } from './api/withdraw.ts';
import { BankAccountForm } from './BankAccountForm.tsx';
import { useT } from './i18n.ts';
import { Trans } from '../../lib/i18n/trans.ts';

function AccountRow({
  account,
  chosen,
  onChoose,
  name,
}: {
  account: BankAccount;
  chosen: boolean;
  onChoose: () => void;
  name: string;
}) {
  const t = useT();
  const remove = useRemoveBankAccount();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const doRemove = async () => {
    setError(null);
    try {
      const r = await remove.mutateAsync({ bank_account_id: account.bank_account_id });
      if (!r.status) setError(translateAnswer(r.message));
    } catch {
      setError(t('payments.common.unreachableShort'));
    }
  };
  return (
    <div className={`pay-method${chosen ? ' is-chosen' : ''}`}>
      <div className="bank-row">
        <label className="pay-method__head">
          <input type="radio" name={name} checked={chosen} onChange={onChoose} />
          <span className="bank-row__text">
            <strong>{account.bank_name}</strong> <span className="nowrap">{account.account_number}</span>
            <span className="bank-row__sub">
              {account.account_name} · {t('payments.withdraw.ifsc', { ifsc: account.ifsc })}
            </span>
          </span>
        </label>
        {confirming ? (
          <span className="bank-row__confirm">
            <button
              type="button"
              className="btn btn--small btn--danger"
              disabled={remove.isPending}
              onClick={() => void doRemove()}
            >
              <Trans
                id="payments.withdraw.removeConfirm"
                values={{ account: account.account_number }}
                components={{ 0: <span className="visually-hidden" /> }}
              />
            </button>
            <button type="button" className="btn btn--small" onClick={() => setConfirming(false)}>
              {t('payments.withdraw.keep')}
            </button>
          </span>
        ) : (
          <button type="button" className="link-button bank-row__remove" onClick={() => setConfirming(true)}>
            <Trans
              id="payments.withdraw.remove"
              values={{ account: account.account_number }}
              components={{ 0: <span className="visually-hidden" /> }}
            />
          </button>
        )}
      </div>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Withdraw: to a saved bank account (or one added here), at most what is available now. */
export function WithdrawForm({ data: first }: { data: PaymentMethods }) {
  const t = useT();
  const id = useId();
  // Opened, and every few seconds after, so a deposit approved meanwhile is there to withdraw.
  const data = useLivePaymentMethods().data ?? first;
  const accounts = useBankAccounts();
  const mutation = useRequestWithdraw();
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const [amount, setAmount] = useState('');
  const [requestId, setRequestId] = useState(() => newRequestId('wd'));
  const [errors, setErrors] = useState<{ amount?: string; account?: string }>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const list = accounts.data ?? [];
  const chosen = list.find((a) => a.bank_account_id === chosenId) ?? list[0] ?? null;
  const max = Math.min(data.available, data.max_withdraw);
  const showAdd = adding || (accounts.isSuccess && list.length === 0);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setRefusal(null);
    setDone(null);
    const a = checkAmount(amount, data.min_withdraw, max, (m) =>
      m < data.max_withdraw
        ? t('payments.amount.atMostAvailable', { amount: rupees(m) })
        : t('payments.amount.atMost', { amount: rupees(m) }),
    );
    const next = {
      amount:
        data.available < data.min_withdraw
          ? t('payments.withdraw.needAvailable', { amount: rupees(data.min_withdraw) })
          : a.ok
            ? undefined
            : a.message,
      account: chosen ? undefined : t('payments.withdraw.noAccountChosen'),
    };
    setErrors(next);
    if (!a.ok || !chosen || next.amount) return;
    try {
      const r = await mutation.mutateAsync({
        amount: a.value,
        bank_account_id: chosen.bank_account_id,
        request_id: requestId,
      });
      if (!r.status) {
        setRefusal(translateAnswer(r.message));
        return;
      }
      setDone(t('payments.withdraw.received', { amount: rupees(r.data.amount), method: r.data.method }));
      setAmount('');
      setRequestId(newRequestId('wd'));
    } catch (err) {
      setRefusal(
        err instanceof Error && err.message && !/fetch/i.test(err.message)
          ? translateAnswer(err.message)
          : t('payments.common.unreachableRequest'),
      );
    }
  };

  return (
    <div className="withdraw">
      <p className="withdraw__available">
        <Trans
          id="payments.withdraw.available"
          values={{ amount: rupees(data.available) }}
          components={{ 0: <strong data-testid="available" /> }}
        />
      </p>
      <fieldset className="pay-methods" aria-describedby={errors.account ? `${id}-account-error` : undefined}>
        <legend>{t('payments.withdraw.toAccount')}</legend>
        {accounts.isPending ? <Spinner label={t('payments.withdraw.loadingAccounts')} /> : null}
        {accounts.isError ? (
          <p className="form-error" role="alert">
            {t('payments.withdraw.accountsFailed', { reason: translateAnswer(accounts.error.message) })}{' '}
            <button type="button" className="link-button" onClick={() => void accounts.refetch()}>
              {t('payments.common.retry')}
            </button>
          </p>
        ) : null}
        {list.map((acct) => (
          <AccountRow
            key={acct.bank_account_id}
            account={acct}
            name={`${id}-account`}
            chosen={acct.bank_account_id === chosen?.bank_account_id}
            onChoose={() => setChosenId(acct.bank_account_id)}
          />
        ))}
        {accounts.isSuccess && list.length === 0 ? (
          <p className="field__hint">{t('payments.withdraw.noAccount')}</p>
        ) : null}
        {errors.account ? (
          <p className="field__error" id={`${id}-account-error`}>
            {errors.account}
          </p>
        ) : null}
        {!showAdd ? (
          <button type="button" className="btn btn--secondary" onClick={() => setAdding(true)}>
            {t('payments.withdraw.addAccount')}
          </button>
        ) : null}
      </fieldset>
      {showAdd ? (
        <BankAccountForm
          onAdded={(acct) => {
            setAdding(false);
            setChosenId(acct.bank_account_id);
            setErrors((e) => ({ ...e, account: undefined }));
          }}
          onCancel={list.length > 0 ? () => setAdding(false) : undefined}
        />
      ) : null}

      <form className="pay-form" onSubmit={submit} noValidate aria-label={t('payments.withdraw.form')}>
        <div className="field">
          <label htmlFor={`${id}-amount`}>{t('payments.withdraw.amount')}</label>
          <div className="field__with-action">
            <input
              id={`${id}-amount`}
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              aria-invalid={errors.amount ? true : undefined}
              aria-describedby={`${id}-amount-hint${errors.amount ? ` ${id}-amount-error` : ''}`}
              onChange={(e) => setAmount(e.target.value)}
            />
            <button
              type="button"
              className="field__action"
              onClick={() => setAmount(String(Math.max(0, Math.floor(max * 100) / 100)))}
            >
              {t('payments.withdraw.max')}
            </button>
          </div>
          <p className="field__hint" id={`${id}-amount-hint`}>
            {t('payments.withdraw.amountHint', {
              min: rupees(data.min_withdraw),
              max: rupees(Math.max(0, max)),
            })}
          </p>
          {errors.amount ? (
            <p className="field__error" id={`${id}-amount-error`}>
              {errors.amount}
            </p>
          ) : null}
        </div>
        <div aria-live="polite">
          {refusal ? (
            <p className="form-error" role="alert">
              {refusal}
            </p>
          ) : null}
          {done ? (
            <p className="pay-form__done" role="status">
              {done}
            </p>
          ) : null}
        </div>
        <button type="submit" className="btn btn--primary pay-form__submit" disabled={mutation.isPending}>
          {mutation.isPending ? t('payments.common.sending') : t('payments.withdraw.submit')}
        </button>
      </form>
    </div>
  );
}
