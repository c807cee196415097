// Profit and loss of a console account's subtree (issue 41, docs/hierarchy.md "What each level
// sees"), read from the ledger, never recomputed from bets: the settlement transfers of the bettors
// below the caller (wins, losses, commission and their reversals) and the share transfers of the
// masters and agents (share_win, share_loss and their reversals), so every figure is what moved.
// The games with no market of ours count beside the markets, unit by unit as each is shared: a
// provider's closed round and a settled fantasy contest (their products say which units settled in
// the range, `SettledGameUnits`), with their bettors' result transfers and their share transfers.
// Nothing here writes.
import { DOWNLINE_PL_ROWS_MAX, type AdminDownlinePl, type AdminDownlinePlRow } from '@backlay/contract';
import { sql, type SQL } from 'drizzle-orm';
import { users } from '../account/schema.ts';
import { matches } from '../catalog/schema.ts';
import { markets } from '../markets/schema.ts';
import { ledgerAccounts, transfers } from '../wallet/schema.ts';
import type { Executor } from '../../db/store.ts';
import { settledContests } from '../fantasy/settled-units.ts';
import { closedRounds } from '../providers/settled-units.ts';
import {
  gameShareKeyBettor,
  gameShareKeyUnit,
  gameShareKeyUpline,
  isGameShareKey,
  isShareKey,
  shareKeyBettor,
  shareKeyUpline,
} from '../settlement/queries.ts';
import type { SettledGameUnits } from '../shares/settle.ts';
import { FANTASY_TRANSFER_KINDS, PROVIDER_TRANSFER_KINDS } from '../wallet/service.ts';
import { owedPaiseSql } from './owed.ts';
import { belowWithChildSql } from '../account/tree.ts';

/** The products whose units are shared outside the settlement service (shares/settle.ts writeGameShares). */
const GAME_UNITS: readonly SettledGameUnits[] = [closedRounds, settledContests];
/** A game unit's bettor-side kinds: stakes, wins, refunds. */
const GAME_RESULT_KINDS = [...PROVIDER_TRANSFER_KINDS, ...FANTASY_TRANSFER_KINDS] as const;

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const rupees = (paise: number) => Math.round(paise) / 100;

/** The bettor-side kinds of a settlement (settlement/service.ts), and the share kinds (shares/settle.ts). */
const RESULT_KINDS = ['market_win', 'market_loss', 'commission'] as const;
const SHARE_KINDS = ['share_win', 'share_loss'] as const;
const REVERSAL = 'settlement_reversal';

const listOf = (xs: readonly string[]) =>
  sql.join(
    xs.map((x) => sql`${x}`),
    sql`, `,
  );
/** A transfer of these kinds, or the reversal of one (its memo names the kind it undoes). */
const ofKinds = (kinds: readonly string[]) =>
  sql`(t.kind in (${listOf(kinds)}) or (t.kind = ${REVERSAL} and t.memo in (${listOf(kinds)})))`;
/** The transfer from `accountId`'s side: + credited, − debited. */
const signedFor = (accountId: SQL) =>
  sql`(case when t.credit_account_id = ${accountId} then t.amount_paise else -t.amount_paise end)`;

/** One group's sums (paise) as read: the bettors' side, commission paid, the caller's and below's shares. */
type Sums = { bettors: number; commission: number; mine: number; below: number };

/**
 * The figures of a group. total: the book's result at 100 % (what the bettors lost); the operator's
 * own share is what the house kept of it (nobody is above it), so nothing goes up from it.
 */
export function figuresOf(s: Sums, isOperator: boolean) {
  const total = -s.bettors;
  const mine = isOperator ? total - s.below : s.mine;
  return {
    bettors_pl: rupees(s.bettors),
    commission: rupees(s.commission),
    total: rupees(total),
    downline_share: rupees(s.below),
    my_share: rupees(mine),
    upline: rupees(total - s.below - mine),
  };
}

