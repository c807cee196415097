// Wallet locks under contention and skew (docs/reliability.md, "Wallet locks" and "Time that
// decides money"): one bettor's slow transaction delays another bettor's bet by a round's short
// wait at most; a row released within that wait is the round's; the held
// bettor's bet waits for later rounds and is placed once the row is free, or refused in words
// within a bounded time; a previous version's reservations expire by the database's clock, not a
// node's; a round whose commit's answer was lost places its bet once; a round that waited for its
// market's row reads what committed meanwhile.
import { SYSTEM_STAKER } from '../src/modules/wallet/stake-gate.ts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { expect, it } from 'vitest';
import { createWalletService, WALLET_BUSY_MESSAGE } from '../src/modules/wallet/service.ts';
import { RESERVATION_TIMEOUT_MS } from '../src/modules/wallet/reservations.ts';
import type { Api } from './helpers/api.ts';
import {
  aroundTransactions,
  createBettor,
  createMarket,
  expectExchangeInvariants,
  insertPreviousVersionReservation,
} from './helpers/exchange.ts';
import { cricketTestMatch } from './helpers/people.ts';
import { describeStores } from './helpers/stores.ts';
import { checkLedger } from '../src/modules/admin/ledger-check.ts';

let rid = 0;
const nextId = () => `wl-${++rid}-${Math.random().toString(36).slice(2, 8)}`;

