import type { z } from 'zod';
import type { adminDiscrepancy, adminPaymentRow } from '@backlay/contract';
import { ConfirmDialog } from '@backlay/ui/components';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAction } from '../../lib/actions.ts';
import { rupees, when } from '../../lib/format.ts';
import { Badge, Card, Field, Loadable, TableWrap } from '../../components/ui.tsx';
import { useEndpoint } from '../../components/queries.ts';

type Discrepancy = z.infer<typeof adminDiscrepancy>;
type GatewayWord = NonNullable<z.infer<typeof adminPaymentRow>['gateway']>;

const keys = [
  ['adminPayments'],
  ['adminPaymentDiscrepancies'],
  ['adminDashboard'],
  ['adminUser'],
  ['adminUsers'],
];

export const KIND_LABEL: Record<Discrepancy['kind'], string> = {
  AMOUNT_DIFFERS: 'Amount differs',
  SUCCEEDED_AFTER_REJECT: 'Succeeded after reject',
  FAILED_AFTER_PAID: 'Failed after paid',
};

/** The gateway's word as the operator reads it: "SUCCEEDED ₹500.00" and when. */
export function GatewayOutcome({ word }: { word: Pick<GatewayWord, 'type' | 'amount' | 'received_at'> }) {
  const succeeded = word.type.endsWith('.succeeded');
  return (
    <>
      <Badge tone={succeeded ? 'green' : 'red'}>{succeeded ? 'SUCCEEDED' : 'FAILED'}</Badge>{' '}
      {word.amount !== null ? rupees(word.amount) : null}
      <div className="muted small">{when(word.received_at)}</div>
    </>
  );
}

/** What resolving does to the bettor's balance, in words that name the money. */
function moveWords(d: Discrepancy): string {
  const move = d.move ?? 0;
  if (move > 0) return `Credit ${rupees(move)}`;
  if (move < 0) return `Take back ${rupees(-move)}`;
  return 'Follow the gateway';
}

function ResolveDialog({ d, onClose }: { d: Discrepancy; onClose: () => void }) {
  const resolve = useAction('adminPaymentDiscrepancyResolve', { invalidate: keys });
  const move = d.move ?? 0;
  const deposit = d.type === 'DEPOSIT';
  const after = d.gateway.type.endsWith('.succeeded')
    ? `${deposit ? 'approved' : 'paid'} at ${rupees(d.gateway.amount)}`
    : 'rejected';
  return (
    <ConfirmDialog
      open
      title={`${moveWords(d)}${move !== 0 ? (move > 0 ? ` to ${d.user_name}` : ` from ${d.user_name}`) : ''}?`}
      confirmLabel={moveWords(d)}
      danger
      busy={resolve.busy}
      error={resolve.error}
      onCancel={onClose}
      onConfirm={() =>
        void resolve.run({ discrepancy_id: d.discrepancy_id, move }).then((r) => r.ok && onClose())
      }
    >
      <p>
        {deposit ? 'Deposit' : 'Withdrawal'} #{d.payment_id}: {d.user_name} asked for {rupees(d.requested)};
        the decision was {d.payment_status.toLowerCase()}; the gateway ({d.gateway.gateway}) says{' '}
        {d.gateway.type.endsWith('.succeeded') ? 'succeeded' : 'failed'}
        {d.gateway.type.endsWith('.succeeded') ? `, ${rupees(d.gateway.amount)}` : ''}.
      </p>
      <p>
        {move > 0
          ? `${rupees(move)} goes from the house's cash to ${d.user_name}'s balance`
          : move < 0
            ? `${rupees(-move)} goes from ${d.user_name}'s balance back to the house's cash`
            : 'No money moves'}
        , and the request is marked {after}, as the gateway says.
      </p>
    </ConfirmDialog>
  );
}

function DismissDialog({ d, onClose }: { d: Discrepancy; onClose: () => void }) {
  const dismiss = useAction('adminPaymentDiscrepancyDismiss', { invalidate: keys });
  const [note, setNote] = useState('');
  const [local, setLocal] = useState<string | null>(null);
  async function go() {
    if (note.trim().length < 3) return setLocal('Say why nothing moves (the audit log keeps it)');
    const r = await dismiss.run({ discrepancy_id: d.discrepancy_id, note: note.trim() });
    if (r.ok) onClose();
  }
  return (
    <ConfirmDialog
      open
      title={`Dismiss payment #${d.payment_id}'s disagreement?`}
      confirmLabel="Dismiss, move nothing"
      busy={dismiss.busy}
      error={local ?? dismiss.error}
      onCancel={onClose}
      onConfirm={() => void go()}
    >
      <p>Only when the gateway is wrong: no money moves and the decision stands.</p>
      <Field label="Why (kept in the audit log)">
        {(p) => <input {...p} value={note} maxLength={200} onChange={(e) => setNote(e.target.value)} />}
      </Field>
    </ConfirmDialog>
  );
}

/**
 * Needs attention: every payment whose gateway outcome disagrees with the decision, oldest first,
 * with the money resolving moves. Shown above the requests while any is open.
 */
export function NeedsAttention() {
  const list = useEndpoint('adminPaymentDiscrepancies', { status: 'OPEN' }, { refetchInterval: 15_000 });
  const [open, setOpen] = useState<{ d: Discrepancy; kind: 'resolve' | 'dismiss' } | null>(null);
  if (list.data && list.data.total === 0) return null;
  return (
    <Card title={`Needs attention${list.data ? ` (${list.data.total})` : ''}`}>
      <Loadable query={list}>
        {(data) => (
          <TableWrap label="Needs attention">
            <table className="table" aria-label="Needs attention">
              <thead>
                <tr>
                  <th>Request</th>
                  <th>User</th>
                  <th>Disagreement</th>
                  <th>Decision</th>
                  <th>Gateway</th>
                  <th className="num">Resolving moves</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {data.rows.map((d) => (
                  <tr key={d.discrepancy_id}>
                    <td>
                      {d.type === 'DEPOSIT' ? 'Deposit' : 'Withdrawal'} #{d.payment_id}
                      <div className="muted small">asked {rupees(d.requested)}</div>
                    </td>
                    <td>
                      <Link to={`/users/${d.user_id}`}>{d.user_name}</Link>
                    </td>
                    <td>
                      <Badge tone="amber">{KIND_LABEL[d.kind]}</Badge>
                    </td>
                    <td>
                      <Badge>{d.payment_status}</Badge>
                      {d.settled_amount !== null ? ` ${rupees(d.settled_amount)}` : null}
                      <div className="muted small">
                        {d.decided_by ?? '—'}, {when(d.decided_at)}
                      </div>
                    </td>
                    <td>
                      <GatewayOutcome word={d.gateway} />
                    </td>
                    <td className="num">{d.move === null ? '—' : rupees(d.move)}</td>
                    <td className="nowrap">
                      <button
                        type="button"
                        className="btn btn--small btn--primary"
                        onClick={() => setOpen({ d, kind: 'resolve' })}
                      >
                        Resolve…
                      </button>{' '}
                      <button
                        type="button"
                        className="btn btn--small"
                        onClick={() => setOpen({ d, kind: 'dismiss' })}
                      >
                        Dismiss…
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
        )}
      </Loadable>
      {open?.kind === 'resolve' ? <ResolveDialog d={open.d} onClose={() => setOpen(null)} /> : null}
      {open?.kind === 'dismiss' ? <DismissDialog d={open.d} onClose={() => setOpen(null)} /> : null}
    </Card>
  );
}
