// Bettors online over time: the leader counts them every ONLINE_SAMPLE_MS (as the dashboard
// counts them now) and keeps two days of counts, for the dashboard's 24-hour chart. Sessions keep
// only each one's last call, so a count not taken is not known: an hour without a sample (no
// server ran) is a gap on the chart, never a guess.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/executor.ts';
import { everyWhileLeading, fencedStatement, type Fence } from '../../plugins/leader.ts';
import { sessions, users } from '../account/schema.ts';
import { onlineSamples } from './schema.ts';

/** A bettor is online when a call of theirs was authenticated within this many minutes. */
export const ONLINE_WINDOW_MINUTES = 5;
/** How often the leader counts them: once per online window, so no bettor falls between counts. */
export const ONLINE_SAMPLE_MS = ONLINE_WINDOW_MINUTES * 60_000;
/** Counts older than this are deleted as each new one is written (the chart shows 24 hours). */
export const ONLINE_SAMPLES_KEEP_HOURS = 48;

/** Bettors whose session made a call in the ONLINE_WINDOW_MINUTES before `at` (SQL: one int). */
export function onlineCount(at: Date) {
  const t = at.toISOString();
  return sql`(select count(distinct s.user_id)::int from ${sessions} s join ${users} u on u.user_id = s.user_id
    where u.role = 'bettor' and s.revoked_at is null and s.expires_at > ${t}::timestamptz
      and coalesce(s.last_seen_at, s.created_at) > ${t}::timestamptz - make_interval(mins => ${ONLINE_WINDOW_MINUTES}))`;
}

/**
 * Writes the count at `at` and deletes the ones past ONLINE_SAMPLES_KEEP_HOURS, in one fenced
 * statement: a deposed leader's late sample changes nothing (FencedOut). Answers the count.
 */
export async function sampleOnline(db: Executor, fence: Fence, at: Date): Promise<number> {
  const t = at.toISOString();
  const [row] = await fencedStatement<{ bettors_online: number }>(
    db,
    fence,
    (holds) => sql`insert into ${onlineSamples} (sampled_at, bettors_online)
      select ${t}::timestamptz, ${onlineCount(at)} where ${holds}
      on conflict (sampled_at) do nothing
      returning bettors_online`,
  );
  await fencedStatement(
    db,
    fence,
    (holds) => sql`delete from ${onlineSamples}
      where sampled_at < ${t}::timestamptz - make_interval(hours => ${ONLINE_SAMPLES_KEEP_HOURS}) and ${holds}
      returning sampled_at`,
  );
  return Number(row?.bettors_online ?? 0);
}

/** The most bettors online in each hour from `since` (whole hours since it → the peak count). */
export async function onlinePeaksByHour(db: Executor, since: Date): Promise<Map<number, number>> {
  const res =
    await db.execute(sql`select floor(extract(epoch from (sampled_at - ${since.toISOString()}::timestamptz)) / 3600)::int as slot,
      max(bettors_online)::int as peak
    from ${onlineSamples} where sampled_at >= ${since.toISOString()}::timestamptz
    group by 1`);
  const rows = (res as unknown as { rows: { slot: number; peak: number }[] }).rows;
  return new Map(rows.map((r) => [Number(r.slot), Number(r.peak)]));
}

/** Counts under the leader's lease: once as each term starts, then every ONLINE_SAMPLE_MS. */
export function sampleWhileLeading(
  app: Pick<FastifyInstance, 'db' | 'leader' | 'clock' | 'log' | 'addHook'>,
): void {
  everyWhileLeading(
    app,
    ONLINE_SAMPLE_MS,
    (fence) => {
      if (fence === null) return;
      void sampleOnline(app.db, fence, app.clock.now()).catch((err: unknown) =>
        app.log.warn({ err }, 'console: counting the bettors online failed'),
      );
    },
    { atStart: true },
  );
}
