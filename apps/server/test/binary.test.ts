// Issue 24, binary sessions on the server (docs/binary.md): instruments as matches of sport −17,
// the hours by the server's clock in India time at every boundary of each group (09:59:59
// refused, 10:00:00 taken, 14:30:00 closed; 23:59:59 taken, 24:00 closed), a weekend and a
// calendar holiday refused, "Line changed", idempotency, and settlement on the recorded price, on
// the operator's override and void, with the exposure and ledger checks after each. The clock is
// the test's (the binary module's injected clock; logins keep the real one); prices are recorded through the feed runner's own call.
import type { BinaryBoard, BinaryInstrument, KindBet } from '@backlay/contract';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Fence } from '../src/plugins/leader.ts';
import { expectLedgerClean, termBeforeEach } from './helpers/casino.ts';
import { TestClock } from './helpers/clock.ts';
import { nextRequestId } from './helpers/exchange.ts';
import { bettorOf, operatorOf, type Bettor } from './helpers/people.ts';
import { sendWhileFirstIsSlow } from './helpers/slow-first.ts';
import { describeStores } from './helpers/stores.ts';

const clock = new TestClock();
/** An instant in India time. */
const ist = (s: string) => Date.parse(`${s}+05:30`);
const setClock = (s: string) => clock.advance(ist(s) - clock.now().getTime());

