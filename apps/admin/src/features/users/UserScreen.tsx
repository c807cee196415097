import type { AdminUser } from '@backlay/contract';
import { ConfirmDialog, Modal } from '@backlay/ui/components';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useAction } from '../../lib/actions.ts';
import { rupees, when } from '../../lib/format.ts';
import { Badge, Card, Field, FormError, Loadable, PageHeader } from '../../components/ui.tsx';
import { useEndpoint } from '../../components/queries.ts';
import { roleOf, useSession } from '../../lib/session.ts';
import { randomPassword } from './password.ts';
import { UserReports } from './UserReports.tsx';
import { UserLimits } from './UserLimits.tsx';
import { UserApiKeys } from './UserApiKeys.tsx';
import { UserSessions } from './UserSessions.tsx';

const userKeys = (userId: number) => [
  ['adminUser', { user_id: userId }],
  ['adminUsers'],
  ['adminUserStatement'],
  ['adminUserSessions', { user_id: userId }],
];

/** Deposit or withdraw with a reason (the statement shows it); each is confirmed first, naming the money and the user. */
function CashDialog({
  user,
  kind,
  onClose,
}: {
  user: AdminUser;
  kind: 'deposit' | 'withdraw';
  onClose: () => void;
}) {
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [local, setLocal] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  // The operator's money comes from and goes to the house; a master's or an agent's, its own cash.
  const fromHouse = roleOf(useSession()) === 'operator';
  const opts = {
    invalidate: userKeys(user.user_id),
    success: (d: { balance: number }) => `Balance now ${rupees(d.balance)}`,
  };
  const deposit = useAction('adminWalletDeposit', opts);
  const withdraw = useAction('adminWalletWithdraw', opts);
  const action = kind === 'deposit' ? deposit : withdraw;
  const value = Number(amount);
  function check(): boolean {
    if (!/^\d+(\.\d{1,2})?$/.test(amount.trim()) || value <= 0) {
      setLocal('Give an amount in rupees, up to 2 decimals');
      return false;
    }
    if (reason.trim().length < 3) {
      setLocal('Give the reason (the bettor sees it on the statement)');
      return false;
    }
    if (kind === 'withdraw' && value > user.available) {
      setLocal(`At most the available ${rupees(user.available)}`);
      return false;
    }
    setLocal(null);
    return true;
  }
  async function go() {
    const r = await action.run({ user_id: user.user_id, amount: value, memo: reason.trim() });
    if (r.ok) onClose();
  }
  const title = `${kind === 'deposit' ? 'Deposit to' : 'Withdraw from'} ${user.user_name}`;
  return (
    <>
      <Modal
        open={!confirming}
        title={title}
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
              disabled={action.busy}
              onClick={() => {
                if (!check()) return;
                action.reset();
                setConfirming(true);
              }}
            >
              {kind === 'deposit' ? 'Deposit…' : 'Withdraw…'}
            </button>
          </>
        }
      >
        <p className="small">
          Balance {rupees(user.balance)} · exposure {rupees(user.exposure)} · available{' '}
          {rupees(user.available)}
        </p>
        <Field label="Amount (₹)">
          {(p) => (
            <input {...p} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
          )}
        </Field>
        <Field label="Reason" hint="Shown on the bettor's statement">
          {(p) => <input {...p} value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} />}
        </Field>
        <FormError message={local ?? action.error} />
      </Modal>
      <ConfirmDialog
        open={confirming}
        title={
          kind === 'deposit'
            ? `Deposit ${rupees(value)} to ${user.user_name}?`
            : `Withdraw ${rupees(value)} from ${user.user_name}?`
        }
        confirmLabel={kind === 'deposit' ? `Deposit ${rupees(value)}` : `Withdraw ${rupees(value)}`}
        danger={kind === 'withdraw'}
        busy={action.busy}
        error={action.error}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void go()}
      >
        <p>
          {kind === 'deposit'
            ? `${rupees(value)} goes from ${fromHouse ? 'the house' : 'your cash'} into ${user.user_name}'s cash (user ${user.user_id}): balance ${rupees(user.balance)} becomes ${rupees(Math.round((user.balance + value) * 100) / 100)}. Reason: “${reason.trim()}”.`
            : `${rupees(value)} leaves ${user.user_name}'s cash (user ${user.user_id}) for ${fromHouse ? 'the house' : 'your cash'}: balance ${rupees(user.balance)} becomes ${rupees(Math.round((user.balance - value) * 100) / 100)}. Reason: “${reason.trim()}”.`}
        </p>
      </ConfirmDialog>
    </>
  );
}

function ResetDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const [password, setPassword] = useState(randomPassword);
  const [done, setDone] = useState(false);
  const reset = useAction('adminUserResetPassword', {
    invalidate: userKeys(user.user_id),
    success: 'Temporary password set',
  });
  return (
    <ConfirmDialog
      open
      title={done ? 'Temporary password set' : `Reset ${user.user_name}'s password?`}
      confirmLabel={done ? 'Done' : 'Set temporary password'}
      danger={!done}
      busy={reset.busy}
      error={reset.error}
      onCancel={onClose}
      onConfirm={() => {
        if (done) return onClose();
        void reset.run({ user_id: user.user_id, new_password: password }).then((r) => {
          if (r.ok) setDone(true);
        });
      }}
    >
      {done ? (
        <p>
          Give {user.user_name} the password <code className="secret">{password}</code>. It works once: the
          bettor must choose a new one at the next login.
        </p>
      ) : (
        <>
          <p>
            Every session of {user.user_name} ends now; the bettor must choose a new password at the next
            login.
          </p>
          <Field label="Temporary password">
            {(p) => (
              <input
                {...p}
                autoComplete="off"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            )}
          </Field>
        </>
      )}
    </ConfirmDialog>
  );
}

function LockDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const locking = user.lock !== 'LOCKED';
  const [reason, setReason] = useState('');
  const lock = useAction('adminUserLock', {
    invalidate: userKeys(user.user_id),
    success: locking ? `${user.user_name} locked` : `${user.user_name} unlocked`,
  });
  return (
    <ConfirmDialog
      open
      title={locking ? `Lock ${user.user_name}?` : `Unlock ${user.user_name}?`}
      confirmLabel={locking ? 'Lock account' : 'Unlock account'}
      danger={locking}
      busy={lock.busy}
      error={lock.error}
      onCancel={onClose}
      onConfirm={() =>
        void lock
          .run({
            user_id: user.user_id,
            locked: locking,
            ...(reason.trim() ? { reason: reason.trim() } : {}),
          })
          .then((r) => {
            if (r.ok) onClose();
          })
      }
    >
      <p>
        {locking
          ? 'Every session ends now and logins are refused until the account is unlocked. Open bets stay as they are.'
          : 'The bettor can log in again (a failed-login lockout is cleared too).'}
      </p>
      <Field label="Reason (kept in the audit log)">
        {(p) => <input {...p} value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} />}
      </Field>
    </ConfirmDialog>
  );
}

/** Betting locked on an account of the downline: it and every account below it stake nothing. */
function BetLockDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const locking = !user.bet_locked;
  const set = useAction('adminUserBetLock', {
    invalidate: userKeys(user.user_id),
    success: locking ? `Betting locked for ${user.user_name}` : `Betting unlocked for ${user.user_name}`,
  });
  return (
    <ConfirmDialog
      open
      title={locking ? `Lock betting for ${user.user_name}?` : `Unlock betting for ${user.user_name}?`}
      confirmLabel={locking ? 'Lock betting' : 'Unlock betting'}
      danger={locking}
      busy={set.busy}
      error={set.error}
      onCancel={onClose}
      onConfirm={() =>
        void set.run({ user_id: user.user_id, locked: locking }).then((r) => {
          if (r.ok) onClose();
        })
      }
    >
      <p>
        {locking
          ? `${user.user_name} and every account below it can log in and read their reports, but no new bet is taken. Open bets stay as they are. Only you or an account above you can unlock it.`
          : `${user.user_name} and the accounts below it can bet again (unless an account above them is locked).`}
      </p>
    </ConfirmDialog>
  );
}

