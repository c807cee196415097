// The one stake gate (issue 40, DESIGN.md §7): every way money becomes a stake — an exchange bet
// or cash out (its round's grant), a bookmaker, fancy, casino or binary bet (the batch's hold), a
// fantasy entry or a provider's debit (the transfer) — passes here, inside the transaction that
// takes it, after the user's wallet row is locked:
//   - the session: its row live (not revoked, not expired) and of the user's CURRENT session
//     generation, read in this transaction, so no node's session cache can admit a session that
//     ended on another node (a password change, a reset, a lock, an exclusion, "end all sessions",
//     a logout: each revokes the row or bumps the generation);
//   - the account's state: a lock or an exclusion bumps the generation (plugins/auth.ts), so the
//     session check carries it;
//   - the budget: the available balance (balance − holds − reservations left by a previous
//     version), capped by what the responsible-gaming loss limit leaves, counted over every
//     product (gameMovementSql) — the exchange round's grant, `lockStake` and each kind's batch
//     read the same budget expression;
//   - the market's own answer to "does this market take this bet now", in the kind's batch under
//     the market's lock (modules/markets/takes-bets.ts and each kind's check).
// A stake names its `Staker`: a bettor's session, or SYSTEM_STAKER for an order the server places
// for an account on its own (the demo feed's fenced market makers). The type makes the choice
// explicit at every call; stake-gate-sites.test.ts lists where SYSTEM_STAKER may appear.
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { sessions, users } from '../account/schema.ts';
import { matches, sports } from '../catalog/schema.ts';
import { downlineLimits } from '../hierarchy/schema.ts';
import { markets } from '../markets/schema.ts';
import { exposureHolds, exposureReservations } from './schema.ts';
import type { Executor } from '../../db/store.ts';
import { OPERATOR_LOCK_UNTIL } from '../account/queries.ts';
import { TREE_DEPTH_MAX } from '../account/tree.ts';
import type { TreeLimit } from './tree-limit.ts';

export {
  exposureLimitMessage,
  exposureLimitRefusal,
  stakeLimitRefusal,
  type TreeLimit,
} from './tree-limit.ts';

export const SESSION_ENDED_MESSAGE = 'Your session has ended: please log in again';
/** Betting locked on the account or above it by an upline (issue 41, admin/user/betLock). */
export const BET_LOCKED_MESSAGE = 'Betting is locked on your account by your upline';
/** A master's or an agent's session staking (issue 41): they run a downline, they do not bet. */
export const NOT_A_BETTOR_MESSAGE = 'Masters and agents do not bet: bets are placed from a bettor’s account';

/** Who stakes: a bettor through a session, or the server for an account on its own. */
export type Staker = { readonly sessionId: number } | typeof SYSTEM_STAKER;

/**
 * An order the server places for an account with no session of its own: the demo feed's market
 * makers (their orders carry the leader's fence instead) and tests that call a service directly.
 */
export const SYSTEM_STAKER = Object.freeze({ system: true as const });

/** The session id a staker stakes through, or null for SYSTEM_STAKER. */
export const sessionOf = (s: Staker): number | null => ('sessionId' in s ? s.sessionId : null);

/**
 * SQL, true when a stake by `sessionId` (null: SYSTEM_STAKER) for `userId` may be taken now: the
 * session's row is the user's, not revoked, not expired by the database's clock, and of the user's
 * current generation, and the user is a bettor (a master or an agent signed in to the console has
 * a session too, and does not bet). Read it in the stake's transaction after the wallet row's lock;
 * `gateRefusals` says why when it is false.
 */
export function stakerLiveSql(
  userId: SQLWrapper | number,
  sessionId: SQLWrapper | number | null,
): SQL<boolean> {
  if (sessionId === null) return sql<boolean>`true`;
  return sql<boolean>`exists (select 1 from ${sessions} s
      join ${users} u on u.user_id = s.user_id and u.session_generation = s.generation
        and u.role = 'bettor'
      where s.session_id = ${sessionId} and s.user_id = ${userId}
        and s.revoked_at is null and s.expires_at > now()
        and not ${betLockedSql(sql`u.user_id`)})`;
}

