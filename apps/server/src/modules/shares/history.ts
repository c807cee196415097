// Changing a share (issue 41, docs/hierarchy.md "Changing a share"): a parent, or anyone above it,
// changes a master's or an agent's share; the change applies to bets placed after it. Each share's
// history is kept (share_history), and a settlement reads each bettor's chain as it was when the
// bettor first staked on the market (`uplineChainsAt`), so a bet placed before the change is
// shared at the old figure, whenever it is settled.
import type { UserRole } from '@backlay/contract';
import { eq, sql } from 'drizzle-orm';
import { users } from '../account/schema.ts';
import { shareHistory } from './schema.ts';
import type { Db, Executor } from '../../db/store.ts';
import { TREE_DEPTH_MAX, uplineChains } from '../account/tree.ts';
import { setShareBp } from '../account/user-writes.ts';

/** Everything is shared at most once: 100 % in basis points. */
const WHOLE_BP = 10_000;

/** The start of an account's first share in its history (before any bet of the site). */
const SINCE_ALWAYS = new Date('1970-01-01T00:00:00.000Z');

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/**
 * Each user's masters and agents above it with their shares as they were at `at` (nearest first),
 * the chain its result at that moment is split along. A user with none is absent. The share at a
 * moment is the history's latest row from before it; with no history, the account's share now.
 */
export async function uplineChainsAt(
  db: Executor,
  entries: readonly { userId: number; at: Date }[],
): Promise<Map<number, { uplineId: number; shareBp: number }[]>> {
  const out = new Map<number, { uplineId: number; shareBp: number }[]>();
  if (entries.length === 0) return out;
  const json = JSON.stringify(entries.map((e) => ({ user_id: e.userId, at: e.at.toISOString() })));
  const r = await db.execute(sql`
    with recursive up(start_id, at, user_id, parent_id, role, share_bp, depth) as (
      select x.user_id, x.at, u.user_id, u.parent_id, u.role, u.share_bp, 0
        from json_to_recordset(${json}::json) as x(user_id integer, at timestamptz)
        join ${users} u on u.user_id = x.user_id
      union all
      select up.start_id, up.at, p.user_id, p.parent_id, p.role, p.share_bp, up.depth + 1
        from up join ${users} p on p.user_id = up.parent_id
        where up.depth < ${TREE_DEPTH_MAX}
    )
    select up.start_id, up.user_id, coalesce((select h.share_bp from ${shareHistory} h
        where h.user_id = up.user_id and h.from_at <= up.at order by h.from_at desc limit 1),
        up.share_bp, 0) as share_bp
      from up where up.depth > 0 and up.role in ('master', 'agent')
      order by up.start_id, up.depth`);
  for (const row of rowsOf<{ start_id: number; user_id: number; share_bp: number }>(r)) {
    const chain = out.get(Number(row.start_id)) ?? [];
    chain.push({ uplineId: Number(row.user_id), shareBp: Number(row.share_bp) });
    out.set(Number(row.start_id), chain);
  }
  return out;
}

/** The largest sum of shares down any chain below `userId` (its masters and agents, itself not counted). */
async function largestBelowBp(db: Executor, userId: number): Promise<number> {
  const r = await db.execute(sql`
    with recursive down(user_id, total_bp, depth) as (
      select ${userId}::int, 0::int, 0
      union all
      select c.user_id, down.total_bp + case when c.role in ('master', 'agent') then coalesce(c.share_bp, 0) else 0 end,
          down.depth + 1
        from ${users} c join down on c.parent_id = down.user_id where down.depth < ${TREE_DEPTH_MAX}
    ) select coalesce(max(total_bp), 0) as bp from down`);
  return Number(rowsOf<{ bp: number }>(r)[0]?.bp ?? 0);
}

const pct = (bp: number) => `${bp / 100} %`;

/**
 * Changes `userId`'s share to `shareBp` from now on (the console's scope put it in the caller's
 * subtree). Refused in words: not a master or an agent, the caller's own, or a chain over 100 %.
 */
export async function setShare(
  db: Db,
  caller: { userId: number },
  userId: number,
  shareBp: number,
): Promise<string | null> {
  if (userId === caller.userId) return 'Your own share is set by your upline';
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ role: users.role, shareBp: users.shareBp })
      .from(users)
      .where(eq(users.userId, userId))
      .for('update');
    if (!row) return `Unknown user ${userId}`;
    const role = row.role as UserRole;
    if (role !== 'master' && role !== 'agent')
      return `A ${role} has no share: shares are for masters and agents`;
    const above = ((await uplineChains(tx, [userId])).get(userId) ?? []).reduce((t, u) => t + u.shareBp, 0);
    const below = await largestBelowBp(tx, userId);
    if (above + shareBp + below > WHOLE_BP)
      return `The shares above this account add up to ${pct(above)} and below it up to ${pct(below)}: its share may be at most ${pct(WHOLE_BP - above - below)}`;
    const old = row.shareBp ?? 0;
    if (old === shareBp) return null;
    // The share it had until now, from the beginning, when this is its first change.
    await tx
      .insert(shareHistory)
      .values({ userId, shareBp: old, fromAt: SINCE_ALWAYS, setBy: null })
      .onConflictDoNothing();
    await tx
      .insert(shareHistory)
      .values({ userId, shareBp, fromAt: sql`now()`, setBy: caller.userId })
      .onConflictDoUpdate({
        target: [shareHistory.userId, shareHistory.fromAt],
        set: { shareBp, setBy: caller.userId },
      });
    await setShareBp(tx, userId, shareBp);
    return null;
  });
}
