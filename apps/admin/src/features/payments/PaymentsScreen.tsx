import type { z } from 'zod';
import type { adminPaymentRow } from '@backlay/contract';
import { ConfirmDialog, Pager } from '@backlay/ui/components';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAction } from '../../lib/actions.ts';
import { rupees, when } from '../../lib/format.ts';
import { Badge, Card, Field, Loadable, PageHeader, TableWrap } from '../../components/ui.tsx';
import { useEndpoint } from '../../components/queries.ts';
import { useListParams } from '../../lib/list-params.ts';
import { GatewayOutcome, KIND_LABEL, NeedsAttention } from './NeedsAttention.tsx';

type Row = z.infer<typeof adminPaymentRow>;

/** Requests a page. */
export const PAYMENTS_PAGE_SIZE = 25;

const keys = [
  ['adminPayments'],
  ['adminPaymentDiscrepancies'],
  ['adminDashboard'],
  ['adminUser'],
  ['adminUsers'],
];

type Decision = { row: Row; kind: 'approve' | 'pay' | 'reject' };

/** Approve or pay (with the payout reference), or reject with the reason the bettor reads. */
function DecisionDialog({ decision, onClose }: { decision: Decision; onClose: () => void }) {
  const { row, kind } = decision;
  const [reason, setReason] = useState('');
  const [payout, setPayout] = useState('');
  const [local, setLocal] = useState<string | null>(null);
  const approve = useAction('adminDepositApprove', { invalidate: keys });
  const pay = useAction('adminWithdrawPay', { invalidate: keys });
  const rejectDeposit = useAction('adminDepositReject', { invalidate: keys });
  const rejectWithdraw = useAction('adminWithdrawReject', { invalidate: keys });
  const deposit = row.type === 'DEPOSIT';
  const action = kind === 'reject' ? (deposit ? rejectDeposit : rejectWithdraw) : deposit ? approve : pay;
  async function go() {
    let r: { ok: boolean };
    if (kind === 'reject') {
      if (reason.trim().length < 3) return setLocal('Say why (the bettor reads it)');
      r = await (deposit ? rejectDeposit : rejectWithdraw).run({
        payment_id: row.payment_id,
        reason: reason.trim(),
      });
    } else if (deposit) r = await approve.run({ payment_id: row.payment_id });
    else
      r = await pay.run({
        payment_id: row.payment_id,
        ...(payout.trim() ? { payout_reference: payout.trim() } : {}),
      });
    if (r.ok) onClose();
  }
  const title =
    kind === 'reject'
      ? `Reject ${deposit ? 'deposit' : 'withdrawal'} #${row.payment_id}?`
      : deposit
        ? `Approve deposit #${row.payment_id}?`
        : `Mark withdrawal #${row.payment_id} paid?`;
  const label =
    kind === 'reject' ? 'Reject' : deposit ? `Credit ${rupees(row.amount)}` : `Paid ${rupees(row.amount)}`;
  return (
    <ConfirmDialog
      open
      title={title}
      confirmLabel={label}
      danger={kind !== 'reject'}
      busy={action.busy}
      error={local ?? action.error}
      onCancel={onClose}
      onConfirm={() => void go()}
    >
      {kind === 'reject' ? (
        <>
          <p>
            {deposit
              ? `${row.user_name}'s deposit of ${rupees(row.amount)} is not credited.`
              : `The ${rupees(row.amount)} held for ${row.user_name}'s withdrawal goes back to the balance.`}
          </p>
          <Field label="Reason (the bettor reads it)">
            {(p) => (
              <input {...p} value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} />
            )}
          </Field>
        </>
      ) : deposit ? (
        <p>
          Credit {rupees(row.amount)} to {row.user_name} from the house: check first that it arrived (
          {row.method}, reference <code>{row.reference ?? '—'}</code>).
        </p>
      ) : (
        <>
          <p>
            Only once the money has left for {row.user_name}'s account
            {row.bank_account
              ? ` ${row.bank_account.account_name}, ${row.bank_account.account_number} (${row.bank_account.ifsc}, ${row.bank_account.bank_name})`
              : ''}
            : the held {rupees(row.amount)} goes to the house's cash.
          </p>
          <Field label="Payout reference (UTR), optional">
            {(p) => (
              <input {...p} value={payout} maxLength={64} onChange={(e) => setPayout(e.target.value)} />
            )}
          </Field>
        </>
      )}
    </ConfirmDialog>
  );
}

