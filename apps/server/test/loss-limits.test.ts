// Issue 40: the loss limit counts every product. A slot's rounds (a provider's debits and credits
// on our wallet) and fantasy entry fees are game movements like a market's settlement: they use up
// the loss limit's budget, show in the limits screen's "used" and in the reality check's session
// net, and a provider debit or a contest entry over what the limit leaves (or over the available
// balance: balance less exposure) is refused in the transaction that would take it. The ledger
// check after every scenario, on both stores.
import type { ResponsibleGaming } from '@backlay/contract';
import { PROVIDER_SIGNATURE_HEADER } from '@backlay/contract';
import { verifySignature } from '@backlay/contract/provider-signature';
import { eq, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ProviderConfig } from '../src/config.ts';
import { matches } from '../src/modules/catalog/schema.ts';
import { checkLedger } from '../src/modules/admin/ledger-check.ts';
import { createMarket, marketBet, placedBet } from './helpers/exchange.ts';
import { contestsByName, savedTeam, upcomingMatch } from './helpers/fantasy.ts';
import { expectLedgerBalanced } from './helpers/ledger.ts';
import { bettorOf, type Bettor } from './helpers/people.ts';
import { describeStores } from './helpers/stores.ts';

const SECRET = 'loss-limit-provider-secret-0123';
const config: ProviderConfig = {
  id: 'rg',
  name: 'Limits Provider',
  base_url: 'http://127.0.0.1:1',
  secret: SECRET,
};

