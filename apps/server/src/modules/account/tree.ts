// The tree of accounts (issue 41, docs/hierarchy.md): the operator at the root, masters under it,
// agents under masters, bettors under any of them, linked by users.parent_id. Who may create whom,
// and the walks the console's scope reads (a console account's subtree: itself and every account
// below it).
import type { UserRole } from '@backlay/contract';
import { sql, type SQL } from 'drizzle-orm';
import { users } from './schema.ts';
import type { Executor } from '../../db/store.ts';

/** Bound on the tree's depth in every walk (operator → master → agent → bettor is 4). */
export const TREE_DEPTH_MAX = 16;
const MAX_DEPTH = TREE_DEPTH_MAX;

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** What each role may have directly under it. */
const CHILD_ROLES: Readonly<Record<UserRole, readonly UserRole[]>> = {
  operator: ['master', 'agent', 'bettor'],
  master: ['agent', 'bettor'],
  agent: ['bettor'],
  bettor: [],
};

/** Which roles each caller may create (anywhere in its own subtree). */
const CREATES: Readonly<Record<UserRole, readonly UserRole[]>> = {
  operator: ['master', 'agent', 'bettor'],
  master: ['agent', 'bettor'],
  agent: ['bettor'],
  bettor: [],
};

const article = (role: string) => (role === 'agent' || role === 'operator' ? 'an' : 'a');

/**
 * Why `caller` may not create a `role` account under `parent`, in words; null when it may. The
 * parent is already known to be in the caller's subtree (the console's scope checked it).
 */
export function creationRefusal(
  caller: UserRole,
  role: UserRole,
  parent: { userId: number; role: UserRole },
  sharePct: number | undefined,
): string | null {
  if (!CREATES[caller].includes(role)) {
    const may = CREATES[caller];
    return `${article(caller) === 'an' ? 'An' : 'A'} ${caller} cannot create ${article(role)} ${role}: it creates ${may.join(' and ')} accounts`;
  }
  if (!CHILD_ROLES[parent.role].includes(role)) {
    return `User ${parent.userId} is ${article(parent.role)} ${parent.role}: ${article(role)} ${role} cannot be under it`;
  }
  if (role === 'bettor' && sharePct !== undefined)
    return 'A bettor has no share: share_pct is for masters and agents';
  return null;
}

/** A user's role and parent, or null. */
export async function nodeOf(db: Executor, userId: number) {
  const r = await db.execute(sql`select user_id, role, parent_id from ${users} where user_id = ${userId}`);
  const row = rowsOf<{ user_id: number; role: UserRole; parent_id: number | null }>(r)[0];
  return row ? { userId: row.user_id, role: row.role, parentId: row.parent_id } : null;
}

/**
 * Which of `userIds` are `rootId` itself or below it. Walks up from each user (a few rows: the
 * tree is shallow), so an unknown id and an id elsewhere in the tree answer alike: not in it.
 */
export async function inSubtree(
  db: Executor,
  rootId: number,
  userIds: readonly number[],
): Promise<Set<number>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Set();
  const list = sql.join(
    ids.map((id) => sql`${id}::int`),
    sql`, `,
  );
  const r = await db.execute(sql`
    with recursive up(start_id, user_id, parent_id, depth) as (
      select u.user_id, u.user_id, u.parent_id, 0 from ${users} u where u.user_id in (${list})
      union all
      select up.start_id, p.user_id, p.parent_id, up.depth + 1
        from up join ${users} p on p.user_id = up.parent_id
        where up.depth < ${MAX_DEPTH}
    )
    select distinct start_id from up where user_id = ${rootId}`);
  return new Set(rowsOf<{ start_id: number }>(r).map((x) => Number(x.start_id)));
}

/** SQL condition: `column` (a user id) is `rootId` or below it. For the console's lists. */
export function subtreeCondition(column: SQL, rootId: number): SQL {
  return sql`${column} in (
    with recursive down(user_id, depth) as (
      select ${rootId}::int, 0
      union all
      select c.user_id, down.depth + 1 from ${users} c join down on c.parent_id = down.user_id
        where down.depth < ${MAX_DEPTH}
    )
    select user_id from down)`;
}

/**
 * Each user's masters and agents above it with their shares (basis points; none set is 0), nearest
 * first: the chain its result is split along (docs/hierarchy.md "Shares"). A user with none (under
 * the operator) is absent. One walk up for all of them.
 */
