// Limits down the tree (issue 41, docs/hierarchy.md "Limits down the tree"): an account above sets,
// per sport, the largest stake of one bet and the largest exposure on the sport for an account of
// its downline; no bettor at or below it may exceed them, refused in words naming the limit. The
// stake gate reads them in the stake's transaction for every product: the exchange's reservation,
// the house kinds' batches (bookmaker, fancy, casino), the wallet's lockStake (fantasy entries,
// provider debits).
import { eq } from 'drizzle-orm';
import type { AdminUserLimits } from '@backlay/contract';
import { expect, it } from 'vitest';
import { users } from '../src/modules/account/schema.ts';
import { bookmakerQuotes } from '../src/modules/bookmaker/schema.ts';
import { matches, sports } from '../src/modules/catalog/schema.ts';
import { fancies } from '../src/modules/fancy/schema.ts';
import { OPERATOR_LOCK_UNTIL } from '../src/modules/account/queries.ts';
import { UPLINE_LOCKED } from '../src/modules/account/service.ts';
import { BET_LOCKED_MESSAGE } from '../src/modules/wallet/stake-gate.ts';
import { checkLedger } from '../src/modules/admin/ledger-check.ts';
import type { Fence } from '../src/plugins/leader.ts';
import type { Api } from './helpers/api.ts';
import { openRound, termBeforeEach } from './helpers/casino.ts';
import {
  createBettor,
  insertPreviousVersionReservation,
  marketBet,
  nextRequestId,
} from './helpers/exchange.ts';
import { contestsByName, savedTeam, upcomingMatch } from './helpers/fantasy.ts';
import { TREE_PASSWORD, treeOf } from './helpers/hierarchy.ts';
import { cricketTestMatch } from './helpers/people.ts';
import { describeStores, type StoreContext } from './helpers/stores.ts';

const rid = (p = 'lim') => nextRequestId(p);

async function ledgerClean(ctx: StoreContext) {
  const check = await checkLedger(ctx.app);
  expect(check.problems).toEqual([]);
}

