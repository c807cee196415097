// Limits down the tree (issue 41, docs/hierarchy.md "Limits down the tree"): an account above sets,
// per sport, the largest stake of one bet and the largest exposure on the sport's markets for an
// account of its downline. No bettor at or below that account may exceed them: the stake gate
// (wallet/stake-gate.ts) keeps each bettor to the smallest over itself and every account above it,
// so a limit set lower down can only tighten what an upline set, never loosen it.
import type { AdminUserLimits } from '@backlay/contract';
import { and, eq, sql } from 'drizzle-orm';
import { users } from '../account/schema.ts';
import { sports } from '../catalog/schema.ts';
import { downlineLimits } from './schema.ts';
import type { Db } from '../../db/store.ts';
import { treeLimitsSql } from '../wallet/stake-gate.ts';

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const rupees = (paise: string | number | null) => (paise === null ? null : Number(paise) / 100);

/** Every sport's limits on `userId`: set on it, and what binds with its uplines'. */
export async function limitsOf(db: Db, userId: number): Promise<AdminUserLimits> {
  const res = await db.execute(sql`select s.sport_id, s.name as sport_name,
        own.max_stake_paise::text as max_stake_paise, own.max_exposure_paise::text as max_exposure_paise,
        setter.user_name as set_by_name,
        lim.max_stake_paise::text as effective_max_stake_paise,
        lim.max_exposure_paise::text as effective_max_exposure_paise
      from ${sports} s
      left join ${downlineLimits} own on own.user_id = ${userId} and own.sport_id = s.sport_id
      left join ${users} setter on setter.user_id = own.set_by
      cross join lateral ${treeLimitsSql(sql`${userId}::integer`, sql`s.sport_id`)} lim
      order by s.sort_order, s.sport_id`);
  type Row = {
    sport_id: number;
    sport_name: string;
    max_stake_paise: string | null;
    max_exposure_paise: string | null;
    set_by_name: string | null;
    effective_max_stake_paise: string | null;
    effective_max_exposure_paise: string | null;
  };
  return {
    user_id: userId,
    limits: rowsOf<Row>(res).map((r) => ({
      sport_id: Number(r.sport_id),
      sport_name: r.sport_name,
      max_stake: rupees(r.max_stake_paise),
      max_exposure: rupees(r.max_exposure_paise),
      set_by_name: r.set_by_name,
      effective_max_stake: rupees(r.effective_max_stake_paise),
      effective_max_exposure: rupees(r.effective_max_exposure_paise),
    })),
  };
}

export type LimitInput = {
  user_id: number;
  sport_id: number;
  max_stake: number | null;
  max_exposure: number | null;
};

/**
 * Sets (or, with both null, clears) the limits on one sport for `input.user_id`, an account of the
 * caller's subtree (the console's scope checked it) other than its own: an account's limits are
 * set from above. Null when done, else the refusal in words.
 */
export async function setLimit(
  db: Db,
  caller: { userId: number },
  input: LimitInput,
): Promise<string | null> {
  if (input.user_id === caller.userId) return 'Your own limits are set by your upline';
  const [sport] = await db
    .select({ id: sports.sportId })
    .from(sports)
    .where(eq(sports.sportId, input.sport_id));
  if (!sport) return `sport_id: there is no sport ${input.sport_id}`;
  const [user] = await db.select({ id: users.userId }).from(users).where(eq(users.userId, input.user_id));
  if (!user) return `Unknown user ${input.user_id}`;
  const maxStakePaise = input.max_stake === null ? null : Math.round(input.max_stake * 100);
  const maxExposurePaise = input.max_exposure === null ? null : Math.round(input.max_exposure * 100);
  const key = and(eq(downlineLimits.userId, input.user_id), eq(downlineLimits.sportId, input.sport_id));
  if (maxStakePaise === null && maxExposurePaise === null) {
    await db.delete(downlineLimits).where(key);
    return null;
  }
  await db
    .insert(downlineLimits)
    .values({
      userId: input.user_id,
      sportId: input.sport_id,
      maxStakePaise,
      maxExposurePaise,
      setBy: caller.userId,
    })
    .onConflictDoUpdate({
      target: [downlineLimits.userId, downlineLimits.sportId],
      set: { maxStakePaise, maxExposurePaise, setBy: caller.userId, updatedAt: sql`now()` },
    });
  return null;
}
