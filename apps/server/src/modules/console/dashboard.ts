// The console's dashboard: the exchange at a glance, computed on each call from the store (any
// node answers alike). Nothing here writes.
import { DEFAULT_FEED_OPTIONS } from '@backlay/feed';
import type { AdminDashboard, DashboardAlert } from '@backlay/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sessions, users } from '../account/schema.ts';
import { adminActions } from '../audit/schema.ts';
import { matches } from '../catalog/schema.ts';
import { markets } from '../markets/schema.ts';
import { paymentRequests } from '../payments/schema.ts';
import { marketSettlements } from '../markets/schema.ts';
import { ledgerAccounts, transfers } from '../wallet/schema.ts';
import { onlineCount } from './online-samples.ts';

/** A market closed this long without a result is overdue. */
export const RESULT_OVERDUE_MINUTES = 30;
/** Refused settlements this recent are listed (while the market is still unsettled). */
export const FAILED_SETTLEMENT_HOURS = 24;
/** A withdrawal waiting longer than this is an alert. */
export const WITHDRAWAL_WAIT_MINUTES = 60;
/** At most this many alerts of one kind are listed (the rest summed up in one line). */
const ALERTS_PER_KIND_MAX = 10;

const rupees = (paise: number) => Math.round(paise) / 100;
const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

/** India's offset from UTC (the display zone; no daylight saving). */
export const IST_OFFSET_MS = 330 * 60_000;