/** An account locked by an upline or the operator (not a lockout after failed logins). */
const ACCOUNT_LOCK_FROM = OPERATOR_LOCK_UNTIL.toISOString();

/**
 * SQL, true when `userId`'s betting is locked: on its own account or on any account above it; or
 * an account above it is locked (a lock reaches the whole downline, issue 41; its own lock ends
 * its sessions, which the session check carries).
 */
function betLockedSql(userId: SQLWrapper): SQL<boolean> {
  return sql<boolean>`exists (with recursive up(user_id, parent_id, locked_by, locked_until, depth) as (
        select b.user_id, b.parent_id, b.bet_locked_by, b.locked_until, 0 from ${users} b where b.user_id = ${userId}
        union all
        select p.user_id, p.parent_id, p.bet_locked_by, p.locked_until, up.depth + 1
          from up join ${users} p on p.user_id = up.parent_id where up.depth < ${TREE_DEPTH_MAX}
      ) select 1 from up where up.locked_by is not null
          or (up.depth > 0 and up.locked_until >= ${ACCOUNT_LOCK_FROM}::timestamptz))`;
}

/** The gate's session check in `tx` (after the wallet lock): the refusal, or null when it may stake. */
export async function sessionRefusal(tx: Executor, userId: number, staker: Staker): Promise<string | null> {
  const sessionId = sessionOf(staker);
  if (sessionId === null) return null;
  const res = await tx.execute(sql`select ${stakerLiveSql(userId, sessionId)} as live`);
  const live = (res as unknown as { rows: { live: boolean }[] }).rows[0]?.live;
  return live ? null : ((await gateRefusals(tx, [userId])).get(userId) ?? SESSION_ENDED_MESSAGE);
}

/**
 * Why each of these users' stakes failed `stakerLiveSql` (read only on a refusal): a master or an
 * agent does not bet; a bettor's betting is locked by an upline; anyone else's session has ended.
 */
export async function gateRefusals(tx: Executor, userIds: readonly number[]): Promise<Map<number, string>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const res = await tx.execute(
    sql`select u.user_id, u.role, ${betLockedSql(sql`u.user_id`)} as bet_locked from ${users} u
      where u.user_id = any(${`{${ids.join(',')}}`}::integer[])`,
  );
  const rows = (res as unknown as { rows: { user_id: number; role: string; bet_locked: boolean }[] }).rows;
  const byId = new Map(rows.map((r) => [Number(r.user_id), r]));
  const why = (id: number) => {
    const r = byId.get(id);
    if (r && r.role !== 'bettor') return NOT_A_BETTOR_MESSAGE;
    return r?.bet_locked ? BET_LOCKED_MESSAGE : SESSION_ENDED_MESSAGE;
  };
  return new Map(ids.map((id) => [id, why(id)]));
}

// ---------------------------------------------------------------- limits down the tree

/**
 * SQL row source (one row: max_stake_paise, max_exposure_paise, each null when none binds): the
 * limits on `sportId` set on `userId` or on any account above it, the smallest of each.
 */
export function treeLimitsSql(userId: SQLWrapper, sportId: SQLWrapper, when: SQLWrapper = sql`true`): SQL {
  // `when` false (no limit on the sport anywhere) skips the walk: a one-time filter of the plan.
  return sql`(select min(l.max_stake_paise) as max_stake_paise, min(l.max_exposure_paise) as max_exposure_paise
      from (with recursive up(user_id, parent_id, depth) as (
          select b.user_id, b.parent_id, 0 from ${users} b where b.user_id = ${userId}
          union all
          select p.user_id, p.parent_id, up.depth + 1
            from up join ${users} p on p.user_id = up.parent_id where up.depth < ${TREE_DEPTH_MAX}
        ) select up.user_id from up) t
      join ${downlineLimits} l on l.user_id = t.user_id and l.sport_id = ${sportId}
      where ${when})`;
}

