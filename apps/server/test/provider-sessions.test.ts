// Game providers, issue 40: provider sessions are sessions (bound to the user's session generation,
// to the site session they were launched from and to their one game), the wallet contract made
// strict (a rollback only of a debit in an open round; one transaction id for two players at once;
// rollbacks scoped to their player), a provider may credit only its own rounds within a bound and
// read only the balance of a player it holds a session for, and the provider's answers read under
// the timeout and the size limit (stalls, huge bodies, redirects, control characters). Each
// scenario as a provider drives it (signed calls over the app's HTTP), the ledger check after
// every one, on both stores.
import {
  PROVIDER_ID_HEADER,
  PROVIDER_ROUND_WIN_MAX_MULTIPLE,
  PROVIDER_SIGNATURE_HEADER,
} from '@backlay/contract';
import { signPayload } from '@backlay/contract/provider-signature';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ProviderConfig } from '../src/config.ts';
import { PROVIDER_ANSWER_MAX_BYTES } from '../src/modules/providers/provider.ts';
import { PROVIDER_LAUNCHES_PER_MINUTE } from '../src/modules/providers/wallet-calls.ts';
import { expectLedgerBalanced } from './helpers/ledger.ts';
import { bettorOf, operatorOf, type Bettor } from './helpers/people.ts';
import { describeStores, type StoreContext } from './helpers/stores.ts';

const SECRET = 'test-provider-secret-0123456789';
/** Our timeout on a call to the provider, short so that a stall costs the test little. */
const TIMEOUT_MS = 1_500;

// ---------------------------------------------------------------- the provider's side (real HTTP)

type Launched = { token: string; player_id: string; game_id: string; display_name: string };
type Mode = 'ok' | 'stall' | 'huge' | 'redirect' | 'nul';
const fake = {
  server: null as FastifyInstance | null,
  launched: [] as Launched[],
  games: 'ok' as Mode,
  launch: 'ok' as Mode,
  /** Bytes of the last huge answer written before the connection closed. */
  hugeSent: 0,
  list: [
    { game_id: 'slot-lucky', name: 'Lucky Sevens', category: 'SLOTS', thumbnail_url: '/thumbs/lucky.png' },
    { game_id: 'slot-gems', name: 'Gem Rush', category: 'SLOTS', thumbnail_url: null },
    {
      game_id: 'live-roulette',
      name: 'Live Roulette',
      category: 'LIVE',
      thumbnail_url: 'https://cdn.example/roulette.png',
    },
  ],
};
const config: ProviderConfig = {
  id: 'ps',
  name: 'Session Provider',
  base_url: 'http://127.0.0.1:1',
  secret: SECRET,
};

beforeAll(async () => {
  const app = Fastify({ forceCloseConnections: true });
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_r, b, done) => done(null, b));
  const misbehave = async (mode: Mode, reply: FastifyReply, path: string) => {
    if (mode === 'stall') {
      // Headers and the start of a body, then nothing: the answer never ends.
      reply.hijack();
      reply.raw.writeHead(200, { 'content-type': 'application/json' });
      reply.raw.write('{"games":[');
      return true;
    }
    if (mode === 'huge') {
      // 64 MB, 64 kB at a time, no content-length: only reading it tells its size.
      reply.hijack();
      reply.raw.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      fake.hugeSent = 0;
      let open = true;
      reply.raw.on('close', () => (open = false));
      for (let i = 0; i < 1024 && open; i++) {
        if (!reply.raw.write(chunk)) await new Promise((r) => reply.raw.once('drain', r).once('close', r));
        if (open) fake.hugeSent += chunk.length;
      }
      reply.raw.end();
      return true;
    }
    if (mode === 'redirect') {
      await reply.code(307).header('location', `${config.base_url}/elsewhere${path}`).send();
      return true;
    }
    return false;
  };
  app.post('/games', async (_req, reply) => {
    if (await misbehave(fake.games, reply, '/games')) return reply;
    if (fake.games === 'nul')
      return {
        games: [
          ...fake.list,
          { game_id: 'slot-nul', name: 'Bad\u0000Name', category: 'SLOTS', thumbnail_url: null },
        ],
      };
    return { games: fake.list };
  });
  app.post('/launch', async (req, reply) => {
    if (await misbehave(fake.launch, reply, '/launch')) return reply;
    const body = JSON.parse((req.body as Buffer).toString('utf8')) as Launched;
    fake.launched.push(body);
    return { url: `${config.base_url}/play/${body.game_id}?token=${body.token}` };
  });
  // Where a redirect points: a good answer, which must not be taken.
  app.post('/elsewhere/games', async () => ({ games: [] }));
  app.post('/elsewhere/launch', async (req) => {
    const body = JSON.parse((req.body as Buffer).toString('utf8')) as Launched;
    fake.launched.push(body);
    return { url: `https://evil.example/play?token=${body.token}` };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  config.base_url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  fake.server = app;
});
afterAll(async () => {
  await fake.server?.close();
});

