import { paymentReference } from '@backlay/contract/bettor';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { CopyButton } from '../../components/index.ts';
import { checkAmount, newRequestId, rupees } from './amount.ts';
import { useRequestDeposit } from './api/deposit.ts';
import type { PaymentMethod, PaymentMethods } from './api/payment-methods.ts';

const QUICK_AMOUNTS = [500, 1000, 5000, 10000] as const;

const DETAIL_LABELS: [keyof PaymentMethod['details'], string, boolean][] = [
  ['upi_id', 'UPI ID', true],
  ['payee_name', 'Payee name', false],
  ['account_name', 'Account name', false],
  ['account_number', 'Account number', true],
  ['ifsc', 'IFSC', true],
  ['bank_name', 'Bank', false],
];

function MethodDetails({ method }: { method: PaymentMethod }) {
  const rows = DETAIL_LABELS.filter(([key]) => method.details[key]);
  return (
    <dl className="pay-method__details">
      {rows.map(([key, label, copy]) => (
        <div key={key} className="pay-method__row">
          <dt>{label}</dt>
          <dd>
            <span className="pay-method__value">{method.details[key]}</span>
            {copy ? <CopyButton text={method.details[key]!} label={label} /> : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}

type Errors = Partial<Record<'amount' | 'method' | 'reference', string>>;

/** Deposit: the amount, where the money goes (the operator's UPI or bank details), then the payment reference. */
export function DepositForm({ data }: { data: PaymentMethods }) {
  const id = useId();
  const mutation = useRequestDeposit();
  const [amount, setAmount] = useState('');
  const [methodId, setMethodId] = useState<number | null>(data.methods[0]?.method_id ?? null);
  const [reference, setReference] = useState('');
  const [requestId, setRequestId] = useState(() => newRequestId('dep'));
  const [errors, setErrors] = useState<Errors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const method = data.methods.find((m) => m.method_id === methodId) ?? null;

  if (data.methods.length === 0) {
    return (
      <p className="notice" role="status">
        No deposit method is set up yet. Please contact 24X7 Support to deposit.
      </p>
    );
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setRefusal(null);
    setDone(null);
    const next: Errors = {};
    const a = checkAmount(amount, data.min_deposit, data.max_deposit);
    if (!a.ok) next.amount = a.message;
    if (!method) next.method = 'Choose where you paid';
    const ref = paymentReference.safeParse(reference);
    if (!ref.success) next.reference = ref.error.issues[0]?.message ?? 'Enter the payment reference';
    setErrors(next);
    if (!a.ok || !method || !ref.success) return;
    try {
      const r = await mutation.mutateAsync({
        amount: a.value,
        method_id: method.method_id,
        reference: ref.data,
        request_id: requestId,
      });
      if (!r.status) {
        setRefusal(r.message);
        return;
      }
      setDone(
        `Deposit request of ${rupees(r.data.amount)} received (reference ${r.data.reference ?? ref.data}). It waits for the operator's approval; your balance goes up once it is approved.`,
      );
      setAmount('');
      setReference('');
      setRequestId(newRequestId('dep'));
    } catch (err) {
      setRefusal(
        err instanceof Error && err.message && !/fetch/i.test(err.message)
          ? err.message
          : 'We could not reach the server. Your request may not have arrived: submit again, it will not count twice.',
      );
    }
  };

  const fieldProps = (name: keyof Errors, hint?: boolean) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby':
      [hint ? `${id}-${name}-hint` : null, errors[name] ? `${id}-${name}-error` : null]
        .filter(Boolean)
        .join(' ') || undefined,
  });
  const errorOf = (name: keyof Errors) =>
    errors[name] ? (
      <p className="field__error" id={`${id}-${name}-error`}>
        {errors[name]}
      </p>
    ) : null;

  return (
    <form className="pay-form" onSubmit={submit} noValidate aria-label="Deposit">
      <div className="field">
        <label htmlFor={`${id}-amount`}>1. Amount (₹)</label>
        <input
          id={`${id}-amount`}
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          {...fieldProps('amount', true)}
        />
        <div className="pay-form__chips" aria-label="Quick amounts" role="group">
          {QUICK_AMOUNTS.map((q) => (
            <button key={q} type="button" className="chip" onClick={() => setAmount(String(q))}>
              {rupees(q).replace('.00', '')}
            </button>
          ))}
        </div>
        <p className="field__hint" id={`${id}-amount-hint`}>
          From {rupees(data.min_deposit)} to {rupees(data.max_deposit)}. Your{' '}
          <Link to="/setting/responsible-gaming">deposit limits</Link> apply.
        </p>
        {errorOf('amount')}
      </div>

      <fieldset className="pay-methods" aria-describedby={errors.method ? `${id}-method-error` : undefined}>
        <legend>2. Pay to</legend>
        {data.methods.map((m) => (
          <div key={m.method_id} className={`pay-method${m.method_id === methodId ? ' is-chosen' : ''}`}>
            <label className="pay-method__head">
              <input
                type="radio"
                name={`${id}-method`}
                checked={m.method_id === methodId}
                onChange={() => setMethodId(m.method_id)}
              />
              <strong>{m.label}</strong>
              <span className="pay-method__kind">{m.kind === 'UPI' ? 'UPI' : 'Bank transfer'}</span>
            </label>
            {m.method_id === methodId ? <MethodDetails method={m} /> : null}
          </div>
        ))}
        {errorOf('method')}
      </fieldset>

      <div className="field">
        <label htmlFor={`${id}-reference`}>3. Payment reference (UTR / UPI transaction ID)</label>
        <input
          id={`${id}-reference`}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={reference}
          onChange={(e) => setReference(e.target.value)}
          {...fieldProps('reference', true)}
        />
        <p className="field__hint" id={`${id}-reference-hint`}>
          After paying{method ? ` to ${method.label}` : ''}, copy the reference from your bank or UPI app (6
          to 40 letters or digits). Each reference counts once.
        </p>
        {errorOf('reference')}
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
        {mutation.isPending ? 'Sending…' : 'Submit deposit request'}
      </button>
    </form>
  );
}
