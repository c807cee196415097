// The console's Users and Audit lists, paged and filtered in SQL. Nothing here writes.
import {
  CONSOLE_PAGE_SIZE,
  type AdminAuditRow,
  type AdminUser,
  type AdminUserRow,
  type adminAuditRequest,
  type adminUsersRequest,
} from '@backlay/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { sessions, users } from '../account/schema.ts';
import { adminActions } from '../audit/schema.ts';
import { exposureHolds, ledgerAccounts } from '../wallet/schema.ts';
import type { Executor } from '../../db/store.ts';
import { OPERATOR_LOCK_UNTIL } from '../account/queries.ts';
import { likeEscape } from '../catalog/queries.ts';
import { owedPaiseSql } from '../hierarchy/owed.ts';
import { subtreeCondition } from '../account/tree.ts';

type In<T extends z.ZodType> = z.output<T>;
const rupees = (paise: number) => Math.round(paise) / 100;
const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
const iso = (v: string | Date) => new Date(v).toISOString();

type UserSqlRow = {
  user_id: number;
  user_name: string;
  role: 'bettor' | 'operator' | 'master' | 'agent';
  parent_id: number | null;
  parent_name: string | null;
  share_bp: number | null;
  credit_reference: string;
  owed: string;
  balance: string;
  exposure: string;
  locked_until: string | Date | null;
  bet_locked_by: number | null;
  is_change_password: boolean;
  created_at: string | Date;
  last_login_at: string | Date | null;
};

const userColumns = sql`u.user_id, u.user_name, u.role, u.parent_id, p.user_name as parent_name,
  u.share_bp, u.credit_reference_paise::text as credit_reference,
  ${owedPaiseSql(sql`u.user_id`)}::text as owed,
  coalesce(a.balance_paise, 0)::text as balance,
  (select coalesce(sum(e.exposure_paise), 0)::text from ${exposureHolds} e where e.user_id = u.user_id) as exposure,
  u.locked_until, u.is_change_password, u.created_at, u.bet_locked_by,
  (select max(s.created_at) from ${sessions} s where s.user_id = u.user_id) as last_login_at`;

const userFrom = sql`from ${users} u
  left join ${users} p on p.user_id = u.parent_id
  left join ${ledgerAccounts} a on a.user_id = u.user_id and a.kind = 'user_cash'`;

function toUserRow(r: UserSqlRow, now: Date): AdminUserRow {
  const balance = Number(r.balance);
  const exposure = Number(r.exposure);
  const until = r.locked_until === null ? null : new Date(r.locked_until);
  return {
    user_id: r.user_id,
    user_name: r.user_name,
    role: r.role,
    parent_id: r.parent_id,
    parent_name: r.parent_name,
    share_pct: r.share_bp === null ? null : Number(r.share_bp) / 100,
    balance: rupees(balance),
    exposure: rupees(exposure),
    available: rupees(balance - exposure),
    credit_reference: rupees(Number(r.credit_reference)),
    owed: rupees(Number(r.owed)),
    lock:
      until === null || until <= now
        ? 'NONE'
        : until.getTime() >= OPERATOR_LOCK_UNTIL.getTime()
          ? 'LOCKED'
          : 'LOGIN_LOCKOUT',
    bet_locked: r.bet_locked_by !== null,
    must_change_password: r.is_change_password,
    created_at: iso(r.created_at),
    last_login_at: r.last_login_at === null ? null : iso(r.last_login_at),
  };
}

/**
 * The Users list. `within`: a master's or an agent's own id, whose subtree (itself and every
 * account below it) is all the list shows; null for the operator (every user).
 */
export async function listUsers(
  db: Executor,
  now: Date,
  q: In<typeof adminUsersRequest>,
  within: number | null = null,
) {
  const where: SQL[] = [sql`true`];
  if (within !== null) where.push(subtreeCondition(sql`u.user_id`, within));
  if (q.search) {
    where.push(sql`(u.user_name ilike ${`%${likeEscape(q.search)}%`} or u.user_id::text = ${q.search})`);
  }
  if (q.role) where.push(sql`u.role = ${q.role}`);
  if (q.parent_id !== undefined) where.push(sql`u.parent_id = ${q.parent_id}`);
  if (q.status === 'locked') where.push(sql`u.locked_until > ${now.toISOString()}::timestamptz`);
  if (q.status === 'active') {
    where.push(sql`(u.locked_until is null or u.locked_until <= ${now.toISOString()}::timestamptz)`);
  }
  const cond = sql.join(where, sql` and `);
  const [count, page] = await Promise.all([
    db.execute(sql`select count(*)::int as n ${userFrom} where ${cond}`),
    db.execute(sql`select ${userColumns} ${userFrom} where ${cond}
      order by u.user_id limit ${CONSOLE_PAGE_SIZE} offset ${(q.page - 1) * CONSOLE_PAGE_SIZE}`),
  ]);
  return {
    rows: rows<UserSqlRow>(page).map((r) => toUserRow(r, now)),
    page: q.page,
    page_size: CONSOLE_PAGE_SIZE,
    total: Number(rows<{ n: number }>(count)[0]?.n ?? 0),
    trail: q.parent_id === undefined ? [] : await trailTo(db, q.parent_id, within),
  };
}

