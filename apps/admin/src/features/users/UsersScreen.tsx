import { adminUserCreateRequest } from '@backlay/contract';
import { Modal, Pager } from '@backlay/ui/components';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAction } from '../../lib/actions.ts';
import { rupees, when } from '../../lib/format.ts';
import {
  Badge,
  Card,
  Field,
  FormError,
  Loadable,
  PageHeader,
  SearchFilters,
  TableWrap,
} from '../../components/ui.tsx';
import { useEndpoint } from '../../components/queries.ts';
import { randomPassword } from './password.ts';
import { owedWords, SettleDialog, type SettleChild } from '../../components/SettleDialog.tsx';
import { useListParams } from '../../lib/list-params.ts';
import { roleOf, useSession, type ConsoleRole } from '../../lib/session.ts';

/** Which accounts each console role creates (the server's rule, modules/hierarchy/tree.ts). */
const CREATES: Record<ConsoleRole, readonly ('master' | 'agent' | 'bettor')[]> = {
  operator: ['bettor', 'agent', 'master'],
  master: ['bettor', 'agent'],
  agent: ['bettor'],
};

function NewBettorDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (id: number) => void }) {
  const roles = CREATES[roleOf(useSession())];
  const [role, setRole] = useState<'master' | 'agent' | 'bettor'>('bettor');
  const [share, setShare] = useState('');
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState(randomPassword);
  const [parentId, setParentId] = useState('');
  const [mustChange, setMustChange] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useAction('adminUserCreate', {
    invalidate: [['adminUsers']],
    success: (d) => `${role[0]!.toUpperCase()}${role.slice(1)} ${d.user_name} created`,
  });
  async function go() {
    const body = {
      user_name: userName.trim(),
      password,
      role,
      must_change_password: mustChange,
      ...(parentId.trim() ? { parent_id: Number(parentId) } : {}),
      ...(role !== 'bettor' && share.trim() ? { share_pct: Number(share) } : {}),
    };
    const parsed = adminUserCreateRequest.safeParse(body);
    if (!parsed.success) {
      const e: Record<string, string> = {};
      for (const i of parsed.error.issues) e[String(i.path[0])] ??= i.message;
      return setErrors(e);
    }
    setErrors({});
    const r = await create.run(body);
    if (r.ok) onCreated(r.data.user_id);
  }
  return (
    <Modal
      open
      title={`New ${role}`}
      onClose={create.busy ? () => {} : onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="btn btn--primary" onClick={() => void go()} disabled={create.busy}>
            Create {role}
          </button>
        </>
      }
    >
      <div className="form-grid">
        {roles.length > 1 ? (
          <Field label="Role">
            {(p) => (
              <select {...p} value={role} onChange={(e) => setRole(e.target.value as typeof role)}>
                {roles.map((r) => (
                  <option key={r} value={r}>
                    {r}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ) : null}
        {role === 'bettor' ? null : (
          <Field
            label="Share (%)"
            hint="Its part of the result of its downline’s bets, 0–100"
            error={errors.share_pct ?? null}
          >
            {(p) => (
              <input {...p} inputMode="decimal" value={share} onChange={(e) => setShare(e.target.value)} />
            )}
          </Field>
        )}
        <Field label="User name" hint="3–32 letters, digits, _ . -" error={errors.user_name ?? null}>
          {(p) => (
            <input {...p} autoComplete="off" value={userName} onChange={(e) => setUserName(e.target.value)} />
          )}
        </Field>
        <Field
          label="First password"
          hint={`Give it to the ${role}; shown once. Give credit with Deposit once it is created`}
          error={errors.password ?? null}
        >
          {(p) => (
            <input {...p} autoComplete="off" value={password} onChange={(e) => setPassword(e.target.value)} />
          )}
        </Field>
        <Field label="Parent (user id)" hint="Empty: you" error={errors.parent_id ?? null}>
          {(p) => (
            <input
              {...p}
              inputMode="numeric"
              value={parentId}
              onChange={(e) => setParentId(e.target.value)}
            />
          )}
        </Field>
      </div>
      <label className="check">
        <input type="checkbox" checked={mustChange} onChange={(e) => setMustChange(e.target.checked)} /> Must
        choose a new password at the first login
      </label>
      <FormError message={create.error} />
    </Modal>
  );
}

/** Users searched and filtered on the server, 25 a page. */
export function UsersScreen() {
  const { params, page, set } = useListParams();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const [settling, setSettling] = useState<SettleChild | null>(null);
  const me = useSession();
  // Who the caller settles with: its direct children (the operator: any account below it).
  const settles = (u: { parent_id: number | null; role: string; user_id: number }) =>
    u.user_id !== me?.user_id &&
    u.role !== 'operator' &&
    (roleOf(me) === 'operator' || u.parent_id === me?.user_id);
  const search = params.get('search') ?? '';
  const role = (params.get('role') ?? '') as '' | 'bettor' | 'agent' | 'master' | 'operator';
  const status = (params.get('status') ?? '') as '' | 'active' | 'locked';
  const parent = params.get('parent') ?? '';
  const list = useEndpoint(
    'adminUsers',
    {
      ...(search ? { search } : {}),
      ...(/^\d+$/.test(parent) ? { parent_id: Number(parent) } : {}),
      ...(role ? { role } : {}),
      ...(status ? { status } : {}),
      page,
    },
    { keepPrevious: true },
  );
  return (
    <>
      <PageHeader title="Users">
        <button type="button" className="btn btn--primary" onClick={() => setCreating(true)}>
          New account
        </button>
      </PageHeader>
      <Card>
        <SearchFilters
          search={search}
          placeholder="User name or id"
          onSearch={(text) => set({ search: text })}
          after={
            parent ? (
              <button type="button" className="btn btn--ghost" onClick={() => set({ parent: '' })}>
                Whole downline ×
              </button>
            ) : null
          }
        >
          <label>
            <span>Role</span>
            <select value={role} onChange={(e) => set({ role: e.target.value })}>
              <option value="">All</option>
              <option value="bettor">Bettors</option>
              <option value="agent">Agents</option>
              <option value="master">Masters</option>
              <option value="operator">Operators</option>
            </select>
          </label>
          <label>
            <span>Status</span>
            <select value={status} onChange={(e) => set({ status: e.target.value })}>
              <option value="">All</option>
              <option value="active">Active</option>
              <option value="locked">Locked</option>
            </select>
          </label>
        </SearchFilters>
        <Loadable query={list}>
          {(d) => (
            <>
              {d.trail.length > 0 ? (
                <nav aria-label="Downline levels" className="breadcrumb">
                  <ol>
                    {d.trail.map((t, i) => (
                      <li key={t.user_id}>
                        {i === d.trail.length - 1 ? (
                          <span aria-current="page">
                            {t.user_name} <span className="muted small">({t.role})</span>
                          </span>
                        ) : (
                          <button
                            type="button"
                            className="linklike"
                            onClick={() => set({ parent: String(t.user_id) })}
                          >
                            {t.user_name} <span className="muted small">({t.role})</span>
                          </button>
                        )}
                      </li>
                    ))}
                  </ol>
                </nav>
              ) : null}
              <TableWrap label="Users">
                <table className="table" aria-label="Users">
                  <thead>
                    <tr>
                      <th>User</th>
                      <th>Parent</th>
                      <th className="num">Share</th>
                      <th className="num">Credit ref.</th>
                      <th className="num">Balance</th>
                      <th className="num">Exposure</th>
                      <th className="num">Available</th>
                      <th title="Balance + what it lent its own accounts − credit reference">Owed</th>
                      <th>Status</th>
                      <th>Last login</th>
                    </tr>
                  </thead>
                  <tbody>
                    {d.rows.length === 0 ? (
                      <tr>
                        <td colSpan={10} className="muted">
                          No user matches.
                        </td>
                      </tr>
                    ) : (
                      d.rows.map((u) => (
                        <tr key={u.user_id}>
                          <td>
                            <Link to={`/users/${u.user_id}`}>{u.user_name}</Link>
                            <div className="muted small">
                              #{u.user_id} · {u.role}
                            </div>
                            {u.role === 'master' || u.role === 'agent' || u.role === 'operator' ? (
                              <button
                                type="button"
                                className="linklike small nowrap"
                                onClick={() => set({ parent: String(u.user_id) })}
                                aria-label={`Downline of ${u.user_name}`}
                              >
                                Downline ›
                              </button>
                            ) : null}
                          </td>
                          <td>{u.parent_name ?? '—'}</td>
                          <td className="num">{u.share_pct === null ? '—' : `${u.share_pct}%`}</td>
                          <td className="num">{rupees(u.credit_reference)}</td>
                          <td className="num">{rupees(u.balance)}</td>
                          <td className="num">{rupees(u.exposure)}</td>
                          <td className="num">{rupees(u.available)}</td>
                          <td className="nowrap">
                            {(() => {
                              const owed = u.owed;
                              if (!settles(u)) return <span className="muted">—</span>;
                              return (
                                <>
                                  <span className="small">{owedWords(owed)}</span>{' '}
                                  {owed !== 0 ? (
                                    <button
                                      type="button"
                                      className="btn btn--small"
                                      aria-label={`Settle with ${u.user_name}`}
                                      onClick={() =>
                                        setSettling({ user_id: u.user_id, user_name: u.user_name, owed })
                                      }
                                    >
                                      Settle
                                    </button>
                                  ) : null}
                                </>
                              );
                            })()}
                          </td>
                          <td>
                            {u.lock === 'NONE' ? <Badge tone="green">ACTIVE</Badge> : <Badge>{u.lock}</Badge>}
                            {u.bet_locked ? (
                              <div>
                                <Badge tone="red">BETTING LOCKED</Badge>
                              </div>
                            ) : null}
                            {u.must_change_password ? (
                              <div className="muted small">must change password</div>
                            ) : null}
                          </td>
                          <td className="nowrap">{when(u.last_login_at)}</td>
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
                noun="users"
                onPage={(p) => set({ page: String(p) })}
              />
            </>
          )}
        </Loadable>
      </Card>
      {settling ? <SettleDialog child={settling} onClose={() => setSettling(null)} /> : null}
      {creating ? (
        <NewBettorDialog
          onClose={() => setCreating(false)}
          onCreated={(id) => {
            setCreating(false);
            void navigate(`/users/${id}`);
          }}
        />
      ) : null}
    </>
  );
}
