import { useId, useState, type FormEvent } from 'react';
import { Spinner } from '../../components/index.ts';
import { checkAmount, newRequestId, rupees } from './amount.ts';
import { useBankAccounts, type BankAccount } from './api/bank-accounts.ts';
import { useLivePaymentMethods, type PaymentMethods } from './api/payment-methods.ts';
import { useRemoveBankAccount } from './api/remove-bank-account.ts';
import { useRequestWithdraw } from './api/withdraw.ts';
import { BankAccountForm } from './BankAccountForm.tsx';

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
  const remove = useRemoveBankAccount();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const doRemove = async () => {
    setError(null);
    try {
      const r = await remove.mutateAsync({ bank_account_id: account.bank_account_id });
      if (!r.status) setError(r.message);
    } catch {
      setError('We could not reach the server. Try again.');
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
              {account.account_name} · IFSC {account.ifsc}
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
              Remove<span className="visually-hidden"> {account.account_number}</span>
            </button>
            <button type="button" className="btn btn--small" onClick={() => setConfirming(false)}>
              Keep
            </button>
          </span>
        ) : (
          <button type="button" className="link-button bank-row__remove" onClick={() => setConfirming(true)}>
            Remove<span className="visually-hidden"> bank account {account.account_number}</span>
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
      m < data.max_withdraw ? `at most your available balance of ${rupees(m)}` : `at most ${rupees(m)}`,
    );
    const next = {
      amount:
        data.available < data.min_withdraw
          ? `You need at least ${rupees(data.min_withdraw)} available to withdraw`
          : a.ok
            ? undefined
            : a.message,
      account: chosen ? undefined : 'Add a bank account to withdraw to',
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
        setRefusal(r.message);
        return;
      }
      setDone(
        `Withdrawal request of ${rupees(r.data.amount)} to ${r.data.method} received. The amount is held from your balance until the operator pays it; if it is rejected, it comes back.`,
      );
      setAmount('');
      setRequestId(newRequestId('wd'));
    } catch (err) {
      setRefusal(
        err instanceof Error && err.message && !/fetch/i.test(err.message)
          ? err.message
          : 'We could not reach the server. Your request may not have arrived: submit again, it will not count twice.',
      );
    }
  };

  return (
    <div className="withdraw">
      <p className="withdraw__available">
        Available to withdraw: <strong data-testid="available">{rupees(data.available)}</strong>
      </p>
      <fieldset className="pay-methods" aria-describedby={errors.account ? `${id}-account-error` : undefined}>
        <legend>1. To bank account</legend>
        {accounts.isPending ? <Spinner label="Loading your bank accounts…" /> : null}
        {accounts.isError ? (
          <p className="form-error" role="alert">
            Could not load your bank accounts: {accounts.error.message}{' '}
            <button type="button" className="link-button" onClick={() => void accounts.refetch()}>
              Retry
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
          <p className="field__hint">No bank account saved yet: add the account to receive the money.</p>
        ) : null}
        {errors.account ? (
          <p className="field__error" id={`${id}-account-error`}>
            {errors.account}
          </p>
        ) : null}
        {!showAdd ? (
          <button type="button" className="btn btn--secondary" onClick={() => setAdding(true)}>
            + Add a bank account
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

      <form className="pay-form" onSubmit={submit} noValidate aria-label="Withdraw">
        <div className="field">
          <label htmlFor={`${id}-amount`}>2. Amount (₹)</label>
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
              Max
            </button>
          </div>
          <p className="field__hint" id={`${id}-amount-hint`}>
            From {rupees(data.min_withdraw)} up to {rupees(Math.max(0, max))}. The amount is held from your
            balance at once.
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
          {mutation.isPending ? 'Sending…' : 'Request withdrawal'}
        </button>
      </form>
    </div>
  );
}
