// Limits down the tree on the user screen (issue 41, docs/hierarchy.md "Limits down the tree"):
// per sport, the maximum stake of one bet and the maximum exposure set on this account by an
// upline, and what binds once every account above it counts. An account above edits them; the
// account itself only reads its own.
import type { AdminUserLimits } from '@backlay/contract';
import { Modal } from '@backlay/ui/components';
import { useState } from 'react';
import { useAction } from '../../lib/actions.ts';
import { rupees } from '../../lib/format.ts';
import { Card, Field, FormError, Loadable } from '../../components/ui.tsx';
import { useEndpoint } from '../../components/queries.ts';

type Limit = AdminUserLimits['limits'][number];

const money = (v: number | null) => (v === null ? '—' : rupees(v));
const MONEY = /^\d+(\.\d{1,2})?$/;

/** A typed amount: null when blank (no limit), a number, or 'bad'. */
function parse(text: string): number | null | 'bad' {
  const t = text.trim();
  if (t === '') return null;
  return MONEY.test(t) && Number(t) > 0 ? Number(t) : 'bad';
}

function LimitDialog({
  userId,
  userName,
  limit,
  onClose,
}: {
  userId: number;
  userName: string;
  limit: Limit;
  onClose: () => void;
}) {
  const [stake, setStake] = useState(limit.max_stake === null ? '' : String(limit.max_stake));
  const [exposure, setExposure] = useState(limit.max_exposure === null ? '' : String(limit.max_exposure));
  const [local, setLocal] = useState<string | null>(null);
  const set = useAction('adminUserLimitSet', {
    invalidate: [['adminUserLimits', { user_id: userId }]],
    success: `${limit.sport_name} limits saved for ${userName}`,
  });
  async function save() {
    const max_stake = parse(stake);
    const max_exposure = parse(exposure);
    if (max_stake === 'bad' || max_exposure === 'bad')
      return setLocal('Give amounts in rupees above 0, up to 2 decimals, or leave blank for no limit');
    setLocal(null);
    const r = await set.run({ user_id: userId, sport_id: limit.sport_id, max_stake, max_exposure });
    if (r.ok) onClose();
  }
  return (
    <Modal
      open
      title={`${limit.sport_name} limits of ${userName}`}
      onClose={set.busy ? () => {} : onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={set.busy}>
            Cancel
          </button>
          <button type="button" className="btn btn--primary" onClick={() => void save()} disabled={set.busy}>
            Save
          </button>
        </>
      }
    >
      <p className="small">
        No bettor at or below {userName} may go over these on {limit.sport_name}. A limit set above this
        account still binds when it is lower. Leave a field blank for no limit here.
      </p>
      <Field label="Maximum stake of one bet (₹)">
        {(props) => (
          <input {...props} inputMode="decimal" value={stake} onChange={(e) => setStake(e.target.value)} />
        )}
      </Field>
      <Field label={`Maximum exposure on ${limit.sport_name} (₹)`}>
        {(props) => (
          <input
            {...props}
            inputMode="decimal"
            value={exposure}
            onChange={(e) => setExposure(e.target.value)}
          />
        )}
      </Field>
      <FormError message={local ?? set.error} />
    </Modal>
  );
}

/** The card: one row per sport. `canEdit`: the viewer is above this account. */
export function UserLimits({
  userId,
  userName,
  canEdit,
}: {
  userId: number;
  userName: string;
  canEdit: boolean;
}) {
  const q = useEndpoint('adminUserLimits', { user_id: userId });
  const [editing, setEditing] = useState<Limit | null>(null);
  return (
    <Card title="Limits per sport">
      <Loadable query={q}>
        {(d) => (
          <div
            className="table-wrap"
            tabIndex={0}
            role="region"
            aria-label={`Limits per sport of ${userName}`}
          >
            <table className="table table--compact" aria-label={`Limits per sport of ${userName}`}>
              <thead>
                <tr>
                  <th>Sport</th>
                  <th>Max stake</th>
                  <th>Max exposure</th>
                  <th>Set by</th>
                  <th>Binding stake</th>
                  <th>Binding exposure</th>
                  {canEdit ? <th>Action</th> : null}
                </tr>
              </thead>
              <tbody>
                {d.limits.map((l) => (
                  <tr key={l.sport_id}>
                    <td>{l.sport_name}</td>
                    <td>{money(l.max_stake)}</td>
                    <td>{money(l.max_exposure)}</td>
                    <td>{l.set_by_name ?? '—'}</td>
                    <td>{money(l.effective_max_stake)}</td>
                    <td>{money(l.effective_max_exposure)}</td>
                    {canEdit ? (
                      <td>
                        <button
                          type="button"
                          className="btn btn--small"
                          aria-label={`Set ${l.sport_name} limits`}
                          onClick={() => setEditing(l)}
                        >
                          Set
                        </button>
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Loadable>
      {editing ? (
        <LimitDialog userId={userId} userName={userName} limit={editing} onClose={() => setEditing(null)} />
      ) : null}
    </Card>
  );
}