export async function uplineChains(
  db: Executor,
  userIds: readonly number[],
): Promise<Map<number, { uplineId: number; shareBp: number }[]>> {
  const ids = [...new Set(userIds)];
  const out = new Map<number, { uplineId: number; shareBp: number }[]>();
  if (ids.length === 0) return out;
  const list = sql.join(
    ids.map((id) => sql`${id}::int`),
    sql`, `,
  );
  const r = await db.execute(sql`
    with recursive up(start_id, user_id, parent_id, role, share_bp, depth) as (
      select u.user_id, u.user_id, u.parent_id, u.role, u.share_bp, 0 from ${users} u
        where u.user_id in (${list})
      union all
      select up.start_id, p.user_id, p.parent_id, p.role, p.share_bp, up.depth + 1
        from up join ${users} p on p.user_id = up.parent_id
        where up.depth < ${MAX_DEPTH}
    )
    select start_id, user_id, share_bp from up
      where depth > 0 and role in ('master', 'agent')
      order by start_id, depth`);
  for (const row of rowsOf<{ start_id: number; user_id: number; share_bp: number | null }>(r)) {
    const chain = out.get(Number(row.start_id)) ?? [];
    chain.push({ uplineId: Number(row.user_id), shareBp: Number(row.share_bp ?? 0) });
    out.set(Number(row.start_id), chain);
  }
  return out;
}

/**
 * Why a master or an agent with `shareBp` may not be created under `parentId`, in words: down any
 * chain the shares add up to at most 100 % (the operator keeps the rest). Null when it may.
 */
export async function chainShareRefusal(
  db: Executor,
  parentId: number,
  shareBp: number,
): Promise<string | null> {
  const parent = await db.execute(sql`select role, share_bp from ${users} where user_id = ${parentId}`);
  const p = rowsOf<{ role: UserRole; share_bp: number | null }>(parent)[0];
  const own = p && (p.role === 'master' || p.role === 'agent') ? Number(p.share_bp ?? 0) : 0;
  const above = (await uplineChains(db, [parentId])).get(parentId) ?? [];
  const taken = own + above.reduce((t, u) => t + u.shareBp, 0);
  if (taken + shareBp <= 10_000) return null;
  return `The shares above this account already add up to ${taken / 100} %: its share may be at most ${(10_000 - taken) / 100} %`;
}

/**
 * SQL for a recursive CTE's body `(user_id, child_id, depth)`: every account below `caller`, each
 * with the direct child of the caller whose subtree holds it. The operator's subtree is everyone:
 * its direct children are the accounts under it and the ones with no parent (bettors opened
 * before the tree, sign-ups).
 */
export function belowWithChildSql(caller: { userId: number; role: string }): SQL {
  const top =
    caller.role === 'operator'
      ? sql`(u.parent_id = ${caller.userId} or (u.parent_id is null and u.role <> 'operator'))`
      : sql`u.parent_id = ${caller.userId}`;
  return sql`select u.user_id, u.user_id as child_id, 1 as depth from ${users} u where ${top}
    union all
    select c.user_id, b.child_id, b.depth + 1 from ${users} c join below b on c.parent_id = b.user_id
      where b.depth < ${MAX_DEPTH}`;
}

/** Each user's masters and agents above it with their names, nearest first (a bet row's path). */
export async function uplinePaths(
  db: Executor,
  userIds: readonly number[],
): Promise<Map<number, { user_id: number; user_name: string; role: UserRole }[]>> {
  const ids = [...new Set(userIds)];
  const out = new Map<number, { user_id: number; user_name: string; role: UserRole }[]>();
  if (ids.length === 0) return out;
  const list = sql.join(
    ids.map((id) => sql`${id}::int`),
    sql`, `,
  );
  const r = await db.execute(sql`
    with recursive up(start_id, user_id, parent_id, user_name, role, depth) as (
      select u.user_id, u.user_id, u.parent_id, u.user_name, u.role, 0 from ${users} u where u.user_id in (${list})
      union all
      select up.start_id, p.user_id, p.parent_id, p.user_name, p.role, up.depth + 1
        from up join ${users} p on p.user_id = up.parent_id
        where up.depth < ${MAX_DEPTH}
    )
    select start_id, user_id, user_name, role from up
      where depth > 0 and role in ('master', 'agent') order by start_id, depth`);
  for (const row of rowsOf<{ start_id: number; user_id: number; user_name: string; role: UserRole }>(r)) {
    const path = out.get(Number(row.start_id)) ?? [];
    path.push({ user_id: Number(row.user_id), user_name: row.user_name, role: row.role });
    out.set(Number(row.start_id), path);
  }
  return out;
}
