// Issue 24 finished: BINARY is a market kind of its own (docs/binary.md). A session is a markets
// row of kind BINARY whose bets live in binary_bets (never fancies / fancy_bets); its holds,
// settlement, reports (Current Bets, Bet History, P&L: kind BINARY) and console rows go through
// the binary kind on the seam; getMatches lists the instruments but not their daily sessions; a
// void takes a reason the bettor and the console see; the heads carry the binary clock's speed;
// COMEX crude quotes quarter-dollar lines, exact in hundredths; migration 0021 moves FANCY-kind
// sessions over with their holds unchanged. Ledger and exposure checks after every scenario.
import { readFileSync } from 'node:fs';
import type {
  AdminBinarySessions,
  BetHistory,
  BinaryBoard,
  BinaryInstrument,
  CurrentBets,
  ProfitLoss,
} from '@backlay/contract';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { adminActions } from '../src/modules/audit/schema.ts';
import { fancies, fancyBets } from '../src/modules/fancy/schema.ts';
import { markets } from '../src/modules/markets/schema.ts';
import { binaryBets, binarySessions } from '../src/modules/binary/schema.ts';
import type { Fence } from '../src/plugins/leader.ts';
import { expectLedgerClean, termBeforeEach } from './helpers/casino.ts';
import { TestClock } from './helpers/clock.ts';
import { nextRequestId } from './helpers/exchange.ts';
import { bettorOf, operatorOf, type Bettor } from './helpers/people.ts';
import { describeStores } from './helpers/stores.ts';

const clock = new TestClock();
const ist = (s: string) => Date.parse(`${s}+05:30`);
const setClock = (s: string) => clock.advance(ist(s) - clock.now().getTime());
/** Today in India time by the server's real clock (the reports' days). */
const istToday = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

