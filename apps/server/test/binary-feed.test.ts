// Issue 24: the binary feed runner on the leader with a fast binary clock (BINARY_CLOCK_SPEED):
// a session opens at its hour, the random walk's prices reach it (stored ticks, a moving last
// price, a line), and at the close the session settles on its last price, by itself. The equity
// day of Monday 2026-11-23 (10:00–14:30 India time) runs in about three seconds at 6,000×.
import type { AddressInfo } from 'node:net';
import type { BinaryInstrument, BinaryInstrumentHead, WsServerMessage } from '@backlay/contract';
import { eq } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { binarySessions } from '../src/modules/binary/schema.ts';
import { expectLedgerClean } from './helpers/casino.ts';
import { TestClock } from './helpers/clock.ts';
import { bettorOf, operatorOf } from './helpers/people.ts';
import { WsClient } from './helpers/ws-client.ts';
import { describeStores } from './helpers/stores.ts';

const SPEED = 6_000;
const START = Date.parse('2026-11-23T09:59:00+05:30');

describeStores(
  'binary feed runner, fast clock (issue 24)',
  (ctx) => {
    it('opens, prices, lines and settles a session by the clock alone', { timeout: 120_000 }, async () => {
      const app = ctx.app;
      const b = await bettorOf(ctx, 1_000_000);
      const nfy = (await app.binary.instruments()).find((i) => i.spec.code === 'NFY')!;
      const view = async () =>
        (await b.call('getBinaryInstrument', { match_id: nfy.matchId })).body.data as BinaryInstrument;
      const until = async (what: string, ok: (v: BinaryInstrument) => boolean) => {
        const end = Date.now() + 60_000;
        for (;;) {
          const v = await view();
          if (ok(v)) return v;
          if (Date.now() > end) throw new Error(`${what}: ${JSON.stringify(v.instrument)}`);
          await new Promise((r) => setTimeout(r, 50));
        }
      };
      const open = await until(
        'open with a price and a line',
        (v) => v.instrument.state === 'OPEN' && v.instrument.line !== null,
      );
      expect(open.instrument.last_tick!.p).toBeGreaterThan(20_000);
      expect(open.instrument.line!.yes_line - open.instrument.line!.no_line).toBe(10);
      // The WebSocket's binary topic: the head at once, then a new one with each new price.
      await app.listen({ port: 0, host: '127.0.0.1' });
      const ws = await WsClient.open(`ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws`);
      ws.send({ op: 'subscribe_binary', match_ids: [nfy.matchId] });
      type BinaryMsg = { type: 'binary'; instrument: BinaryInstrumentHead };
      const isBinary = (m: WsServerMessage) => m.type === 'binary';
      const first = (await ws.next<BinaryMsg>(isBinary)).instrument;
      expect(first).toMatchObject({ match_id: nfy.matchId, code: 'NFY' });
      for (;;) {
        const m = (await ws.next<BinaryMsg>(isBinary, 30_000)).instrument;
        if (m.last_tick && m.last_tick.t > (first.last_tick?.t ?? 0)) break;
      }
      ws.send({ op: 'unsubscribe_binary', match_ids: [nfy.matchId] });
      await ws.close();
      // The session seen open settles by itself at its close (the fast clock may be days further
      // on by then on a busy box, so it is looked up by id).
      const sid = open.instrument.session_id!;
      const end = Date.now() + 60_000;
      let row = await app.binary.sessionById(sid);
      while (row!.state === 'LIVE' && Date.now() < end) {
        await new Promise((r) => setTimeout(r, 50));
        row = await app.binary.sessionById(sid);
      }
      expect(row).toMatchObject({ state: 'SETTLED' });
      expect(row!.settlementPriceC).toBe(row!.lastPriceC);
      expect(row!.settlementPriceC! / 100).toBeGreaterThan(20_000);
      expect(app.binary.runner!.stats.errors).toBe(0);
      // Every equity instrument's session of that day settled (counted in the store: the runner's
      // own counters start again when a loaded box moves the lease and the runner restarts).
      const settledThatDay = async () =>
        (
          await app.db.select().from(binarySessions).where(eq(binarySessions.tradingDay, row!.tradingDay))
        ).filter((d) => d.state === 'SETTLED').length;
      const dayEnd = Date.now() + 60_000;
      while ((await settledThatDay()) < 7 && Date.now() < dayEnd) await new Promise((r) => setTimeout(r, 50));
      expect(await settledThatDay()).toBeGreaterThanOrEqual(7);
      // The chart of the session as it was open: its stored ticks, on the tick grid.
      expect(open.ticks.length).toBeGreaterThan(0);
      for (const t of open.ticks) expect(Math.abs(t.p / 0.05 - Math.round(t.p / 0.05))).toBeLessThan(1e-6);
    });
  },
  { binary: { run: true, speed: SPEED, start_ms: START, step_ms: 100 } },
);

