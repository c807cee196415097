// Issue 22, the in-house casino tables on the server (docs/casino.md "Server"): the catalog, the
// reads, placement and its refusals (the window by the store's clock, options, limits, balance,
// idempotency), settlement money for a win, a half loss, a push and a loss with the ledger check
// clean after each, the seed hidden then revealed, and 1,000 rounds recomputed from their seeds.
// Rounds are driven by hand through the scheduler's own round functions (helpers/casino.ts).
import type {
  CasinoBet,
  CasinoLobby,
  CasinoRound,
  CasinoRoundResult,
  CasinoResults,
} from '@backlay/contract';
import { ROUND_GAMES, roundGame, serverSeedHash } from '@backlay/engine';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { casinoBets, casinoRounds } from '../src/modules/casino/schema.ts';
import { hmacSha256, sha256 } from '../src/modules/casino/fair.ts';
import { setLimits } from '../src/modules/casino/tables.ts';
import { FencedOut, type Fence } from '../src/plugins/leader.ts';
import { expectLedgerClean, openRound, playOut, tableFor, termBeforeEach, termOf } from './helpers/casino.ts';
import { nextRequestId } from './helpers/exchange.ts';
import { bettorOf, type Bettor } from './helpers/people.ts';
import { sendWhileFirstIsSlow } from './helpers/slow-first.ts';
import { describeStores, ONE_STORE } from './helpers/stores.ts';

const DT = 'dragon_tiger_20';
const TP = 'teen_patti_20';

