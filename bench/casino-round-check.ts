// The ledger check of what finished casino rounds touched, for the simulated day: the operator's
// full check (admin/ledger-check.ts) reads every transfer and hold, so after each of ~20,000
// rounds it would grow to dominate the run. This one reads, in one snapshot, only the rounds'
// markets, their bettors' accounts and the house accounts on the rounds' transfers, recomputed
// from the tables in SQL of its own (not through the code that keeps them):
//   - the round finished (RESULT or VOID) and every bet on it SETTLED or VOIDED (no lost bet);
//   - no exposure left held on the round's market;
//   - each bettor's money moved on the round's market equals the profit and loss of their bets on
//     it, and the other side of every such transfer is a house account;
//   - every touched account's cached balance equals the sum of its transfers;
//   - all cached balances sum to zero (a small table: every account);
//   - every bettor's available balance (balance − holds − reservations) is not below zero.
// The full check still runs periodically and at the end of the day (casino-day.bench.ts).
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

/** Rounds checked in one snapshot at most (a backlog after a slow moment is taken in slices). */
export const ROUND_CHECK_BATCH_MAX = 200;
/** Problems listed at most per check. */
const PROBLEMS_MAX = 20;

const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;
const list = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

export async function checkRounds(app: FastifyInstance, roundIds: readonly number[]): Promise<string[]> {
  if (roundIds.length === 0) return [];
  if (roundIds.length > ROUND_CHECK_BATCH_MAX) throw new Error(`at most ${ROUND_CHECK_BATCH_MAX} rounds`);
  return app.db.transaction(async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read`);
    const rows = async <T>(q: SQL) => rowsOf<T>(await tx.execute(q));
    const problems: string[] = [];
    const rounds = await rows<{ round_id: number; market_id: number; state: string }>(
      sql`select round_id, market_id, state from casino_rounds where round_id in (${list(roundIds)})`,
    );
    for (const r of rounds)
      if (r.state !== 'RESULT' && r.state !== 'VOID') problems.push(`round ${r.round_id} is ${r.state}`);
    if (rounds.length !== roundIds.length) problems.push(`${roundIds.length - rounds.length} rounds missing`);
    const markets = list(rounds.map((r) => Number(r.market_id)));

    const open = await rows<{ n: string }>(sql`select count(*)::text as n from casino_bets
      where market_id in (${markets}) and settled_status is null`);
    if (Number(open[0]!.n) > 0)
      problems.push(`${open[0]!.n} bets of finished rounds neither settled nor voided`);

    const held = await rows<{ user_id: number; market_id: number; exposure_paise: string }>(sql`
      select user_id, market_id, exposure_paise::text from exposure_holds
      where market_id in (${markets}) and exposure_paise <> 0`);
    for (const h of held)
      problems.push(
        `user ${h.user_id} still holds ${h.exposure_paise} paise on settled market ${h.market_id}`,
      );

    // Money: per (bettor, market), Σ profit/loss of the bets = the net transfers to their cash.
    const money = await rows<{ user_id: number; market_id: number; pl: string; moved: string }>(sql`
      with pl as (
        select user_id, market_id, sum(coalesce(profit_loss_paise, 0)) as pl from casino_bets
        where market_id in (${markets}) group by user_id, market_id),
      moved as (
        select a.user_id, t.market_id,
          sum(case when t.credit_account_id = a.account_id then t.amount_paise else -t.amount_paise end) as moved
        from transfers t join ledger_accounts a
          on a.account_id in (t.credit_account_id, t.debit_account_id) and a.kind = 'user_cash'
        where t.market_id in (${markets}) group by a.user_id, t.market_id)
      select coalesce(pl.user_id, moved.user_id) as user_id, coalesce(pl.market_id, moved.market_id) as market_id,
        coalesce(pl.pl, 0)::text as pl, coalesce(moved.moved, 0)::text as moved
      from pl full join moved on pl.user_id = moved.user_id and pl.market_id = moved.market_id
      where coalesce(pl.pl, 0) <> coalesce(moved.moved, 0)`);
    for (const m of money)
      problems.push(
        `user ${m.user_id} on market ${m.market_id}: bets say ${m.pl} paise, transfers moved ${m.moved}`,
      );
    const sides = await rows<{ n: string }>(sql`select count(*)::text as n from transfers t
      join ledger_accounts d on d.account_id = t.debit_account_id
      join ledger_accounts c on c.account_id = t.credit_account_id
      where t.market_id in (${markets}) and (d.kind = 'house') = (c.kind = 'house')`);
    if (Number(sides[0]!.n) > 0)
      problems.push(`${sides[0]!.n} round transfers not between a bettor and the house`);

    // Touched accounts: cached balance = Σ transfers.
    const accounts = await rows<{ account_id: number; cached: string; computed: string }>(sql`
      with touched as (
        select debit_account_id as id from transfers where market_id in (${markets})
        union select credit_account_id from transfers where market_id in (${markets})
        union select a.account_id from ledger_accounts a
          where a.kind = 'user_cash' and a.user_id in (select user_id from casino_bets where market_id in (${markets})))
      select a.account_id, a.balance_paise::text as cached,
        ((select coalesce(sum(amount_paise), 0) from transfers where credit_account_id = a.account_id)
          - (select coalesce(sum(amount_paise), 0) from transfers where debit_account_id = a.account_id))::text as computed
      from ledger_accounts a where a.account_id in (select id from touched)`);
    for (const a of accounts)
      if (a.cached !== a.computed)
        problems.push(
          `account ${a.account_id} shows ${a.cached} paise but its transfers sum to ${a.computed}`,
        );

    const total = await rows<{ sum: string }>(
      sql`select coalesce(sum(balance_paise), 0)::text as sum from ledger_accounts`,
    );
    if (total[0]!.sum !== '0') problems.push(`cached balances sum to ${total[0]!.sum} paise, not 0`);

    const short = await rows<{ user_id: number; available: string }>(sql`
      select a.user_id, (a.balance_paise
          - (select coalesce(sum(exposure_paise), 0) from exposure_holds e where e.user_id = a.user_id)
          - (select coalesce(sum(amount_paise), 0) from exposure_reservations r where r.user_id = a.user_id))::text as available
      from ledger_accounts a
      where a.kind = 'user_cash' and a.user_id in (select user_id from casino_bets where market_id in (${markets}))`);
    for (const s of short)
      if (Number(s.available) < 0)
        problems.push(`user ${s.user_id} has an available balance of ${s.available} paise`);
    return problems.slice(0, PROBLEMS_MAX);
  });
}
