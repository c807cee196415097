// The demo racing feed against the racing module and the exchange: it creates the races ahead,
// quotes their WIN and PLACE markets through the bettors' code path, runs a race through its day
// to the weighed-in result, and both markets settle — with the ledger balanced.
import { DEFAULT_RACING_FEED_OPTIONS, planDay, siteDay, type RacingFeedOptions } from '@backlay/feed';
import { expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { users } from '../src/modules/account/schema.ts';
import { bets } from '../src/modules/exchange/schema.ts';
import { checkLedger } from '../src/modules/admin/ledger-check.ts';
import { createServerRacingFeed } from '../src/feeds/feed.ts';
import { expectExchangeInvariants } from './helpers/exchange.ts';
import { expectLedgerBalanced } from './helpers/ledger.ts';
import { describeStores } from './helpers/stores.ts';

const MIN = 60_000;

/**
 * The first whole minute from now whose window (`lead_ms` to `horizon_ms` ahead) holds `races` of
 * the day's plan. The plan follows the site's racing hours: in 34 minutes of a week (around 06:00
 * UTC) the next half hour holds only two races, and the test failed when CI ran then.
 */
function firstMinuteWithRaces(races: number, lead_ms: number, horizon_ms: number): number {
  const first = Math.ceil(Date.now() / MIN) * MIN;
  const day = siteDay(first);
  // The day before (a night meeting belongs to it) through the day after the search's last minute.
  const offs_ms = [day - 1, day, day + 1, day + 2].flatMap((d) =>
    planDay(DEFAULT_RACING_FEED_OPTIONS.seed, d).map((r) => r.off_time_ms),
  );
  for (let t = first; t < first + 24 * 60 * MIN; t += MIN) {
    const inWindow = offs_ms.filter((off) => off >= t + lead_ms && off <= t + horizon_ms);
    if (inWindow.length >= races) return t;
  }
  throw new Error(`no minute in the next day has ${races} races planned in its window`);
}

describeStores(
  'demo racing feed on the racing module',
  (ctx) => {
    it('creates the races ahead, quotes WIN and PLACE three deep, runs a race to its result; both markets settle, ledger balanced', async () => {
      const start = firstMinuteWithRaces(3, 5 * MIN, 30 * MIN);
      const clock = { t: start, now: () => new Date(clock.t) };
      const options: Partial<RacingFeedOptions> = {
        horizon_ms: 30 * MIN,
        min_lead_ms: 5 * MIN,
        max_creates_per_tick: 10,
        max_lifecycle_per_tick: 20,
        max_markets_per_tick: 4,
        max_busy_markets: 8,
        // Each market quoted once, again only after a bettor took a level: the test stays quick.
        quote_far_ms: 60 * MIN,
        quote_near_ms: 60 * MIN,
        // No bettor until the depth is checked: a bettor who takes a level leaves two until the
        // next visit, and which market a bettor picks depends on the races the seed holds today.
        bet_probability: 0,
      };
      const feed = await createServerRacingFeed(ctx.app, { seed: 3, clock, options });
      const created: number[] = [];
      for (let i = 0; i < 3; i++) created.push(...(await feed.tick()).created);
      expect(created.length).toBeGreaterThanOrEqual(3);
      // The soonest race it created (the seed's races are driven too, and quoted in turn).
      const firstCard = (await ctx.app.racing.card(created[0]!))!;
      const first = {
        race: {
          matchId: firstCard.match_id,
          winMarketId: firstCard.win_market_id,
          placeMarketId: firstCard.place_market_id,
        },
        match: { startTime: new Date(firstCard.off_time) },
      };
      expect(first.race.placeMarketId).not.toBeNull();
      const quoted = () =>
        [first.race.winMarketId, first.race.placeMarketId!].every((id) => feed.state().get(id)?.centers);
      for (let i = 0; i < 40 && !quoted(); i++) await feed.tick();
      expect(quoted()).toBeTruthy();

      for (const market_id of [first.race.winMarketId, first.race.placeMarketId!]) {
        const img = (await ctx.app.exchange.getMarketImage(market_id))!;
        // A non-runner (the plan may withdraw one) is not quoted.
        for (const r of img.runners.filter((x) => x.status === 'ACTIVE')) {
          expect(r.back.length, `${market_id}/${r.selection_id} back`).toBeGreaterThanOrEqual(3);
          expect(r.lay.length, `${market_id}/${r.selection_id} lay`).toBeGreaterThanOrEqual(3);
          expect(r.back[0]!.price).toBeLessThan(r.lay[0]!.price);
        }
      }
      await expectExchangeInvariants(ctx.app);
      /** The makers with unmatched bets on a market. */
      const makersOn = async (market_id: number) => {
        const rows = await ctx.app.db
          .selectDistinct({ name: users.userName })
          .from(bets)
          .innerJoin(users, eq(users.userId, bets.userId))
          .where(and(eq(bets.marketId, market_id), sql`${bets.resting}`));
        return rows.map((r) => r.name).filter((n) => feed.options.makers.includes(n));
      };
      // Bettors from here on, so the race settles matched bets; a market a bettor took a level of
      // is visited again, and its maker amends its ladder (issue 48).
      (feed.options as RacingFeedOptions).bet_probability = 0.5;

      // The day moves on: off at the off, past the post, the weigh-in, the result.
      const off = first.match.startTime.getTime();
      const states: string[] = [];
      let amended = 0;
      while (clock.t < off + 8 * MIN) {
        clock.t += 20_000;
        const r = await feed.tick();
        amended += r.amended.length;
        for (const id of r.requoted) expect(await makersOn(id), `makers on ${id}`).toHaveLength(1);
        const card = (await ctx.app.racing.card(first.race.matchId))!;
        if (states[states.length - 1] !== card.state) states.push(card.state);
      }
      // Visits after a bettor took a level amend the ladder (the race's own markets or others').
      expect(amended).toBeGreaterThan(0);
      expect(states.slice(states.indexOf('OPEN') >= 0 ? states.indexOf('OPEN') : 0)).toEqual(
        expect.arrayContaining(['OFF', 'FINISHED', 'RESULTED']),
      );
      const card = (await ctx.app.racing.card(first.race.matchId))!;
      expect(card.state).toBe('RESULTED');
      const ran = new Set(card.runners.filter((r) => !r.non_runner).map((r) => r.number));
      for (const p of card.result!) for (const n of p.numbers) expect(ran.has(n)).toBe(true);
      await expectLedgerBalanced(ctx.app);
      await expectExchangeInvariants(ctx.app);
      expect((await checkLedger(ctx.app)).problems).toEqual([]);
      expect(await ctx.app.settlement.view(first.race.winMarketId), 'WIN settled').toMatchObject({
        state: 'SETTLED',
      });
      // PLACE settles on several winners: needs the settlement's multi-winner results (fix/nonrunner).
      expect(await ctx.app.settlement.view(first.race.placeMarketId!), 'PLACE settled').toMatchObject({
        state: 'SETTLED',
      });
    });
  },
  { exchange: { sleep: async () => {} } },
);