// A provider's side, as small as it can be: its catalog (one slot) and launches (the token kept).
const fake = { server: null as FastifyInstance | null, tokens: [] as string[] };
beforeAll(async () => {
  const app = Fastify();
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_r, b, done) => done(null, b));
  const signed = (req: { headers: Record<string, unknown>; body: unknown }) =>
    verifySignature(
      SECRET,
      req.headers[PROVIDER_SIGNATURE_HEADER] as string,
      req.body as Buffer,
      new Date(),
      300,
    ).ok;
  app.post('/games', async (req, reply) =>
    signed(req)
      ? { games: [{ game_id: 'slot-1', name: 'Limit Slot', category: 'SLOTS', thumbnail_url: null }] }
      : reply.code(401).send({}),
  );
  app.post('/launch', async (req, reply) => {
    if (!signed(req)) return reply.code(401).send({});
    const body = JSON.parse((req.body as Buffer).toString('utf8')) as { token: string; game_id: string };
    fake.tokens.push(body.token);
    return { url: `${config.base_url}/play/${body.game_id}` };
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

describeStores(
  'loss limits over every product (issue 40)',
  (ctx) => {
    let slotGameId = 0;
    beforeAll(async () => {
      expect(await ctx.app.providers.sync('rg')).toEqual({ ok: true });
      const list = await ctx.app.providers.gameList({ provider_id: 'rg', page: 1 });
      slotGameId = list.games[0]!.game_id;
    });

    /** A bettor with `rupees`, a loss limit of `limit` a day, and a slot session open. */
    async function player(rupees: number, limit: number | null) {
      const u = await bettorOf(ctx, rupees * 100);
      if (limit !== null) {
        const set = await u.call('setResponsibleLimit', { kind: 'LOSS', period: 'DAY', amount: limit });
        expect(set.body.status, JSON.stringify(set.body)).toBe(true);
      }
      const launch = await u.call('userAuthentication', { game_id: slotGameId });
      expect(launch.body.status, JSON.stringify(launch.body)).toBe(true);
      const auth = JSON.parse(
        (await ctx.app.providerWallet.authenticate('rg', { token: fake.tokens.at(-1)!, game_id: 'slot-1' }))
          .body,
      ) as { data: { code: string; session_id: string } };
      expect(auth.data.code).toBe('OK');
      return Object.assign(u, { session: auth.data.session_id });
    }
    type Player = Bettor & { session: string };

    /** A provider's call on our wallet (in process: the signature is the providers test's business). */
    const wallet = async (
      name: 'debit' | 'credit',
      p: Player,
      rupees: number,
      round: string,
    ): Promise<{ code: string; balance: number | null }> => {
      const body = {
        player_id: String(p.userId),
        session_id: p.session,
        transaction_id: txid(name),
        round_id: round,
        game_id: 'slot-1',
        amount: rupees * 100,
      };
      const a =
        name === 'debit'
          ? await ctx.app.providerWallet.debit('rg', body)
          : await ctx.app.providerWallet.credit('rg', { ...body, round_closed: true });
      expect(a.http).toBe(200);
      return (JSON.parse(a.body) as { data: { code: string; balance: number | null } }).data;
    };
    /** One slot round: a stake, then what it paid (0: lost). The debit's code. */
    async function slotRound(p: Player, stake: number, paid: number) {
      const round = txid('round');
      const d = await wallet('debit', p, stake, round);
      if (d.code === 'OK') expect((await wallet('credit', p, paid, round)).code).toBe('OK');
      return d.code;
    }
    const lossLimit = async (u: Bettor) => {
      const v = (await u.call('getResponsibleGaming')).body.data as ResponsibleGaming;
      const day = v.limits.find((l) => l.kind === 'LOSS' && l.period === 'DAY')!;
      return { amount: day.amount, used: day.used, session_net: v.session_net };
    };
    const total = async (u: Bettor) =>
      ((await u.call('getUserBalance')).body.data as { total_balance: number }).total_balance;
    async function ledgerClean() {
      expect((await checkLedger(ctx.app)).problems).toEqual([]);
      await expectLedgerBalanced(ctx.app);
    }
    const join = (u: Bettor, contest_id: number, team_id: number) =>
      u.call('joinFantasyContest', { contest_id, team_id, request_id: txid('join') });

    it('slot rounds use up the loss limit: the sixth ₹100 round of five is refused, and so are a bet and an entry', async () => {
      const m = await upcomingMatch(ctx.app);
      await ctx.app.fantasy.step(null);
      const p = await player(1_000, 100);
      const team = await savedTeam(p, m.matchId);
      const mega = (await contestsByName(p, m.matchId)).get('Mega Contest')!;

      expect(await slotRound(p, 100, 0)).toBe('OK');
      // The day's ₹100 is lost: every product refuses the next stake.
      for (let i = 0; i < 4; i++) expect(await slotRound(p, 100, 0)).toBe('INSUFFICIENT_FUNDS');
      expect(await slotRound(p, 1, 0)).toBe('INSUFFICIENT_FUNDS');
      const mk = await createMarket(ctx.app);
      expect((await p.call('placeMarketBet', marketBet(mk, 0, true, 2, 100))).body.status).toBe(false);
      const entry = await join(p, mega.contest_id, team.team_id);
      expect(entry.statusCode).toBe(200);
      expect(entry.body).toEqual({
        status: false,
        message: 'The entry fee of ₹25.00 would go over your loss limit: ₹0.00 is left to stake',
      });
      expect(await total(p)).toBe(900);
      expect(await lossLimit(p)).toEqual({ amount: 100, used: 100, session_net: -100 });
      await ledgerClean();
    });

    it('contest entry fees use up the loss limit; a refund gives it back', async () => {
      const m = await upcomingMatch(ctx.app);
      await ctx.app.fantasy.step(null);
      const p = await player(1_000, 100);
      const team = await savedTeam(p, m.matchId);
      const cs = await contestsByName(p, m.matchId);
      const league = cs.get('Small League')!;
      expect((await join(p, league.contest_id, team.team_id)).body.status).toBe(true);
      // ₹100 of ₹100 staked: no further entry, slot round or bet.
      expect((await join(p, cs.get('Mega Contest')!.contest_id, team.team_id)).body).toEqual({
        status: false,
        message: 'The entry fee of ₹25.00 would go over your loss limit: ₹0.00 is left to stake',
      });
      expect(await slotRound(p, 1, 0)).toBe('INSUFFICIENT_FUNDS');
      const mk = await createMarket(ctx.app);
      expect((await p.call('placeMarketBet', marketBet(mk, 0, true, 2, 10))).body.status).toBe(false);
      expect(await lossLimit(p)).toEqual({ amount: 100, used: 100, session_net: -100 });
      await ledgerClean();

      // The match starts with the league short of its minimum: the fee comes back, and the budget.
      await ctx.app.db
        .update(matches)
        .set({ startTime: sql`now() - interval '1 second'` })
        .where(eq(matches.matchId, m.matchId));
      await ctx.app.fantasy.step(null);
      expect(await lossLimit(p)).toEqual({ amount: 100, used: 0, session_net: 0 });
      expect(await slotRound(p, 100, 0)).toBe('OK');
      expect(await total(p)).toBe(900);
      await ledgerClean();
    });

    it('a win gives the budget back; exposure and the loss limit bind an entry; the available balance binds without a limit', async () => {
      const m = await upcomingMatch(ctx.app);
      await ctx.app.fantasy.step(null);
      const p = await player(1_000, 100);
      const cs = await contestsByName(p, m.matchId);
      const league = cs.get('Small League')!;
      const team = await savedTeam(p, m.matchId);
      // Staked ₹100, paid ₹150: nothing lost today, ₹50 up.
      expect(await slotRound(p, 100, 150)).toBe('OK');
      expect(await lossLimit(p)).toEqual({ amount: 100, used: 0, session_net: 50 });
      // A ₹30 lay at 2.0 holds ₹30: ₹70 of the limit is left, under the league's ₹100 fee.
      const mk = await createMarket(ctx.app);
      await placedBet(p, marketBet(mk, 0, false, 2, 30));
      expect((await join(p, league.contest_id, team.team_id)).body).toEqual({
        status: false,
        message: 'The entry fee of ₹100.00 would go over your loss limit: ₹70.00 is left to stake',
      });
      expect(await slotRound(p, 71, 0)).toBe('INSUFFICIENT_FUNDS');
      expect(await slotRound(p, 70, 0)).toBe('OK');
      expect(await lossLimit(p)).toEqual({ amount: 100, used: 20, session_net: -20 });

      // No limit: ₹150 less a ₹100 hold leaves ₹50, under the ₹100 fee.
      const q = await player(150, null);
      const qTeam = await savedTeam(q, m.matchId);
      await placedBet(q, marketBet(mk, 1, true, 2, 100));
      expect((await join(q, league.contest_id, qTeam.team_id)).body).toEqual({
        status: false,
        message: 'The entry fee of ₹100.00 is more than your available balance of ₹50.00',
      });
      expect((await join(q, cs.get('Mega Contest')!.contest_id, qTeam.team_id)).body.status).toBe(true);
      expect(await slotRound(q, 26, 0)).toBe('INSUFFICIENT_FUNDS');
      expect(await slotRound(q, 25, 0)).toBe('OK');
      await ledgerClean();
    });
  },
  { providers: { list: [config] } },
);
