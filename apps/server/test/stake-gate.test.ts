// The one stake gate (issue 40, DESIGN.md §7): every way money becomes a stake reads the session's
// generation in the transaction that takes it, so no node's session cache can admit a session that
// ended elsewhere. The review's finding: a session ended on one node (a password change, a
// self-exclusion) still bet on another for 3–120 ms, until the bus notice arrived, because the
// node answered from its session cache and the bet's transaction never looked again.
//
// Here the other node's change is made straight in the store (the users row's generation bumped,
// as a password change, a lock or an exclusion on another node does), with no notice to this
// node's cache: the session is still trusted by the route, and the stake's own transaction must
// refuse it. Each product's stake is tried; none is taken, nothing is held, the ledger is clean.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../src/modules/account/schema.ts';
import { bookmakerQuotes } from '../src/modules/bookmaker/schema.ts';
import { fancies } from '../src/modules/fancy/schema.ts';
import { checkLedger } from '../src/modules/admin/ledger-check.ts';
import type { GatePass } from '../src/modules/wallet/service.ts';
import {
  NOT_A_BETTOR_MESSAGE,
  SESSION_ENDED_MESSAGE,
  SYSTEM_STAKER,
} from '../src/modules/wallet/stake-gate.ts';
import type { Fence } from '../src/plugins/leader.ts';
import { openRound, termBeforeEach } from './helpers/casino.ts';
import { marketBet, nextRequestId } from './helpers/exchange.ts';
import { contestsByName, savedTeam, upcomingMatch } from './helpers/fantasy.ts';
import { expectLedgerBalanced } from './helpers/ledger.ts';
import { bettorOf, cricketTestMatch, type Bettor } from './helpers/people.ts';
import { describeStores } from './helpers/stores.ts';

