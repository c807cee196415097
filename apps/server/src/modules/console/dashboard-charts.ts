// The dashboard's charts (issue 45): the last DASHBOARD_CHART_HOURS clock hours (IST: India's
// hours start at :30 UTC) with their bets, turnover and the most bettors online, and the house's
// result on each of the last DASHBOARD_CHART_DAYS IST days. Read from the store on each call, as
// the dashboard is: every kind answers its own hours (markets/registry.ts), the house's days come
// from the ledger, the bettors online from the leader's samples (online-samples.ts) and, for the
// hour under way, the count now. Nothing here writes.
import { DEFAULT_FEED_OPTIONS } from '@backlay/feed';
import {
  DASHBOARD_CHART_DAYS,
  DASHBOARD_CHART_HOURS,
  type AdminDashboardCharts,
  type DashboardDay,
  type DashboardHour,
} from '@backlay/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { houseResult, IST_OFFSET_MS, istMidnight } from './dashboard.ts';
import { onlineCount, onlinePeaksByHour } from './online-samples.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const rupees = (paise: number) => Math.round(paise) / 100;

/** The start of the IST clock hour `now` is in. */
export function istHourStart(now: Date): Date {
  const local = now.getTime() + IST_OFFSET_MS;
  return new Date(local - (local % HOUR_MS) - IST_OFFSET_MS);
}

/** The IST day (YYYY-MM-DD) an instant falls in. */
const istDay = (t: Date) => new Date(t.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);

export async function dashboardCharts(
  app: Pick<FastifyInstance, 'clock' | 'db' | 'kinds' | 'wallet'>,
): Promise<AdminDashboardCharts> {
  const now = app.clock.now();
  const firstHour = new Date(istHourStart(now).getTime() - (DASHBOARD_CHART_HOURS - 1) * HOUR_MS);
  const today = istMidnight(now);
  const firstDay = new Date(today.getTime() - (DASHBOARD_CHART_DAYS - 1) * DAY_MS);
  const makers = DEFAULT_FEED_OPTIONS.makers as readonly string[];
  const [activity, online, onlineNow, house] = await Promise.all([
    Promise.all(app.kinds.all().map((k) => k.activityByHour(app.db, firstHour, makers))),
    onlinePeaksByHour(app.db, firstHour),
    app.db.execute(sql`select ${onlineCount(now)} as n`),
    houseResult(app, firstDay, true),
  ]);
  // The hour under way counts the bettors online now too: its samples may be minutes old.
  const current = DASHBOARD_CHART_HOURS - 1;
  const nowCount = Number((onlineNow as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  online.set(current, Math.max(online.get(current) ?? 0, nowCount));

  const hours: DashboardHour[] = Array.from({ length: DASHBOARD_CHART_HOURS }, (_, slot) => {
    const mine = activity.flat().filter((a) => a.slot === slot);
    return {
      hour: new Date(firstHour.getTime() + slot * HOUR_MS).toISOString(),
      bets: mine.reduce((n, a) => n + a.bets, 0),
      turnover: rupees(mine.reduce((n, a) => n + a.stakePaise, 0)),
      bettors_online: online.get(slot) ?? null,
    };
  });
  const byDay = new Map(house.map((h) => [h.day, h]));
  const days: DashboardDay[] = Array.from({ length: DASHBOARD_CHART_DAYS }, (_, i) => {
    const day = istDay(new Date(firstDay.getTime() + i * DAY_MS));
    const h = byDay.get(day) ?? { pl: 0, commission: 0 };
    return {
      day,
      profit_loss: rupees(h.pl),
      commission: rupees(h.commission),
      net: rupees(h.pl + h.commission),
    };
  });
  return { at: now.toISOString(), hours, days };
}
