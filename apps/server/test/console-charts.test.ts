// The console dashboard's charts (issue 45, admin/dashboard/charts): the last 24 IST clock hours
// with their bets, turnover and the most bettors online, the house's result on each of the last
// 30 IST days; and the leader's count of bettors online they read (modules/console/online-samples.ts).
import { DASHBOARD_CHART_DAYS, DASHBOARD_CHART_HOURS, type AdminDashboardCharts } from '@backlay/contract';
import { expect, it } from 'vitest';
import { onlineSamples } from '../src/modules/console/schema.ts';
import { istHourStart } from '../src/modules/console/dashboard-charts.ts';
import { sampleOnline } from '../src/modules/console/online-samples.ts';
import { FencedOut } from '../src/plugins/leader.ts';
import type { Api } from './helpers/api.ts';
import { createBettor, createMarket, expectBooksClean, marketBet, placedBet } from './helpers/exchange.ts';
import { describeStores } from './helpers/stores.ts';

type Dashboard = {
  bettors_online: number;
  last_hour: { bets: number; turnover: number };
  house_today: { profit_loss: number; commission: number; net: number };
};

describeStores('console dashboard charts', (ctx) => {
  let operator: Api;
  const op = async () => {
    if (!operator) {
      operator = ctx.api.fork();
      await operator.login('operator', 'operator123');
    }
    return operator;
  };
  const charts = async () => {
    const r = await (await op()).call('adminDashboardCharts');
    expect(r.statusCode, JSON.stringify(r.body)).toBe(200);
    return r.body.data as AdminDashboardCharts;
  };
  const dashboard = async () => (await (await op()).call('adminDashboard')).body.data as Dashboard;
  async function bettor() {
    const u = await createBettor(ctx.app, 100_000_00);
    const api = ctx.api.fork();
    await api.login(u.userName, u.password);
    return api;
  }

  it('24 IST clock hours and 30 IST days, oldest first, the hour and the day under way last', async () => {
    const c = await charts();
    expect(c.hours).toHaveLength(DASHBOARD_CHART_HOURS);
    expect(c.days).toHaveLength(DASHBOARD_CHART_DAYS);
    const now = new Date(c.at);
    expect(c.hours.at(-1)!.hour).toBe(istHourStart(now).toISOString());
    for (const [i, h] of c.hours.entries()) {
      // IST hours begin half past a UTC hour.
      expect(new Date(h.hour).getUTCMinutes()).toBe(30);
      if (i > 0) expect(Date.parse(h.hour) - Date.parse(c.hours[i - 1]!.hour)).toBe(3_600_000);
    }
    const istToday = new Date(now.getTime() + 330 * 60_000).toISOString().slice(0, 10);
    expect(c.days.at(-1)!.day).toBe(istToday);
    for (const [i, d] of c.days.entries()) {
      if (i > 0) expect(Date.parse(d.day) - Date.parse(c.days[i - 1]!.day)).toBe(86_400_000);
    }
  });

  it("the hour under way counts this hour's bets and matched stake; today is the dashboard's house today", async () => {
    const m = await createMarket(ctx.app);
    const [backer, layer] = [await bettor(), await bettor()];
    const before = await charts();
    const lastBefore = await dashboard();
    await placedBet(layer, marketBet(m, 0, false, 2.5, 600));
    await placedBet(backer, marketBet(m, 0, true, 2.5, 400));
    await placedBet(backer, marketBet(m, 1, true, 9, 150)); // unmatched: a bet, no turnover
    const after = await charts();
    const now = after.hours.at(-1)!;
    const was = before.hours.at(-1)!;
    if (now.hour === was.hour) {
      expect(now.bets - was.bets).toBe(3);
      expect(now.turnover - was.turnover).toBe(400);
    }
    // The rolling last hour lies within the last two clock hours.
    const lastHour = await dashboard();
    expect(lastHour.last_hour.bets - lastBefore.last_hour.bets).toBe(3);
    const twoHours = after.hours.slice(-2);
    expect(twoHours.reduce((n, h) => n + h.bets, 0)).toBeGreaterThanOrEqual(lastHour.last_hour.bets);

    // Settle it: the house's day moves by what the dashboard's house today moves by.
    const o = await op();
    expect(
      (await o.call('adminMarketResult', { market_id: m.marketId, winners: [m.selectionIds[1]!] })).body,
    ).toMatchObject({ status: true });
    const [c, d] = [await charts(), await dashboard()];
    expect(c.days.at(-1)).toEqual({
      day: c.days.at(-1)!.day,
      profit_loss: d.house_today.profit_loss,
      commission: d.house_today.commission,
      net: d.house_today.net,
    });
    // Earlier days: none of this test's money.
    expect(c.days.slice(0, -1)).toEqual(after.days.slice(0, -1));
    await expectBooksClean(ctx.app);
  });

  it('bettors online: the leader counts them, the chart shows the hour’s most; an hour without a count is null', async () => {
    const b = await bettor();
    await b.call('getUserBalance');
    await expect.poll(async () => (await dashboard()).bettors_online).toBeGreaterThan(0);
    const online = (await dashboard()).bettors_online;
    // The hour under way shows the count now, whether or not a sample was taken since.
    expect((await charts()).hours.at(-1)!.bettors_online).toBeGreaterThanOrEqual(online);
    const fence = ctx.app.leader.fence();
    expect(fence, 'the only node leads').not.toBeNull();
    const at = ctx.app.clock.now();
    expect(await sampleOnline(ctx.app.db, fence!, at)).toBe(online);
    const c = await charts();
    expect(c.hours.at(-1)!.bettors_online).toBeGreaterThanOrEqual(online);
    // The store is new: nobody counted a day ago.
    expect(c.hours[0]!.bettors_online).toBeNull();
    // A count taken in an earlier hour is that hour's (the most of its counts).
    const earlier = new Date(Date.parse(c.hours[1]!.hour) + 60_000);
    const counted = await sampleOnline(ctx.app.db, fence!, earlier);
    await sampleOnline(ctx.app.db, fence!, new Date(earlier.getTime() + 60_000));
    expect(counted).toBeGreaterThan(0);
    expect((await charts()).hours[1]!.bettors_online).toBe(counted);

    // A deposed leader's count is refused and writes nothing.
    const later = new Date(at.getTime() + 1_000);
    await expect(
      sampleOnline(ctx.app.db, { lease: fence!.lease, generation: fence!.generation - 1 }, later),
    ).rejects.toBeInstanceOf(FencedOut);
    const rows = await ctx.app.db.select().from(onlineSamples);
    expect(rows.some((r) => r.sampledAt.getTime() === later.getTime())).toBe(false);
  });

  it('a bettor gets 403 and nothing else is asked of the call', async () => {
    const b = await bettor();
    expect((await b.call('adminDashboardCharts')).statusCode).toBe(403);
  });
});
