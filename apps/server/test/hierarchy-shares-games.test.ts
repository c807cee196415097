// Issue 41, shares of provider games and fantasy contests (docs/hierarchy.md "Shares of provider
// games and fantasy contests"): master M 30 % → agent A 20 % → bettor B. A provider's round is
// shared when it closes (its credits less its debits not rolled back), against the provider's house
// account; a settled fantasy contest (prizes less fees) against HOUSE_CASH; a rollback, a cancelled
// round and a refunded contest share nothing; a round closed twice and a second settlement pass pay
// nothing twice. Every account's money after each step to the paisa, the ledger check after every
// step, on both stores.
import {
  PROVIDER_ID_HEADER,
  PROVIDER_SIGNATURE_HEADER,
  type AccountStatement,
  type FantasyContest,
  type FantasyPlayers,
  type FantasyTeam,
  type Scoreboard,
} from '@backlay/contract';
import { signPayload } from '@backlay/contract/provider-signature';
import { eq, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ProviderConfig } from '../src/config.ts';
import { matches } from '../src/modules/catalog/schema.ts';
import { checkLedger } from '../src/modules/admin/ledger-check.ts';
import { publishScore } from '../src/modules/cricket/plugin.ts';
import type { Api } from './helpers/api.ts';
import { createBettor, nextRequestId } from './helpers/exchange.ts';
import { upcomingMatch, validTeam } from './helpers/fantasy.ts';
import { treeOf } from './helpers/hierarchy.ts';
import { expectLedgerBalanced } from './helpers/ledger.ts';
import { describeStores } from './helpers/stores.ts';

const SECRET = 'test-provider-secret-shares-0123';
const config: ProviderConfig = {
  id: 'sh',
  name: 'Share Provider',
  base_url: 'http://127.0.0.1:1',
  secret: SECRET,
};

// ---------------------------------------------------------------- the provider's side (real HTTP)

