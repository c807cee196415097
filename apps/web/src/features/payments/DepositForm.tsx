import { paymentReference } from '@backlay/contract/bettor';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { CopyButton } from '../../components/index.ts';
import { msgId } from '../../lib/i18n/catalog.ts';
import { translateAnswer } from '../../lib/i18n/index.ts';
import { checkAmount, newRequestId, rupees } from './amount.ts';
import { useRequestDeposit } from './api/deposit.ts';
import type { PaymentMethod, PaymentMethods } from './api/payment-methods.ts';
import { useT } from './i18n.ts';
import { Trans } from '../../lib/i18n/trans.ts';

const QUICK_AMOUNTS = [500, 1000, 5000, 10000] as const;

/** Each detail of a method: its key, its label's message id, whether it has a Copy button. */
const DETAIL_LABELS: [keyof PaymentMethod['details'], string, boolean][] = [
  ['upi_id', msgId('payments.deposit.detail.upiId'), true],
  ['payee_name', msgId('payments.deposit.detail.payeeName'), false],
  ['account_name', msgId('payments.deposit.detail.accountName'), false],
  ['account_number', msgId('payments.deposit.detail.accountNumber'), true],
  ['ifsc', msgId('payments.deposit.detail.ifsc'), true],
  ['bank_name', msgId('payments.deposit.detail.bank'), false],
];

function MethodDetails({ method }: { method: PaymentMethod }) {
  const t = useT();
  const rows = DETAIL_LABELS.filter(([key]) => method.details[key]);
  return (
    <dl className="pay-method__details">
      {rows.map(([key, label, copy]) => (
        <div key={key} className="pay-method__row">
          <dt>{t(label)}</dt>
          <dd>
            <span className="pay-method__value">{method.details[key]}</span>
            {copy ? <CopyButton text={method.details[key]!} label={t(label)} /> : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}

type Errors = Partial<Record<'amount' | 'method' | 'reference', string>>;

/** Deposit: the amount, where the money goes (the operator's UPI or bank details), then the payment reference. */
export function DepositForm({ data }: { data: PaymentMethods }) {
  const t = useT();
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
        {t('payments.deposit.noMethod')}
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
    if (!method) next.method = t('payments.deposit.chooseMethod');
    const ref = paymentReference.safeParse(reference);
    if (!ref.success) {
      const issue = ref.error.issues[0]?.message;
      next.reference = issue ? translateAnswer(issue) : t('payments.deposit.enterReference');
    }
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
        setRefusal(translateAnswer(r.message));
        return;
      }
      setDone(
        t('payments.deposit.received', {
          amount: rupees(r.data.amount),
          reference: r.data.reference ?? ref.data,
        }),
      );
      setAmount('');
      setReference('');
      setRequestId(newRequestId('dep'));
    } catch (err) {
      setRefusal(
        err instanceof Error && err.message && !/fetch/i.test(err.message)
          ? translateAnswer(err.message)
          : t('payments.common.unreachableRequest'),
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
  const kindText = (kind: string) =>
    kind === 'UPI' ? t('payments.deposit.kindUpi') : t('payments.deposit.kindBank');
  const errorOf = (name: keyof Errors) =>
    errors[name] ? (
      <p className="field__error" id={`${id}-${name}-error`}>
        {errors[name]}
      </p>
    ) : null;

  return (
    <form className="pay-form" onSubmit={submit} noValidate aria-label={t('payments.deposit.form')}>
      <div className="field">
        <label htmlFor={`${id}-amount`}>{t('payments.deposit.amount')}</label>
        <input
          id={`${id}-amount`}
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          {...fieldProps('amount', true)}
        />
        <div className="pay-form__chips" aria-label={t('payments.deposit.quickAmounts')} role="group">
          {QUICK_AMOUNTS.map((q) => (
            <button key={q} type="button" className="chip" onClick={() => setAmount(String(q))}>
              {rupees(q).replace('.00', '')}
            </button>
          ))}
        </div>
        <p className="field__hint" id={`${id}-amount-hint`}>
          <Trans
            id="payments.deposit.amountHint"
            values={{ min: rupees(data.min_deposit), max: rupees(data.max_deposit) }}
            components={{ 0: <Link to="/setting/responsible-gaming" /> }}
          />
        </p>
        {errorOf('amount')}
      </div>

      <fieldset className="pay-methods" aria-describedby={errors.method ? `${id}-method-error` : undefined}>
        <legend>{t('payments.deposit.payTo')}</legend>
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
              <span className="pay-method__kind">{kindText(m.kind)}</span>
            </label>
            {m.method_id === methodId ? <MethodDetails method={m} /> : null}
          </div>
        ))}
        {errorOf('method')}
      </fieldset>

      <div className="field">
        <label htmlFor={`${id}-reference`}>{t('payments.deposit.reference')}</label>
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
          {method
            ? t('payments.deposit.referenceHintTo', { method: method.label })
            : t('payments.deposit.referenceHint')}
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
        {mutation.isPending ? t('payments.common.sending') : t('payments.deposit.submit')}
      </button>
    </form>
  );
}
