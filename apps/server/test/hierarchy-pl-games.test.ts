// Issue 41, the downline P/L of games with no market of ours (docs/hierarchy.md "What each level
// sees"): master M 30 % → agent A 20 % → bettor B. B loses a provider round, wins a second one
// (same game, same day: one row), leaves a third open (no share yet: not in the P/L), and wins a
// fantasy contest against X (straight under the operator). admin/downline/pl by child and by unit,
// for M, A and the operator, equals what the ledger moved for B and each level, to the paisa. The
// ledger check holds. On both stores.
import {
  PROVIDER_ID_HEADER,
  PROVIDER_SIGNATURE_HEADER,
  type AdminDownlinePl,
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

const SECRET = 'test-provider-secret-plgames-0123';
const config: ProviderConfig = {
  id: 'plg',
  name: 'PL Provider',
  base_url: 'http://127.0.0.1:1',
  secret: SECRET,
};

const fake = { server: null as FastifyInstance | null, tokens: [] as string[] };
beforeAll(async () => {
  const app = Fastify({ forceCloseConnections: true });
  app.post('/games', async () => ({
    games: [{ game_id: 'slot-pl', name: 'Lucky Paisa', category: 'SLOTS', thumbnail_url: null }],
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
const today = () => new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10);
const paiseOf = (rupees: number) => Math.round(rupees * 100);
/** A row's figures in paise: bettors, total, below, mine, up. */
const figures = (r: AdminDownlinePl['totals']) =>
  [r.bettors_pl, r.total, r.downline_share, r.my_share, r.upline].map(paiseOf);

describeStores(
  'hierarchy: the downline P/L of provider rounds and fantasy contests',
  (ctx) => {
    beforeAll(async () => {
      expect(await ctx.app.providers.sync('plg')).toEqual({ ok: true });
    });
    const tree = treeOf(ctx);

    async function call(name: 'authenticate' | 'debit' | 'credit', body: object) {
      const raw = JSON.stringify(body);
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/provider/wallet/${name}`,
        headers: {
          'content-type': 'application/json',
          [PROVIDER_ID_HEADER]: 'plg',
          [PROVIDER_SIGNATURE_HEADER]: signPayload(SECRET, raw, Math.floor(Date.now() / 1000)),
        },
        payload: raw,
      });
      return { raw: res.body, code: (res.json() as { data: { code: string } }).data.code };
    }

    async function joinContest(
      api: Api,
      match_id: number,
      pick: number[],
      captain: number,
      contest_id: number,
    ) {
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

    it('provider rounds (a loss, a win, one open) and a fantasy contest won: P/L by child and by unit for M, A and the operator is what the ledger moved', async () => {
      // The tree, funded down: M ₹16,000, A ₹6,000, B ₹1,000.
      const operator = await tree.as('operator', 'operator123');
      const m = await tree.create(operator, 'master', { share_pct: 30 });
      const master = await tree.as(m.userName);
      const a = await tree.create(master, 'agent', { share_pct: 20 });
      const agent = await tree.as(a.userName);
      const b = await tree.create(agent, 'bettor');
      for (const [by, user_id, amount] of [
        [operator, m.userId, 16_000],
        [master, a.userId, 6_000],
        [agent, b.userId, 1_000],
      ] as const) {
        const r = await by.call('adminWalletDeposit', {
          user_id,
          amount,
          request_id: nextRequestId('give'),
          memo: 'credit',
        });
        expect(r.body, JSON.stringify(r.body)).toMatchObject({ status: true });
      }
      const bettor = await tree.as(b.userName);
      const balances = async () => ({
        m: await ctx.app.wallet.balancePaise(m.userId),
        a: await ctx.app.wallet.balancePaise(a.userId),
        b: await ctx.app.wallet.balancePaise(b.userId),
      });
      const base = await balances();

      // Provider rounds. r1: ₹100.07 staked, closed with nothing won: B −₹100.07; A ⌊20.014⌋ ₹20.01,
      // M ⌊30.021⌋ ₹30.02. r2: ₹50 staked, ₹70 won at the close: B +₹20; A pays ₹4, M ₹6. r3: ₹10
      // staked and left open: no shares yet, not in the P/L.
      const [game] = ((await bettor.call('getGameList', {})).body.data as { games: { game_id: number }[] })
        .games;
      expect((await bettor.call('userAuthentication', { game_id: game!.game_id })).body.status).toBe(true);
      const auth = await call('authenticate', { token: fake.tokens.at(-1), game_id: 'slot-pl' });
      expect(auth.code).toBe('OK');
      const session = (JSON.parse(auth.raw) as { data: { session_id: string } }).data.session_id;
      const money = (name: 'debit' | 'credit', round_id: string, amount: number) =>
        call(name, {
          player_id: String(b.userId),
          session_id: session,
          transaction_id: txid(name),
          round_id,
          game_id: 'slot-pl',
          amount,
        });
      expect((await money('debit', 'r1', 10_007)).code).toBe('OK');
      expect((await money('credit', 'r1', 0)).code).toBe('OK');
      expect((await money('debit', 'r2', 5_000)).code).toBe('OK');
      expect((await money('credit', 'r2', 7_000)).code).toBe('OK');
      expect((await money('debit', 'r3', 1_000)).code).toBe('OK');

      // A fantasy head-to-head: B captains the star, X (under the operator, no shares) does not.
      // B wins ₹90 on a ₹50 fee (+₹40): A pays ₹8, M ₹12. X loses ₹50; the house's rake is ₹10.
      const xu = await createBettor(ctx.app, 100_000, 'plx');
      const x = ctx.api.fork();
      await x.login(xu.userName, xu.password);
      const match = await upcomingMatch(ctx.app);
      await ctx.app.fantasy.step(null);
      const contest = (
        (await bettor.call('getFantasyContests', { match_id: match.matchId })).body.data as {
          contests: FantasyContest[];
        }
      ).contests.find((c) => c.name === 'Head to Head')!.contest_id;
      const players = (await bettor.call('getFantasyPlayers', { match_id: match.matchId })).body
        .data as FantasyPlayers;
      const star = [...players.players]
        .filter((p) => p.role === 'BAT')
        .sort((p, q) => q.credits - p.credits)[0]!;
      const bowler = players.players.find((p) => p.side === 1 && p.role === 'BOWL')!.player_id;
      const strong = validTeam(players.players, [star.player_id]);
      const weak = validTeam(players.players, [], [star.player_id]);
      await joinContest(bettor, match.matchId, strong, star.player_id, contest);
      await joinContest(x, match.matchId, weak, weak[0]!, contest);
      const houseBefore = await ctx.app.wallet.houseBalancePaise(ctx.app.db, 'HOUSE_CASH');
      await ctx.app.db
        .update(matches)
        .set({ startTime: sql`now() - interval '1 second'` })
        .where(eq(matches.matchId, match.matchId));
      await ctx.app.fantasy.step(null);
      expect(await publishScore(ctx.app, match.matchId, finished(star.player_id, bowler))).toMatchObject({
        ok: true,
      });
      await ctx.app.fantasy.step(null);
      const houseMoved = (await ctx.app.wallet.houseBalancePaise(ctx.app.db, 'HOUSE_CASH')) - houseBefore;
      expect(houseMoved).toBe(3_000); // the rake ₹10 and the shares ₹20

      const now = await balances();
      const moved = { m: now.m - base.m, a: now.a - base.a, b: now.b - base.b };
      // B: −100.07 + 20 + 40 = −40.07, and the open round's ₹10 stake. A: 20.01 − 4 − 8. M: 30.02 − 6 − 12.
      expect(moved).toEqual({ m: 1_202, a: 801, b: -5_007 });
      await expectLedgerBalanced(ctx.app);
      expect((await checkLedger(ctx.app)).problems).toEqual([]);

      const pl = async (api: Api, group_by: 'child' | 'market') => {
        const r = await api.call('adminDownlinePl', { from_date: today(), to_date: today(), group_by });
        expect(r.body.status, JSON.stringify(r.body)).toBe(true);
        return r.body.data as AdminDownlinePl;
      };
      const unitRows = (d: AdminDownlinePl) =>
        d.rows
          .filter((r) => r.market_kind === 'PROVIDER' || r.market_kind === 'FANTASY')
          .map((r) => [r.market_kind, r.market_name, r.match_name, ...figures(r)]);
      const providerRow = ['PROVIDER', 'Live Casino › Lucky Paisa', 'PL Provider'];
      const [{ matchName }] = (await ctx.app.db
        .select({ matchName: matches.matchName })
        .from(matches)
        .where(eq(matches.matchId, match.matchId))) as [{ matchName: string }];
      const contestRow = ['FANTASY', 'Fantasy › Head to Head', matchName];

      // M by child: A's subtree, both games. bettors −40.07 (the open round left out), total 40.07,
      // below (A) 20.01 − 4 − 8 = 8.01, mine 30.02 − 6 − 12 = 12.02: what A's and M's balances moved.
      const mChild = await pl(master, 'child');
      expect(mChild.rows.map((r) => [r.user_id, ...figures(r)])).toEqual([
        [a.userId, -4_007, 4_007, moved.a, moved.m, 2_004],
      ]);
      expect(figures(mChild.totals)[3]).toBe(moved.m);
      // M by unit: the game's two rounds of the day in one row, the contest in another.
      const mUnits = await pl(master, 'market');
      expect(unitRows(mUnits)).toEqual([
        [...contestRow, 4_000, -4_000, -800, -1_200, -2_000],
        [...providerRow, -8_007, 8_007, 1_601, 2_402, 4_004],
      ]);
      expect(mUnits.rows[1]!.unit_key).toBe(`provider/plg/slot-pl/${today()}`);
      expect(mUnits.rows[0]!.unit_key).toBe(`contest/${contest}`);
      expect(figures(mUnits.totals)).toEqual(figures(mChild.totals));

      // A by child: B. A's own share is what A's balance moved.
      const aChild = await pl(agent, 'child');
      expect(aChild.rows.map((r) => [r.user_id, ...figures(r)])).toEqual([
        [b.userId, -4_007, 4_007, 0, moved.a, 3_206],
      ]);
      expect(unitRows(await pl(agent, 'market'))).toEqual([
        [...contestRow, 4_000, -4_000, 0, -800, -3_200],
        [...providerRow, -8_007, 8_007, 0, 1_601, 6_406],
      ]);

      // The operator by unit: the contest's bettors B and X (+40 − 50), the house kept the rake and
      // the shares paid to it: what HOUSE_CASH moved.
      const opUnits = await pl(operator, 'market');
      const opContest = opUnits.rows.find((r) => r.unit_key === `contest/${contest}`)!;
      expect(figures(opContest)).toEqual([-1_000, 1_000, -2_000, houseMoved, 0]);
    });
  },
  { providers: { list: [config] } },
);