// ---------------------------------------------------------------- the provider's calls to us

type WalletAnswer = { code: string; balance: number | null; session_id?: string };
type Called = { statusCode: number; raw: string; status: boolean; data: WalletAnswer };

let seq = 0;
const txid = (p: string) => `${p}-${++seq}-${Math.random().toString(36).slice(2, 8)}`;

describeStores(
  'provider sessions and the strict wallet contract',
  (ctx) => {
    beforeAll(async () => {
      expect(await ctx.app.providers.sync('ps')).toEqual({ ok: true });
    });

    async function call(
      name: 'authenticate' | 'balance' | 'debit' | 'credit' | 'rollback',
      body: unknown,
    ): Promise<Called> {
      const raw = JSON.stringify(body);
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/provider/wallet/${name}`,
        headers: {
          'content-type': 'application/json',
          [PROVIDER_ID_HEADER]: 'ps',
          [PROVIDER_SIGNATURE_HEADER]: signPayload(SECRET, raw, Math.floor(Date.now() / 1000)),
        },
        payload: raw,
      });
      expect(res.statusCode, `${name} ${res.body}`).toBeLessThan(500);
      const parsed = res.json() as { status: boolean; data: WalletAnswer };
      return { statusCode: res.statusCode, raw: res.body, status: parsed.status, data: parsed.data };
    }

    async function ledgerClean() {
      const check = await (await operatorOf(ctx)).call('adminLedgerCheck');
      expect(check.body.data).toMatchObject({ ok: true, problems: [] });
      await expectLedgerBalanced(ctx.app);
    }
    const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
    const gameIdOf = async (providerGameId: string) =>
      Number(
        rowsOf<{ game_id: number }>(
          await ctx.app.db.execute(
            sql`select game_id from provider_games where provider_id = 'ps' and provider_game_id = ${providerGameId}`,
          ),
        )[0]!.game_id,
      );
    const availablePaise = async (u: Bettor) => (await ctx.app.wallet.availablePaise(u.userId))!;

    /** Launches `game` for the bettor: the token the provider was given. */
    async function launch(u: Bettor, game = 'slot-lucky') {
      const r = await u.call('userAuthentication', { game_id: await gameIdOf(game) });
      expect(r.body.status, r.body.message).toBe(true);
      return fake.launched.at(-1)!.token;
    }
    /** A bettor with `paise`, their game launched and its session opened: what the provider holds. */
    async function playing(c: StoreContext, paise: number, game = 'slot-lucky', u?: Bettor) {
      const b = u ?? (await bettorOf(c, paise));
      const token = await launch(b, game);
      const auth = await call('authenticate', { token, game_id: game });
      expect(auth.data.code).toBe('OK');
      return Object.assign(b, { session: auth.data.session_id!, player: String(b.userId), game });
    }
    type Player = Awaited<ReturnType<typeof playing>>;
    const debit = (p: Player, amount: number, round: string, id = txid('d'), game = p.game) =>
      call('debit', {
        player_id: p.player,
        session_id: p.session,
        transaction_id: id,
        round_id: round,
        game_id: game,
        amount,
      });
    const credit = (p: Player, amount: number, round: string, id = txid('c'), more: object = {}) =>
      call('credit', {
        player_id: p.player,
        session_id: p.session,
        transaction_id: id,
        round_id: round,
        game_id: p.game,
        amount,
        ...more,
      });
    const rollback = (p: Player, ref: string, round: string, id = txid('rb')) =>
      call('rollback', {
        player_id: p.player,
        transaction_id: id,
        reference_transaction_id: ref,
        round_id: round,
        game_id: p.game,
      });
    const balance = (p: Player) => call('balance', { player_id: p.player, session_id: p.session });
    const lastSeen = async (p: Player) =>
      rowsOf<{ t: string }>(
        await ctx.app.db.execute(
          sql`select last_seen_at::text as t from provider_sessions where user_id = ${p.userId}`,
        ),
      ).map((r) => r.t);

    // ---------------------------------------------------------------- 1. sessions are sessions

    const enders: [string, (p: Player) => Promise<void>][] = [
      [
        'a password change',
        async (p) => {
          const r = await p.call('changePassword', {
            master_password: 'secret1234',
            new_password: 'another5678',
            confirm_password: 'another5678',
          });
          expect(r.body.status, r.body.message).toBe(true);
        },
      ],
      [
        "an operator's password reset",
        async (p) => {
          const r = await (
            await operatorOf(ctx)
          ).call('adminUserResetPassword', { user_id: p.userId, new_password: 'temporary77' });
          expect(r.body.status, r.body.message).toBe(true);
        },
      ],
      [
        '"end all sessions"',
        async (p) => {
          const r = await (await operatorOf(ctx)).call('adminUserSessionsEnd', { user_id: p.userId });
          expect(r.body.status, r.body.message).toBe(true);
        },
      ],
      [
        'the operator ending the one session it was launched from',
        async (p) => {
          const op = await operatorOf(ctx);
          const list = await op.call('adminUserSessions', { user_id: p.userId });
          const [only] = (list.body.data as { sessions: { session_id: number }[] }).sessions;
          const r = await op.call('adminUserSessionsEnd', {
            user_id: p.userId,
            session_id: only!.session_id,
          });
          expect(r.body.status, r.body.message).toBe(true);
        },
      ],
      [
        "an operator's lock",
        async (p) => {
          const r = await (await operatorOf(ctx)).call('adminUserLock', { user_id: p.userId, locked: true });
          expect(r.body.status, r.body.message).toBe(true);
        },
      ],
      [
        'a logout',
        async (p) => {
          const r = await p.call('logout', { user_id: p.userId, token: '' });
          expect(r.body.status, r.body.message).toBe(true);
        },
      ],
    ];
    for (const [what, end] of enders) {
      it(`${what} ends the open provider game: debits and balance refused, the old launch token refused, the round's credit still taken`, async () => {
        const p = await playing(ctx, 10_000);
        const round = txid('round');
        expect((await debit(p, 1_000, round)).data).toMatchObject({ code: 'OK', balance: 9_000 });
        // A launch token issued before the change, not yet exchanged.
        const pending = await launch(p, 'slot-gems');
        const seen = await lastSeen(p);
        await end(p);
        const refused = await debit(p, 500, txid('round'));
        expect(refused).toMatchObject({ status: false, data: { code: 'SESSION_EXPIRED' } });
        // The refused debit did not keep the session alive.
        expect(await lastSeen(p)).toEqual(seen);
        expect((await debit(p, 500, round)).data.code).toBe('SESSION_EXPIRED');
        expect((await balance(p)).data).toMatchObject({ code: 'SESSION_EXPIRED', balance: null });
        expect((await call('authenticate', { token: pending, game_id: 'slot-gems' })).data.code).toBe(
          'SESSION_EXPIRED',
        );
        // The round was played: its result is still paid.
        expect((await credit(p, 2_500, round)).data).toMatchObject({ code: 'OK', balance: 11_500 });
        expect(await availablePaise(p)).toBe(11_500);
        await ledgerClean();
      });
    }

    it("a logout of another of the bettor's site sessions leaves the game launched from this one playing", async () => {
      const p = await playing(ctx, 10_000);
      const other = p.fork();
      const users = rowsOf<{ user_name: string }>(
        await ctx.app.db.execute(sql`select user_name from users where user_id = ${p.userId}`),
      );
      await other.login(users[0]!.user_name, 'secret1234');
      expect((await other.call('logout', { user_id: p.userId, token: '' })).body.status).toBe(true);
      expect((await debit(p, 100, txid('round'))).data).toMatchObject({ code: 'OK', balance: 9_900 });
      expect((await balance(p)).data).toMatchObject({ code: 'OK', balance: 9_900 });
      await ledgerClean();
    });

    it("a session is bound to its one game: a slot's session cannot debit the roulette table", async () => {
      const p = await playing(ctx, 10_000, 'slot-lucky');
      const wrong = await debit(p, 1_000, txid('round'), txid('d'), 'live-roulette');
      expect(wrong).toMatchObject({ status: false, data: { code: 'GAME_MISMATCH', balance: 10_000 } });
      expect(await availablePaise(p)).toBe(10_000);
      expect((await debit(p, 1_000, txid('round'))).data).toMatchObject({ code: 'OK', balance: 9_000 });
      await ledgerClean();
    });

    // ---------------------------------------------------------------- 2. the wallet contract, strict

    it("a rollback after the round's closing credit is refused ROUND_CLOSED: the stake never comes back on top of the win", async () => {
      const p = await playing(ctx, 10_000);
      const round = txid('round');
      const d = txid('d');
      expect((await debit(p, 10_000, round, d)).data).toMatchObject({ code: 'OK', balance: 0 });
      expect((await credit(p, 15_000, round)).data).toMatchObject({ code: 'OK', balance: 15_000 });
      const late = await rollback(p, d, round);
      expect(late).toMatchObject({ status: false, data: { code: 'ROUND_CLOSED', balance: 15_000 } });
      expect(await availablePaise(p)).toBe(15_000);
      // A round still open (closed: false) is rolled back as before.
      const open = txid('round');
      const d2 = txid('d');
      await debit(p, 1_000, open, d2);
      expect((await credit(p, 500, open, txid('c'), { round_closed: false })).data.code).toBe('OK');
      expect((await rollback(p, d2, open)).data).toMatchObject({ code: 'OK', balance: 15_500 });
      await ledgerClean();
    });

    it('one transaction id sent for several players at once: one takes it, the others DUPLICATE_TRANSACTION, never a 500', async () => {
      const players: Player[] = [];
      for (let i = 0; i < 4; i++) players.push(await playing(ctx, 5_000));
      for (let attempt = 0; attempt < 3; attempt++) {
        const id = txid('shared');
        const round = txid('round');
        const answers = await Promise.all(players.map((p) => debit(p, 1_000, round, id)));
        expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
        expect(answers.filter((a) => a.data.code === 'OK')).toHaveLength(1);
        expect(answers.filter((a) => a.data.code === 'DUPLICATE_TRANSACTION')).toHaveLength(3);
        // Credits and rollbacks too.
        const cid = txid('shared-c');
        const credits = await Promise.all(players.map((p) => credit(p, 0, round, cid)));
        expect(credits.every((a) => a.statusCode === 200)).toBe(true);
        expect(credits.filter((a) => a.data.code === 'DUPLICATE_TRANSACTION').length).toBeGreaterThanOrEqual(
          3,
        );
      }
      const spent = (await Promise.all(players.map(availablePaise))).reduce((a, b) => a + b, 0);
      expect(spent).toBe(4 * 5_000 - 3 * 1_000);
      await ledgerClean();
    });

    it("a rollback naming another player's transaction id does not block that player's debit", async () => {
      const a = await playing(ctx, 5_000);
      const b = await playing(ctx, 5_000);
      const round = txid('round');
      const id = txid('d');
      // B's rollback of an id B never debited: recorded as B's, final for B.
      expect((await rollback(b, id, round)).data.code).toBe('UNKNOWN_TRANSACTION');
      expect((await debit(a, 1_000, round, id)).data).toMatchObject({ code: 'OK', balance: 4_000 });
      // And B's own debit of that id later: refused ROLLED_BACK (its rollback came first) or a
      // duplicate of A's id; never money.
      expect(['ROLLED_BACK', 'DUPLICATE_TRANSACTION']).toContain(
        (await debit(b, 1_000, round, id)).data.code,
      );
      // A rollback of A's debit sent for B moves nothing and leaves A's debit standing.
      expect((await rollback(b, id, round)).data.code).not.toBe('OK');
      expect(await availablePaise(a)).toBe(4_000);
      expect(await availablePaise(b)).toBe(5_000);
      expect((await rollback(a, id, round)).data).toMatchObject({ code: 'OK', balance: 5_000 });
      await ledgerClean();
    });

    // ---------------------------------------------------------------- 3. a provider's reach

    it('a credit must name a round this provider opened with a debit for this player, of its game, within the bound; nothing else moves money', async () => {
      const stranger = await bettorOf(ctx, 1_000);
      const a = await playing(ctx, 10_000);
      const b = await playing(ctx, 10_000);
      const transfersBefore = rowsOf<{ n: number }>(
        await ctx.app.db.execute(sql`select count(*)::int as n from transfers`),
      )[0]!.n;
      // ₹1,00,00,000 to a bettor who never opened its games, a made-up game and round.
      const minted = await call('credit', {
        player_id: String(stranger.userId),
        transaction_id: txid('c'),
        round_id: 'made-up',
        game_id: 'no-such-game',
        amount: 1_000_000_000,
      });
      expect(minted).toMatchObject({ status: false, data: { code: 'UNKNOWN_ROUND' } });
      // A's round credited to B.
      const round = txid('round');
      await debit(a, 100, round);
      expect((await credit(b, 5_000, round)).data.code).toBe('UNKNOWN_ROUND');
      // Another game than the round's.
      expect(
        (
          await call('credit', {
            player_id: a.player,
            transaction_id: txid('c'),
            round_id: round,
            game_id: 'live-roulette',
            amount: 100,
          })
        ).data.code,
      ).toBe('GAME_MISMATCH');
      expect(
        rowsOf<{ n: number }>(await ctx.app.db.execute(sql`select count(*)::int as n from transfers`))[0]!.n,
      ).toBe(transfersBefore + 1);
      // The bound: the round's wins at most PROVIDER_ROUND_WIN_MAX_MULTIPLE × its stake.
      const bound = 100 * PROVIDER_ROUND_WIN_MAX_MULTIPLE;
      expect((await credit(a, bound - 1, round, txid('c'), { round_closed: false })).data.code).toBe('OK');
      const over = await credit(a, 2, round);
      expect(over).toMatchObject({ status: false, data: { code: 'WIN_LIMIT_EXCEEDED' } });
      expect((await credit(a, 1, round)).data).toMatchObject({ code: 'OK', balance: 10_000 - 100 + bound });
      // A closed round takes no more credits.
      expect((await credit(a, 1, round)).data.code).toBe('ROUND_CLOSED');
      // A round whose every debit was rolled back has no stake left to pay on.
      const cancelled = txid('round');
      const d = txid('d');
      await debit(b, 500, cancelled, d);
      await rollback(b, d, cancelled);
      expect((await credit(b, 500, cancelled)).data.code).toBe('ROUND_CLOSED');
      expect(await availablePaise(stranger)).toBe(1_000);
      expect(await availablePaise(b)).toBe(10_000);
      await ledgerClean();
    });

    it('a provider reads only the balance of a player it holds a live session of', async () => {
      const stranger = await bettorOf(ctx, 1_000);
      const nosy = await call('balance', { player_id: String(stranger.userId) });
      expect(nosy).toMatchObject({ status: false, data: { code: 'SESSION_EXPIRED', balance: null } });
      const p = await playing(ctx, 2_000);
      expect((await call('balance', { player_id: p.player })).data).toMatchObject({
        code: 'OK',
        balance: 2_000,
      });
      // Another player's session id does not open this one's balance.
      expect(
        (await call('balance', { player_id: String(stranger.userId), session_id: p.session })).data.code,
      ).toBe('SESSION_EXPIRED');
      await ledgerClean();
    });

    // ---------------------------------------------------------------- 4. the provider's answers

    const syncError = async () =>
      rowsOf<{ sync_error: string | null }>(
        await ctx.app.db.execute(sql`select sync_error from game_providers where provider_id = 'ps'`),
      )[0]!.sync_error;
    /** The operator's Sync over HTTP: never a 5xx. */
    async function operatorSync() {
      const r = await (await operatorOf(ctx)).call('adminProviderSync', { provider_id: 'ps' });
      expect(r.statusCode, JSON.stringify(r.body)).toBe(200);
      return r.body;
    }

    it('a provider that stalls mid-answer: the launch and the Sync are refused in words within the timeout, never a 500', async () => {
      const u = await bettorOf(ctx, 1_000);
      fake.launch = 'stall';
      fake.games = 'stall';
      try {
        const started = Date.now();
        const r = await u.call('userAuthentication', { game_id: await gameIdOf('slot-lucky') });
        expect(r.statusCode).toBe(200);
        expect(r.body).toMatchObject({ status: false, message: expect.stringContaining('not answering') });
        expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 3_000);
        const synced = await operatorSync();
        expect(synced.status).toBe(false);
        expect(await syncError()).toMatch(/no answer in/);
      } finally {
        fake.launch = 'ok';
        fake.games = 'ok';
      }
      expect((await operatorSync()).status).toBe(true);
      expect(await syncError()).toBeNull();
    });

    it('an answer over the size limit is given up while it streams, not after it was read whole', async () => {
      fake.games = 'huge';
      try {
        const synced = await operatorSync();
        expect(synced).toMatchObject({ status: false, message: expect.stringContaining('too large') });
        // Given up a little past the limit (what the sockets buffer), far from the 64 MB sent.
        await new Promise((r) => setTimeout(r, 200));
        expect(fake.hugeSent).toBeGreaterThan(0);
        expect(fake.hugeSent).toBeLessThan(PROVIDER_ANSWER_MAX_BYTES + 16 * 1024 * 1024);
      } finally {
        fake.games = 'ok';
      }
      expect((await operatorSync()).status).toBe(true);
    });

    it("a provider's redirect is refused, not followed", async () => {
      const u = await bettorOf(ctx, 1_000);
      const before = fake.launched.length;
      fake.launch = 'redirect';
      fake.games = 'redirect';
      try {
        const r = await u.call('userAuthentication', { game_id: await gameIdOf('slot-lucky') });
        expect(r.body.status).toBe(false);
        expect(fake.launched.length).toBe(before);
        // Followed, the other address's empty list would have unlisted every game.
        expect((await operatorSync()).status).toBe(false);
        expect(await gameIdOf('slot-gems')).toBeGreaterThan(0);
        const listed = await ctx.app.providers.gameList({ provider_id: 'ps', page: 1 });
        expect(listed.total).toBe(3);
      } finally {
        fake.launch = 'ok';
        fake.games = 'ok';
      }
    });

    it('a game with a NUL byte in its name is left out and named in sync_error; the rest of the catalogue syncs', async () => {
      fake.games = 'nul';
      try {
        const synced = await operatorSync();
        expect(synced.status).toBe(true);
        expect(await syncError()).toMatch(/slot-nul/);
        const listed = await ctx.app.providers.gameList({ provider_id: 'ps', page: 1 });
        expect(listed.games.map((g) => g.name).sort()).toEqual(['Gem Rush', 'Live Roulette', 'Lucky Sevens']);
      } finally {
        fake.games = 'ok';
      }
      expect((await operatorSync()).status).toBe(true);
      expect(await syncError()).toBeNull();
    });

    it('launches have a limit of their own per bettor: past it the provider is not called and no token is made', async () => {
      const u = await bettorOf(ctx, 1_000);
      const other = await bettorOf(ctx, 1_000);
      const game = await gameIdOf('slot-gems');
      for (let i = 0; i < PROVIDER_LAUNCHES_PER_MINUTE; i++) {
        const r = await u.call('userAuthentication', { game_id: game });
        expect(r.body.status, r.body.message).toBe(true);
      }
      const before = fake.launched.length;
      const tokens = async () =>
        rowsOf<{ n: number }>(
          await ctx.app.db.execute(
            sql`select count(*)::int as n from provider_launch_tokens where user_id = ${u.userId}`,
          ),
        )[0]!.n;
      const made = await tokens();
      const over = await u.call('userAuthentication', { game_id: game });
      expect(over.statusCode).toBe(200);
      expect(over.body).toMatchObject({ status: false, message: expect.stringMatching(/too many/i) });
      expect(fake.launched.length).toBe(before);
      expect(await tokens()).toBe(made);
      // Another bettor launches as before.
      expect((await other.call('userAuthentication', { game_id: game })).body.status).toBe(true);
    });

    it("a tile's picture is kept only from the provider's own origin (the CSP's img-src names no other)", async () => {
      const listed = await ctx.app.providers.gameList({ provider_id: 'ps', page: 1 });
      const picture = (name: string) => listed.games.find((g) => g.name === name)!.thumbnail_url;
      expect(picture('Lucky Sevens')).toBe(`${config.base_url}/thumbs/lucky.png`);
      expect(picture('Live Roulette')).toBeNull();
      const page = await ctx.app.inject({ method: 'GET', url: '/' });
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain(`img-src 'self' data: blob: ${config.base_url};`);
    });
  },
  { providers: { list: [config], timeout_ms: TIMEOUT_MS } },
);
