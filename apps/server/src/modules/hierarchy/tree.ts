// The tree of accounts (issue 41, docs/hierarchy.md): the operator at the root, masters under it,
// agents under masters, bettors under any of them, linked by users.parent_id. Who may create whom,
// and the walks the console's scope reads (a console account's subtree: itself and every account
// below it).
import type { UserRole } from '@backlay/contract';
import { sql, type SQL } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import type { Executor } from '../../db/store.ts';

/** Bound on the tree's depth in every walk (operator → master → agent → bettor is 4). */
const MAX_DEPTH = 16;

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