describeStores('casino tables (issue 22)', (ctx) => {
  let fence: Fence;
  termBeforeEach(
    () => ctx.app,
    (f) => (fence = f),
  );

  const balanceOf = async (b: Bettor) => {
    const d = (await b.call('getUserBalance')).body.data as { total_balance: number; liability: number };
    return { balance: d.total_balance, liability: d.liability };
  };
  const bet = (b: Bettor, body: Record<string, unknown>) =>
    b.call('placeCasinoBet', { request_id: nextRequestId('c'), ...body });
  const placed = async (b: Bettor, body: Record<string, unknown>) => {
    const r = await bet(b, body);
    expect(r.body.message ?? '', JSON.stringify(r.body)).toMatch(/Bet placed/);
    return (r.body.data as { bet: CasinoBet }).bet;
  };

  it('a round this term left unfinished (its deal and its void failed) is an orphan the table voids before its next round', async () => {
    const left = await openRound(ctx.app, fence, 'lucky7');
    expect(await ctx.app.casino.rounds.orphans(left.matchId, fence)).toContain(left.roundId);
    const change = await ctx.app.casino.rounds.voidRound(left.roundId, fence, 'test');
    expect(change?.roundId).toBe(left.roundId);
    expect(await ctx.app.casino.rounds.orphans(left.matchId, fence)).not.toContain(left.roundId);
    await expectLedgerClean(ctx.app);
  });

  it('lists the series and the tables: a match of sport -1 per game, unlisted rounds', async () => {
    const b = await bettorOf(ctx, 0);
    const sports = (await b.call('getCasinoSport')).body.data as { sport_id: string }[];
    expect(sports.map((s) => s.sport_id)).toEqual(['ourcasino', 'virtual', 'worldcasino']);
    const matches = (await b.call('getMatches', { sport_id: -1 })).body.data as {
      match_name: string;
      series_name: string;
      markets: unknown[];
    }[];
    for (const g of ROUND_GAMES)
      expect(matches).toContainEqual(expect.objectContaining({ match_name: g.name, markets: [] }));
    // A round's market is never listed under its table.
    await openRound(ctx.app, fence, DT);
    const again = (await b.call('getMatches', { sport_id: -1 })).body.data as { markets: unknown[] }[];
    expect(again.every((m) => m.markets.length === 0)).toBe(true);
    // All sports (no sport_id) are the betting sports: the tables are not among them.
    const everything = (await b.call('getMatches', {})).body.data as { sport_id: number }[];
    expect(everything.length).toBeGreaterThan(0);
    expect(everything.some((m) => m.sport_id === -1)).toBe(false);
    // The seed is idempotent: a second run adds no table.
    expect(await ctx.app.casino.ensureTables()).toBe(0);
  });

  it('getLobby and getRound answer the current round, its options, limits and the last results', async () => {
    const b = await bettorOf(ctx, 100_000);
    const r = await openRound(ctx.app, fence, DT);
    const lobby = (await b.call('getCasinoLobby', { series_id: 'ourcasino' })).body.data as CasinoLobby;
    expect(lobby.name).toBe('Our Casino');
    const tile = lobby.tables.find((t) => t.game_id === DT)!;
    expect(tile.round).toMatchObject({ round_id: r.roundId, state: 'BETTING', dealt: [], result: null });
    expect(tile.round!.seconds_left).toBeGreaterThan(50);
    const round = (await b.call('getCasinoRound', { match_id: r.matchId })).body.data as CasinoRound;
    expect(round.round.options).toContainEqual({ option_id: 'dragon', label: 'Dragon', payout: 1.98 });
    expect(round.limits).toEqual({ min_stake: 10, max_per_option: 25_000, max_per_round: 50_000 });
    expect(round.round.server_seed_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(round)).not.toContain(r.serverSeed);
    expect(round.my_bets).toEqual([]);
    // Unknown tables: a readable refusal naming the field, never a 500.
    for (const [name, body] of [
      ['getCasinoRound', { match_id: 999_999 }],
      ['getCasinoResult', { match_id: 999_999, round_id: 1 }],
      ['getCasinoResult', { match_id: r.matchId, round_id: 999_999 }],
      ['getCasinoResults', { match_id: 999_999 }],
    ] as const) {
      const a = await b.call(name, body);
      expect(a.statusCode).toBe(200);
      expect(a.body).toMatchObject({ status: false, message: expect.stringMatching(/match_id|round_id/) });
    }
  });

  it('refuses a bet once the window has closed by the store clock, whatever the round row says', async () => {
    const b = await bettorOf(ctx, 100_000);
    const r = await openRound(ctx.app, fence, DT);
    await placed(b, { match_id: r.matchId, round_id: r.roundId, option_id: 'dragon', stack: 10 });
    // The window's end passes (the scheduler has not closed the round yet).
    await ctx.app.db
      .update(casinoRounds)
      .set({ closesAt: sql`now() - interval '1 millisecond'` })
      .where(eq(casinoRounds.roundId, r.roundId));
    const late = await bet(b, { match_id: r.matchId, round_id: r.roundId, option_id: 'dragon', stack: 10 });
    expect(late.body).toMatchObject({ status: false, message: 'Betting is closed for this round' });
    await ctx.app.casino.rounds.close(r.roundId, fence);
    const closed = await bet(b, { match_id: r.matchId, round_id: r.roundId, option_id: 'tiger', stack: 10 });
    expect(closed.body).toMatchObject({ status: false, message: 'Betting is closed for this round' });
    // A round that is not the table's current one.
    const next = await openRound(ctx.app, fence, DT);
    await ctx.app.db
      .update(casinoRounds)
      .set({ state: 'BETTING', closesAt: sql`now() + interval '1 minute'` })
      .where(eq(casinoRounds.roundId, r.roundId));
    const old = await bet(b, { match_id: r.matchId, round_id: r.roundId, option_id: 'tiger', stack: 10 });
    expect(old.body).toMatchObject({ status: false, message: 'Betting is closed for this round' });
    await ctx.app.casino.rounds.voidRound(r.roundId, fence, 'test');
    await ctx.app.casino.rounds.voidRound(next.roundId, fence, 'test');
    await expectLedgerClean(ctx.app);
  });

  it('refuses an unknown option, another table’s round, stakes outside the limits, and more than the balance', async () => {
    const b = await bettorOf(ctx, 6_000_000);
    const r = await openRound(ctx.app, fence, DT);
    const on = { match_id: r.matchId, round_id: r.roundId };
    expect((await bet(b, { ...on, option_id: 'joker', stack: 10 })).body).toMatchObject({
      status: false,
      message: expect.stringContaining('option_id'),
    });
    const other = await tableFor(ctx.app, TP);
    expect(
      (await bet(b, { match_id: other.matchId, round_id: r.roundId, option_id: 'dragon', stack: 10 })).body,
    ).toMatchObject({ status: false, message: expect.stringContaining('round_id') });
    expect((await bet(b, { ...on, option_id: 'dragon', stack: 9.99 })).body).toMatchObject({
      status: false,
      message: expect.stringContaining('smallest stake is ₹10'),
    });
    await placed(b, { ...on, option_id: 'dragon', stack: 20_000 });
    expect((await bet(b, { ...on, option_id: 'dragon', stack: 5_000.01 })).body).toMatchObject({
      status: false,
      message: expect.stringContaining('on one option'),
    });
    await placed(b, { ...on, option_id: 'dragon', stack: 5_000 });
    // ₹25,000 on Dragon; ₹20,000 on Tiger leaves ₹5,000 for the round's ₹50,000.
    await placed(b, { ...on, option_id: 'tiger', stack: 20_000 });
    expect((await bet(b, { ...on, option_id: 'tie', stack: 5_000.01 })).body).toMatchObject({
      status: false,
      message: expect.stringContaining('in one round'),
    });
    // The balance: ₹60,000 less ₹45,000 held leaves ₹15,000, not ₹20,000. Wider limits apply
    // from the table's next round (this one keeps those it opened with).
    await setLimits(ctx.app, r.matchId, {
      minStakePaise: 1_000,
      maxPerOptionPaise: 10_000_000,
      maxPerRoundPaise: 10_000_000,
    });
    expect((await bet(b, { ...on, option_id: 'tie', stack: 20_000 })).body.message).toContain('in one round');
    const next = await openRound(ctx.app, fence, DT);
    const onNext = { match_id: next.matchId, round_id: next.roundId };
    expect((await bet(b, { ...onNext, option_id: 'tie', stack: 1 })).body.message).toContain('smallest');
    const short = await bet(b, { ...onNext, option_id: 'tie', stack: 20_000 });
    expect(short.body).toMatchObject({
      status: false,
      message: expect.stringContaining('Insufficient balance'),
    });
    expect(await balanceOf(b)).toEqual({ balance: 60_000, liability: 45_000 });
    await setLimits(ctx.app, r.matchId, {
      minStakePaise: 1_000,
      maxPerOptionPaise: 2_500_000,
      maxPerRoundPaise: 5_000_000,
    });
    await ctx.app.casino.rounds.voidRound(next.roundId, fence, 'test');
    await ctx.app.casino.rounds.voidRound(r.roundId, fence, 'test');
    expect(await balanceOf(b)).toEqual({ balance: 60_000, liability: 0 });
    await expectLedgerClean(ctx.app);
  });

  it('is idempotent on request_id: the same request returns the first bet, held once', async () => {
    const b = await bettorOf(ctx, 100_000);
    const r = await openRound(ctx.app, fence, DT);
    const body = {
      match_id: r.matchId,
      round_id: r.roundId,
      option_id: 'tiger',
      stack: 100,
      request_id: nextRequestId(),
    };
    const answers = await Promise.all([1, 2, 3].map(() => b.call('placeCasinoBet', body)));
    const ids = answers.map((a) => (a.body.data as { bet: CasinoBet }).bet.bet_id);
    expect(new Set(ids).size).toBe(1);
    expect(answers.filter((a) => a.body.message === 'Bet placed')).toHaveLength(1);
    expect((await b.call('placeCasinoBet', { ...body, stack: 200 })).body).toMatchObject({
      status: false,
      message: expect.stringContaining('request_id'),
    });
    expect(await balanceOf(b)).toEqual({ balance: 1_000, liability: 100 });
    const round = (await b.call('getCasinoRound', { match_id: r.matchId })).body.data as CasinoRound;
    expect(round.my_bets.map((x) => x.bet_id)).toEqual([ids[0]]);
    await ctx.app.casino.rounds.voidRound(r.roundId, fence, 'test');
    await expectLedgerClean(ctx.app);
  });

  it('the same request_id sent while the first holds the wallet past the busy retries waits for it and answers its bet', async () => {
    const b = await bettorOf(ctx, 100_000);
    const r = await openRound(ctx.app, fence, DT);
    const body = {
      match_id: r.matchId,
      round_id: r.roundId,
      option_id: 'dragon',
      stack: 100,
      request_id: nextRequestId(),
    };
    const answers = await sendWhileFirstIsSlow(ctx.app, () => b.call('placeCasinoBet', body));
    expect(
      answers.map((a) => a.body.status),
      JSON.stringify(answers.map((a) => a.body)),
    ).toEqual([true, true, true]);
    const ids = answers.map((a) => (a.body.data as { bet: CasinoBet }).bet.bet_id);
    expect(new Set(ids).size).toBe(1);
    expect(await balanceOf(b)).toEqual({ balance: 1_000, liability: 100 });
    await ctx.app.casino.rounds.voidRound(r.roundId, fence, 'test');
    await expectLedgerClean(ctx.app);
  });

  it('settles a win, a half loss (Dragon Tiger tie), a push (Teen Patti tie) and a loss through the ledger', async () => {
    const b = await bettorOf(ctx, 100_000);
    const start = (await balanceOf(b)).balance;
    // A Dragon win: Dragon ₹100 wins 98, Tiger ₹50 loses 50, Tie ₹10 loses 10.
    const win = await openRound(ctx.app, fence, DT, 60_000, (p) => p.result.summary === 'Dragon');
    const on = { match_id: win.matchId, round_id: win.roundId };
    await placed(b, { ...on, option_id: 'dragon', stack: 100 });
    await placed(b, { ...on, option_id: 'tiger', stack: 50 });
    await placed(b, { ...on, option_id: 'tie', stack: 10 });
    expect(await balanceOf(b)).toEqual({ balance: start, liability: 160 });
    const settled = await playOut(ctx.app, fence, win);
    expect(settled?.users).toEqual([b.userId]);
    expect(await balanceOf(b)).toEqual({ balance: start + 98 - 50 - 10, liability: 0 });
    await expectLedgerClean(ctx.app);
    const mine = await ctx.app.db.select().from(casinoBets).where(eq(casinoBets.roundId, win.roundId));
    expect(mine.map((x) => [x.optionId, x.settledStatus, x.result, x.profitLossPaise])).toEqual([
      ['dragon', 'SETTLED', 'WON', 9_800],
      ['tiger', 'SETTLED', 'LOST', -5_000],
      ['tie', 'SETTLED', 'LOST', -1_000],
    ]);

    // A tie: Dragon ₹10.01 loses half (⌈500.5⌉ = 501 paise); Tie ₹10 wins 150.
    const b1 = (await balanceOf(b)).balance;
    const tie = await openRound(ctx.app, fence, DT, 60_000, (p) => p.result.summary === 'Tie');
    await placed(b, { match_id: tie.matchId, round_id: tie.roundId, option_id: 'dragon', stack: 10.01 });
    await placed(b, { match_id: tie.matchId, round_id: tie.roundId, option_id: 'tie', stack: 10 });
    await playOut(ctx.app, fence, tie);
    expect((await balanceOf(b)).balance).toBeCloseTo(b1 - 5.01 + 150, 2);
    await expectLedgerClean(ctx.app);

    // A push: Teen Patti's hands tie, Player A returns the stake; Player B too.
    const b2 = (await balanceOf(b)).balance;
    const push = await openRound(
      ctx.app,
      fence,
      TP,
      60_000,
      (p) => p.result.outcomes['player_a']?.kind === 'push',
    );
    await placed(b, { match_id: push.matchId, round_id: push.roundId, option_id: 'player_a', stack: 100 });
    await playOut(ctx.app, fence, push);
    expect(await balanceOf(b)).toEqual({ balance: b2, liability: 0 });
    const [pushed] = await ctx.app.db.select().from(casinoBets).where(eq(casinoBets.roundId, push.roundId));
    expect(pushed).toMatchObject({ settledStatus: 'SETTLED', result: 'VOID', profitLossPaise: 0 });
    await expectLedgerClean(ctx.app);

    // A loss: Tiger on a Dragon round.
    const b3 = (await balanceOf(b)).balance;
    const loss = await openRound(ctx.app, fence, DT, 60_000, (p) => p.result.summary === 'Dragon');
    await placed(b, { match_id: loss.matchId, round_id: loss.roundId, option_id: 'tiger', stack: 300 });
    await playOut(ctx.app, fence, loss);
    expect(await balanceOf(b)).toEqual({ balance: b3 - 300, liability: 0 });
    await expectLedgerClean(ctx.app);

    // The bets show in the bettor's reports like any bet.
    const today = new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10);
    const days = { from_date: today, to_date: today };
    const pl = (await b.call('getProfitLoss', { ...days, sport_id: -1 })).body;
    expect(pl.status).toBe(true);
    expect(JSON.stringify(pl)).toContain('Casino');
    const history = (await b.call('getBetHistory', { ...days, market_id: loss.marketId })).body;
    expect(JSON.stringify(history)).toContain('Dragon Tiger 20-20');
    expect(JSON.stringify(history)).toContain('Tiger');
    const statement = (await b.call('getAccountStatement', days)).body;
    expect(statement.status).toBe(true);
  });

  it('keeps the seed secret until the deal is over, then anyone recomputes the round from it', async () => {
    const b = await bettorOf(ctx, 10_000);
    const r = await openRound(ctx.app, fence, DT);
    const ask = async () =>
      (await b.call('getCasinoResult', { match_id: r.matchId, round_id: r.roundId })).body
        .data as CasinoRoundResult;
    expect((await ask()).server_seed).toBeNull();
    await ctx.app.casino.rounds.close(r.roundId, fence);
    const steps = roundGame(DT)!.play(r.serverSeed, String(r.roundId), hmacSha256).steps;
    await ctx.app.casino.rounds.reveal(r.roundId, fence, steps.slice(0, 1));
    const midDeal = await ask();
    expect(midDeal).toMatchObject({ state: 'DEALING', server_seed: null, dealt: steps.slice(0, 1) });
    const ws = (await b.call('getCasinoRound', { match_id: r.matchId })).body.data as CasinoRound;
    expect(JSON.stringify(ws)).not.toContain(r.serverSeed);
    await ctx.app.casino.rounds.finish(r.roundId, fence);
    const done = await ask();
    expect(done.state).toBe('RESULT');
    expect(done.server_seed).toBe(r.serverSeed);
    expect(serverSeedHash(done.server_seed!, sha256)).toBe(done.server_seed_hash);
    expect(done.dealt).toEqual(steps);
  });

  // On one store: the recompute is the engine's, the store only carries the seeds (the rounds'
  // life on both stores is the tests above).
  it.runIf(ctx.store === ONE_STORE)(
    'recomputes 1,000 rounds from their revealed seeds with the engine',
    async () => {
      const b = await bettorOf(ctx, 0);
      const games = ROUND_GAMES.map((g) => g.id);
      const ids: { matchId: number; roundId: number; gameId: string }[] = [];
      for (let i = 0; i < 1_000; i++) {
        const gameId = games[i % games.length]!;
        // A round in this node's current term: on a loaded box the lease can lapse and be taken
        // again over the thousand rounds (a new generation fences the old term's writes out), so
        // a fenced-out round is left and the next one opened in the new term.
        for (let attempt = 0; ; attempt++) {
          const term = await termOf(ctx.app);
          try {
            const r = await openRound(ctx.app, term, gameId, 1);
            await ctx.app.casino.rounds.close(r.roundId, term);
            await ctx.app.casino.rounds.finish(r.roundId, term);
            ids.push({ matchId: r.matchId, roundId: r.roundId, gameId });
            break;
          } catch (err) {
            if (!(err instanceof FencedOut) || attempt >= 3) throw err;
          }
        }
      }
      let checked = 0;
      for (const table of new Set(ids.map((x) => x.matchId))) {
        const gameId = ids.find((x) => x.matchId === table)!.gameId;
        const mine = new Set(ids.filter((x) => x.matchId === table).map((x) => x.roundId));
        for (let page = 1; ; page++) {
          const res = (await b.call('getCasinoResults', { match_id: table, page })).body
            .data as CasinoResults;
          for (const row of res.rows.filter((x) => mine.has(x.round_id))) {
            expect(serverSeedHash(row.server_seed!, sha256)).toBe(row.server_seed_hash);
            const play = roundGame(gameId)!.play(row.server_seed!, String(row.round_id), hmacSha256);
            expect(row.dealt).toEqual(play.steps);
            expect(row.result!.summary).toBe(play.result.summary);
            checked += 1;
          }
          if (page * res.page_size >= res.total) break;
        }
      }
      expect(checked).toBe(1_000);
    },
    240_000,
  );
});