// A calendar edit reaches the running random walk at once (the runner rereads the calendar every
// step): a holiday added for today while the runner runs suspends the session and the walk emits
// no more prices for that group; removed, the prices come back. The binary clock is the test's,
// moved by hand; the runner steps every 50 ms on its own.
const handClock = new TestClock();
const istAt = (s: string) => Date.parse(`${s}+05:30`);
describeStores(
  'binary feed runner: a calendar edit on the running feed (issue 24)',
  (ctx) => {
    it(
      'a holiday added for today suspends the session and stops the walk; removed, it resumes',
      { timeout: 120_000 },
      async () => {
        const app = ctx.app;
        const op = await operatorOf(ctx);
        const b = await bettorOf(ctx, 0);
        const runner = app.binary.runner!;
        const nfy = (await app.binary.instruments()).find((i) => i.spec.code === 'NFY')!;
        const head = async () =>
          ((await b.call('getBinaryInstrument', { match_id: nfy.matchId })).body.data as BinaryInstrument)
            .instrument;
        const steps = async (n: number) => {
          const until = runner.stats.steps + n;
          const end = Date.now() + 30_000;
          while (runner.stats.steps < until && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
          expect(runner.stats.steps).toBeGreaterThanOrEqual(until);
        };
        const nfyTicks = () => runner.stats.ticks_by_code['NFY'] ?? 0;
        // A Monday ahead of the clock (the two stores' runs share it).
        const day = ['2027-01-11', '2027-01-18'].find(
          (d) => istAt(`${d}T10:05:00`) > handClock.now().getTime(),
        )!;
        handClock.advance(istAt(`${day}T10:05:00`) - handClock.now().getTime());
        const end = Date.now() + 30_000;
        while (!runner.running() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
        // Open: each second of the binary clock brings NFY a price.
        for (let i = 0; i < 3; i++) {
          handClock.advance(2_000);
          await steps(2);
        }
        expect(nfyTicks()).toBeGreaterThan(0);
        expect(await head()).toMatchObject({ state: 'OPEN' });
        const add = await op.call('adminBinaryHolidayAdd', {
          day,
          group: 'EQUITY',
          reason: 'Market holiday',
          request_id: `feed-hol-1-${day}`,
        });
        expect(add.body.status).toBe(true);
        expect(await head()).toMatchObject({
          state: 'SUSPENDED',
          reason: 'Holiday: Market holiday',
          line: null,
        });
        await steps(2);
        const before = nfyTicks();
        for (let i = 0; i < 3; i++) {
          handClock.advance(2_000);
          await steps(2);
        }
        expect(nfyTicks()).toBe(before);
        // Removed: the walk emits again and the session reopens.
        await op.call('adminBinaryHolidayRemove', {
          day,
          group: 'EQUITY',
          request_id: `feed-hol-2-${day}`,
        });
        for (let i = 0; i < 3; i++) {
          handClock.advance(2_000);
          await steps(2);
        }
        expect(nfyTicks()).toBeGreaterThan(before);
        expect(await head()).toMatchObject({ state: 'OPEN' });
        expect(runner.stats.errors).toBe(0);
        await expectLedgerClean(app);
      },
    );
  },
  { binary: { run: true, clock: handClock, step_ms: 50 } },
);

// Issue 48 (an idle demo node): with no session live (a Sunday), a runner step costs its reads of
// the calendar, the live sessions and the sessions due, and no transaction; the calendar is read
// once a step. Before, every step opened a fenced transaction with nothing in it and read the
// calendar twice: seven statements a second on an idle node.
const sundayClock = new TestClock();
describeStores(
  'binary feed runner: an idle step (issue 48)',
  (ctx) => {
    it('no session live: three reads a step and no transaction', { timeout: 60_000 }, async () => {
      const app = ctx.app;
      const runner = app.binary.runner!;
      const sunday = Date.parse('2027-01-17T12:00:00+05:30');
      if (sundayClock.now().getTime() < sunday) sundayClock.advance(sunday - sundayClock.now().getTime());
      const end = Date.now() + 30_000;
      while (!runner.running() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
      const steps = async (n: number) => {
        const until = runner.stats.steps + n;
        while (runner.stats.steps < until && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
        expect(runner.stats.steps).toBeGreaterThanOrEqual(until);
      };
      await steps(2);
      const fromBinary = () => /modules[\\/]binary[\\/]/.test(new Error().stack ?? '');
      let reads = 0;
      let transactions = 0;
      const select = app.db.select.bind(app.db);
      const transaction = app.db.transaction.bind(app.db);
      const spies = [
        vi.spyOn(app.db, 'select').mockImplementation(((...a: Parameters<typeof select>) => {
          if (fromBinary()) reads += 1;
          return select(...a);
        }) as typeof select),
        vi.spyOn(app.db, 'transaction').mockImplementation(((...a: Parameters<typeof transaction>) => {
          if (fromBinary()) transactions += 1;
          return transaction(...a);
        }) as typeof transaction),
      ];
      try {
        const before = runner.stats.steps;
        await steps(10);
        const n = runner.stats.steps - before;
        expect(transactions).toBe(0);
        // A step in flight when the count began or ended may add its reads.
        expect(reads).toBeLessThanOrEqual(3 * (n + 1));
        expect(reads).toBeGreaterThanOrEqual(3 * (n - 1));
      } finally {
        for (const s of spies) s.mockRestore();
      }
      expect(runner.stats.errors).toBe(0);
    });
  },
  { binary: { run: true, clock: sundayClock, step_ms: 50 } },
);