describeStores(
  'binary sessions (issue 24)',
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

    /** The feed's price of an instrument at an India time (the clock moved there first). */
    async function price(code: string, at: string, p: number) {
      setClock(at);
      await app.binary.recordTicks(fence, [{ code, t: ist(at), price: p }]);
    }
    const view = async (b: Bettor, code: string) =>
      (await b.call('getBinaryInstrument', { match_id: ids.get(code) })).body.data as BinaryInstrument;
    const bet = (b: Bettor, code: string, body: Record<string, unknown>) =>
      b.call('placeBinaryBet', {
        match_id: ids.get(code),
        rate: 100,
        stack: 100,
        request_id: nextRequestId('bin'),
        ...body,
      });
    /** A Yes (or No) at the line quoted now. */
    async function atLine(b: Bettor, code: string, isYes: boolean, extra: Record<string, unknown> = {}) {
      const line = (await view(b, code)).instrument.line;
      expect(line, `${code} has a line`).not.toBeNull();
      return bet(b, code, {
        is_yes: isYes ? '1' : '0',
        line: isYes ? line!.yes_line : line!.no_line,
        ...extra,
      });
    }
    const expectTaken = (r: { body: { status: boolean; message?: string } }) =>
      expect(r.body, JSON.stringify(r.body)).toMatchObject({ status: true, message: 'Bet placed' });
    const expectRefused = (r: { body: { status: boolean; message?: string } }, message: string | RegExp) =>
      expect(r.body).toMatchObject({ status: false, message: expect.stringMatching(message) });
    const balanceOf = async (b: Bettor) =>
      (await b.call('getUserBalance')).body.data as { total_balance: number; liability: number };

    it('lists every instrument of the spec as a match of sport -17, and the board by group', async () => {
      const b = await bettorOf(ctx, 0);
      const m = (await b.call('getMatches', { sport_id: -17 })).body.data as { match_name: string }[];
      expect(m.map((x) => x.match_name).sort()).toEqual(
        [
          'NFY',
          'B-NFY',
          'AXS',
          'ICI',
          'RIL',
          'SBI',
          'TT STL',
          'GOLD',
          'SILVER',
          'CRUDE',
          'CMX CRUDE',
          'DOWJONES',
          'NASDAQ',
          'SNP',
        ].sort(),
      );
      expect(await app.binary.ensureInstruments()).toBe(0);
      setClock('2026-11-21T12:00:00'); // a Saturday
      const board = (await b.call('getBinaryBoard')).body.data as BinaryBoard;
      expect(board.groups.map((g) => [g.group, g.hours, g.instruments.map((i) => i.code)])).toEqual([
        ['EQUITY', '10:00–14:30 IST, Mon–Fri', ['NFY', 'B-NFY', 'AXS', 'ICI', 'RIL', 'SBI', 'TT STL']],
        ['COMMODITY', '11:30–22:30 IST, Mon–Fri', ['GOLD', 'SILVER', 'CRUDE']],
        ['EVENING', '19:30–24:00 IST, Mon–Fri', ['CMX CRUDE', 'DOWJONES', 'NASDAQ', 'SNP']],
      ]);
      const nfy = board.groups[0]!.instruments[0]!;
      expect(nfy).toMatchObject({
        state: 'SUSPENDED',
        reason: 'Weekend',
        line: null,
        opens: '10:00',
        closes: '14:30',
      });
      expect(nfy.opens_at).toBe(new Date(ist('2026-11-23T10:00:00')).toISOString());
    });

    // Each group on its own Monday–Tuesday, so the rows of one never meet another's session.
    describe.each([
      [
        'EQUITY',
        'NFY',
        24_345.6,
        '2026-11-23',
        '09:59:59',
        '10:00:00',
        '14:29:59',
        '14:30:00',
        'Suspended: Opens 10:00 IST',
      ],
      [
        'COMMODITY',
        'GOLD',
        76_510,
        '2026-11-23',
        '11:29:59',
        '11:30:00',
        '22:29:59',
        '22:30:00',
        'Suspended: Opens 11:30 IST',
      ],
      [
        'EVENING',
        'SNP',
        5_981.25,
        '2026-11-23',
        '19:29:59',
        '19:30:00',
        '23:59:59',
        '24:00:00',
        'Suspended: Opens 19:30 IST',
      ],
    ] as const)('%s hours (%s)', (_group, code, level, day, before, open, last, close, suspended) => {
      const t = (hhmmss: string) => (hhmmss === '24:00:00' ? `${'2026-11-24'}T00:00:00` : `${day}T${hhmmss}`);
      it(`${before} refused, ${open} taken, ${last} taken, ${close} closed`, async () => {
        const b = await bettorOf(ctx, 10_000_000);
        setClock(t(before));
        expectRefused(await bet(b, code, { is_yes: '1', line: Math.ceil(level) }), suspended);
        // The first price arrives at the open; the session's line follows it.
        await price(code, t(open), level);
        expectTaken(await atLine(b, code, true));
        await price(code, t(last), level + 3);
        expectTaken(await atLine(b, code, false));
        setClock(t(close));
        expectRefused(await bet(b, code, { is_yes: '1', line: Math.ceil(level) }), 'Market closed');
        const v = await view(b, code);
        expect(v.instrument).toMatchObject({ state: 'CLOSED', line: null, trading_day: day });
        expect(v.my_bets).toHaveLength(2);
      });
    });

    it('a Saturday and a calendar holiday are refused; a holiday of one group leaves the others open', async () => {
      const b = await bettorOf(ctx, 10_000_000);
      const op = await operatorOf(ctx);
      setClock('2026-11-28T11:00:00');
      expectRefused(await bet(b, 'RIL', { is_yes: '1', line: 1_500 }), 'Suspended: Weekend');
      const add = await op.call('adminBinaryHolidayAdd', {
        day: '2026-12-01',
        group: 'EQUITY',
        reason: 'Test holiday',
        request_id: 'bin-hol-1',
      });
      expect(add.body.data).toMatchObject({
        holidays: expect.arrayContaining([{ day: '2026-12-01', group: 'EQUITY', reason: 'Test holiday' }]),
      });
      setClock('2026-12-01T11:45:00');
      // The feed's price during a holiday is not recorded for that group.
      await price('RIL', '2026-12-01T11:45:00', 1_480.5);
      expectRefused(await bet(b, 'RIL', { is_yes: '1', line: 1_482 }), 'Suspended: Holiday: Test holiday');
      await price('SILVER', '2026-12-01T11:45:00', 90_210);
      expectTaken(await atLine(b, 'SILVER', true));
      // Removed, the day trades again.
      await op.call('adminBinaryHolidayRemove', { day: '2026-12-01', group: 'EQUITY' });
      await price('RIL', '2026-12-01T11:46:00', 1_480.5);
      expectTaken(await atLine(b, 'RIL', true));
      await op.call('adminBinaryHolidayAdd', { day: '2026-12-02', group: 'ALL', reason: 'Everything shut' });
      await price('GOLD', '2026-12-02T12:00:00', 76_400);
      expectRefused(
        await bet(b, 'GOLD', { is_yes: '1', line: 76_450 }),
        'Suspended: Holiday: Everything shut',
      );
      const cal = (await op.call('adminBinaryCalendar', { from: '2026-12-01' })).body.data as {
        holidays: unknown[];
      };
      expect(cal.holidays).toEqual([{ day: '2026-12-02', group: 'ALL', reason: 'Everything shut' }]);
    });

    it('the line follows the price; a bet at the old line is refused "Line changed"; a repeat is the first bet', async () => {
      const b = await bettorOf(ctx, 10_000_000);
      await price('AXS', '2026-12-03T10:05:00', 1_141.3);
      const before = (await view(b, 'AXS')).instrument.line!;
      expect(before).toEqual({ no_line: 1_140, no_rate: 100, yes_line: 1_142, yes_rate: 100 });
      await price('AXS', '2026-12-03T10:06:00', 1_146.05);
      const after = (await view(b, 'AXS')).instrument.line!;
      expect(after).toMatchObject({ no_line: 1_146, yes_line: 1_148 });
      expectRefused(await bet(b, 'AXS', { is_yes: '1', line: before.yes_line }), 'Line changed');
      const request_id = nextRequestId('bin-rep');
      const first = await atLine(b, 'AXS', true, { request_id, stack: 250 });
      expectTaken(first);
      const again = await atLine(b, 'AXS', true, { request_id, stack: 250 });
      expect(again.body).toMatchObject({ status: true, message: 'Bet already placed' });
      expect((again.body.data as { bet: KindBet }).bet.bet_id).toBe(
        (first.body.data as { bet: KindBet }).bet.bet_id,
      );
      // Even after the close, the repeat answers the first bet.
      setClock('2026-12-03T15:00:00');
      const direct = await bet(b, 'AXS', { request_id, stack: 250, is_yes: '1', line: after.yes_line });
      expect(direct.body).toMatchObject({ status: true, message: 'Bet already placed' });
      expect(await balanceOf(b)).toMatchObject({ liability: 250 });
    });

    it('a repeat sent while the first holds the wallet past the busy retries waits for it and answers its bet', async () => {
      const b = await bettorOf(ctx, 10_000_000);
      await price('AXS', '2026-12-03T11:05:00', 1_141.3);
      const line = (await view(b, 'AXS')).instrument.line!;
      const body = { is_yes: '1', line: line.yes_line, stack: 300, request_id: nextRequestId('bin-busy') };
      const answers = await sendWhileFirstIsSlow(app, () => bet(b, 'AXS', body));
      expect(
        answers.map((a) => a.body.status),
        JSON.stringify(answers.map((a) => a.body)),
      ).toEqual([true, true, true]);
      expect(new Set(answers.map((a) => (a.body.data as { bet: KindBet }).bet.bet_id)).size).toBe(1);
      expect(await balanceOf(b)).toMatchObject({ liability: 300 });
    });

    it('settles on the recorded last price at the close: money, exposure and the ledger', async () => {
      const yes = await bettorOf(ctx, 10_000_000);
      const no = await bettorOf(ctx, 10_000_000);
      await price('ICI', '2026-12-04T10:00:00', 1_305.2);
      // No 1,304 / Yes 1,306: Yes 1,000 and No 400; both sides of one user too.
      expectTaken(await atLine(yes, 'ICI', true, { stack: 1_000 }));
      expectTaken(await atLine(no, 'ICI', false, { stack: 400 }));
      expectTaken(await atLine(no, 'ICI', true, { stack: 100 }));
      const v = await view(no, 'ICI');
      expect(v.exposure).toBe(500);
      expect(v.book).toEqual([
        { from: null, to: 1_304, profit_loss: 300 },
        { from: 1_304, to: 1_306, profit_loss: -500 },
        { from: 1_306, to: null, profit_loss: -300 },
      ]);
      expect(await balanceOf(no)).toMatchObject({ liability: 500 });
      await expectLedgerClean(app);
      // The last price of the session is 1,306.40: Yes wins.
      await price('ICI', '2026-12-04T14:29:59', 1_306.4);
      setClock('2026-12-04T14:30:00');
      expect(await app.binary.settleDue(fence)).toBeGreaterThanOrEqual(1);
      expect(await balanceOf(yes)).toEqual({ total_balance: 101_000, liability: 0 });
      expect(await balanceOf(no)).toEqual({ total_balance: 99_700, liability: 0 });
      const after = await view(yes, 'ICI');
      expect(after.last_sessions[0]).toMatchObject({
        state: 'SETTLED',
        settlement_price: 1_306.4,
        trading_day: '2026-12-04',
      });
      expect(after.my_bets[0]).toMatchObject({ status: 'SETTLED', profit_loss: 1_000 });
      await expectLedgerClean(app);
      // A second pass settles nothing again.
      expect(await app.binary.settleDue(fence)).toBe(0);
    });

    it("settles on the operator's override, by the close pass and by the operator's call; refuses before the close", async () => {
      const b = await bettorOf(ctx, 10_000_000);
      const op = await operatorOf(ctx);
      await price('SBI', '2026-12-07T10:00:00', 820.4);
      expectTaken(await atLine(b, 'SBI', true, { stack: 200 })); // Yes 821
      const sid = (await view(b, 'SBI')).instrument.session_id!;
      const early = await op.call('adminBinarySettle', { session_id: sid });
      expect(early.body).toMatchObject({ status: false, message: expect.stringMatching(/closes at/) });
      // The feed last says 820.95 (Yes loses) but the official price is 821.00 (Yes wins).
      await price('SBI', '2026-12-07T14:29:00', 820.95);
      const o = await op.call('adminBinaryOverride', {
        session_id: sid,
        price: 821,
        request_id: 'bin-ovr-1',
      });
      expect(o.body.data).toMatchObject({
        session_id: sid,
        recorded_price: 820.95,
        override_price: 821,
        state: 'OPEN',
      });
      setClock('2026-12-07T14:30:00');
      await app.binary.settleDue(fence);
      expect(await balanceOf(b)).toEqual({ total_balance: 100_200, liability: 0 });
      await expectLedgerClean(app);

      // The operator settles a session on a figure of their own.
      await price('TT STL', '2026-12-08T10:00:00', 152.3);
      expectTaken(await atLine(b, 'TT STL', false, { stack: 300 })); // No 152
      const tt = (await view(b, 'TT STL')).instrument.session_id!;
      // Settled by hand before the leader's pass: on 151.99, No wins.
      setClock('2026-12-08T14:30:00');
      const s = await op.call('adminBinarySettle', {
        session_id: tt,
        price: 151.99,
        request_id: 'bin-set-1',
      });
      expect(s.body).toMatchObject({ status: true, data: { state: 'SETTLED', result_value: 15_199 } });
      expect(await balanceOf(b)).toEqual({ total_balance: 100_500, liability: 0 });
      const again = await op.call('adminBinarySettle', { session_id: tt });
      expect(again.body).toMatchObject({ status: false, message: expect.stringMatching(/already settled/) });
      const sessions = (await op.call('adminBinarySessions', { trading_day: '2026-12-08' })).body.data as {
        sessions: {
          session_id: number;
          state: string;
          settlement_price: number | null;
          override_price: number | null;
        }[];
      };
      expect(sessions.sessions.find((x) => x.session_id === tt)).toMatchObject({
        state: 'SETTLED',
        settlement_price: 151.99,
        override_price: 151.99,
      });
      await expectLedgerClean(app);
    });

    it('voids a session: every stake back, no more bets on it; a session without any price voids at the close', async () => {
      const b = await bettorOf(ctx, 10_000_000);
      const op = await operatorOf(ctx);
      await price('B-NFY', '2026-12-09T10:00:00', 52_410);
      expectTaken(await atLine(b, 'B-NFY', true, { stack: 700 }));
      expect(await balanceOf(b)).toEqual({ total_balance: 100_000, liability: 700 });
      const sid = (await view(b, 'B-NFY')).instrument.session_id!;
      const v = await op.call('adminBinaryVoid', {
        session_id: sid,
        reason: 'Feed fault at the open',
        request_id: 'bin-void-1',
      });
      expect(v.body).toMatchObject({ status: true, data: { void_market: true } });
      expect(await balanceOf(b)).toEqual({ total_balance: 100_000, liability: 0 });
      expectRefused(
        await bet(b, 'B-NFY', { is_yes: '1', line: 52_425 }),
        /Market closed|Line changed|Suspended/,
      );
      await expectLedgerClean(app);
      // NFY on 2026-12-09 opened (a session) but no price was ever recorded: void at the close.
      setClock('2026-12-09T10:30:00');
      const nfy = (await app.binary.instruments()).find((i) => i.spec.code === 'NFY')!;
      const s = await app.binary.ensureSession(nfy, '2026-12-09');
      setClock('2026-12-09T14:30:00');
      await app.binary.settleDue(fence);
      expect((await app.binary.sessionById(s.marketId))!.state).toBe('VOID');
      await expectLedgerClean(app);
    });

    it('refuses bad bets in words: unknown instrument, line not quoted, limits, balance', async () => {
      const poor = await bettorOf(ctx, 5_000); // 50 rupees
      const b = await bettorOf(ctx, 100_000_000);
      await price('CRUDE', '2026-12-10T12:00:00', 6_052);
      expectRefused(
        await bet(b, 'CRUDE', { match_id: 999_999, is_yes: '1', line: 6_060 }),
        'Unknown instrument 999999',
      );
      expectRefused(await bet(b, 'CRUDE', { is_yes: '1', line: 6_070 }), 'Line changed');
      expectRefused(await bet(b, 'CRUDE', { is_yes: '1', line: 6_060, rate: 90 }), 'Line changed');
      expectRefused(await atLine(b, 'CRUDE', true, { stack: 99 }), 'Minimum stake');
      expectRefused(await atLine(b, 'CRUDE', true, { stack: 50_001 }), 'Maximum stake');
      expectRefused(await atLine(poor, 'CRUDE', true, { stack: 100 }), /balance|Insufficient/i);
      const bad = await b.call('placeBinaryBet', {
        match_id: ids.get('CRUDE'),
        is_yes: '1',
        line: 6_060.125,
        rate: 100,
        stack: 100,
        request_id: 'x',
      });
      expect(bad.statusCode).toBe(400);
      expect(JSON.stringify(bad.body)).toMatch(/line/);
      await expectLedgerClean(app);
    });

    it('a feed step across the close is split by each tick’s own time: the last tick before the close settles (issue 40)', async () => {
      const yes = await bettorOf(ctx, 10_000_000);
      await price('NFY', '2026-12-11T10:00:00', 1_000);
      expectTaken(await atLine(yes, 'NFY', true, { stack: 500 })); // Yes 1,010 @100
      // One step of the feed carries 14:29:59 (1,060: Yes wins) and 14:30:01 (after the close).
      setClock('2026-12-11T14:30:02');
      await app.binary.recordTicks(fence, [
        { code: 'NFY', t: ist('2026-12-11T14:29:59'), price: 1_060 },
        { code: 'NFY', t: ist('2026-12-11T14:30:01'), price: 990 },
      ]);
      // A step across the open of the next day: the tick before the open is refused by its time,
      // the one after it opens that day's session.
      setClock('2026-12-14T10:00:02');
      await app.binary.recordTicks(fence, [
        { code: 'NFY', t: ist('2026-12-11T14:30:05'), price: 980 },
        { code: 'NFY', t: ist('2026-12-14T09:59:59'), price: 970 },
        { code: 'NFY', t: ist('2026-12-14T10:00:01'), price: 1_101.5 },
      ]);
      await app.binary.settleDue(fence);
      const v = await view(yes, 'NFY');
      expect(v.last_sessions.find((s) => s.trading_day === '2026-12-11')).toMatchObject({
        state: 'SETTLED',
        settlement_price: 1_060,
      });
      expect(v.instrument).toMatchObject({ trading_day: '2026-12-14', state: 'OPEN' });
      expect(v.instrument.line).toMatchObject({ no_line: 1_100, yes_line: 1_110 });
      expect(await balanceOf(yes)).toEqual({ total_balance: 100_500, liability: 0 });
      await expectLedgerClean(app);
    });

    it('a session whose market is closed for settlement takes no more ticks: the settlement reads the last one it took (issue 40)', async () => {
      const yes = await bettorOf(ctx, 10_000_000);
      await price('GOLD', '2026-12-15T12:00:00', 76_400);
      expectTaken(await atLine(yes, 'GOLD', true, { stack: 500 }));
      const [s] = (await app.binary.sessions('2026-12-15')).filter((x) => x.code === 'GOLD');
      setClock('2026-12-15T22:30:02');
      // The settlement's first step closes the market; a feed step that read the session as live
      // before that must not write its late pre-close tick into it (a soak seed: settled on 24,350,
      // its last tick 24,361.05).
      await app.kinds.of('BINARY').closeForSettlement!(s!.session_id);
      const taken = await app.binary.recordTicks(fence, [
        { code: 'GOLD', t: ist('2026-12-15T22:29:59'), price: 76_480 },
      ]);
      expect(taken).toEqual([]);
      expect((await app.binary.settleByOperator(1, s!.session_id, undefined)).ok).toBe(true);
      const v = await view(yes, 'GOLD');
      expect(v.last_sessions.find((x) => x.trading_day === '2026-12-15')).toMatchObject({
        state: 'SETTLED',
        settlement_price: 76_400,
      });
      await expectLedgerClean(app);
    });

    it('an unsettled session waits for the operator: the close pass leaves it, the operator settles it again on a corrected price (issue 40)', async () => {
      const b = await bettorOf(ctx, 10_000_000);
      const op = await operatorOf(ctx);
      await price('AXS', '2026-12-17T10:00:00', 1_100.2);
      expectTaken(await atLine(b, 'AXS', true, { stack: 400 })); // Yes at the line above 1,100.20
      const sid = (await view(b, 'AXS')).instrument.session_id!;
      setClock('2026-12-17T14:30:00');
      await app.binary.settleDue(fence); // on 1,100.20: Yes loses 400
      expect(await balanceOf(b)).toEqual({ total_balance: 99_600, liability: 0 });
      const un = await op.call('adminMarketUnsettle', { market_id: sid, request_id: 'bin-uns-1' });
      expect(un.body, JSON.stringify(un.body)).toMatchObject({ status: true });
      // The money is back and the bet is held again; the session is open for a result, not settled.
      expect(await balanceOf(b)).toEqual({ total_balance: 100_000, liability: 400 });
      const listed = async () =>
        (
          (await op.call('adminBinarySessions', { trading_day: '2026-12-17' })).body.data as {
            sessions: { session_id: number; state: string; settlement_price: number | null }[];
          }
        ).sessions.find((x) => x.session_id === sid);
      expect(await listed()).toMatchObject({ state: 'CLOSED', settlement_price: null });
      // The close pass does not settle it again on the price the operator just took back.
      expect(await app.binary.settleDue(fence)).toBe(0);
      expect(await balanceOf(b)).toEqual({ total_balance: 100_000, liability: 400 });
      // Nor does the feed's step reopen it or write a tick into it.
      expect(
        await app.binary.recordTicks(fence, [{ code: 'AXS', t: ist('2026-12-17T14:29:59'), price: 1_200 }]),
      ).toEqual([]);
      const again = await op.call('adminBinarySettle', {
        session_id: sid,
        price: 1_200,
        request_id: 'bin-set-2',
      });
      expect(again.body, JSON.stringify(again.body)).toMatchObject({
        status: true,
        data: { state: 'SETTLED', result_value: 120_000, generation: 2 },
      });
      expect(await balanceOf(b)).toEqual({ total_balance: 100_400, liability: 0 });
      expect(await listed()).toMatchObject({ state: 'SETTLED', settlement_price: 1_200 });
      await expectLedgerClean(app);
    });

    it("an operator's suspension holds while the feed moves the line; lifted, bets are taken again (issue 40)", async () => {
      const b = await bettorOf(ctx, 10_000_000);
      const op = await operatorOf(ctx);
      await price('RIL', '2026-12-18T10:00:00', 1_500.3);
      const sid = (await view(b, 'RIL')).instrument.session_id!;
      const sus = await op.call('adminMarketStatus', {
        market_id: sid,
        status: 'SUSPENDED',
        request_id: 'bin-sus-1',
      });
      expect(sus.body, JSON.stringify(sus.body)).toMatchObject({ status: true });
      // The feed moves the line twice: the suspension is the operator's, and it stays.
      await price('RIL', '2026-12-18T10:05:00', 1_530.3);
      await price('RIL', '2026-12-18T10:10:00', 1_560.3);
      expectRefused(await atLine(b, 'RIL', true), /suspended/i);
      await op.call('adminMarketStatus', { market_id: sid, status: 'OPEN', request_id: 'bin-sus-2' });
      expectTaken(await atLine(b, 'RIL', true));
      await expectLedgerClean(app);
    });
  },
  { binary: { clock } },
);
