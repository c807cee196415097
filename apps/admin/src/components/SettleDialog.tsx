// Settle with a child (admin/downline/settle): cash changed hands outside, the ledger brings what
// is owed (the server's figure: balance + what it lent down − credit reference) to zero or part of
// the way. Asked, then confirmed with what will move.
import { ConfirmDialog, Modal } from '@backlay/ui/components';
import { useState } from 'react';
import { useAction } from '../lib/actions.ts';
import { rupees } from '../lib/format.ts';
import { Field, FormError } from './ui.tsx';

export type SettleChild = { user_id: number; user_name: string; owed: number };

/** What the owed figure means, in words. */
export const owedWords = (owed: number) =>
  owed > 0 ? `you owe it ${rupees(owed)}` : owed < 0 ? `it owes you ${rupees(-owed)}` : 'nothing owed';

export function SettleDialog({ child, onClose }: { child: SettleChild; onClose: () => void }) {
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [local, setLocal] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const settle = useAction('adminDownlineSettle', {
    invalidate: [['adminDownlinePl'], ['adminUsers'], ['adminUser']],
  });
  const whole = Math.abs(child.owed);
  const value = amount.trim() === '' ? whole : Number(amount);
  function check(): boolean {
    if (amount.trim() !== '' && (!/^\d+(\.\d{1,2})?$/.test(amount.trim()) || value <= 0)) {
      setLocal('Give an amount in rupees, up to 2 decimals, or leave it empty to settle all');
      return false;
    }
    if (value > whole) {
      setLocal(`At most what is owed, ${rupees(whole)}`);
      return false;
    }
    if (note.trim().length < 1) {
      setLocal('Say how it was settled (both statements show it)');
      return false;
    }
    setLocal(null);
    return true;
  }
  async function go() {
    const r = await settle.run({
      user_id: child.user_id,
      note: note.trim(),
      ...(amount.trim() === '' ? {} : { amount: value }),
    });
    if (r.ok) onClose();
  }
  return (
    <>
      <Modal
        open={!confirming}
        title={`Settle with ${child.user_name}`}
        onClose={onClose}
        className="modal--small"
        footer={
          <>
            <button type="button" className="btn" onClick={onClose}>
              Cancel
            </button>
            <button
              type="button"
              className="btn btn--primary"
              disabled={settle.busy || child.owed === 0}
              onClick={() => {
                if (!check()) return;
                settle.reset();
                setConfirming(true);
              }}
            >
              Settle…
            </button>
          </>
        }
      >
        <p className="small">
          Owed: {rupees(child.owed)} ({owedWords(child.owed)}): its balance and what it lent its own accounts,
          less its credit reference. Settling records cash paid outside: the ledger moves that much of its
          cash, so nothing is owed after.
        </p>
        <Field label="Amount (₹)" hint={`Empty: all of ${rupees(whole)}`}>
          {(p) => (
            <input {...p} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
          )}
        </Field>
        <Field label="Note" hint="How it was settled; on both statements">
          {(p) => <input {...p} value={note} maxLength={200} onChange={(e) => setNote(e.target.value)} />}
        </Field>
        <FormError message={local ?? settle.error} />
      </Modal>
      <ConfirmDialog
        open={confirming}
        title={`Settle ${rupees(value)} with ${child.user_name}?`}
        confirmLabel={`Settle ${rupees(value)}`}
        busy={settle.busy}
        error={settle.error}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void go()}
      >
        <p>
          {child.owed > 0
            ? `You paid ${child.user_name} ${rupees(value)} outside: ${rupees(value)} goes from its cash back up to yours.`
            : `${child.user_name} paid you ${rupees(value)} outside: ${rupees(value)} goes from your cash to its.`}{' '}
          Note: “{note.trim()}”.
        </p>
      </ConfirmDialog>
    </>
  );
}