/** 00:00 today in India (the display zone), as an instant. */
export function istMidnight(now: Date): Date {
  const day = new Date(now.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
  return new Date(Date.parse(`${day}T00:00:00+05:30`));
}

/** `side` (the credit or debit account's alias) is a house account, and not one holding bettors' money. */
function houseNotHeld(side: 'c' | 'd', held: readonly string[]): SQL {
  const alias = sql.raw(side);
  if (held.length === 0) return sql`${alias}.kind = 'house'`;
  return sql`${alias}.kind = 'house' and ${alias}.code not in (${sql.join(
    held.map((code) => sql`${code}`),
    sql`, `,
  )})`;
}

/** A commission (or its reversal) among the house's moves: apart from the results. */
const IS_COMMISSION = sql`(kind = 'commission' or (kind = 'settlement_reversal' and memo = 'commission'))`;

/**
 * What the house accounts gained from `since` (paise), by IST day when `byDay`, else in one row:
 * the markets' results (wins paid and losses taken, their reversals), the provider games' (bets
 * less wins and refunds, on each provider's house account), fantasy's rake, and the masters' and
 * agents' shares of all of them, apart from commission (and its reversals). The fantasy pool holds
 * bettors' fees until their contest ends (a held account, declared by its product to the wallet):
 * it is not the house's, so an entry or a prize is not a result, the rake is.
 */
export async function houseResult(
  app: Pick<FastifyInstance, 'db' | 'wallet'>,
  since: Date,
  byDay = false,
): Promise<{ day: string | null; pl: number; commission: number }[]> {
  const houseGain = (side: 'c' | 'd') => houseNotHeld(side, app.wallet.heldAccounts());
  const day = byDay ? sql`to_char(created_at at time zone 'Asia/Kolkata', 'YYYY-MM-DD')` : sql`null::text`;
  const res = await app.db.execute(sql`with house_moves as (select t.kind, t.memo, t.created_at,
        (case when ${houseGain('c')} then t.amount_paise else 0 end)
          - (case when ${houseGain('d')} then t.amount_paise else 0 end) as gain
      from ${transfers} t
      join ${ledgerAccounts} c on c.account_id = t.credit_account_id
      join ${ledgerAccounts} d on d.account_id = t.debit_account_id
      where t.kind in ('market_win', 'market_loss', 'commission', 'settlement_reversal', 'share_win', 'share_loss',
          'provider_bet', 'provider_win', 'provider_refund', 'fantasy_rake')
        and t.created_at >= ${since.toISOString()}::timestamptz)
    select ${day} as day,
      coalesce(sum(case when ${IS_COMMISSION} then 0 else gain end), 0)::text as pl,
      coalesce(sum(case when ${IS_COMMISSION} then gain else 0 end), 0)::text as commission
    from house_moves ${byDay ? sql`group by 1` : sql``}`);
  return rows<{ day: string | null; pl: string; commission: string }>(res).map((r) => ({
    day: r.day,
    pl: Number(r.pl),
    commission: Number(r.commission),
  }));
}

// Long because it reads the dashboard's figures in one snapshot, each a short query.
export async function dashboard(
  app: Pick<FastifyInstance, 'clock' | 'consoleSources' | 'db' | 'kinds' | 'wallet'>,
  extraAlerts: () => Promise<DashboardAlert[]> = async () => [],
): Promise<AdminDashboard> {
  const db = app.db;
  const now = app.clock.now();
  const at = now.toISOString();
  const hourAgo = new Date(now.getTime() - 3_600_000);
  const midnight = istMidnight(now);
  const makers = DEFAULT_FEED_OPTIONS.makers as readonly string[];

  const [people, activity, house, marketCounts, ledger] = await Promise.all([
    db.execute(sql`select
        (select count(*)::int from ${users} where role = 'bettor') as total,
        (select count(distinct s.user_id)::int from ${sessions} s join ${users} u on u.user_id = s.user_id
          where u.role = 'bettor' and s.revoked_at is null and s.expires_at > ${at}::timestamptz) as signed_in,
        ${onlineCount(now)} as online`),
    // Every kind's last hour: its bets (the demo feed's quotes left out) and the stake it matched or took.
    Promise.all(app.kinds.all().map((k) => k.activitySince(db, hourAgo, makers))),
    houseResult(app, midnight),
    db.execute(sql`select k.status, k.in_play, count(*)::int as n
      from ${markets} k
      where not exists (select 1 from ${marketSettlements} ms where ms.market_id = k.market_id and ms.state = 'SETTLED')
      group by k.status, k.in_play`),
    db.execute(sql`select a.created_at, a.response, u.user_name from ${adminActions} a
      join ${users} u on u.user_id = a.operator_id
      where a.action = 'ledger/check' order by a.action_id desc limit 1`),
  ]);

  const p = rows<{ total: number; signed_in: number; online: number }>(people)[0]!;
  const a = {
    bets: activity.reduce((n, k) => n + k.bets, 0),
    stakePaise: activity.reduce((n, k) => n + k.stakePaise, 0),
  };
  const h = house[0] ?? { pl: 0, commission: 0 };
  const counts = { OPEN: 0, SUSPENDED: 0, CLOSED: 0, INACTIVE: 0, in_play: 0 };
  for (const r of rows<{ status: keyof typeof counts; in_play: boolean; n: number }>(marketCounts)) {
    counts[r.status] += Number(r.n);
    if (r.in_play && (r.status === 'OPEN' || r.status === 'SUSPENDED')) counts.in_play += Number(r.n);
  }
  const l = rows<{
    created_at: string | Date;
    response: { data?: { ok?: boolean; problems?: string[] } };
    user_name: string;
  }>(ledger)[0];
  const alerts = await collectAlerts(app, now);
  if (l && l.response.data && l.response.data.ok === false) {
    alerts.unshift({
      kind: 'LEDGER',
      severity: 'critical',
      message: `The last ledger check found ${l.response.data.problems?.length ?? 0} problem(s)`,
      market_id: null,
      match_id: null,
      since: iso(l.created_at),
    });
  }
  alerts.push(...(await extraAlerts()));
  const pl = Number(h.pl);
  const commission = Number(h.commission);
  return {
    at,
    bettors_online: Number(p.online),
    bettors_signed_in: Number(p.signed_in),
    bettors_total: Number(p.total),
    last_hour: {
      bets: Number(a.bets),
      turnover: rupees(a.stakePaise),
    },
    house_today: {
      since: midnight.toISOString(),
      profit_loss: rupees(pl),
      commission: rupees(commission),
      net: rupees(pl + commission),
    },
    markets: counts,
    ledger: l
      ? {
          at: iso(l.created_at)!,
          ok: l.response.data?.ok === true,
          problems: l.response.data?.problems?.length ?? 0,
          operator: l.user_name,
        }
      : null,
    alerts,
  };
}

/** Keeps at most ALERTS_PER_KIND_MAX alerts, the rest told in one more line. */
function capped(list: DashboardAlert[], more: (n: number) => string): DashboardAlert[] {
  if (list.length <= ALERTS_PER_KIND_MAX) return list;
  const first = list[0]!;
  return [
    ...list.slice(0, ALERTS_PER_KIND_MAX),
    { ...first, message: more(list.length - ALERTS_PER_KIND_MAX), market_id: null, match_id: null },
  ];
}

// Long because it gathers every kind of alert in one pass over one snapshot; each alert is a short
// query.
async function collectAlerts(
  app: Pick<FastifyInstance, 'consoleSources' | 'db' | 'kinds'>,
  now: Date,
): Promise<DashboardAlert[]> {
  const db = app.db;
  const at = now.toISOString();
  // Which console action settles which kind: a call of the wrong kind for the market (a mistyped
  // id) settles nothing and is no failure.
  const settlesKind = sql.join(
    app.kinds
      .all()
      .flatMap((k) => k.settleActions.map((a) => sql`(a.action = ${a} and k.market_kind = ${k.kind})`)),
    sql` or `,
  );
  const [noPrices, products, overdue, failed, withdrawals] = await Promise.all([
    // Every kind's markets in play that show no price (an empty book, a bookmaker without a rate).
    Promise.all(
      app.kinds.all().flatMap((k) =>
        k.unpricedInPlay
          ? [
              db.execute(sql`select k.market_id, k.match_id, k.market_name, m.match_name
                from ${markets} k join ${matches} m on m.match_id = k.match_id
                where k.market_kind = ${k.kind} and ${k.unpricedInPlay}
                order by k.market_id`),
            ]
          : [],
      ),
    ),
    // What the products raise themselves (a feed stopped), declared to modules/console/sources.ts.
    app.consoleSources.alertsOf(db, now),
    // Closed without a result for too long. (Closing time is not stored: the start time bounds it.)
    db.execute(sql`select k.market_id, k.match_id, k.market_name, m.match_name, k.start_time
      from ${markets} k join ${matches} m on m.match_id = k.match_id
      where k.status = 'CLOSED'
        and not exists (select 1 from ${marketSettlements} ms where ms.market_id = k.market_id and ms.state = 'SETTLED')
        and k.start_time < ${at}::timestamptz - make_interval(mins => ${RESULT_OVERDUE_MINUTES})
      order by k.start_time`),
    // Refused settlement calls of the last day on markets still unsettled.
    db.execute(sql`select distinct on (k.market_id) k.market_id, k.match_id, k.market_name, a.created_at,
        a.response ->> 'message' as message
      from ${adminActions} a
      join ${markets} k on k.market_id = coalesce((a.request ->> 'market_id')::int, (a.request ->> 'fancy_id')::int)
      where a.action in (${sql.join(
        [...new Set(app.kinds.all().flatMap((k) => k.settleActions))].map((x) => sql`${x}`),
        sql`, `,
      )})
        and (a.response ->> 'status')::boolean = false
        and (${settlesKind})
        and a.created_at > ${at}::timestamptz - make_interval(hours => ${FAILED_SETTLEMENT_HOURS})
        and (a.request ->> 'market_id' ~ '^[0-9]{1,9}$' or a.request ->> 'fancy_id' ~ '^[0-9]{1,9}$')
        and not exists (select 1 from ${marketSettlements} ms where ms.market_id = k.market_id and ms.state = 'SETTLED')
      order by k.market_id, a.action_id desc`),
    // Withdrawals asked for over an hour ago and not yet paid or rejected.
    db.execute(sql`select count(*)::int as n, min(p.created_at) as oldest, coalesce(sum(p.amount_paise), 0)::text as paise
      from ${paymentRequests} p
      where p.type = 'WITHDRAW' and p.status in ('PENDING', 'APPROVED')
        and p.created_at < ${at}::timestamptz - make_interval(mins => ${WITHDRAWAL_WAIT_MINUTES})`),
  ]);
  type MarketRow = { market_id: number; match_id: number; market_name: string; match_name: string };
  const out: DashboardAlert[] = [];
  out.push(
    ...capped(
      noPrices
        .flatMap((r) => rows<MarketRow>(r))
        .map((r) => ({
          kind: 'NO_PRICES' as const,
          severity: 'warning' as const,
          message: `${r.match_name} · ${r.market_name}: in play with no prices`,
          market_id: r.market_id,
          match_id: r.match_id,
          since: null,
        })),
      (n) => `… and ${n} more markets in play without prices`,
    ),
  );
  out.push(...products);
  out.push(
    ...rows<{
      market_id: number;
      match_id: number;
      market_name: string;
      message: string;
      created_at: string | Date;
    }>(failed).map((r) => ({
      kind: 'SETTLEMENT_FAILED' as const,
      severity: 'critical' as const,
      message: `Settlement of market ${r.market_id} (${r.market_name}) was refused: ${r.message ?? 'no reason given'}`,
      market_id: r.market_id,
      match_id: r.match_id,
      since: iso(r.created_at),
    })),
  );
  const w = rows<{ n: number; oldest: string | Date | null; paise: string }>(withdrawals)[0];
  if (w && Number(w.n) > 0) {
    out.push({
      kind: 'WITHDRAWAL_PENDING',
      severity: 'warning',
      message: `${w.n} withdrawal${Number(w.n) === 1 ? '' : 's'} (₹${(Number(w.paise) / 100).toFixed(2)}) waiting over an hour`,
      market_id: null,
      match_id: null,
      since: iso(w.oldest),
    });
  }
  out.push(
    ...capped(
      rows<MarketRow & { start_time: string | Date }>(overdue).map((r) => ({
        kind: 'AWAITING_RESULT' as const,
        severity: 'warning' as const,
        message: `${r.match_name} · ${r.market_name}: closed without a result`,
        market_id: r.market_id,
        match_id: r.match_id,
        since: iso(r.start_time),
      })),
      (n) => `… and ${n} more closed markets without a result`,
    ),
  );
  return out;
}