/** A child's credit reference: what its parent lent it, shown beside its balance. */
function CreditDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const [amount, setAmount] = useState(String(user.credit_reference));
  const [local, setLocal] = useState<string | null>(null);
  const set = useAction('adminUserCreditReference', {
    invalidate: userKeys(user.user_id),
    success: (d: AdminUser) => `Credit reference ${rupees(d.credit_reference)}`,
  });
  async function go() {
    if (!/^\d+(\.\d{1,2})?$/.test(amount.trim()))
      return setLocal('Give an amount in rupees, up to 2 decimals');
    setLocal(null);
    const r = await set.run({ user_id: user.user_id, credit_reference: Number(amount) });
    if (r.ok) onClose();
  }
  return (
    <Modal
      open
      title={`Credit reference of ${user.user_name}`}
      onClose={set.busy ? () => {} : onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="btn btn--primary" onClick={() => void go()} disabled={set.busy}>
            Save
          </button>
        </>
      }
    >
      <Field
        label="Credit reference (₹)"
        hint="What you lent this account; its balance now is shown beside it"
      >
        {(p) => (
          <input {...p} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
        )}
      </Field>
      <FormError message={local ?? set.error} />
    </Modal>
  );
}

/** A master's or an agent's share: a change applies to bets placed after it (docs/hierarchy.md). */
function ShareDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const [pct, setPct] = useState(String(user.share_pct ?? 0));
  const [local, setLocal] = useState<string | null>(null);
  const set = useAction('adminUserShare', {
    invalidate: userKeys(user.user_id),
    success: (d: AdminUser) => `Share of ${d.user_name} now ${d.share_pct ?? 0}%`,
  });
  async function go() {
    const t = pct.trim();
    if (!/^\d+(\.\d{1,2})?$/.test(t) || Number(t) > 100)
      return setLocal('Give a share from 0 to 100 %, up to 2 decimals');
    setLocal(null);
    const r = await set.run({ user_id: user.user_id, share_pct: Number(t) });
    if (r.ok) onClose();
  }
  return (
    <Modal
      open
      title={`Share of ${user.user_name}`}
      onClose={set.busy ? () => {} : onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="btn btn--primary" onClick={() => void go()} disabled={set.busy}>
            Save
          </button>
        </>
      }
    >
      <Field
        label="Share of the downline's result (%)"
        hint="Applies to bets placed from now on: bets already placed keep the share they were placed under"
      >
        {(p) => <input {...p} inputMode="decimal" value={pct} onChange={(e) => setPct(e.target.value)} />}
      </Field>
      <FormError message={local ?? set.error} />
    </Modal>
  );
}