const fake = { server: null as FastifyInstance | null, tokens: [] as string[] };
beforeAll(async () => {
  const app = Fastify({ forceCloseConnections: true });
  app.post('/games', async () => ({
    games: [{ game_id: 'slot-lucky', name: 'Lucky Sevens', category: 'SLOTS', thumbnail_url: null }],
  }));
  app.post('/launch', async (req) => {
    const body = req.body as { token: string; game_id: string };
    fake.tokens.push(body.token);
    return { url: `${config.base_url}/play/${body.game_id}?token=${body.token}` };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  config.base_url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  fake.server = app;
});
afterAll(async () => {
  await fake.server?.close();
});

let seq = 0;
const txid = (p: string) => `${p}-${++seq}-${Math.random().toString(36).slice(2, 8)}`;
/** An India day: today. */
const today = () => new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10);

describeStores(
  'hierarchy: shares of provider games and fantasy contests',
  (ctx) => {
    beforeAll(async () => {
      expect(await ctx.app.providers.sync('sh')).toEqual({ ok: true });
    });
    const tree = treeOf(ctx);

    async function ledgerClean() {
      await expectLedgerBalanced(ctx.app);
      expect((await checkLedger(ctx.app)).problems).toEqual([]);
    }
    /** M 30 % → A 20 % → B, funded down the tree: M ₹10,000, A ₹5,000, B ₹1,000. */
    async function threeLevels() {
      const operator = await tree.as('operator', 'operator123');
      const m = await tree.create(operator, 'master', { share_pct: 30 });
      const master = await tree.as(m.userName);
      const a = await tree.create(master, 'agent', { share_pct: 20 });
      const agent = await tree.as(a.userName);
      const b = await tree.create(agent, 'bettor');
      const give = async (by: Api, user_id: number, amount: number) => {
        const r = await by.call('adminWalletDeposit', {
          user_id,
          amount,
          request_id: nextRequestId('give'),
          memo: 'credit',
        });
        expect(r.body, JSON.stringify(r.body)).toMatchObject({ status: true });
      };
      await give(operator, m.userId, 16_000);
      await give(master, a.userId, 6_000);
      await give(agent, b.userId, 1_000);
      return { operator, agent, bettor: await tree.as(b.userName), m: m.userId, a: a.userId, b: b.userId };
    }
    const paise = (userId: number) => ctx.app.wallet.balancePaise(userId);
    const house = (code: string) => ctx.app.wallet.houseBalancePaise(ctx.app.db, code);
    const houseToday = async (operator: Api) => {
      const r = await operator.call('adminDashboard');
      return Math.round(
        (r.body.data as { house_today: { profit_loss: number } }).house_today.profit_loss * 100,
      );
    };
    const shareKeys = async (like: string) => {
      const r = await ctx.app.db.execute(
        sql`select idempotency_key, kind, amount_paise::int as paise from transfers
          where idempotency_key like ${like} order by transfer_id`,
      );
      return (r as unknown as { rows: { idempotency_key: string; kind: string; paise: number }[] }).rows;
    };

    // ------------------------------------------------------------ provider rounds

    async function call(name: 'authenticate' | 'debit' | 'credit' | 'rollback', body: object) {
      const raw = JSON.stringify(body);
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/provider/wallet/${name}`,
        headers: {
          'content-type': 'application/json',
          [PROVIDER_ID_HEADER]: 'sh',
          [PROVIDER_SIGNATURE_HEADER]: signPayload(SECRET, raw, Math.floor(Date.now() / 1000)),
        },
        payload: raw,
      });
      return { raw: res.body, code: (res.json() as { data: { code: string } }).data.code };
    }

    /** B's game launched and its provider session opened: the provider's debit, credit and rollback for B. */
    async function playerSession(t: Awaited<ReturnType<typeof threeLevels>>) {
      const [game] = ((await t.bettor.call('getGameList', {})).body.data as { games: { game_id: number }[] })
        .games;
      const launch = await t.bettor.call('userAuthentication', { game_id: game!.game_id });
      expect(launch.body.status, launch.body.message).toBe(true);
      const auth = await call('authenticate', { token: fake.tokens.at(-1), game_id: 'slot-lucky' });
      expect(auth.code).toBe('OK');
      const session = (JSON.parse(auth.raw) as { data: { session_id: string } }).data.session_id;
      const player = String(t.b);
      const debit = async (round: string, amount: number, id = txid('d')) => {
        const r = await call('debit', {
          player_id: player,
          session_id: session,
          transaction_id: id,
          round_id: round,
          game_id: 'slot-lucky',
          amount,
        });
        expect(r.code).toBe('OK');
        return id;
      };
      const credit = (round: string, amount: number, id = txid('c'), more: object = {}) =>
        call('credit', {
          player_id: player,
          session_id: session,
          transaction_id: id,
          round_id: round,
          game_id: 'slot-lucky',
          amount,
          ...more,
        });
      const rollback = (round: string, ref: string) =>
        call('rollback', {
          player_id: player,
          transaction_id: txid('rb'),
          reference_transaction_id: ref,
          round_id: round,
          game_id: 'slot-lucky',
        });
      return { debit, credit, rollback };
    }

    it("provider rounds: a loss, a win, a rollback and a round closed twice: each upline's share to the paisa at the close, against the provider's house account", async () => {
      const t = await threeLevels();
      const { debit, credit, rollback } = await playerSession(t);
      const money = async () => ({
        m: await paise(t.m),
        a: await paise(t.a),
        b: await paise(t.b),
        provider: await house('PROVIDER:sh'),
      });
      const base = await money();
      const total = (x: typeof base) => x.m + x.a + x.b + x.provider;
      /** Each account's money now less at the start, in paise. */
      const moved = async () => {
        const now = await money();
        expect(total(now)).toBe(total(base)); // nothing created: the tree and the provider's account
        await ledgerClean();
        return {
          m: now.m - base.m,
          a: now.a - base.a,
          b: now.b - base.b,
          provider: now.provider - base.provider,
        };
      };
      const dashboardBefore = await houseToday(t.operator);

      // Round 1: B stakes ₹100.07; open, nothing shared yet.
      await debit('r1', 10_007);
      expect(await moved()).toEqual({ m: 0, a: 0, b: -10_007, provider: 10_007 });
      // Closed with no win: B lost ₹100.07. A gets ⌊20.014⌋ = ₹20.01, M ⌊30.021⌋ = ₹30.02, from the
      // provider's house account, which keeps ₹50.04.
      const closing = txid('c');
      const first = await credit('r1', 0, closing);
      expect(first.code).toBe('OK');
      expect(await moved()).toEqual({ m: 3_002, a: 2_001, b: -10_007, provider: 5_004 });
      // The closing credit again (a provider's retry): the first answer, nothing moves.
      expect((await credit('r1', 0, closing)).raw).toBe(first.raw);
      // Another credit on the closed round: refused, nothing moves.
      expect((await credit('r1', 500)).code).toBe('ROUND_CLOSED');
      expect(await moved()).toEqual({ m: 3_002, a: 2_001, b: -10_007, provider: 5_004 });
      // The dashboard's house result: B's ₹100.07 less the ₹50.03 shared.
      expect((await houseToday(t.operator)) - dashboardBefore).toBe(5_004);

      // Round 2: ₹100 staked, ₹50 won with the round left open (no share yet), ₹200.03 more at the
      // close: B won ₹150.03; A pays ⌈30.006⌉ = ₹30.01, M ⌈45.009⌉ = ₹45.01.
      await debit('r2', 10_000);
      expect((await credit('r2', 5_000, txid('c'), { round_closed: false })).code).toBe('OK');
      expect(await moved()).toEqual({ m: 3_002, a: 2_001, b: -15_007, provider: 10_004 });
      expect((await credit('r2', 20_003)).code).toBe('OK');
      expect(await moved()).toEqual({ m: 3_002 - 4_501, a: 2_001 - 3_001, b: 4_996, provider: -2_497 });

      // Round 3: ₹50 and ₹30 staked, the ₹30 rolled back (no share: the round is open), ₹20 won at
      // the close: B lost ₹30 (the ₹30 rolled back is no result): A ₹6, M ₹9. A rollback of the ₹50
      // after the close is refused and moves nothing.
      const d1 = await debit('r3', 5_000);
      const d2 = await debit('r3', 3_000);
      expect((await rollback('r3', d2)).code).toBe('OK');
      expect(await moved()).toEqual({ m: -1_499, a: -1_000, b: -4, provider: 2_503 });
      expect((await credit('r3', 2_000)).code).toBe('OK');
      expect(await moved()).toEqual({ m: -599, a: -400, b: 1_996, provider: -997 });
      expect((await rollback('r3', d1)).code).toBe('ROUND_CLOSED');
      expect(await moved()).toEqual({ m: -599, a: -400, b: 1_996, provider: -997 });

      // Round 4: its only debit rolled back (CANCELLED): no result, no share; then closed to credits.
      const d4 = await debit('r4', 4_000);
      expect((await rollback('r4', d4)).code).toBe('OK');
      expect((await credit('r4', 9_000)).code).toBe('ROUND_CLOSED');
      expect(await moved()).toEqual({ m: -599, a: -400, b: 1_996, provider: -997 });

      // One transfer per (round, upline), keyed by the round: share/round/<round_key>/<bettor>/<upline>.
      const keys = await shareKeys(`share/round/%/${t.b}/%`);
      expect(keys.map((k) => [k.idempotency_key.replace(/round\/\d+/, 'round/N'), k.kind, k.paise])).toEqual([
        [`share/round/N/${t.b}/${t.a}`, 'share_win', 2_001],
        [`share/round/N/${t.b}/${t.m}`, 'share_win', 3_002],
        [`share/round/N/${t.b}/${t.a}`, 'share_loss', 3_001],
        [`share/round/N/${t.b}/${t.m}`, 'share_loss', 4_501],
        [`share/round/N/${t.b}/${t.a}`, 'share_win', 600],
        [`share/round/N/${t.b}/${t.m}`, 'share_win', 900],
      ]);

      // The agent's statement names the round; the rows are a game's (the Game filter).
      const st = async (account_type: string) =>
        (
          (await t.agent.call('getAccountStatement', { from_date: today(), to_date: today(), account_type }))
            .body.data as AccountStatement
        ).rows.filter((r) => r.description.startsWith('Live Casino'));
      expect((await st('all')).map((r) => [r.description, r.credit, r.debit, r.kind])).toEqual([
        ['Live Casino › Lucky Sevens round r1 — share of the downline’s loss', 20.01, 0, 'market_win'],
        ['Live Casino › Lucky Sevens round r2 — share of the downline’s win', 0, 30.01, 'market_loss'],
        ['Live Casino › Lucky Sevens round r3 — share of the downline’s loss', 6, 0, 'market_win'],
      ]);
      expect(await st('game')).toHaveLength(3);
      expect(await st('deposit_withdraw')).toHaveLength(0);

      // A's share cut to 10 % between two rounds' starts: each round is shared at the share it
      // started under, whenever it closes. Round 5 (started at 20 %): B loses ₹10, A ₹2, M ₹3.
      // Round 6 (started after the cut): B loses ₹10, A ₹1, M ₹3.
      await debit('r5', 1_000);
      const cut = await t.operator.call('adminUserShare', {
        user_id: t.a,
        share_pct: 10,
        request_id: nextRequestId('share'),
      });
      expect(cut.body, JSON.stringify(cut.body)).toMatchObject({ status: true });
      await debit('r6', 1_000);
      expect((await credit('r5', 0)).code).toBe('OK');
      expect((await credit('r6', 0)).code).toBe('OK');
      expect(await moved()).toEqual({ m: 1, a: -100, b: -4, provider: 103 });
      expect((await shareKeys(`share/round/%/${t.b}/%`)).slice(6).map((k) => [k.kind, k.paise])).toEqual([
        ['share_win', 200],
        ['share_win', 300],
        ['share_win', 100],
        ['share_win', 300],
      ]);
    });

    it("an upline's share of a win above its cash is paid in full: the upline owes it, and the ledger check lists it as owed", async () => {
      const t = await threeLevels();
      const { debit, credit } = await playerSession(t);
      const cash = { m: await paise(t.m), a: await paise(t.a), b: await paise(t.b) };
      // ₹100 staked, ₹1,000,000 won (the round's bound: 10,000 × its stake). B won ₹999,900: A pays
      // ₹199,980 (20 %) and M ₹299,970 (30 %), far above their cash (₹10,000 and ₹5,000 given
      // down the tree). A result is never refused for a shortfall.
      await debit('big', 10_000);
      expect((await credit('big', 100_000_000)).code).toBe('OK');
      expect(await paise(t.a)).toBe(cash.a - 19_998_000);
      expect(await paise(t.m)).toBe(cash.m - 29_997_000);
      await expectLedgerBalanced(ctx.app);
      const check = await checkLedger(ctx.app);
      expect(check.problems).toEqual([]);
      const owed = new Map(check.owed.map((o) => [o.user_id, o.amount]));
      expect(owed.get(t.a)).toBe((19_998_000 - cash.a) / 100);
      expect(owed.get(t.m)).toBe((29_997_000 - cash.m) / 100);
      // Nothing lent down from a debt.
      const lend = await t.agent.call('adminWalletDeposit', {
        user_id: t.b,
        amount: 1,
        request_id: nextRequestId('give'),
        memo: 'credit',
      });
      expect(lend.body.status, JSON.stringify(lend.body)).toBe(false);
      expect(await paise(t.b)).toBe(cash.b + 99_990_000);
    });

    // ------------------------------------------------------------ fantasy contests

    const contestsOf = async (api: Api, match_id: number) =>
      ((await api.call('getFantasyContests', { match_id })).body.data as { contests: FantasyContest[] })
        .contests;
    async function join(api: Api, match_id: number, pick: number[], captain: number, contest_id: number) {
      const t = await api.call('saveFantasyTeam', {
        match_id,
        player_ids: pick,
        captain_id: captain,
        vice_captain_id: pick.find((id) => id !== captain),
      });
      expect(t.body.status, JSON.stringify(t.body)).toBe(true);
      const team = (t.body.data as { team: FantasyTeam }).team;
      const r = await api.call('joinFantasyContest', {
        contest_id,
        team_id: team.team_id,
        request_id: nextRequestId('fy'),
      });
      expect(r.body.status, JSON.stringify(r.body)).toBe(true);
    }
    /** The match's star batter and two teams: one captained by the star, one without the star. */
    async function picks(api: Api, match_id: number) {
      const players = (await api.call('getFantasyPlayers', { match_id })).body.data as FantasyPlayers;
      const star = [...players.players]
        .filter((p) => p.role === 'BAT')
        .sort((p, q) => q.credits - p.credits)[0]!;
      const strong = validTeam(players.players, [star.player_id]);
      const weak = validTeam(players.players, [], [star.player_id]);
      const bowler = players.players.find((p) => p.side === 1 && p.role === 'BOWL')!.player_id;
      return { star: star.player_id, strong, weak, bowler };
    }
    async function startMatch(match_id: number) {
      await ctx.app.db
        .update(matches)
        .set({ startTime: sql`now() - interval '1 second'` })
        .where(eq(matches.matchId, match_id));
    }
    /** The star scores 30 off 20 and the match ends with a result. */
    const finished = (star: number, bowler: number): Scoreboard => ({
      innings: 1,
      batting: 0,
      totals: [
        {
          runs: 30,
          wickets: 0,
          balls: 20,
          players: {
            striker_id: star,
            non_striker_id: null,
            bowler_id: bowler,
            last_over_bowler_id: null,
            batters: [{ player_id: star, runs: 30, balls: 20, fours: 2, sixes: 1, out: null }],
            bowlers: [{ player_id: bowler, balls: 20, runs: 30, wickets: 0, maidens: 0 }],
            fall: [],
            over_runs_conceded: 0,
          },
        },
      ],
      recent: [],
      target: null,
      status: 'COMPLETE',
      result: { kind: 'WIN', winner: 0 },
      ball_running_until_ms: null,
      result_text: 'AUS won',
    });

    it("fantasy contests: won, lost and cancelled: each upline's share of the prize less the fee, against HOUSE_CASH; the pool stays the open contests' fees", async () => {
      const t = await threeLevels();
      // X, the other side of each head-to-head, straight under the operator: no shares.
      const xu = await createBettor(ctx.app, 100_000, 'fx');
      const x = ctx.api.fork();
      await x.login(xu.userName, xu.password);
      const won = await upcomingMatch(ctx.app);
      const lost = await upcomingMatch(ctx.app);
      await ctx.app.fantasy.step(null);
      const money = async () => ({
        m: await paise(t.m),
        a: await paise(t.a),
        b: await paise(t.b),
        x: await paise(xu.userId),
        pool: await house('FANTASY_POOL'),
        house: await house('HOUSE_CASH'),
      });
      const base = await money();
      const total = (v: typeof base) => v.m + v.a + v.b + v.x + v.pool + v.house;
      const moved = async () => {
        const now = await money();
        expect(total(now)).toBe(total(base));
        await ledgerClean();
        return {
          m: now.m - base.m,
          a: now.a - base.a,
          b: now.b - base.b,
          x: now.x - base.x,
          pool: now.pool - base.pool,
          house: now.house - base.house,
        };
      };
      const h2h = async (match_id: number) =>
        (await contestsOf(t.bettor, match_id)).find((c) => c.name === 'Head to Head')!.contest_id;
      const league = async (match_id: number) =>
        (await contestsOf(t.bettor, match_id)).find((c) => c.name === 'Small League')!.contest_id;

      // Match 1: B captains the star in the head-to-head (B will win it); B and X alone in the
      // Small League (minimum 3: refunded at the start). Match 2: X has the star (B will lose).
      const dashboardBefore = await houseToday(t.operator);
      const p1 = await picks(t.bettor, won.matchId);
      await join(t.bettor, won.matchId, p1.strong, p1.star, await h2h(won.matchId));
      await join(x, won.matchId, p1.weak, p1.weak[0]!, await h2h(won.matchId));
      await join(t.bettor, won.matchId, p1.weak, p1.weak[0]!, await league(won.matchId));
      await join(x, won.matchId, p1.strong, p1.star, await league(won.matchId));
      const p2 = await picks(t.bettor, lost.matchId);
      await join(t.bettor, lost.matchId, p2.weak, p2.weak[0]!, await h2h(lost.matchId));
      await join(x, lost.matchId, p2.strong, p2.star, await h2h(lost.matchId));
      expect(await moved()).toEqual({ m: 0, a: 0, b: -20_000, x: -20_000, pool: 40_000, house: 0 });
      // A's share cut to 10 % after B's entries: B's contests are shared at the 20 % they were
      // entered under.
      const cut = await t.operator.call('adminUserShare', {
        user_id: t.a,
        share_pct: 10,
        request_id: nextRequestId('share'),
      });
      expect(cut.body, JSON.stringify(cut.body)).toMatchObject({ status: true });

      // Both matches start: the Small League is refunded (cancelled): no result, no share.
      await startMatch(won.matchId);
      await startMatch(lost.matchId);
      await ctx.app.fantasy.step(null);
      expect(await moved()).toEqual({ m: 0, a: 0, b: -10_000, x: -10_000, pool: 20_000, house: 0 });

      // Match 1 ends: B wins the ₹90 prize on a ₹50 fee (+₹40): A pays ₹8, M ₹12 to HOUSE_CASH, which
      // also takes the ₹10 rake; the pool keeps only match 2's fees.
      expect(await publishScore(ctx.app, won.matchId, finished(p1.star, p1.bowler))).toMatchObject({
        ok: true,
      });
      await ctx.app.fantasy.step(null);
      expect(await moved()).toEqual({
        m: -1_200,
        a: -800,
        b: -1_000,
        x: -10_000,
        pool: 10_000,
        house: 3_000,
      });
      // The console's house result today: the rake (from the pool, a held account, so a gain) and
      // the uplines' shares, ₹30.
      expect((await houseToday(t.operator)) - dashboardBefore).toBe(3_000);
      // A second pass pays nothing twice.
      await ctx.app.fantasy.step(null);
      expect(await moved()).toEqual({
        m: -1_200,
        a: -800,
        b: -1_000,
        x: -10_000,
        pool: 10_000,
        house: 3_000,
      });

      // Match 2 ends: B loses its ₹50 fee: A gets ₹10, M ₹15 from HOUSE_CASH; X wins ₹90.
      expect(await publishScore(ctx.app, lost.matchId, finished(p2.star, p2.bowler))).toMatchObject({
        ok: true,
      });
      await ctx.app.fantasy.step(null);
      await ctx.app.fantasy.step(null);
      expect(await moved()).toEqual({ m: 300, a: 200, b: -1_000, x: -1_000, pool: 0, house: 1_500 });

      // One transfer per (contest, upline): share/contest/<contest_id>/<bettor>/<upline>.
      const keys = await shareKeys(`share/contest/%/${t.b}/%`);
      expect(keys.map((k) => [k.idempotency_key, k.kind, k.paise])).toEqual([
        [`share/contest/${await h2h(won.matchId)}/${t.b}/${t.a}`, 'share_loss', 800],
        [`share/contest/${await h2h(won.matchId)}/${t.b}/${t.m}`, 'share_loss', 1_200],
        [`share/contest/${await h2h(lost.matchId)}/${t.b}/${t.a}`, 'share_win', 1_000],
        [`share/contest/${await h2h(lost.matchId)}/${t.b}/${t.m}`, 'share_win', 1_500],
      ]);
      const st = (
        (await t.agent.call('getAccountStatement', { from_date: today(), to_date: today() })).body
          .data as AccountStatement
      ).rows.filter((r) => r.description.startsWith('Fantasy'));
      expect(st.map((r) => [r.description.replace(/ · .*? —/, ' · … —'), r.credit, r.debit])).toEqual([
        ['Fantasy › Head to Head · … — share of the downline’s win', 0, 8],
        ['Fantasy › Head to Head · … — share of the downline’s loss', 10, 0],
      ]);
    });
  },
  { providers: { list: [config] } },
);