describeStores('hierarchy: limits and locks down the tree (issue 41)', (ctx) => {
  const { as, create } = treeOf(ctx);
  let operator: Api;
  let fence: Fence;
  termBeforeEach(
    () => ctx.app,
    (f) => (fence = f),
  );

  /** Master M → agent A → bettor B with ₹5,000, and an outsider master M2; each signed in. */
  async function tree() {
    operator ??= await as('operator', 'operator123');
    const m = await create(operator, 'master', { share_pct: 30 });
    const m2 = await create(operator, 'master', { share_pct: 10 });
    const master = await as(m.userName);
    const a = await create(master, 'agent', { share_pct: 20 });
    const agent = await as(a.userName);
    const b = await create(agent, 'bettor');
    const give = (by: Api, user_id: number, amount: number) =>
      by.call('adminWalletDeposit', { user_id, amount, request_id: rid('money'), memo: 'credit' });
    await give(operator, m.userId, 5_000);
    await give(master, a.userId, 5_000);
    await give(agent, b.userId, 5_000);
    return { m, a, b, master, agent, master2: await as(m2.userName), bettor: await as(b.userName) };
  }

  const setLimit = (
    by: Api,
    user_id: number,
    sport_id: number,
    max_stake: number | null,
    max_exposure: number | null,
  ) => by.call('adminUserLimitSet', { user_id, sport_id, max_stake, max_exposure, request_id: rid() });

  async function sportOf(matchId: number) {
    const [row] = await ctx.app.db
      .select({ id: sports.sportId, name: sports.name })
      .from(matches)
      .innerJoin(sports, eq(sports.sportId, matches.sportId))
      .where(eq(matches.matchId, matchId));
    return row!;
  }

  it('a maximum stake set above binds every bettor below, on every product of the sport; a lower one only tightens it', async () => {
    const t = await tree();
    const m = await cricketTestMatch(ctx.app);
    const sport = await sportOf(m.matchId);
    // The master limits its agent: the agent's bettor keeps to it.
    expect((await setLimit(t.master, t.a.userId, sport.id, 500, null)).body).toMatchObject({ status: true });
    const over = `Your upline's maximum stake on ${sport.name} is ₹500.00: this bet's stake is ₹600.00`;
    const exchangeBet = (stack: number) =>
      t.bettor.call('placeMarketBet', marketBet(m.exchange, 0, true, 2, stack));
    expect((await exchangeBet(600)).body).toEqual({ status: false, message: over });
    expect((await exchangeBet(500)).body).toMatchObject({ status: true });

    // The agent sets a looser limit on its bettor: the master's still binds. A tighter one binds.
    expect((await setLimit(t.agent, t.b.userId, sport.id, 1_000, null)).body).toMatchObject({ status: true });
    expect((await exchangeBet(600)).body).toEqual({ status: false, message: over });
    expect((await setLimit(t.agent, t.b.userId, sport.id, 300, null)).body).toMatchObject({ status: true });
    expect((await exchangeBet(400)).body).toEqual({
      status: false,
      message: `Your upline's maximum stake on ${sport.name} is ₹300.00: this bet's stake is ₹400.00`,
    });

    // The house kinds' batch: a bookmaker bet and a fancy bet over it, refused in the same words.
    const [quote] = await ctx.app.db
      .select()
      .from(bookmakerQuotes)
      .where(eq(bookmakerQuotes.selectionId, m.selectionIds[0]!));
    const f = (await ctx.app.db.select().from(fancies).where(eq(fancies.matchId, m.matchId))).find(
      (x) => x.yesLine !== null && x.yesRate !== null && x.status === 'ACTIVE',
    )!;
    const bookmaker = (stack: number) =>
      t.bettor.call('placeBookmakerBet', {
        match_id: m.matchId,
        market_id: m.bookmakerMarketId,
        selection_id: m.selectionIds[0],
        is_back: '1',
        rate: quote!.backRate,
        stack,
        request_id: rid('bm'),
      });
    const fancy = (stack: number) =>
      t.bettor.call('placeFancyBet', {
        match_id: m.matchId,
        fancy_id: f.marketId,
        is_yes: '1',
        line: f.yesLine,
        rate: f.yesRate,
        stack,
        request_id: rid('fy'),
      });
    const at300 = (stake: string) =>
      `Your upline's maximum stake on ${sport.name} is ₹300.00: this bet's stake is ₹${stake}`;
    expect((await bookmaker(350)).body).toEqual({ status: false, message: at300('350.00') });
    expect((await fancy(301)).body).toEqual({ status: false, message: at300('301.00') });
    expect((await bookmaker(300)).body).toMatchObject({ status: true });

    // What the console shows: set on the account, and what binds with its uplines'.
    const read = async (by: Api, user_id: number) =>
      ((await by.call('adminUserLimits', { user_id })).body.data as AdminUserLimits).limits.find(
        (l) => l.sport_id === sport.id,
      );
    expect(await read(t.agent, t.b.userId)).toMatchObject({
      max_stake: 300,
      max_exposure: null,
      set_by_name: t.a.userName,
      effective_max_stake: 300,
    });
    expect(await read(t.master, t.a.userId)).toMatchObject({ max_stake: 500, effective_max_stake: 500 });

    // Set from above only; outside the subtree, 403 like every console call; bad input, the field.
    expect((await setLimit(t.agent, t.a.userId, sport.id, 10_000, null)).body).toEqual({
      status: false,
      message: 'Your own limits are set by your upline',
    });
    expect((await setLimit(t.master2, t.b.userId, sport.id, 1, null)).statusCode).toBe(403);
    const bad = await setLimit(t.master, t.a.userId, sport.id, -5, null);
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/max_stake/);
    expect((await setLimit(t.master, t.a.userId, 123_456, 5, null)).body).toEqual({
      status: false,
      message: 'sport_id: there is no sport 123456',
    });

    // Cleared (both null) on both accounts: the bet of ₹600 is taken.
    await setLimit(t.agent, t.b.userId, sport.id, null, null);
    await setLimit(t.master, t.a.userId, sport.id, null, null);
    expect((await exchangeBet(600)).body).toMatchObject({ status: true });
    await ledgerClean(ctx);
  });

  it('a maximum exposure on a sport counts every market of it; a hedge is always taken; other sports are apart', async () => {
    const t = await tree();
    const m = await cricketTestMatch(ctx.app);
    const sport = await sportOf(m.matchId);
    await setLimit(t.master, t.a.userId, sport.id, null, 1_000);
    const words = (to: string) =>
      `This bet would take your exposure on ${sport.name} to ₹${to}: your upline's limit is ₹1,000.00`;
    // Someone else's reservation on the sport (left by a node of the previous version, a bet on its
    // way to its batch) is theirs, not B's.
    const other = await createBettor(ctx.app, 1_000_000);
    await insertPreviousVersionReservation(ctx.app, other.userId, m.exchange.marketId, 500_000);
    // An exchange back of ₹600 (exposure ₹600), then a fancy bet of ₹500 would make ₹1,100.
    const back = await t.bettor.call('placeMarketBet', marketBet(m.exchange, 0, true, 2, 600));
    expect(back.body).toMatchObject({ status: true });
    const f = (await ctx.app.db.select().from(fancies).where(eq(fancies.matchId, m.matchId))).find(
      (x) => x.yesLine !== null && x.yesRate !== null && x.status === 'ACTIVE',
    )!;
    const fancy = (stack: number) =>
      t.bettor.call('placeFancyBet', {
        match_id: m.matchId,
        fancy_id: f.marketId,
        is_yes: '1',
        line: f.yesLine,
        rate: f.yesRate,
        stack,
        request_id: rid('fy'),
      });
    expect((await fancy(500)).body).toEqual({ status: false, message: words('1,100.00') });
    expect((await fancy(400)).body).toMatchObject({ status: true });
    // At the limit: another exchange back on another runner is refused in the same words…
    const more = await t.bettor.call('placeMarketBet', marketBet(m.exchange, 1, true, 2, 100));
    expect(more.body).toEqual({ status: false, message: words('1,100.00') });
    // …and a lay of the backed runner, which lowers the exposure, is taken.
    const hedge = await t.bettor.call('placeMarketBet', marketBet(m.exchange, 0, false, 2, 300));
    expect(hedge.body).toMatchObject({ status: true });

    // The casino is another sport: the cricket limit does not touch it; its own does.
    const r = await openRound(ctx.app, fence, 'dragon_tiger_20');
    const casino = (stack: number) =>
      t.bettor.call('placeCasinoBet', {
        match_id: r.matchId,
        round_id: r.roundId,
        option_id: 'dragon',
        stack,
        request_id: rid('gc'),
      });
    expect((await casino(800)).body).toMatchObject({ status: true });
    const casinoSport = await sportOf(r.matchId);
    await setLimit(t.master, t.b.userId, casinoSport.id, 100, null);
    expect((await casino(150)).body).toEqual({
      status: false,
      message: `Your upline's maximum stake on ${casinoSport.name} is ₹100.00: this bet's stake is ₹150.00`,
    });
    await ledgerClean(ctx);
  });

  it('a fantasy entry fee over the maximum stake on its match’s sport is refused, nothing moved', async () => {
    const t = await tree();
    const { matchId } = await upcomingMatch(ctx.app);
    await ctx.app.fantasy.step(null);
    const sport = await sportOf(matchId);
    const team = await savedTeam(t.bettor, matchId);
    const contest = [...(await contestsByName(t.bettor, matchId)).values()].find((c) => c.entry_fee > 1)!;
    await setLimit(t.master, t.a.userId, sport.id, 1, null);
    const before = await ctx.app.wallet.balancePaise(t.b.userId);
    const r = await t.bettor.call('joinFantasyContest', {
      contest_id: contest.contest_id,
      team_id: team.team_id,
      request_id: rid('gf'),
    });
    expect(r.body).toEqual({
      status: false,
      message: `Your upline's maximum stake on ${sport.name} is ₹1.00: this bet's stake is ₹${contest.entry_fee.toLocaleString('en-IN', { minimumFractionDigits: 2 })}`,
    });
    expect(await ctx.app.wallet.balancePaise(t.b.userId)).toBe(before);
    await setLimit(t.master, t.a.userId, sport.id, null, null);
    const ok = await t.bettor.call('joinFantasyContest', {
      contest_id: contest.contest_id,
      team_id: team.team_id,
      request_id: rid('gf'),
    });
    expect(ok.body).toMatchObject({ status: true });
    await ledgerClean(ctx);
  });

  it('an account lock reaches the whole downline: sessions end, sign-ins and stakes refused until it is lifted', async () => {
    const t = await tree();
    const m = await cricketTestMatch(ctx.app);
    const bet = (api: Api) => api.call('placeMarketBet', marketBet(m.exchange, 0, true, 2, 100));
    expect((await bet(t.bettor)).body).toMatchObject({ status: true });
    // The master locks its agent: the bettor below it is signed out and cannot sign in.
    const lock = (locked: boolean) =>
      t.master.call('adminUserLock', { user_id: t.a.userId, locked, request_id: rid('lock') });
    expect((await lock(true)).body).toMatchObject({ status: true });
    expect((await t.bettor.call('getUserBalance')).statusCode).toBe(401);
    const again = ctx.api.fork();
    const login = await again.call('login', { user_name: t.b.userName, password: TREE_PASSWORD });
    expect(login.body).toEqual({ status: false, message: UPLINE_LOCKED });
    // Lifted: the bettor signs in and bets.
    expect((await lock(false)).body).toMatchObject({ status: true });
    const back = await as(t.b.userName);
    expect((await bet(back)).body).toMatchObject({ status: true });
    // A lock whose session ending did not reach a session (past SUBTREE_LOCK_MAX): the stake gate
    // still refuses while an account above is locked.
    await ctx.app.db
      .update(users)
      .set({ lockedUntil: OPERATOR_LOCK_UNTIL })
      .where(eq(users.userId, t.m.userId));
    expect((await bet(back)).body).toEqual({ status: false, message: BET_LOCKED_MESSAGE });
    await ctx.app.db.update(users).set({ lockedUntil: null }).where(eq(users.userId, t.m.userId));
    expect((await bet(back)).body).toMatchObject({ status: true });
    await ledgerClean(ctx);
  });
});