/**
 * The accounts from `within` (null: the top of the tree) down to `userId`, top first: the Users
 * list's breadcrumb. The scope check has put `userId` in `within`'s subtree; bounded by the tree's depth.
 */
async function trailTo(db: Executor, userId: number, within: number | null) {
  const r = await db.execute(sql`
    with recursive up(user_id, parent_id, user_name, role, depth) as (
      select u.user_id, u.parent_id, u.user_name, u.role, 0 from ${users} u where u.user_id = ${userId}
      union all
      select p.user_id, p.parent_id, p.user_name, p.role, up.depth + 1
        from up join ${users} p on p.user_id = up.parent_id
        where up.depth < 16 and up.user_id <> ${within ?? -1}
    )
    select user_id, user_name, role from up order by depth desc`);
  return rows<{ user_id: number; user_name: string; role: AdminUserRow['role'] }>(r).map((x) => ({
    user_id: Number(x.user_id),
    user_name: x.user_name,
    role: x.role,
  }));
}

export async function userDetail(db: Executor, now: Date, userId: number): Promise<AdminUser | null> {
  const r = await db.execute(sql`select ${userColumns},
      (select count(*)::int from ${users} c where c.parent_id = u.user_id) as children,
      (select count(*)::int from ${sessions} s where s.user_id = u.user_id and s.revoked_at is null
        and s.expires_at > ${now.toISOString()}::timestamptz) as live_sessions
    ${userFrom} where u.user_id = ${userId}`);
  const row = rows<UserSqlRow & { children: number; live_sessions: number }>(r)[0];
  if (!row) return null;
  const until = row.locked_until === null ? null : new Date(row.locked_until);
  return {
    ...toUserRow(row, now),
    children: Number(row.children),
    live_sessions: Number(row.live_sessions),
    locked_until: until && until > now ? until.toISOString() : null,
  };
}

type AuditSqlRow = {
  action_id: number | string;
  created_at: string | Date;
  operator_id: number;
  operator_name: string;
  action: string;
  request_id: string | null;
  request: unknown;
  response: { status?: boolean; message?: string };
  concerned_id: number | null;
  concerned_name: string | null;
};

/** The audit list; `within` (a master's or an agent's id): only the actions of its subtree's accounts. */
export async function listAudit(db: Executor, q: In<typeof adminAuditRequest>, within: number | null = null) {
  const where: SQL[] = [sql`true`];
  if (within !== null) where.push(subtreeCondition(sql`a.operator_id`, within));
  if (q.search) {
    const like = `%${likeEscape(q.search)}%`;
    where.push(sql`(a.action ilike ${like} or a.request::text ilike ${like} or a.response::text ilike ${like}
      or a.request_id ilike ${like})`);
  }
  if (q.action) where.push(sql`a.action = ${q.action}`);
  if (q.operator_id !== undefined) where.push(sql`a.operator_id = ${q.operator_id}`);
  if (q.outcome) where.push(sql`coalesce((a.response ->> 'status')::boolean, false) = ${q.outcome === 'ok'}`);
  if (q.from) where.push(sql`a.created_at >= ${q.from}::timestamptz`);
  if (q.to) where.push(sql`a.created_at < ${q.to}::timestamptz`);
  const cond = sql.join(where, sql` and `);
  const from = sql`from ${adminActions} a join ${users} u on u.user_id = a.operator_id where ${cond}`;
  // The user a row concerns: the request's user_id, or the bettor of the payment it decided (a
  // discrepancy's through its payment).
  const concerned = sql`coalesce(
      case when (a.request ->> 'user_id') ~ '^[0-9]+$' then (a.request ->> 'user_id')::int end,
      (select p.user_id from payment_requests p where (a.request ->> 'payment_id') ~ '^[0-9]+$'
        and p.payment_id = (a.request ->> 'payment_id')::bigint),
      (select p.user_id from payment_discrepancies d join payment_requests p on p.payment_id = d.payment_id
        where (a.request ->> 'discrepancy_id') ~ '^[0-9]+$' and d.discrepancy_id = (a.request ->> 'discrepancy_id')::bigint))`;
  const [count, page] = await Promise.all([
    db.execute(sql`select count(*)::int as n ${from}`),
    db.execute(sql`select a.action_id, a.created_at, a.operator_id, u.user_name as operator_name, a.action,
        a.request_id, a.request, a.response, c.user_id as concerned_id, c.user_name as concerned_name
      from ${adminActions} a join ${users} u on u.user_id = a.operator_id
      left join ${users} c on c.user_id = ${concerned}
      where ${cond} order by a.action_id desc limit ${CONSOLE_PAGE_SIZE} offset ${(q.page - 1) * CONSOLE_PAGE_SIZE}`),
  ]);
  return {
    rows: rows<AuditSqlRow>(page).map((r): AdminAuditRow => ({
      action_id: Number(r.action_id),
      at: iso(r.created_at),
      operator_id: r.operator_id,
      operator_name: r.operator_name,
      action: r.action,
      request_id: r.request_id,
      request: r.request,
      ok: r.response?.status === true,
      message: typeof r.response?.message === 'string' ? r.response.message : null,
      response: r.response,
      user_id: r.concerned_id ?? null,
      user_name: r.concerned_name ?? null,
    })),
    page: q.page,
    page_size: CONSOLE_PAGE_SIZE,
    total: Number(rows<{ n: number }>(count)[0]?.n ?? 0),
  };
}