describeStores(
  'wallet locks, skew and retries',
  (ctx) => {
    async function bettor(balanceRupees = 10_000): Promise<Api & { userId: number }> {
      const u = await createBettor(ctx.app, balanceRupees * 100);
      const api = ctx.api.fork();
      await api.login(u.userName, u.password);
      return Object.assign(api, { userId: u.userId });
    }

    /** A second connection to this test's database, in a transaction (PostgreSQL). */
    async function secondConnection(): Promise<pg.Client> {
      const dbName = (
        (await ctx.app.db.execute(sql`select current_database() as d`)) as unknown as {
          rows: { d: string }[];
        }
      ).rows[0]!.d;
      const u = new URL(process.env.TEST_DATABASE_URL!);
      u.pathname = `/${dbName}`;
      const raw = new pg.Client({ connectionString: u.toString() });
      await raw.connect();
      await raw.query('begin');
      return raw;
    }

    /** A second connection to this test's database holding bettors' wallet rows (PostgreSQL). */
    async function holdWalletRow(...userIds: number[]): Promise<pg.Client> {
      const raw = await secondConnection();
      await raw.query(
        `select 1 from ledger_accounts where user_id = any($1::integer[]) and kind = 'user_cash' for update`,
        [userIds],
      );
      return raw;
    }

    /** A ₹100 back at 2.0 on the market's first runner, through HTTP. */
    const backOn = (m: { matchId: number; marketId: number; selectionIds: number[] }) => (api: Api) =>
      api.call('placeMarketBet', {
        match_id: m.matchId,
        market_id: m.marketId,
        selection_id: m.selectionIds[0]!,
        is_back: '1',
        odds: 2,
        stack: 100,
        request_id: nextId(),
      });

    it('one bettor’s held wallet row: another bettor’s bet answers at once; the held one is refused in words, in bounded time', async () => {
      if (ctx.store !== 'postgres') return; // a second connection holding the lock needs PostgreSQL
      const m = await createMarket(ctx.app);
      const held = await bettor();
      const free = await bettor();
      const bet = backOn(m);
      // Warm (the market's row cached, the first bet's paths compiled).
      expect((await bet(free)).body.status).toBe(true);
      const raw = await holdWalletRow(held.userId);
      try {
        const t0 = Date.now();
        const heldBet = bet(held).then((r) => ({ r, ms: Date.now() - t0 }));
        await new Promise((r) => setTimeout(r, 30));
        const t1 = Date.now();
        const freeBet = await bet(free);
        const free_ms = Date.now() - t1;
        expect(freeBet.body.status).toBe(true);
        expect(free_ms).toBeLessThan(500);
        const { r, ms } = await heldBet;
        console.log(
          `wallet locks: other bettor answered in ${free_ms} ms; held bettor refused after ${ms} ms`,
        );
        expect(r.statusCode).toBe(200);
        expect(r.body).toEqual({ status: false, message: WALLET_BUSY_MESSAGE });
        expect(ms).toBeLessThan(2_000);
      } finally {
        await raw.query('rollback').catch(() => {});
        await raw.end();
      }
      // Released: the held bettor bets again.
      expect((await bet(held)).body.status).toBe(true);
      await expectExchangeInvariants(ctx.app);
    });

    it('a grant given the rows a round locked tries, itself, a bettor’s row the round did not lock: granted when free, busy when held', async () => {
      const m = await createMarket(ctx.app);
      const [a, b, c] = [await bettor(), await bettor(), await bettor()];
      const ask = (userId: number) => ({
        userId,
        marketId: m.marketId,
        wantPaise: 10_000,
        staker: SYSTEM_STAKER,
        stakePaise: 10_000,
      });
      // The round locked b's and c's rows (two users: more than the one asked), never a's: counting
      // the set would take a's row for locked. Free, it is waited for and taken.
      const grantA = () =>
        ctx.app.db.transaction((tx) =>
          ctx.app.wallet.grant(tx, [ask(a.userId)], new Set([b.userId, c.userId])),
        );
      expect(await grantA()).toEqual([expect.objectContaining({ hasWallet: true, paise: 10_000 })]);
      if (ctx.store !== 'postgres') return; // a second connection holding the lock needs PostgreSQL
      const raw = await holdWalletRow(a.userId);
      try {
        expect(await grantA()).toEqual(['busy']);
      } finally {
        await raw.query('rollback').catch(() => {});
        await raw.end();
      }
    });

    /** The wallet rows a round tries: skipped when held, then waited for (`grant`, as an exchange round asks). */
    const askOf = (userId: number, marketId: number) => ({
      userId,
      marketId,
      wantPaise: 10_000,
      staker: SYSTEM_STAKER,
      stakePaise: 10_000,
    });
    const lockTimeoutIn = async (tx: { execute: typeof ctx.app.db.execute }) =>
      (
        (await tx.execute(sql`select current_setting('lock_timeout') as t`)) as unknown as {
          rows: { t: string }[];
        }
      ).rows[0]!.t;

    /**
     * Rolls `raw` back (its row locks let go) once another connection waits for a lock in this
     * database (the round, waiting for a row `raw` holds), not before; false if none waited in 1 s.
     */
    async function rollbackOnceWaitedFor(raw: pg.Client): Promise<boolean> {
      let waited = false;
      for (let i = 0; i < 200 && !waited; i++) {
        const r = await raw.query(
          `select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
        );
        waited = r.rows[0].n > 0;
        if (!waited) await new Promise((done) => setTimeout(done, 5));
      }
      await raw.query('rollback');
      return waited;
    }

    it('a wallet row another transaction releases within the wait: the round gets it and grants, not busy', async () => {
      if (ctx.store !== 'postgres') return; // a second connection holding the lock needs PostgreSQL
      const m = await createMarket(ctx.app);
      const held = await bettor();
      // A long wait, so that the test can release the row while the round waits for it.
      const wallet = createWalletService(ctx.app.db, undefined, { rowWaitMs: 800 });
      const raw = await holdWalletRow(held.userId);
      const release = rollbackOnceWaitedFor(raw);
      try {
        const { granted, before, setting } = await ctx.app.db.transaction(async (tx) => {
          const was = await lockTimeoutIn(tx);
          const g = await wallet.grant(tx, [askOf(held.userId, m.marketId)]);
          return { granted: g, before: was, setting: await lockTimeoutIn(tx) };
        });
        expect(await release).toBe(true);
        expect(granted).toEqual([expect.objectContaining({ hasWallet: true, paise: 10_000 })]);
        // The pool's lock_timeout is back for the rest of the round's transaction.
        expect(setting).toBe(before);
        expect(before).not.toBe('800ms');
        expect(wallet.rowWaits).toEqual({ waited: 1, timed_out: 0 });
      } finally {
        await raw.end();
      }
    });

    it('two rows one transaction held: the round waits for the first, then takes the second without a wait of its own', async () => {
      if (ctx.store !== 'postgres') return; // a second connection holding the lock needs PostgreSQL
      const m = await createMarket(ctx.app);
      const [a, b] = [await bettor(), await bettor()];
      const wallet = createWalletService(ctx.app.db, undefined, { rowWaitMs: 800 });
      const raw = await holdWalletRow(a.userId, b.userId);
      const release = rollbackOnceWaitedFor(raw);
      try {
        const granted = await ctx.app.db.transaction((tx) =>
          wallet.grant(tx, [askOf(a.userId, m.marketId), askOf(b.userId, m.marketId)]),
        );
        expect(await release).toBe(true);
        expect(granted).toEqual([
          expect.objectContaining({ hasWallet: true, paise: 10_000 }),
          expect.objectContaining({ hasWallet: true, paise: 10_000 }),
        ]);
        expect(wallet.rowWaits).toEqual({ waited: 1, timed_out: 0 });
      } finally {
        await raw.end();
      }
    });

    it('a wallet row held past the wait: busy after the wait, not the pool’s lock timeout, and the round’s transaction goes on', async () => {
      if (ctx.store !== 'postgres') return; // a second connection holding the lock needs PostgreSQL
      const m = await createMarket(ctx.app);
      const [held, free] = [await bettor(), await bettor()];
      const wallet = createWalletService(ctx.app.db, undefined, { rowWaitMs: 150 });
      const raw = await holdWalletRow(held.userId);
      try {
        const t0 = Date.now();
        const { granted, before, setting, after } = await ctx.app.db.transaction(async (tx) => {
          const was = await lockTimeoutIn(tx);
          const g = await wallet.grant(tx, [askOf(held.userId, m.marketId), askOf(free.userId, m.marketId)]);
          // The timed-out wait rolled back to its savepoint: the transaction still runs statements.
          const n = (await tx.execute(sql`select 1 as one`)) as unknown as { rows: unknown[] };
          return { granted: g, before: was, setting: await lockTimeoutIn(tx), after: n.rows.length };
        });
        const ms = Date.now() - t0;
        expect(granted).toEqual(['busy', expect.objectContaining({ hasWallet: true, paise: 10_000 })]);
        expect(after).toBe(1);
        expect(setting).toBe(before);
        // The wait's own 150 ms, not the pool's 1 s lock timeout.
        expect(ms).toBeGreaterThanOrEqual(140);
        expect(ms).toBeLessThan(900);
        expect(wallet.rowWaits).toEqual({ waited: 1, timed_out: 1 });
      } finally {
        await raw.query('rollback').catch(() => {});
        await raw.end();
      }
    });

    it('a runner removed while a round waited for the market’s row: the round reads it removed and refuses the bet', async () => {
      if (ctx.store !== 'postgres') return; // a second connection holding the lock needs PostgreSQL
      const m = await createMarket(ctx.app);
      const b = await bettor();
      // Warm: the market's row and book cached, so the next round goes straight to its lock.
      expect((await backOn(m)(b)).body.status).toBe(true);
      // Another transaction holds the market's row, as the market's lifecycle does, and removes a runner.
      const raw = await secondConnection();
      try {
        await raw.query('select 1 from markets where market_id = $1 for update', [m.marketId]);
        await raw.query(`update runners set status = 'REMOVED' where selection_id = $1`, [m.selectionIds[1]]);
        const pending = b.call('placeMarketBet', {
          match_id: m.matchId,
          market_id: m.marketId,
          selection_id: m.selectionIds[1]!,
          is_back: '1',
          odds: 2,
          stack: 100,
          request_id: nextId(),
        });
        // The round's lock waits for this transaction.
        await new Promise((r) => setTimeout(r, 150));
        await raw.query('commit');
        const r = await pending;
        // The round read its runners after its lock was granted (a statement of its own: one with the
        // lock in a CTE would read from before the wait): the runner is seen removed.
        expect(r.body).toMatchObject({ status: false, message: expect.stringMatching(/ is not active$/) });
      } finally {
        await raw.query('rollback').catch(() => {});
        await raw.end();
      }
      await expectExchangeInvariants(ctx.app);
    });

    it('a wallet row held for a moment: the bet waits for a later round and is placed, not refused', async () => {
      if (ctx.store !== 'postgres') return; // a second connection holding the lock needs PostgreSQL
      const m = await createMarket(ctx.app);
      const held = await bettor();
      const bet = () => backOn(m)(held);
      expect((await bet()).body.status).toBe(true);
      const busyCount = async () =>
        (await ctx.app.metrics.registry.getSingleMetric('backlay_exchange_wallet_busy_total')!.get())
          .values[0]?.value ?? 0;
      const busyBefore = await busyCount();
      const raw = await holdWalletRow(held.userId);
      const t0 = Date.now();
      let released = false;
      const pending = bet().then((r) => ({ r, afterRelease: released }));
      // Held through the first rounds' tries (25 ms, then 50 ms, …), then released.
      await new Promise((r) => setTimeout(r, 120));
      await raw.query('rollback');
      released = true;
      await raw.end();
      const { r, afterRelease } = await pending;
      expect(r.body).toMatchObject({ status: true });
      // Answered only once the row was free: the round took the wallet lock, it did not go around it.
      expect(afterRelease).toBe(true);
      expect(Date.now() - t0).toBeLessThan(2_000);
      // Each round that found the row held sent the bet back, and /metrics counts it.
      expect(await busyCount()).toBeGreaterThan(busyBefore);
      expect(await ctx.app.wallet.liabilityPaise(held.userId)).toBe(20_000);
      await expectExchangeInvariants(ctx.app);
    });

    it('the house kinds too: a held wallet row refuses that bettor’s fancy and bookmaker bets in words; the others’ bets in the same market go on at once', async () => {
      if (ctx.store !== 'postgres') return; // a second connection holding the lock needs PostgreSQL
      const c = await cricketTestMatch(ctx.app);
      const held = await bettor();
      const free = await bettor();
      const fancy = (api: Api) =>
        api.call('placeFancyBet', {
          match_id: c.matchId,
          fancy_id: c.fancyIds[5]!, // "1st over runs AUS": No 6 / Yes 7 @100
          is_yes: '1',
          line: 7,
          rate: 100,
          stack: 100,
          request_id: nextId(),
        });
      const view = (await ctx.app.bookmaker.view(c.bookmakerMarketId))!;
      const bookmaker = (api: Api) =>
        api.call('placeBookmakerBet', {
          match_id: c.matchId,
          market_id: c.bookmakerMarketId,
          selection_id: c.selectionIds[0]!,
          is_back: '1',
          rate: view.runners.find((r) => r.selection_id === c.selectionIds[0])!.back_rate!,
          stack: 100,
          request_id: nextId(),
        });
      expect((await fancy(free)).body.status).toBe(true);
      expect((await bookmaker(free)).body.status).toBe(true);
      const raw = await holdWalletRow(held.userId);
      try {
        for (const place of [fancy, bookmaker]) {
          const t0 = Date.now();
          const [h, f] = await Promise.all([place(held), place(free)]);
          const ms = Date.now() - t0;
          expect(f.body.status).toBe(true);
          expect(h.body).toEqual({ status: false, message: WALLET_BUSY_MESSAGE });
          expect(ms).toBeLessThan(1_500);
        }
      } finally {
        await raw.query('rollback').catch(() => {});
        await raw.end();
      }
      expect((await fancy(held)).body.status).toBe(true);
      expect((await bookmaker(held)).body.status).toBe(true);
      expect((await checkLedger(ctx.app)).problems).toEqual([]);
    });

    it('a previous version’s reservation expires by the database’s clock: a node skewed either way neither releases early nor late', async () => {
      const u = await createBettor(ctx.app, 10_000);
      const m = await createMarket(ctx.app);
      const skew = 2 * RESERVATION_TIMEOUT_MS;
      const behind = createWalletService(ctx.app.db, { now: () => new Date(Date.now() - skew) });
      const ahead = createWalletService(ctx.app.db, { now: () => new Date(Date.now() + skew) });
      // A node of the previous version reserved (stamped by the database's now()); a node whose
      // clock is ahead sweeps; the leader sweeps; one whose clock is behind sweeps.
      await insertPreviousVersionReservation(ctx.app, u.userId, m.marketId, 4_000);
      expect((await ahead.sweepReservations()).count).toBe(0);
      expect((await ctx.app.wallet.sweepReservations()).count).toBe(0);
      expect((await behind.sweepReservations()).count).toBe(0);
      const mine = (await ctx.app.wallet.reservations.all(ctx.app.db)).filter((x) => x.userId === u.userId);
      expect(mine).toHaveLength(1);
      expect(Math.abs(mine[0]!.createdAt.getTime() - Date.now())).toBeLessThan(5_000);
      // Its time come (by the database), any node releases it.
      expect((await ahead.sweepReservations({ olderThanMs: 0 })).count).toBeGreaterThanOrEqual(1);
    });

    it('a round whose commit went through but whose answer was lost places its bet once', async () => {
      const u = await createBettor(ctx.app, 10_000);
      const m = await createMarket(ctx.app);
      // The store's next commit goes through but its answer is lost (the connection drops after
      // COMMIT reached the server): the round sees an error and runs its command again.
      let lose = 1;
      const restore = aroundTransactions(ctx.app.db, async (run) => {
        const out = await run();
        if (lose > 0) {
          lose -= 1;
          throw new Error('Connection terminated unexpectedly');
        }
        return out;
      });
      let r;
      try {
        r = await ctx.app.exchange.placeBet(
          u.userId,
          {
            market_id: m.marketId,
            selection_id: m.selectionIds[0]!,
            side: 'BACK',
            price: 200,
            size_paise: 3_000,
            request_id: nextId(),
          },
          { staker: SYSTEM_STAKER },
        );
      } finally {
        restore();
      }
      expect(lose).toBe(0);
      expect(r).toMatchObject({ ok: true, status: 'UNMATCHED', repeated: true });
      expect(await ctx.app.wallet.liabilityPaise(u.userId)).toBe(3_000);
      await expectExchangeInvariants(ctx.app);
      expect((await checkLedger(ctx.app)).problems).toEqual([]);
    });
  },
  { exchange: { sleep: async () => {} } },
);