export function UserScreen() {
  const userId = Number(useParams().userId);
  const me = useSession();
  const q = useEndpoint('adminUser', { user_id: userId }, { enabled: Number.isInteger(userId) });
  const [dialog, setDialog] = useState<
    'deposit' | 'withdraw' | 'lock' | 'betlock' | 'reset' | 'credit' | 'share' | null
  >(null);
  // Accounts below the caller: the operator changes any; a master or an agent its own subtree, and
  // moves money and credit with its direct children only (one level at a time).
  const below = (u: AdminUser) => u.role !== 'operator' && u.user_id !== me?.user_id;
  const mine = (u: AdminUser) => below(u) && (roleOf(me) === 'operator' || u.parent_id === me?.user_id);
  return (
    <Loadable query={q}>
      {(u) => (
        <>
          <p className="crumbs">
            <Link to="/users">Users</Link> › {u.user_name}
          </p>
          <PageHeader title={u.user_name}>
            {below(u) ? (
              <>
                {mine(u) ? (
                  <>
                    <button type="button" className="btn btn--primary" onClick={() => setDialog('deposit')}>
                      Deposit
                    </button>
                    <button type="button" className="btn" onClick={() => setDialog('withdraw')}>
                      Withdraw
                    </button>
                    <button type="button" className="btn" onClick={() => setDialog('credit')}>
                      Credit reference
                    </button>
                  </>
                ) : null}
                {u.role === 'master' || u.role === 'agent' ? (
                  <button type="button" className="btn" onClick={() => setDialog('share')}>
                    Change share
                  </button>
                ) : null}
                <button type="button" className="btn" onClick={() => setDialog('reset')}>
                  Reset password
                </button>
                <button type="button" className="btn" onClick={() => setDialog('betlock')}>
                  {u.bet_locked ? 'Unlock betting' : 'Lock betting'}
                </button>
                <button
                  type="button"
                  className={`btn ${u.lock === 'LOCKED' ? '' : 'btn--danger'}`}
                  onClick={() => setDialog('lock')}
                >
                  {u.lock === 'LOCKED' ? 'Unlock' : 'Lock'}
                </button>
              </>
            ) : null}
          </PageHeader>
          <Card>
            <dl className="summary">
              <div>
                <dt>Balance</dt>
                <dd data-testid="user-balance">{rupees(u.balance)}</dd>
              </div>
              <div>
                <dt>Credit reference</dt>
                <dd data-testid="user-credit-reference">{rupees(u.credit_reference)}</dd>
              </div>
              <div>
                <dt>Exposure</dt>
                <dd>{rupees(u.exposure)}</dd>
              </div>
              <div>
                <dt>Available</dt>
                <dd>{rupees(u.available)}</dd>
              </div>
              <div>
                <dt>Status</dt>
                <dd>
                  {u.lock === 'NONE' ? <Badge tone="green">ACTIVE</Badge> : <Badge>{u.lock}</Badge>}
                  {u.bet_locked ? <Badge>BETTING LOCKED</Badge> : null}
                  {u.locked_until && u.lock === 'LOGIN_LOCKOUT' ? (
                    <span className="small"> until {when(u.locked_until)}</span>
                  ) : null}
                  {u.must_change_password ? <div className="small muted">must change password</div> : null}
                </dd>
              </div>
              <div>
                <dt>Role · parent</dt>
                <dd>
                  {u.role}
                  {u.share_pct === null ? '' : ` (share ${u.share_pct}%)`} ·{' '}
                  {u.parent_id && (roleOf(me) === 'operator' || u.user_id !== me?.user_id) ? (
                    <Link to={`/users/${u.parent_id}`}>{u.parent_name}</Link>
                  ) : (
                    (u.parent_name ?? '—')
                  )}
                </dd>
              </div>
              <div>
                <dt>Children</dt>
                <dd>{u.children > 0 ? <Link to={`/users?parent=${u.user_id}`}>{u.children}</Link> : 0}</dd>
              </div>
              <div>
                <dt>Sessions</dt>
                <dd>
                  {u.live_sessions} live · last login {when(u.last_login_at)}
                </dd>
              </div>
              <div>
                <dt>Created</dt>
                <dd>{when(u.created_at)}</dd>
              </div>
            </dl>
          </Card>
          <UserSessions userId={u.user_id} userName={u.user_name} />
          {u.role === 'bettor' ? <UserApiKeys userId={u.user_id} userName={u.user_name} /> : null}
          <UserLimits userId={u.user_id} userName={u.user_name} canEdit={below(u)} />
          <Card title="As the bettor sees it">
            <UserReports userId={u.user_id} />
          </Card>
          {dialog === 'deposit' || dialog === 'withdraw' ? (
            <CashDialog user={u} kind={dialog} onClose={() => setDialog(null)} />
          ) : null}
          {dialog === 'credit' ? <CreditDialog user={u} onClose={() => setDialog(null)} /> : null}
          {dialog === 'share' ? <ShareDialog user={u} onClose={() => setDialog(null)} /> : null}
          {dialog === 'lock' ? <LockDialog user={u} onClose={() => setDialog(null)} /> : null}
          {dialog === 'betlock' ? <BetLockDialog user={u} onClose={() => setDialog(null)} /> : null}
          {dialog === 'reset' ? <ResetDialog user={u} onClose={() => setDialog(null)} /> : null}
        </>
      )}
    </Loadable>
  );
}