/** Deposit and withdrawal requests (issue 12's calls): pending first by default, paged on the server. */
export function PaymentsScreen() {
  const { params, page, set } = useListParams({ keepEmpty: true });
  const status = (params.get('status') ?? 'PENDING') as '' | 'PENDING' | 'APPROVED' | 'PAID' | 'REJECTED';
  const type = (params.get('type') ?? '') as '' | 'DEPOSIT' | 'WITHDRAW';
  const userId = params.get('user') ?? '';
  const [decision, setDecision] = useState<Decision | null>(null);
  const list = useEndpoint(
    'adminPayments',
    {
      ...(status ? { status } : {}),
      ...(type ? { type } : {}),
      ...(/^\d+$/.test(userId) ? { user_id: Number(userId) } : {}),
      limit: PAYMENTS_PAGE_SIZE,
      page,
    },
    { refetchInterval: 15_000, keepPrevious: true },
  );
  return (
    <>
      <PageHeader title="Payments" />
      <NeedsAttention />
      <Card>
        <div className="filters">
          <label>
            <span>Status</span>
            <select value={status} onChange={(e) => set({ status: e.target.value })}>
              <option value="PENDING">Waiting</option>
              <option value="APPROVED">Approved</option>
              <option value="PAID">Paid</option>
              <option value="REJECTED">Rejected</option>
              <option value="">All</option>
            </select>
          </label>
          <label>
            <span>Type</span>
            <select value={type} onChange={(e) => set({ type: e.target.value })}>
              <option value="">Deposits and withdrawals</option>
              <option value="DEPOSIT">Deposits</option>
              <option value="WITHDRAW">Withdrawals</option>
            </select>
          </label>
          <label>
            <span>User id</span>
            <input
              inputMode="numeric"
              value={userId}
              onChange={(e) => set({ user: e.target.value.replace(/\D/g, '') })}
            />
          </label>
        </div>
        <Loadable query={list}>
          {(d) => (
            <>
              <TableWrap label="Payment requests">
                <table className="table" aria-label="Payment requests">
                  <thead>
                    <tr>
                      <th>Request</th>
                      <th>User</th>
                      <th className="num">Amount</th>
                      <th>Method · reference</th>
                      <th>Decision</th>
                      <th>Gateway</th>
                      <th />
                    </tr>
                  </thead>
                  <tbody>
                    {d.rows.length === 0 ? (
                      <tr>
                        <td colSpan={7} className="muted">
                          No requests match.
                        </td>
                      </tr>
                    ) : (
                      d.rows.map((r) => (
                        <tr key={r.payment_id}>
                          <td>
                            {r.type === 'DEPOSIT' ? 'Deposit' : 'Withdrawal'} #{r.payment_id}
                            <div className="muted small">{when(r.created_at)}</div>
                          </td>
                          <td>
                            <Link to={`/users/${r.user_id}`}>{r.user_name}</Link>
                          </td>
                          <td className="num">
                            {rupees(r.amount)}
                            {r.settled_amount !== null ? (
                              <div className="small">moved {rupees(r.settled_amount)}</div>
                            ) : null}
                          </td>
                          <td>
                            {r.method}
                            {r.reference ? <div className="small">ref. {r.reference}</div> : null}
                            {r.bank_account ? (
                              <div className="small">
                                {r.bank_account.account_name} · {r.bank_account.account_number} ·{' '}
                                {r.bank_account.ifsc} · {r.bank_account.bank_name}
                              </div>
                            ) : null}
                          </td>
                          <td>
                            <Badge
                              tone={
                                r.status === 'PENDING' ? 'amber' : r.status === 'REJECTED' ? 'red' : 'green'
                              }
                            >
                              {r.status}
                            </Badge>
                            {r.decided_by ? (
                              <div className="muted small">
                                {r.decided_by}, {when(r.decided_at)}
                              </div>
                            ) : null}
                            {r.reason ? <div className="small">“{r.reason}”</div> : null}
                            {r.payout_reference ? (
                              <div className="small">payout {r.payout_reference}</div>
                            ) : null}
                          </td>
                          <td>
                            {r.gateway ? (
                              <GatewayOutcome word={r.gateway} />
                            ) : (
                              <span className="muted">—</span>
                            )}
                            {r.gateway?.reason ? <div className="small">“{r.gateway.reason}”</div> : null}
                            {r.attention ? (
                              <div>
                                <Badge tone="amber">{`Needs attention: ${KIND_LABEL[r.attention.kind]}`}</Badge>
                              </div>
                            ) : null}
                          </td>
                          <td className="nowrap">
                            {r.status === 'PENDING' && !r.attention ? (
                              <>
                                <button
                                  type="button"
                                  className="btn btn--small btn--primary"
                                  onClick={() =>
                                    setDecision({ row: r, kind: r.type === 'DEPOSIT' ? 'approve' : 'pay' })
                                  }
                                >
                                  {r.type === 'DEPOSIT' ? 'Approve…' : 'Mark paid…'}
                                </button>{' '}
                                <button
                                  type="button"
                                  className="btn btn--small"
                                  onClick={() => setDecision({ row: r, kind: 'reject' })}
                                >
                                  Reject…
                                </button>
                              </>
                            ) : null}
                          </td>
                        </tr>
                      ))
                    )}
                  </tbody>
                </table>
              </TableWrap>
              <Pager
                page={d.page}
                pageSize={d.page_size}
                total={d.total}
                noun="requests"
                onPage={(p) => set({ page: String(p) })}
              />
            </>
          )}
        </Loadable>
      </Card>
      {decision ? <DecisionDialog decision={decision} onClose={() => setDecision(null)} /> : null}
    </>
  );
}