describeStores(
  'binary as a market kind of its own (issue 24)',
  (ctx) => {
    let fence: Fence;
    let app: FastifyInstance;
    const ids = new Map<string, number>();
    termBeforeEach(
      () => app,
      (f) => (fence = f),
    );
    beforeAll(async () => {
      app = ctx.app;
      for (const i of await app.binary.instruments()) ids.set(i.spec.code, i.matchId);
    });

    async function price(code: string, at: string, p: number) {
      setClock(at);
      await app.binary.recordTicks(fence, [{ code, t: ist(at), price: p }]);
    }
    const view = async (b: Bettor, code: string) =>
      (await b.call('getBinaryInstrument', { match_id: ids.get(code) })).body.data as BinaryInstrument;
    async function atLine(b: Bettor, code: string, isYes: boolean, stack = 100) {
      const line = (await view(b, code)).instrument.line!;
      const r = await b.call('placeBinaryBet', {
        match_id: ids.get(code),
        is_yes: isYes ? '1' : '0',
        line: isYes ? line.yes_line : line.no_line,
        rate: 100,
        stack,
        request_id: nextRequestId('bk'),
      });
      expect(r.body, JSON.stringify(r.body)).toMatchObject({ status: true, message: 'Bet placed' });
      return r.body.data as { bet: { bet_id: number; kind: string; line: number } };
    }
    const balanceOf = async (b: Bettor) =>
      (await b.call('getUserBalance')).body.data as { total_balance: number; liability: number };

    it('a session is a BINARY market with its bets in binary_bets; the reports say BINARY', async () => {
      const b = await bettorOf(ctx, 10_000_000);
      await price('RIL', '2027-01-04T10:00:00', 1_480.4); // No 1,480 / Yes 1,482
      const placed = await atLine(b, 'RIL', true, 300);
      expect(placed.bet).toMatchObject({ kind: 'BINARY', line: 1_482 });
      const sid = (await view(b, 'RIL')).instrument.session_id!;
      const [m] = await app.db.select().from(markets).where(eq(markets.marketId, sid));
      expect(m).toMatchObject({ marketKind: 'BINARY', marketType: 'BINARY' });
      expect(await app.db.select().from(fancies).where(eq(fancies.marketId, sid))).toEqual([]);
      expect(await app.db.select().from(fancyBets).where(eq(fancyBets.marketId, sid))).toEqual([]);
      expect(await app.db.select().from(binaryBets).where(eq(binaryBets.marketId, sid))).toMatchObject([
        { userId: b.userId, isYes: true, lineC: 148_200, stakePaise: 30_000 },
      ]);
      expect(await balanceOf(b)).toMatchObject({ liability: 300 });
      await expectLedgerClean(app);
      const current = (await b.call('getCurrentBets', { bet_type: 'M', page: 1 })).body.data as CurrentBets;
      expect(current.bets).toMatchObject([
        { kind: 'BINARY', market_id: sid, selection_name: 'Yes 1482', match_name: 'RIL' },
      ]);
      // Settled at 1,482.00: Yes wins 300.
      await price('RIL', '2027-01-04T14:29:00', 1_482);
      setClock('2027-01-04T14:30:00');
      await app.binary.settleDue(fence);
      expect(await balanceOf(b)).toEqual({ total_balance: 100_300, liability: 0 });
      await expectLedgerClean(app);
      const history = (await b.call('getBetHistory', { market_id: sid, page: 1 })).body.data as BetHistory;
      expect(history.bets).toMatchObject([{ kind: 'BINARY', result: 'WON', profit_loss: 300 }]);
      const today = istToday();
      const pl = (await b.call('getProfitLoss', { from_date: today, to_date: today, group_by: 'market' }))
        .body.data as ProfitLoss;
      expect(JSON.stringify(pl)).toMatch(/RIL close 2027-01-04/);
      const statement = await b.call('getAccountStatement', { from_date: today, to_date: today, page: 1 });
      expect(JSON.stringify(statement.body)).toMatch(/RIL › RIL close 2027-01-04 — won/);
    });

    it('getMatches {sport_id: -17} lists every instrument by its spec name, without the daily sessions', async () => {
      const b = await bettorOf(ctx, 0);
      const list = (await b.call('getMatches', { sport_id: -17 })).body.data as {
        match_name: string;
        markets: unknown[];
      }[];
      expect(list.map((x) => x.match_name)).toContain('RIL');
      expect(list).toHaveLength(14);
      // RIL has a session (the test above): it is not listed under the match.
      for (const x of list) expect(x.markets, x.match_name).toEqual([]);
      const op = await operatorOf(ctx);
      const sessions = (await op.call('adminBinarySessions', { trading_day: '2027-01-04' })).body
        .data as AdminBinarySessions;
      expect(sessions.sessions.map((s) => s.code)).toContain('RIL');
    });

    it('a void needs a reason; it is stored, shown in the console and on the bettor’s bet', async () => {
      const b = await bettorOf(ctx, 10_000_000);
      const op = await operatorOf(ctx);
      await price('AXS', '2027-01-05T10:00:00', 1_141.3);
      await atLine(b, 'AXS', false, 500);
      const sid = (await view(b, 'AXS')).instrument.session_id!;
      const missing = await op.call('adminBinaryVoid', { session_id: sid });
      expect(missing.statusCode).toBe(400);
      expect(JSON.stringify(missing.body)).toMatch(/reason/);
      expect(await balanceOf(b)).toMatchObject({ liability: 500 });
      const v = await op.call('adminBinaryVoid', {
        session_id: sid,
        reason: 'Exchange halted trading',
        request_id: nextRequestId('bk-void'),
      });
      expect(v.body).toMatchObject({ status: true, data: { void_market: true } });
      expect(await balanceOf(b)).toEqual({ total_balance: 100_000, liability: 0 });
      const listed = (await op.call('adminBinarySessions', { trading_day: '2027-01-05' })).body
        .data as AdminBinarySessions;
      expect(listed.sessions.find((s) => s.session_id === sid)).toMatchObject({
        state: 'VOID',
        void_reason: 'Exchange halted trading',
      });
      const mine = await view(b, 'AXS');
      expect(mine.my_bets[0]).toMatchObject({ status: 'VOIDED', void_reason: 'Exchange halted trading' });
      const [audit] = await app.db
        .select({ request: adminActions.request })
        .from(adminActions)
        .where(eq(adminActions.action, 'binary/void'))
        .orderBy(desc(adminActions.createdAt))
        .limit(1);
      expect(audit!.request).toMatchObject({ session_id: sid, reason: 'Exchange halted trading' });
      await expectLedgerClean(app);
    });

    it('the heads carry the binary clock and its speed (1 here)', async () => {
      const b = await bettorOf(ctx, 0);
      setClock('2027-01-06T10:15:00');
      const board = (await b.call('getBinaryBoard')).body.data as BinaryBoard;
      expect(board).toMatchObject({ server_time: ist('2027-01-06T10:15:00'), clock_speed: 1 });
      expect(board.groups[0]!.instruments[0]).toMatchObject({ clock_speed: 1 });
    });

    it('COMEX crude quotes quarter-dollar lines and settles them exactly', async () => {
      const yes = await bettorOf(ctx, 10_000_000);
      const no = await bettorOf(ctx, 10_000_000);
      await price('CMX CRUDE', '2027-01-06T19:30:00', 71.2);
      expect((await view(yes, 'CMX CRUDE')).instrument.line).toEqual({
        no_line: 71,
        no_rate: 100,
        yes_line: 71.25,
        yes_rate: 100,
      });
      await price('CMX CRUDE', '2027-01-06T20:00:00', 71.3);
      const y = await atLine(yes, 'CMX CRUDE', true, 1_000); // Yes 71.50
      expect(y.bet.line).toBe(71.5);
      await atLine(no, 'CMX CRUDE', false, 400); // No 71.25
      const v = await view(no, 'CMX CRUDE');
      expect(v.book).toEqual([
        { from: null, to: 71.25, profit_loss: 400 },
        { from: 71.25, to: null, profit_loss: -400 },
      ]);
      await expectLedgerClean(app);
      // The session's last price 71.50: Yes 71.50 wins, No 71.25 loses.
      await price('CMX CRUDE', '2027-01-06T23:59:00', 71.5);
      setClock('2027-01-07T00:00:00');
      await app.binary.settleDue(fence);
      expect(await balanceOf(yes)).toEqual({ total_balance: 101_000, liability: 0 });
      expect(await balanceOf(no)).toEqual({ total_balance: 99_600, liability: 0 });
      await expectLedgerClean(app);
    });

    it('migration 0021 moves a FANCY-kind session, its bets and lines over; holds unchanged', async () => {
      const b = await bettorOf(ctx, 10_000_000);
      const snp = ids.get('SNP')!;
      const at = new Date(ist('2027-01-08T20:00:00'));
      // The old shape: a FANCY market of type BINARY, its fancies row and its fancy_bets.
      const sid = await app.db.transaction(async (tx) => {
        const [m] = await tx
          .insert(markets)
          .values({
            matchId: snp,
            marketName: 'SNP close 2027-01-08',
            marketType: 'BINARY',
            marketKind: 'FANCY',
            status: 'OPEN',
            inPlay: false,
            startTime: at,
            commissionBps: 0,
            minStakePaise: 10_000,
            maxStakePaise: 5_000_000,
          })
          .returning({ id: markets.marketId });
        const id = m!.id;
        await tx.insert(fancies).values({
          marketId: id,
          matchId: snp,
          variant: 'RUNS',
          status: 'ACTIVE',
          noLine: 5_980,
          noRate: 100,
          yesLine: 5_985,
          yesRate: 100,
          maxUserStakePaise: 20_000_000,
          resultMax: 10_000_000,
          event: { binary: 'SNP', trading_day: '2027-01-08' },
          eventKind: 'BINARY',
          updatedAt: at,
        });
        await tx.insert(binarySessions).values({
          marketId: id,
          matchId: snp,
          code: 'SNP',
          tradingDay: '2027-01-08',
          opensAt: new Date(ist('2027-01-08T19:30:00')),
          closesAt: new Date(ist('2027-01-09T00:00:00')),
          lastPriceC: 598_210,
          firstPriceC: 598_000,
          maxUserStakePaise: 1, // the migration takes the fancy's
          createdAt: at,
        });
        for (const [isYes, line, stake] of [
          [true, 5_985, 70_000],
          [false, 5_980, 20_000],
        ] as const)
          await tx.insert(fancyBets).values({
            userId: b.userId,
            matchId: snp,
            marketId: id,
            isYes,
            line,
            rate: 100,
            stakePaise: stake,
            requestId: nextRequestId('legacy'),
            placedAt: at,
          });
        await app.wallet.holds.set(tx, id, new Map([[b.userId, 90_000]]), at);
        return id;
      });
      await expectLedgerClean(app);
      // The data part of 0021 (its schema part ran with the migrations).
      const text = readFileSync(new URL('../drizzle/0021_binary_kind.sql', import.meta.url), 'utf8');
      const data = text.slice(text.indexOf("-- The stored sessions' lines"));
      for (const stmt of data.split('--> statement-breakpoint')) {
        const body = stmt
          .split('\n')
          .filter((l) => !l.startsWith('--'))
          .join('\n')
          .trim()
          .replace(/;$/, '');
        if (body) await app.db.execute(sql.raw(body));
      }
      const [m] = await app.db.select().from(markets).where(eq(markets.marketId, sid));
      expect(m!.marketKind).toBe('BINARY');
      expect(await app.db.select().from(fancies).where(eq(fancies.marketId, sid))).toEqual([]);
      expect(await app.db.select().from(fancyBets).where(eq(fancyBets.marketId, sid))).toEqual([]);
      const moved = await app.db
        .select()
        .from(binaryBets)
        .where(inArray(binaryBets.marketId, [sid]));
      expect(moved.map((x) => [x.isYes, x.lineC, x.stakePaise]).sort()).toEqual(
        [
          [false, 598_000, 20_000],
          [true, 598_500, 70_000],
        ].sort(),
      );
      const [s] = await app.db.select().from(binarySessions).where(eq(binarySessions.marketId, sid));
      expect(s).toMatchObject({
        lineStatus: 'ACTIVE',
        noLineC: 598_000,
        yesLineC: 598_500,
        maxUserStakePaise: 20_000_000,
      });
      // The same exposure, now recomputed by the binary kind: the ledger check holds.
      expect(await balanceOf(b)).toMatchObject({ liability: 900 });
      await expectLedgerClean(app);
      // And it settles as a binary session: 5,982.10 is in the gap, both lose.
      setClock('2027-01-09T00:00:00');
      await app.binary.settleDue(fence);
      expect(await balanceOf(b)).toEqual({ total_balance: 99_100, liability: 0 });
      await expectLedgerClean(app);
    });
  },
  { binary: { clock } },
);