/** SQL, true when any account has a limit on `sportId` (most sports of most sites have none). */
export function sportLimitedSql(sportId: SQLWrapper): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${downlineLimits} dl where dl.sport_id = ${sportId})`;
}

/** SQL: the sport of a market (through its match). */
export function marketSportSql(marketId: SQLWrapper | number): SQL<number> {
  return sql<number>`(select mt.sport_id from ${markets} m join ${matches} mt on mt.match_id = m.match_id
      where m.market_id = ${marketId})`;
}

/**
 * SQL, paise: `userId`'s holds and reservations on the markets of `sportId`, leaving out
 * `exceptMarketId`'s holds when given (a house kind compares its market's new hold with the rest).
 */
export function sportCommittedSql(
  userId: SQLWrapper,
  sportId: SQLWrapper,
  exceptMarketId: SQLWrapper | number | null,
): SQL<string> {
  // Aliases of their own: this runs inside callers' statements, whose aliases it must not shadow.
  const except = exceptMarketId === null ? sql`true` : sql`sc_h.market_id <> ${exceptMarketId}`;
  return sql<string>`((select coalesce(sum(sc_h.exposure_paise), 0) from ${exposureHolds} sc_h
        join ${markets} sc_hm on sc_hm.market_id = sc_h.market_id
        join ${matches} sc_ht on sc_ht.match_id = sc_hm.match_id
        where sc_h.user_id = ${userId} and sc_ht.sport_id = ${sportId} and ${except})
      + (select coalesce(sum(sc_r.amount_paise), 0) from ${exposureReservations} sc_r
        join ${markets} sc_rm on sc_rm.market_id = sc_r.market_id
        join ${matches} sc_rt on sc_rt.match_id = sc_rm.match_id
        where sc_r.user_id = ${userId} and sc_rt.sport_id = ${sportId}))::text`;
}

/**
 * The tree limits of `userIds` on a market's sport (`{ marketId }`: its holds left out of the
 * committed figure) or on a sport (`{ sportId }`: a game with no market of ours). Read it in the
 * stake's transaction, after the wallet rows' lock, like every figure of the gate.
 */
export async function readTreeLimits(
  tx: Executor,
  userIds: readonly number[],
  on: { marketId: number } | { sportId: number },
): Promise<Map<number, TreeLimit>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const sport = 'marketId' in on ? marketSportSql(on.marketId) : sql`${on.sportId}::integer`;
  const except = 'marketId' in on ? on.marketId : null;
  const res = await tx.execute(sql`select u.user_id, s.name as sport_name,
        lim.max_stake_paise::text as max_stake_paise, lim.max_exposure_paise::text as max_exposure_paise,
        case when lim.max_exposure_paise is null then '0'
          else ${sportCommittedSql(sql`u.user_id`, sql`s.sport_id`, except)} end as committed
      from ${users} u join ${sports} s on s.sport_id = ${sport}
      cross join lateral ${treeLimitsSql(sql`u.user_id`, sql`s.sport_id`, sportLimitedSql(sql`s.sport_id`))} lim
      where u.user_id = any(${`{${ids.join(',')}}`}::integer[])`);
  type Row = {
    user_id: number;
    sport_name: string;
    max_stake_paise: string | null;
    max_exposure_paise: string | null;
    committed: string;
  };
  const num = (v: string | null) => (v === null ? null : Number(v));
  return new Map(
    (res as unknown as { rows: Row[] }).rows.map((r) => [
      Number(r.user_id),
      {
        sportName: r.sport_name,
        maxStakePaise: num(r.max_stake_paise),
        maxExposurePaise: num(r.max_exposure_paise),
        sportCommittedPaise: Number(r.committed),
      },
    ]),
  );
}