describeStores('the stake gate: a session ended elsewhere stakes nothing (issue 40)', (ctx) => {
  let fence: Fence;
  termBeforeEach(
    () => ctx.app,
    (f) => (fence = f),
  );

  /** The bettor's session ended on another node: its generation moved, this node was not told. */
  async function endedElsewhere(b: Bettor) {
    // The route still trusts the cached session (what the other node's bus notice would clear).
    expect((await b.call('getUserBalance')).statusCode).toBe(200);
    await ctx.app.db
      .update(users)
      .set({ sessionGeneration: sql`${users.sessionGeneration} + 1` })
      .where(eq(users.userId, b.userId));
  }

  async function nothingTaken(b: Bettor, balancePaise: number) {
    expect(await ctx.app.wallet.balancePaise(b.userId)).toBe(balancePaise);
    expect(await ctx.app.wallet.liabilityPaise(b.userId)).toBe(0);
    const check = await checkLedger(ctx.app);
    expect(check.problems).toEqual([]);
    await expectLedgerBalanced(ctx.app);
  }

  /** The bettor's account made a master's (issue 41): its session is live, and it does not bet. */
  async function becameMaster(b: Bettor) {
    await ctx.app.db.update(users).set({ role: 'master' }).where(eq(users.userId, b.userId));
  }

  /** The two ways the gate refuses a live route's stake, each tried on every product. */
  const WAYS = [
    { name: 'a session ended elsewhere', apply: endedElsewhere, message: SESSION_ENDED_MESSAGE },
    { name: "a master's session (issue 41)", apply: becameMaster, message: NOT_A_BETTOR_MESSAGE },
  ];

  const refusedInWords = (
    r: { statusCode: number; body: { status: boolean; message?: string } },
    message: string,
  ) => {
    // An ended session: either the route's own session check (401) or the stake's transaction
    // (status false). A master's session is live: only the stake's transaction refuses it.
    if (r.statusCode === 401 && message === SESSION_ENDED_MESSAGE) return;
    expect(r.statusCode, JSON.stringify(r.body)).toBe(200);
    expect(r.body.status, JSON.stringify(r.body)).toBe(false);
    expect(r.body.message).toBe(message);
  };

  it('the ledger writes a stake transfer only with a pass the gate gave, once', async () => {
    const b = await bettorOf(ctx, 10_000);
    const transfer = (kind: 'provider_bet' | 'fantasy_entry') =>
      ctx.app.db.transaction(async (tx) => {
        const user = await ctx.app.wallet.houseAccount(tx, 'HOUSE_CASH');
        const pool = await ctx.app.wallet.houseAccount(tx, 'FANTASY_POOL');
        return ctx.app.wallet.transfer(tx, {
          debitAccountId: user,
          creditAccountId: pool,
          amountPaise: 100,
          kind,
          idempotencyKey: nextRequestId('by-hand'),
        });
      });
    await expect(transfer('provider_bet')).rejects.toThrow(/stake gate/);
    await expect(transfer('fantasy_entry')).rejects.toThrow(/stake gate/);
    const forged = { userId: b.userId, maxPaise: 100 } as unknown as GatePass;
    const take = (pass: GatePass, amountPaise = 100) =>
      ctx.app.db.transaction((tx) =>
        ctx.app.wallet.takeStake(tx, pass, {
          kind: 'fantasy_entry',
          houseCode: 'FANTASY_POOL',
          amountPaise,
          key: nextRequestId('take'),
          memo: 'test',
        }),
      );
    await expect(take(forged)).rejects.toThrow(/pass of the stake gate/);
    const pass = await ctx.app.db.transaction(async (tx) => {
      const check = await ctx.app.wallet.lockStake(tx, b.userId, 100, SYSTEM_STAKER, 4);
      if (!check?.ok) throw new Error('the gate refused a covered stake');
      return check.pass;
    });
    await expect(take(pass, 101)).rejects.toThrow(/outside the gate's pass/);
    await expect(take(pass)).rejects.toThrow(/used once/);
    await nothingTaken(b, 10_000);
  });

  for (const way of WAYS) {
    describe(way.name, () => {
      it('an exchange bet', async () => {
        const m = await cricketTestMatch(ctx.app);
        const b = await bettorOf(ctx, 100_000);
        await way.apply(b);
        refusedInWords(await b.call('placeMarketBet', marketBet(m.exchange, 0, false, 2, 100)), way.message);
        await nothingTaken(b, 100_000);
      });

      it('a bookmaker bet and a fancy bet', async () => {
        const m = await cricketTestMatch(ctx.app);
        const b = await bettorOf(ctx, 100_000);
        const [quote] = await ctx.app.db
          .select()
          .from(bookmakerQuotes)
          .where(eq(bookmakerQuotes.selectionId, m.selectionIds[0]!));
        const f = (await ctx.app.db.select().from(fancies).where(eq(fancies.matchId, m.matchId))).find(
          (x) => x.yesLine !== null && x.yesRate !== null && x.status === 'ACTIVE',
        )!;
        expect(quote?.backRate, 'the bookmaker quotes a back rate').toBeTruthy();
        await way.apply(b);
        refusedInWords(
          await b.call('placeBookmakerBet', {
            match_id: m.matchId,
            market_id: m.bookmakerMarketId,
            selection_id: m.selectionIds[0],
            is_back: '1',
            rate: quote!.backRate,
            stack: 100,
            request_id: nextRequestId('gbm'),
          }),
          way.message,
        );
        refusedInWords(
          await b.call('placeFancyBet', {
            match_id: m.matchId,
            fancy_id: f.marketId,
            is_yes: '1',
            line: f.yesLine,
            rate: f.yesRate,
            stack: 100,
            request_id: nextRequestId('gfy'),
          }),
          way.message,
        );
        await nothingTaken(b, 100_000);
      });

      it('a casino bet', async () => {
        const b = await bettorOf(ctx, 100_000);
        const r = await openRound(ctx.app, fence, 'dragon_tiger_20');
        await way.apply(b);
        refusedInWords(
          await b.call('placeCasinoBet', {
            match_id: r.matchId,
            round_id: r.roundId,
            option_id: 'dragon',
            stack: 100,
            request_id: nextRequestId('gc'),
          }),
          way.message,
        );
        await nothingTaken(b, 100_000);
      });

      it('a fantasy contest entry', async () => {
        const { matchId } = await upcomingMatch(ctx.app);
        await ctx.app.fantasy.step(null); // the runner's pass opens the match's contests
        const b = await bettorOf(ctx, 100_000);
        const team = await savedTeam(b, matchId);
        const contest = [...(await contestsByName(b, matchId)).values()][0]!;
        await way.apply(b);
        refusedInWords(
          await b.call('joinFantasyContest', {
            contest_id: contest.contest_id,
            team_id: team.team_id,
            request_id: nextRequestId('gf'),
          }),
          way.message,
        );
        await nothingTaken(b, 100_000);
      });
    });
  }
});