/**
 * The subtree's P/L in [start, end) grouped by the caller's direct children (each child's subtree)
 * or by market, at most DOWNLINE_PL_ROWS_MAX rows, with the totals of every row.
 * Long because it is one report query (each row's subtree P/L and shares) and its grouping; the
 * SQL reads best as one statement.
 */
export async function downlinePl(
  db: Executor,
  caller: { userId: number; role: string },
  start: Date,
  end: Date,
  groupBy: 'child' | 'market',
): Promise<AdminDownlinePl> {
  const inRange = sql`t.created_at >= ${start.toISOString()}::timestamptz and t.created_at < ${end.toISOString()}::timestamptz`;
  const key = sql`t.idempotency_key`;
  const group = groupBy === 'child' ? sql`l.child_id` : sql`l.group_key`;
  const mineOrBelow = sql`
        case when ua.user_id = ${caller.userId} then ${signedFor(sql`ua.account_id`)} else 0 end,
        case when ua.user_id <> ${caller.userId} then ${signedFor(sql`ua.account_id`)} else 0 end`;
  const uplineAccounts = sql`ua.kind = 'user_cash'
        and (ua.user_id = ${caller.userId} or ua.user_id in (select user_id from below))`;
  const noUnit = sql`null::text as kind, null::text as name, null::text as detail`;
  // A game unit's legs are dated by its settlement (the round's close, the contest's), so a round
  // staked before the range and closed in it counts whole, as its shares do.
  const legs = sql`
    select b.child_id, t.market_id, 'market/' || t.market_id as group_key, t.created_at,
        ${signedFor(sql`a.account_id`)} as bettors,
        case when ${ofKinds(['commission'])} then -${signedFor(sql`a.account_id`)} else 0 end as commission,
        0 as mine, 0 as below, ${noUnit}
      from below b
      join ${ledgerAccounts} a on a.user_id = b.user_id and a.kind = 'user_cash'
      join ${transfers} t on t.credit_account_id = a.account_id or t.debit_account_id = a.account_id
      where t.market_id is not null and ${ofKinds(RESULT_KINDS)} and ${inRange}
    union all
    select b.child_id, t.market_id, 'market/' || t.market_id, t.created_at, 0, 0, ${mineOrBelow}, ${noUnit}
      from ${ledgerAccounts} ua
      join ${transfers} t on t.credit_account_id = ua.account_id or t.debit_account_id = ua.account_id
      join below b on b.user_id = ${shareKeyBettor(key)}
      where ${uplineAccounts}
        and ua.user_id = ${shareKeyUpline(key)}
        and t.market_id is not null and ${ofKinds(SHARE_KINDS)} and ${isShareKey(key)} and ${inRange}
    union all
    select b.child_id, null::int, u.group_key, u.settled_at, ${signedFor(sql`a.account_id`)}, 0, 0, 0,
        u.kind, u.name, u.detail
      from game_results r
      join game_units u on u.unit = r.unit and u.user_id = r.user_id
      join below b on b.user_id = r.user_id
      join ${ledgerAccounts} a on a.user_id = r.user_id and a.kind = 'user_cash'
      join ${transfers} t on t.transfer_id = r.transfer_id
      where t.kind in (${listOf(GAME_RESULT_KINDS)})
    union all
    select b.child_id, null::int, u.group_key, u.settled_at, 0, 0, ${mineOrBelow}, u.kind, u.name, u.detail
      from ${ledgerAccounts} ua
      join ${transfers} t on t.credit_account_id = ua.account_id or t.debit_account_id = ua.account_id
      join game_units u on u.unit = ${gameShareKeyUnit(key)} and u.user_id = ${gameShareKeyBettor(key)}
      join below b on b.user_id = u.user_id
      where ${uplineAccounts}
        and ua.user_id = ${gameShareKeyUpline(key)}
        and t.market_id is null and t.kind in (${listOf(SHARE_KINDS)}) and ${isGameShareKey(key)}`;
  const subtreeUsers = sql`select user_id from below`;
  const r = await db.execute(sql`
    with recursive below(user_id, child_id, depth) as (${belowWithChildSql(caller)}),
    game_units as (${sql.join(
      GAME_UNITS.map((g) => g.units(subtreeUsers, start, end)),
      sql` union all `,
    )}),
    game_results as (${sql.join(
      GAME_UNITS.map((g) => g.results(sql`game_units`)),
      sql` union all `,
    )}),
    grouped as (
      select ${group} as id, max(l.created_at) as settled_at,
          sum(l.bettors)::bigint as bettors, sum(l.commission)::bigint as commission,
          sum(l.mine)::bigint as mine, sum(l.below)::bigint as below,
          max(l.market_id) as market_id, max(l.kind) as kind, max(l.name) as name, max(l.detail) as detail
        from (${legs}) l group by ${group}
    ),
    counted as (
      select g.*, count(*) over () as n,
          sum(g.bettors) over () as t_bettors, sum(g.commission) over () as t_commission,
          sum(g.mine) over () as t_mine, sum(g.below) over () as t_below
        from grouped g
    )
    select c.id::text, c.settled_at, c.bettors::text, c.commission::text, c.mine::text, c.below::text,
        c.n::int as n, c.t_bettors::text, c.t_commission::text, c.t_mine::text, c.t_below::text,
        ${
          groupBy === 'child'
            ? sql`u.user_name as name, u.role, null as match_name, null as kind,
                ${owedPaiseSql(sql`u.user_id`)}::text as owed, null::int as market_id`
            : sql`coalesce(m.market_name, c.name) as name, null as role,
                coalesce(mt.match_name, c.detail) as match_name, coalesce(m.market_kind, c.kind) as kind,
                null as owed, c.market_id`
        }
      from counted c
      ${
        groupBy === 'child'
          ? sql`join ${users} u on u.user_id = c.id`
          : sql`left join ${markets} m on m.market_id = c.market_id
              left join ${matches} mt on mt.match_id = m.match_id`
      }
      order by ${groupBy === 'child' ? sql`u.user_name, c.id` : sql`c.settled_at desc, c.id desc`}
      limit ${DOWNLINE_PL_ROWS_MAX}`);
  type Row = {
    id: string;
    market_id: number | null;
    settled_at: string | Date;
    bettors: string;
    commission: string;
    mine: string;
    below: string;
    n: number;
    t_bettors: string;
    t_commission: string;
    t_mine: string;
    t_below: string;
    name: string;
    role: AdminDownlinePlRow['role'];
    match_name: string | null;
    kind: AdminDownlinePlRow['market_kind'];
    owed: string | null;
  };
  const rows = rowsOf<Row>(r);
  const isOperator = caller.role === 'operator';
  const sums = (x: { bettors: string; commission: string; mine: string; below: string }): Sums => ({
    bettors: Number(x.bettors),
    commission: Number(x.commission),
    mine: Number(x.mine),
    below: Number(x.below),
  });
  const first = rows[0];
  return {
    rows: rows.map((x): AdminDownlinePlRow => ({
      user_id: groupBy === 'child' ? Number(x.id) : null,
      user_name: groupBy === 'child' ? x.name : null,
      role: groupBy === 'child' ? x.role : null,
      market_id: x.market_id === null ? null : Number(x.market_id),
      unit_key: groupBy === 'market' ? x.id : null,
      market_name: groupBy === 'market' ? x.name : null,
      match_name: groupBy === 'market' ? x.match_name : null,
      market_kind: groupBy === 'market' ? x.kind : null,
      owed: x.owed === null ? null : rupees(Number(x.owed)),
      settled_at: new Date(x.settled_at).toISOString(),
      ...figuresOf(sums(x), isOperator),
    })),
    total_rows: first ? Number(first.n) : 0,
    totals: figuresOf(
      first
        ? sums({
            bettors: first.t_bettors,
            commission: first.t_commission,
            mine: first.t_mine,
            below: first.t_below,
          })
        : { bettors: 0, commission: 0, mine: 0, below: 0 },
      isOperator,
    ),
  };
}
