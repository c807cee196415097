// Spec §9's settlement rules text for cricket's own markets (issue 10 §5), end to end: every rule
// through the operator call that applies it, with every account's money stated afterwards (each
// bettor's balance and liability in paise, and the house's change) and the ledger check clean.
// The rule → call → test table is docs/settlement.md ("Cricket: bookmaker and fancy").
import type {
  AdminFancyIncompleteResult,
  CricketFormat,
  FancyAveragesTableView,
  FancyVariant,
  Scoreboard,
} from '@backlay/contract';
import { eq, inArray, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { expect, it } from 'vitest';
import * as schema from '../src/tables.ts';
import { bookmakerMarkets, bookmakerQuotes } from '../src/modules/bookmaker/schema.ts';
import { matches } from '../src/modules/catalog/schema.ts';
import { fancies } from '../src/modules/fancy/schema.ts';
import { markets, runners } from '../src/modules/markets/schema.ts';
import { ledgerAccounts } from '../src/modules/wallet/schema.ts';
import { checkLedger } from '../src/modules/admin/ledger-check.ts';
import { publishScore } from '../src/modules/cricket/plugin.ts';
import { setUpCricketMatch } from '../src/seed/cricket-match.ts';
import type { Api } from './helpers/api.ts';
import { createBettor, createMarket } from './helpers/exchange.ts';
import { describeStores } from './helpers/stores.ts';

let rid = 0;
const nextRequestId = () => `cs-${++rid}-${Math.random().toString(36).slice(2, 8)}`;

/** Every bettor starts with ₹10,000. */
const START = 1_000_000;

type Bettor = Api & { userId: number };

describeStores('cricket settlement by the rules text (spec §9)', (ctx) => {
  async function bettor(): Promise<Bettor> {
    const u = await createBettor(ctx.app, START);
    const api = ctx.api.fork();
    await api.login(u.userName, u.password);
    return Object.assign(api, { userId: u.userId });
  }
  async function operator(): Promise<Api> {
    const api = ctx.api.fork();
    await api.login('operator', 'operator123');
    return api;
  }

  /** A cricket match with its demo markets (bookmaker on the two teams, fancies with commission 0). */
  async function cricketMatch(
    format: CricketFormat,
    competition: string,
    teams: [string, string] = ['AUS', 'IND'],
  ) {
    const m = await createMarket(ctx.app);
    const [match] = await ctx.app.db.select().from(matches).where(eq(matches.matchId, m.matchId));
    const made = await ctx.app.db.transaction((tx) =>
      setUpCricketMatch(tx, {
        matchId: m.matchId,
        format,
        competition,
        teams,
        startTime: match!.startTime,
        inPlay: true,
        at: new Date(),
      }),
    );
    return { matchId: m.matchId, teams, ...made };
  }

  /** One more fancy on a match, quoted and active, as the rules need it (event kind, average key …). */
  async function addFancy(
    matchId: number,
    f: {
      name: string;
      variant: FancyVariant;
      no: [number, number] | null;
      yes: [number, number];
      band?: number;
      eventKind?: string;
      averageKey?: string;
      resultMax?: number;
      minStakePaise?: number;
      commissionBps?: number;
    },
  ): Promise<number> {
    const [mk] = await ctx.app.db
      .insert(markets)
      .values({
        matchId,
        marketName: f.name,
        marketType: 'FANCY',
        marketKind: 'FANCY',
        status: 'OPEN',
        inPlay: true,
        startTime: new Date(),
        commissionBps: f.commissionBps ?? 0,
        minStakePaise: f.minStakePaise ?? 10_000,
        maxStakePaise: 10_000_000,
      })
      .returning({ marketId: markets.marketId });
    await ctx.app.db.insert(fancies).values({
      marketId: mk!.marketId,
      matchId,
      variant: f.variant,
      status: 'ACTIVE',
      noLine: f.no?.[0] ?? null,
      noRate: f.no?.[1] ?? null,
      yesLine: f.yes[0],
      yesRate: f.yes[1],
      band: f.band ?? null,
      maxUserStakePaise: 20_000_000,
      resultMax: f.resultMax ?? (f.variant === 'FANCY1' ? 1 : 999),
      event: { innings: 1, kind: 'INNINGS_TOTAL' },
      eventKind: f.eventKind ?? 'SESSION',
      averageKey: f.averageKey ?? null,
      updatedAt: new Date(),
    });
    return mk!.marketId;
  }

  /** A bookmaker market of its own (a "Top batsman" table), quoted per runner, commission 0 unless given. */
  async function addBookmaker(
    matchId: number,
    name: string,
    quotes: { runner: string; back: number; lay: number }[],
    commissionBps = 0,
  ) {
    const [mk] = await ctx.app.db
      .insert(markets)
      .values({
        matchId,
        marketName: name,
        marketType: 'BOOKMAKER',
        marketKind: 'BOOKMAKER',
        status: 'OPEN',
        inPlay: true,
        startTime: new Date(),
        commissionBps,
        minStakePaise: 10_000,
        maxStakePaise: 50_000_000,
      })
      .returning({ marketId: markets.marketId });
    const marketId = mk!.marketId;
    const rs = await ctx.app.db
      .insert(runners)
      .values(quotes.map((q, sortOrder) => ({ marketId, name: q.runner, sortOrder })))
      .returning({ selectionId: runners.selectionId });
    await ctx.app.db.insert(bookmakerMarkets).values({ marketId, status: 'ACTIVE', updatedAt: new Date() });
    await ctx.app.db.insert(bookmakerQuotes).values(
      rs.map((r, i) => ({
        selectionId: r.selectionId,
        marketId,
        backRate: quotes[i]!.back,
        layRate: quotes[i]!.lay,
        updatedAt: new Date(),
      })),
    );
    return { marketId, selectionIds: rs.map((r) => r.selectionId) };
  }

  async function fancyBet(
    b: Bettor,
    matchId: number,
    fancyId: number,
    isYes: boolean,
    line: number,
    rate: number,
    stackRupees: number,
  ) {
    const r = await b.call('placeFancyBet', {
      match_id: matchId,
      fancy_id: fancyId,
      is_yes: isYes ? '1' : '0',
      line,
      rate,
      stack: stackRupees,
      request_id: nextRequestId(),
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ status: true });
  }

  async function bookmakerBet(
    b: Bettor,
    matchId: number,
    marketId: number,
    selectionId: number,
    isBack: boolean,
    rate: number,
    stackRupees: number,
  ) {
    const r = await b.call('placeBookmakerBet', {
      match_id: matchId,
      market_id: marketId,
      selection_id: selectionId,
      is_back: isBack ? '1' : '0',
      rate,
      stack: stackRupees,
      request_id: nextRequestId(),
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ status: true });
  }

  /** A bettor's money in paise: the ledger balance and the liability (exposure held). */
  async function money(b: Bettor) {
    return {
      balance: await ctx.app.wallet.balancePaise(b.userId),
      liability: await ctx.app.wallet.liabilityPaise(b.userId),
    };
  }

  /** The house's accounts in paise (cash and commission income). */
  async function houseMoney() {
    const rows = await ctx.app.db
      .select({ code: ledgerAccounts.code, balance: ledgerAccounts.balancePaise })
      .from(ledgerAccounts)
      .where(inArray(ledgerAccounts.code, ['HOUSE_CASH', 'HOUSE_COMMISSION']));
    const of = (code: string) => rows.find((r) => r.code === code)?.balance ?? 0;
    return { cash: of('HOUSE_CASH'), commission: of('HOUSE_COMMISSION') };
  }

  /** The house's change since `before`: cash (wins and losses against bettors) and commission. */
  async function houseChange(before: { cash: number; commission: number }) {
    const now = await houseMoney();
    return { cash: now.cash - before.cash, commission: now.commission - before.commission };
  }

  /** Every table but the operator's audit trail and sessions: an audited refusal must change nothing else. */
  async function snapshotButAudit(): Promise<string> {
    const out: Record<string, unknown> = {};
    for (const [name, table] of Object.entries(schema)) {
      if (!is(table, PgTable) || name === 'adminActions' || name === 'sessions') continue;
      const rows = (await ctx.app.db.select().from(table as typeof schema.users)) as Record<
        string,
        unknown
      >[];
      out[name] = rows.map((r) => JSON.stringify(r)).sort();
    }
    return JSON.stringify(out);
  }

  async function expectLedgerClean() {
    const check = await checkLedger(ctx.app);
    expect(check.problems).toEqual([]);
    expect(check.ok).toBe(true);
  }

  // ---------------------------------------------------------------- rule 1

  it('rule 1 fancy: Yes wins at result = line, No wins below it; a removed and a voided fancy return every stake', async () => {
    const c = await cricketMatch('T20', 'IPL');
    const op = await operator();
    const yes = await bettor();
    const no = await bettor();
    const house0 = await houseMoney();
    const atLine = await addFancy(c.matchId, {
      name: '6 over runs AUS',
      variant: 'RUNS',
      no: [46, 100],
      yes: [46, 90],
    });
    const below = await addFancy(c.matchId, {
      name: '10 over runs AUS',
      variant: 'RUNS',
      no: [50, 100],
      yes: [50, 100],
    });
    const removed = await addFancy(c.matchId, {
      name: '15 over runs AUS',
      variant: 'RUNS',
      no: [120, 100],
      yes: [121, 100],
    });
    const voided = await addFancy(c.matchId, {
      name: '20 over runs AUS',
      variant: 'RUNS',
      no: [160, 100],
      yes: [161, 100],
    });
    await fancyBet(yes, c.matchId, atLine, true, 46, 90, 1000);
    await fancyBet(no, c.matchId, atLine, false, 46, 100, 1000);
    await fancyBet(yes, c.matchId, below, true, 50, 100, 1000);
    await fancyBet(no, c.matchId, below, false, 50, 100, 1000);
    await fancyBet(yes, c.matchId, removed, true, 121, 100, 500);
    await fancyBet(no, c.matchId, removed, false, 120, 100, 500);
    await fancyBet(yes, c.matchId, voided, true, 161, 100, 500);
    await fancyBet(no, c.matchId, voided, false, 160, 100, 500);
    // Each side risks its stake (Yes) or stake × rate / 100 (No): 1000 + 1000 + 500 + 500 rupees.
    expect(await money(yes)).toEqual({ balance: START, liability: 300_000 });
    expect(await money(no)).toEqual({ balance: START, liability: 300_000 });

    // Result 46 on the line 46: Yes (46 ≥ 46) wins 1000 × 90/100; No (46 < 46 is false) loses 1000.
    const r1 = await op.call('adminFancyResult', {
      fancy_id: atLine,
      result: 46,
      request_id: nextRequestId(),
    });
    expect(r1.body).toMatchObject({ status: true, data: { state: 'SETTLED', result_value: 46, house: 100 } });
    // Result 49 under the line 50: No wins 1000, Yes loses 1000.
    const r2 = await op.call('adminFancyResult', {
      fancy_id: below,
      result: 49,
      request_id: nextRequestId(),
    });
    expect(r2.body).toMatchObject({ status: true, data: { state: 'SETTLED', result_value: 49, house: 0 } });
    expect(await money(yes)).toEqual({ balance: START + 90_000 - 100_000, liability: 100_000 });
    expect(await money(no)).toEqual({ balance: START - 100_000 + 100_000, liability: 100_000 });

    // Removed (a line quoted in error, a player dropped): every bet void, stakes back; bettors no longer see it.
    const rm = await op.call('adminFancyStatus', {
      fancy_id: removed,
      status: 'REMOVED',
      request_id: nextRequestId(),
    });
    expect(rm.body).toMatchObject({ status: true, data: { status: 'REMOVED', settled: true } });
    expect((await op.call('adminFancyStatus', { fancy_id: removed, status: 'REMOVED' })).body.status).toBe(
      true,
    );
    // Voided: the same, through fancy/void; voiding again changes nothing.
    const v = await op.call('adminFancyVoid', { fancy_id: voided, request_id: nextRequestId() });
    expect(v.body).toMatchObject({ status: true, data: { void_market: true, bets_void: 2, house: 0 } });
    expect((await op.call('adminFancyVoid', { fancy_id: voided })).body).toMatchObject({
      status: true,
      data: { void_market: true, generation: 1 },
    });

    expect(await money(yes)).toEqual({ balance: 990_000, liability: 0 });
    expect(await money(no)).toEqual({ balance: 1_000_000, liability: 0 });
    expect(await houseChange(house0)).toEqual({ cash: 10_000, commission: 0 });
    await expectLedgerClean();
  });

  // ---------------------------------------------------------------- rule 2

  it('rule 2 averages: the table of defaults per competition, an operator override stored per competition, and an abandoned match settled on them', async () => {
    const op = await operator();
    // The defaults (spec §9): 6 in the first over, 46 in the first 6 overs (CPL 45), 25 fours
    // (CPL 22, T20 24), 10 sixes, 12 wickets; none given for an ODI.
    const table = async (competition?: string) => {
      const r = await op.call('adminFancyAverages', competition ? { competition } : {});
      expect(r.body.status).toBe(true);
      const t = (r.body.data as FancyAveragesTableView).averages;
      return Object.fromEntries(
        t.map((x) => [`${x.competition}/${x.event}`, [x.default_value, x.override, x.value]]),
      );
    };
    expect(await table()).toMatchObject({
      'IPL/FIRST_OVER_RUNS': [6, null, 6],
      'IPL/FIRST_6_OVERS_RUNS': [46, null, 46],
      'BBL/FIRST_6_OVERS_RUNS': [46, null, 46],
      'CPL/FIRST_6_OVERS_RUNS': [45, null, 45],
      'IPL/MATCH_FOURS': [25, null, 25],
      'CPL/MATCH_FOURS': [22, null, 22],
      'T20/MATCH_FOURS': [24, null, 24],
      'IPL/MATCH_SIXES': [10, null, 10],
      'IPL/MATCH_WICKETS': [12, null, 12],
      'ODI/MATCH_FOURS': [null, null, null],
    });
    // The operator overrides IPL's first over to 7 (stored per competition: CPL keeps 6).
    const setBody = { competition: 'IPL', event: 'FIRST_OVER_RUNS', value: 7, request_id: nextRequestId() };
    const set = await op.call('adminFancyAverageSet', setBody);
    expect(set.body.status).toBe(true);
    expect((set.body.data as FancyAveragesTableView).averages).toContainEqual({
      competition: 'IPL',
      event: 'FIRST_OVER_RUNS',
      default_value: 6,
      override: 7,
      value: 7,
    });
    expect((await op.call('adminFancyAverageSet', setBody)).body).toEqual(set.body); // idempotent
    expect((await table('CPL'))['CPL/FIRST_OVER_RUNS']).toEqual([6, null, 6]);
    const bad = await op.call('adminFancyAverageSet', {
      competition: 'XPL',
      event: 'FIRST_OVER_RUNS',
      value: 7,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body.message).toContain('competition must be one of IPL, BBL, CPL, T20, ODI');
    const negative = await op.call('adminFancyAverageSet', {
      competition: 'IPL',
      event: 'MATCH_FOURS',
      value: -1,
    });
    expect(negative.statusCode).toBe(400);
    expect(negative.body.message).toContain('value must be 0 or more');

    const ipl = await cricketMatch('T20', 'IPL');
    const cpl = await cricketMatch('T20', 'CPL');
    const p = await bettor();
    const q = await bettor();
    const house0 = await houseMoney();
    const firstOver = await addFancy(ipl.matchId, {
      name: '1st over runs AUS',
      variant: 'RUNS',
      no: [6, 100],
      yes: [7, 90],
      averageKey: 'FIRST_OVER_RUNS',
    });
    const fours = await addFancy(ipl.matchId, {
      name: 'Match fours',
      variant: 'RUNS',
      no: [26, 100],
      yes: [27, 100],
      averageKey: 'MATCH_FOURS',
    });
    const noAverage = await addFancy(ipl.matchId, {
      name: '15 over runs AUS',
      variant: 'RUNS',
      no: [120, 100],
      yes: [121, 100],
    });
    const sixOvers = await addFancy(cpl.matchId, {
      name: '6 over runs AUS',
      variant: 'RUNS',
      no: [46, 100],
      yes: [46, 100],
      averageKey: 'FIRST_6_OVERS_RUNS',
    });
    await fancyBet(p, ipl.matchId, firstOver, true, 7, 90, 1000);
    await fancyBet(q, ipl.matchId, firstOver, false, 6, 100, 1000);
    await fancyBet(p, ipl.matchId, fours, true, 27, 100, 500);
    await fancyBet(q, ipl.matchId, fours, false, 26, 100, 500);
    await fancyBet(p, ipl.matchId, noAverage, true, 121, 100, 500);
    await fancyBet(q, ipl.matchId, noAverage, false, 120, 100, 500);
    await fancyBet(p, cpl.matchId, sixOvers, true, 46, 100, 1000);
    await fancyBet(q, cpl.matchId, sixOvers, false, 46, 100, 1000);
    expect(await money(p)).toEqual({ balance: START, liability: 300_000 });
    expect(await money(q)).toEqual({ balance: START, liability: 300_000 });

    // The IPL match is abandoned after 3.2 overs: its fancies with an average settle on it, the others are void.
    const body = { match_id: ipl.matchId, overs_bowled: 3.2, fancy_ids: [firstOver, fours, noAverage] };
    const r = await op.call('adminFancyIncomplete', { ...body, request_id: nextRequestId() });
    expect(r.body.status).toBe(true);
    const decided = (r.body.data as AdminFancyIncompleteResult).fancies.map((f) => [
      f.fancy_id,
      f.decision,
      f.value,
    ]);
    expect(decided).toEqual([
      [firstOver, 'AVERAGE', 7], // the override, not the default 6: Yes 7 wins 900, No 6 loses 1000
      [fours, 'AVERAGE', 25], // IPL's 25: No 26 wins 500, Yes 27 loses 500
      [noAverage, 'VOID', null],
    ]);
    // Again (no request_id): everything is already settled, nothing moves.
    const again = await op.call('adminFancyIncomplete', body);
    expect((again.body.data as AdminFancyIncompleteResult).fancies.map((f) => f.decision)).toEqual([
      'ALREADY_SETTLED',
      'ALREADY_SETTLED',
      'ALREADY_SETTLED',
    ]);
    // The CPL fancy on its own: CPL's first 6 overs average is 45, so No 46 wins 1000 and Yes 46 loses 1000.
    const avg = await op.call('adminFancyAverage', { fancy_id: sixOvers, request_id: nextRequestId() });
    expect(avg.body).toMatchObject({ status: true, data: { state: 'SETTLED', result_value: 45 } });
    // A settled fancy is not averaged (or voided) again by this call.
    expect((await op.call('adminFancyAverage', { fancy_id: noAverage })).body).toEqual({
      status: false,
      message: 'Market is already settled; unsettle it first to settle it again',
    });

    expect(await money(p)).toEqual({ balance: START + 90_000 - 50_000 - 100_000, liability: 0 });
    expect(await money(q)).toEqual({ balance: START - 100_000 + 50_000 + 100_000, liability: 0 });
    expect(await houseChange(house0)).toEqual({ cash: 10_000, commission: 0 });

    // Cleared: back to the default.
    const cleared = await op.call('adminFancyAverageSet', {
      competition: 'IPL',
      event: 'FIRST_OVER_RUNS',
      value: null,
    });
    expect((await table('IPL'))['IPL/FIRST_OVER_RUNS']).toEqual([6, null, 6]);
    expect(cleared.body.status).toBe(true);
    await expectLedgerClean();
  });

  // ---------------------------------------------------------------- rule 3

  it('rule 3 Test: 300 overs for match-wide, 70 for a lambi innings, 25 for a 1st-day session, 80 for a 1st-day total, else void', async () => {
    const op = await operator();
    const x = await cricketMatch('TEST', 'ODI');
    const y = await cricketMatch('TEST', 'ODI');
    const p = await bettor();
    const q = await bettor();
    const house0 = await houseMoney();
    const kinds = [
      ['Match total runs', 'MATCH_WIDE', 1000],
      ['AUS 1st innings runs (Lambi)', 'LAMBI_INNINGS', 280],
      ['1st day 1st session runs', 'FIRST_DAY_SESSION', 80],
      ['1st day total runs', 'FIRST_DAY_TOTAL', 250],
      ['AUS 20 over runs', 'SESSION', 60],
    ] as const;
    const ids: number[] = [];
    for (const [name, eventKind, line] of kinds) {
      const id = await addFancy(x.matchId, {
        name,
        variant: eventKind === 'LAMBI_INNINGS' ? 'LAMBI' : 'RUNS',
        no: [line, 100],
        yes: [line + 1, 100],
        eventKind,
        resultMax: 3000,
      });
      ids.push(id);
      await fancyBet(p, x.matchId, id, true, line + 1, 100, 1000);
      await fancyBet(q, x.matchId, id, false, line, 100, 1000);
    }
    const [matchWide, lambi, session1, dayTotal, plain] = ids as [number, number, number, number, number];
    const y1 = await addFancy(y.matchId, {
      name: 'Match total runs',
      variant: 'RUNS',
      no: [1000, 100],
      yes: [1001, 80],
      eventKind: 'MATCH_WIDE',
      resultMax: 3000,
    });
    await fancyBet(p, y.matchId, y1, true, 1001, 80, 1000);
    await fancyBet(q, y.matchId, y1, false, 1000, 100, 1000);
    expect(await money(p)).toEqual({ balance: START, liability: 600_000 });
    expect(await money(q)).toEqual({ balance: START, liability: 600_000 });

    // Match X stops after 75 overs. The lambi (70) and the 1st-day session (25) stand, so their
    // figures are needed: without them the call is refused and nothing changes.
    const before = await snapshotButAudit();
    const missing = await op.call('adminFancyIncomplete', {
      match_id: x.matchId,
      overs_bowled: 75,
      fancy_ids: ids,
    });
    expect(missing.body).toEqual({
      status: false,
      message: `Fancy ${lambi} (AUS 1st innings runs (Lambi)) stands with 75 overs bowled: give its result`,
    });
    expect(await snapshotButAudit()).toBe(before);

    const r = await op.call('adminFancyIncomplete', {
      match_id: x.matchId,
      overs_bowled: 75,
      fancy_ids: ids,
      results: [
        { fancy_id: lambi, result: 300 },
        { fancy_id: session1, result: 78 },
      ],
      request_id: nextRequestId(),
    });
    expect(r.body.status).toBe(true);
    expect(
      (r.body.data as AdminFancyIncompleteResult).fancies.map((f) => [f.fancy_id, f.decision, f.value]),
    ).toEqual([
      [matchWide, 'VOID', null], // 75 < 300
      [lambi, 'RESULT', 300], // 75 ≥ 70: Yes 281 wins 1000, No 280 loses 1000
      [session1, 'RESULT', 78], // 75 ≥ 25: No 80 wins 1000, Yes 81 loses 1000
      [dayTotal, 'VOID', null], // 75 < 80
      [plain, 'VOID', null], // a plain session has no minimum to meet: unfinished, void
    ]);
    // Match Y stops after 310 overs: its match-wide fancy stands on 1020 (Yes 1001 @80 wins 800).
    const ry = await op.call('adminFancyIncomplete', {
      match_id: y.matchId,
      overs_bowled: 310,
      fancy_ids: [y1],
      results: [{ fancy_id: y1, result: 1020 }],
    });
    expect((ry.body.data as AdminFancyIncompleteResult).fancies.map((f) => [f.decision, f.value])).toEqual([
      ['RESULT', 1020],
    ]);

    expect(await money(p)).toEqual({ balance: START + 100_000 - 100_000 + 80_000, liability: 0 });
    expect(await money(q)).toEqual({ balance: START - 100_000 + 100_000 - 100_000, liability: 0 });
    expect(await houseChange(house0)).toEqual({ cash: 20_000, commission: 0 });
    await expectLedgerClean();
  });

  // ---------------------------------------------------------------- rule 4

  it('rule 4 Khado needs 70 overs (void at 60, stands at 72); Meter settles at the midpoint of its line pair on abandonment', async () => {
    const op = await operator();
    const m1 = await cricketMatch('ODI', 'ODI');
    const m2 = await cricketMatch('ODI', 'ODI');
    const p = await bettor();
    const q = await bettor();
    const house0 = await houseMoney();
    const khado1 = await addFancy(m1.matchId, {
      name: '10 over runs AUS Khado',
      variant: 'KHADO',
      no: null,
      yes: [45, 400],
      band: 10,
    });
    // Meter: ₹1 minimum so that per-run stakes stay small; results up to 400.
    const meter = await addFancy(m1.matchId, {
      name: '40 over runs AUS Meter',
      variant: 'METER',
      no: [200, 100],
      yes: [203, 100],
      resultMax: 400,
      minStakePaise: 100,
    });
    const khado2 = await addFancy(m2.matchId, {
      name: '10 over runs AUS Khado',
      variant: 'KHADO',
      no: null,
      yes: [45, 400],
      band: 10,
    });
    await fancyBet(p, m1.matchId, khado1, true, 45, 400, 100); // band 45–54
    await fancyBet(q, m1.matchId, khado1, true, 45, 400, 100);
    await fancyBet(p, m1.matchId, meter, true, 203, 100, 10); // Yes 203, ₹10 a run
    await fancyBet(q, m1.matchId, meter, false, 200, 100, 10); // No 200, ₹10 a run
    await fancyBet(p, m2.matchId, khado2, true, 45, 400, 100); // band 45–54
    await op.call('adminFancyQuote', {
      fancy_id: khado2,
      no_line: 55,
      no_rate: 100,
      yes_line: 55,
      yes_rate: 400,
    });
    await fancyBet(q, m2.matchId, khado2, true, 55, 400, 100); // band 55–64
    // Khado risks the stake; Meter Yes 203 risks 203 runs × ₹10 (result 0), No 200 risks 200 × ₹10 (result 400).
    expect(await money(p)).toEqual({ balance: START, liability: 10_000 + 203_000 + 10_000 });
    expect(await money(q)).toEqual({ balance: START, liability: 10_000 + 200_000 + 10_000 });

    // Match 1 abandoned after 60 overs: Khado void (60 < 70); Meter at floor((200 + 203) / 2) = 201:
    // Yes 203 loses 2 runs × ₹10, No 200 loses 1 run × ₹10.
    const r1 = await op.call('adminFancyIncomplete', {
      match_id: m1.matchId,
      overs_bowled: 60,
      fancy_ids: [khado1, meter],
    });
    expect(
      (r1.body.data as AdminFancyIncompleteResult).fancies.map((f) => [f.fancy_id, f.decision, f.value]),
    ).toEqual([
      [khado1, 'VOID', null],
      [meter, 'MIDPOINT', 201],
    ]);
    // Match 2 abandoned after 72 overs: Khado stands, on the figure reached (50) — needed, else refused.
    const refused = await op.call('adminFancyIncomplete', {
      match_id: m2.matchId,
      overs_bowled: 72,
      fancy_ids: [khado2],
    });
    expect(refused.body).toMatchObject({
      status: false,
      message: expect.stringContaining('give its result'),
    });
    expect(await money(p)).toEqual({ balance: START - 2_000, liability: 10_000 });
    const r2 = await op.call('adminFancyIncomplete', {
      match_id: m2.matchId,
      overs_bowled: 72,
      fancy_ids: [khado2],
      results: [{ fancy_id: khado2, result: 50 }],
    });
    // 50 is in 45–54: P wins ₹100 × 400/100 = ₹400; 50 is not in 55–64: Q loses ₹100.
    expect((r2.body.data as AdminFancyIncompleteResult).fancies.map((f) => [f.decision, f.value])).toEqual([
      ['RESULT', 50],
    ]);

    expect(await money(p)).toEqual({ balance: START - 2_000 + 40_000, liability: 0 });
    expect(await money(q)).toEqual({ balance: START - 1_000 - 10_000, liability: 0 });
    expect(await houseChange(house0)).toEqual({ cash: 2_000 + 1_000 - 40_000 + 10_000, commission: 0 });
    await expectLedgerClean();
  });

  // ---------------------------------------------------------------- rule 5

  it('rule 5 bookmaker: an unfinished T20 is decided on the 10-over comparison (scores given), an ODI on the 25-over one (read from the scoreboard)', async () => {
    const op = await operator();
    const t20 = await cricketMatch('T20', 'IPL');
    const odi = await cricketMatch('ODI', 'ODI');
    const p = await bettor();
    const q = await bettor();
    const r = await bettor();
    const house0 = await houseMoney();
    const [aus, ind] = t20.selectionIds as [number, number];
    // Demo quotes: AUS back 85 / lay 88, IND back 110 / lay 114.
    await bookmakerBet(p, t20.matchId, t20.bookmakerMarketId, aus, true, 85, 1000);
    await bookmakerBet(q, t20.matchId, t20.bookmakerMarketId, ind, true, 110, 1000);
    await bookmakerBet(r, t20.matchId, t20.bookmakerMarketId, aus, false, 88, 500);
    const [ausOdi, indOdi] = odi.selectionIds as [number, number];
    await bookmakerBet(p, odi.matchId, odi.bookmakerMarketId, indOdi, true, 110, 1000);
    await bookmakerBet(q, odi.matchId, odi.bookmakerMarketId, ausOdi, true, 85, 1000);
    expect(await money(p)).toEqual({ balance: START, liability: 100_000 + 100_000 });
    expect(await money(q)).toEqual({ balance: START, liability: 100_000 + 100_000 });
    expect(await money(r)).toEqual({ balance: START, liability: 44_000 });

    // T20: AUS 82 and IND 75 after 10 overs each → AUS wins.
    const a = await op.call('adminBookmakerIncomplete', {
      market_id: t20.bookmakerMarketId,
      runs_at_mark: [82, 75],
      request_id: nextRequestId(),
    });
    expect(a.body).toMatchObject({
      status: true,
      data: {
        format: 'T20',
        comparison_overs: 10,
        runs_at_mark: [82, 75],
        decision: 'WIN',
        winner: 'AUS',
        source: 'OPERATOR',
        settlement: { state: 'SETTLED', winners: [aus], dead_heat_count: 1 },
      },
    });
    // Settling again is refused: the market is settled.
    const twice = await op.call('adminBookmakerIncomplete', {
      market_id: t20.bookmakerMarketId,
      runs_at_mark: [70, 90],
    });
    expect(twice.body).toEqual({
      status: false,
      message: 'Market is already settled; unsettle it first to settle it again',
    });

    // ODI: AUS batted first and were all out for 120 in 23.2 overs (before the mark: their total
    // counts); IND are 110/3 after exactly 25 overs when rain stops play → AUS win.
    const score: Scoreboard = {
      innings: 2,
      batting: 1,
      totals: [
        { runs: 120, wickets: 10, balls: 140 },
        { runs: 110, wickets: 3, balls: 150 },
      ],
      recent: [],
      target: 121,
      status: 'IN_PROGRESS',
      ball_running_until_ms: null,
      result_text: null,
    };
    await publishScore(ctx.app, odi.matchId, score);
    const b = await op.call('adminBookmakerIncomplete', {
      market_id: odi.bookmakerMarketId,
      request_id: nextRequestId(),
    });
    expect(b.body).toMatchObject({
      status: true,
      data: {
        comparison_overs: 25,
        runs_at_mark: [120, 110],
        decision: 'WIN',
        winner: 'AUS',
        source: 'SCOREBOARD',
        settlement: { winners: [ausOdi] },
      },
    });

    // P: +850 (back AUS @85) − 1000 (back IND); Q: −1000 (back IND) + 850 (back AUS @85);
    // R: lay 500 on AUS @88 loses 440.
    expect(await money(p)).toEqual({ balance: START + 85_000 - 100_000, liability: 0 });
    expect(await money(q)).toEqual({ balance: START - 100_000 + 85_000, liability: 0 });
    expect(await money(r)).toEqual({ balance: START - 44_000, liability: 0 });
    expect(await houseChange(house0)).toEqual({ cash: 15_000 + 15_000 + 44_000, commission: 0 });
    await expectLedgerClean();
  });

  it('rule 5 bookmaker: equal runs at the mark are a dead heat of both teams; no comparison (short of the mark, or a Test) voids; a scoreboard past the mark is refused', async () => {
    const op = await operator();
    const tie = await cricketMatch('T20', 'BBL');
    const short = await cricketMatch('T20', 'BBL');
    const test = await cricketMatch('TEST', 'ODI');
    const p = await bettor();
    const q = await bettor();
    const house0 = await houseMoney();
    for (const m of [tie, short, test]) {
      const [aus, ind] = m.selectionIds as [number, number];
      await bookmakerBet(p, m.matchId, m.bookmakerMarketId, aus, true, 85, 1000);
      await bookmakerBet(q, m.matchId, m.bookmakerMarketId, ind, true, 110, 1000);
    }
    expect(await money(p)).toEqual({ balance: START, liability: 300_000 });
    expect(await money(q)).toEqual({ balance: START, liability: 300_000 });

    // 70 each after 10 overs: a dead heat. Back AUS 1000 @85 → (850 − 1000) / 2 = −75;
    // back IND 1000 @110 → (1100 − 1000) / 2 = +50.
    const t = await op.call('adminBookmakerIncomplete', {
      market_id: tie.bookmakerMarketId,
      runs_at_mark: [70, 70],
    });
    expect(t.body).toMatchObject({
      status: true,
      data: { decision: 'TIE', winner: null, settlement: { winners: tie.selectionIds, dead_heat_count: 2 } },
    });

    // A scoreboard that has gone past the mark does not hold the score at the mark: refused, nothing changes.
    const past: Scoreboard = {
      innings: 2,
      batting: 1,
      totals: [
        { runs: 160, wickets: 6, balls: 120 },
        { runs: 30, wickets: 1, balls: 24 },
      ],
      recent: [],
      target: 161,
      status: 'IN_PROGRESS',
      ball_running_until_ms: null,
      result_text: null,
    };
    await publishScore(ctx.app, short.matchId, past);
    const before = await snapshotButAudit();
    const refused = await op.call('adminBookmakerIncomplete', { market_id: short.bookmakerMarketId });
    expect(refused.body).toEqual({
      status: false,
      message:
        "The stored scoreboard shows AUS's total after 20.0 overs, not its score at 10 overs: give runs_at_mark",
    });
    const badLength = await op.call('adminBookmakerIncomplete', {
      market_id: short.bookmakerMarketId,
      runs_at_mark: [50],
    });
    expect(badLength.statusCode).toBe(400);
    expect(badLength.body.message).toContain('runs_at_mark must name both teams');
    const fancyMarket = await op.call('adminBookmakerIncomplete', {
      market_id: short.fancyIds[0],
      runs_at_mark: [1, 2],
    });
    expect(fancyMarket.body).toEqual({
      status: false,
      message: `Unknown bookmaker market ${short.fancyIds[0]}`,
    });
    expect(await snapshotButAudit()).toBe(before);
    // The operator gives the scores: IND's innings stopped at 4 overs, short of the mark → void.
    const v = await op.call('adminBookmakerIncomplete', {
      market_id: short.bookmakerMarketId,
      runs_at_mark: [81, null],
    });
    expect(v.body).toMatchObject({
      status: true,
      data: { decision: 'VOID', settlement: { void_market: true } },
    });
    // A Test has no comparison: void.
    const tv = await op.call('adminBookmakerIncomplete', { market_id: test.bookmakerMarketId });
    expect(tv.body).toMatchObject({
      status: true,
      data: {
        format: 'TEST',
        comparison_overs: null,
        decision: 'VOID',
        source: 'NONE',
        settlement: { void_market: true },
      },
    });

    expect(await money(p)).toEqual({ balance: START - 7_500, liability: 0 });
    expect(await money(q)).toEqual({ balance: START + 5_000, liability: 0 });
    expect(await houseChange(house0)).toEqual({ cash: 2_500, commission: 0 });
    await expectLedgerClean();
  });

  // ---------------------------------------------------------------- rule 6

  it('rule 6 Top batsman dead heat: a fancy-1 pays 50% on the rate; a bookmaker table splits the stake', async () => {
    const op = await operator();
    const c = await cricketMatch('T20', 'IPL');
    const p = await bettor();
    const q = await bettor();
    const r = await bettor();
    const house0 = await houseMoney();
    // Fancy 1 "Top batsman: Smith" (Yes/No on the event).
    const smith = await addFancy(c.matchId, {
      name: 'Top batsman Smith',
      variant: 'FANCY1',
      no: [1, 100],
      yes: [1, 90],
    });
    await fancyBet(p, c.matchId, smith, true, 1, 90, 1000);
    await fancyBet(q, c.matchId, smith, false, 1, 100, 1000);
    // Bad input first: refused, nothing changes.
    const before = await snapshotButAudit();
    const one = await op.call('adminFancyResult', { fancy_id: smith, result: 1, dead_heat_count: 1 });
    expect(one.statusCode).toBe(400);
    expect(one.body.message).toContain('dead_heat_count must be 2 or more');
    expect(
      (await op.call('adminFancyResult', { fancy_id: smith, result: 0, dead_heat_count: 2 })).body,
    ).toEqual({
      status: false,
      message: 'A dead heat means the event happened: result 1',
    });
    expect((await op.call('adminFancyResult', { fancy_id: smith, result: 2 })).body).toEqual({
      status: false,
      message: 'result must be at most 1 for this fancy',
    });
    expect(
      (await op.call('adminFancyResult', { fancy_id: c.fancyIds[0], result: 50, dead_heat_count: 2 })).body,
    ).toEqual({
      status: false,
      message: 'A dead heat settles an event (FANCY1) fancy only',
    });
    expect(await snapshotButAudit()).toBe(before);
    // Smith ties with another batsman: Yes 1000 @90 gets 900 / 2 = 450; No 1000 @100 pays 1000 / 2 = 500.
    const dh = await op.call('adminFancyResult', {
      fancy_id: smith,
      result: 1,
      dead_heat_count: 2,
      request_id: nextRequestId(),
    });
    expect(dh.body).toMatchObject({ status: true, data: { result_value: 1, dead_heat_count: 2, house: 50 } });

    // A bookmaker "Top batsman" table: Smith and Jones dead-heat (DOMAIN "Dead heat": half the stake
    // wins at the full rate, half is lost).
    const tb = await addBookmaker(c.matchId, 'Top batsman', [
      { runner: 'Smith', back: 300, lay: 310 },
      { runner: 'Jones', back: 300, lay: 310 },
      { runner: 'Root', back: 250, lay: 260 },
    ]);
    const [sSmith, sJones, sRoot] = tb.selectionIds as [number, number, number];
    await bookmakerBet(p, c.matchId, tb.marketId, sSmith, true, 300, 1000);
    await bookmakerBet(q, c.matchId, tb.marketId, sRoot, true, 250, 1000);
    await bookmakerBet(r, c.matchId, tb.marketId, sJones, false, 310, 500);
    expect(await money(r)).toEqual({ balance: START, liability: 155_000 });
    const res = await op.call('adminMarketResult', {
      market_id: tb.marketId,
      winners: [sSmith, sJones],
      dead_heat_count: 2,
      request_id: nextRequestId(),
    });
    expect(res.body).toMatchObject({ status: true, data: { winners: [sSmith, sJones], dead_heat_count: 2 } });

    // P: +450 (fancy) + (3000 − 1000) / 2 = +1000 (back Smith @300); Q: −500 (fancy) − 1000 (Root lost);
    // R: lay 500 on Jones @310 → (−1550 + 500) / 2 = −525.
    expect(await money(p)).toEqual({ balance: START + 45_000 + 100_000, liability: 0 });
    expect(await money(q)).toEqual({ balance: START - 50_000 - 100_000, liability: 0 });
    expect(await money(r)).toEqual({ balance: START - 52_500, liability: 0 });
    expect(await houseChange(house0)).toEqual({ cash: 5_000 + 52_500, commission: 0 });
    await expectLedgerClean();
  });

  // ---------------------------------------------------------------- rule 7

  it('rule 7 a player dropped from the playing eleven is removed: his fancy (REMOVED) and his bookmaker runner return their stakes', async () => {
    const op = await operator();
    const c = await cricketMatch('T20', 'IPL');
    const p = await bettor();
    const q = await bettor();
    const r = await bettor();
    const house0 = await houseMoney();
    const smithFancy = await addFancy(c.matchId, {
      name: 'Top batsman Smith',
      variant: 'FANCY1',
      no: [1, 100],
      yes: [1, 90],
    });
    await fancyBet(p, c.matchId, smithFancy, true, 1, 90, 1000);
    await fancyBet(q, c.matchId, smithFancy, false, 1, 100, 1000);
    const tb = await addBookmaker(c.matchId, 'Top batsman', [
      { runner: 'Smith', back: 300, lay: 310 },
      { runner: 'Jones', back: 200, lay: 210 },
      { runner: 'Root', back: 250, lay: 260 },
    ]);
    const [sSmith, sJones, sRoot] = tb.selectionIds as [number, number, number];
    await bookmakerBet(p, c.matchId, tb.marketId, sSmith, true, 300, 1000);
    await bookmakerBet(q, c.matchId, tb.marketId, sJones, true, 200, 1000);
    await bookmakerBet(r, c.matchId, tb.marketId, sRoot, true, 250, 500);
    expect(await money(p)).toEqual({ balance: START, liability: 100_000 + 100_000 });

    // Smith is dropped: his fancy is REMOVED (every stake back), his runner is voided.
    const rm = await op.call('adminFancyStatus', {
      fancy_id: smithFancy,
      status: 'REMOVED',
      request_id: nextRequestId(),
    });
    expect(rm.body).toMatchObject({ status: true, data: { status: 'REMOVED', settled: true } });
    const gone = await op.call('adminMarketVoid', {
      market_id: tb.marketId,
      selection_id: sSmith,
      request_id: nextRequestId(),
    });
    expect(gone.body).toMatchObject({ status: true, data: { void_selections: [sSmith] } });
    // Nobody can bet on either now.
    const late = await p.call('placeFancyBet', {
      match_id: c.matchId,
      fancy_id: smithFancy,
      is_yes: '1',
      line: 1,
      rate: 90,
      stack: 100,
      request_id: nextRequestId(),
    });
    expect(late.body).toEqual({ status: false, message: 'Market is not open for betting' });
    const lateBm = await p.call('placeBookmakerBet', {
      match_id: c.matchId,
      market_id: tb.marketId,
      selection_id: sSmith,
      is_back: '1',
      rate: 300,
      stack: 100,
      request_id: nextRequestId(),
    });
    expect(lateBm.body).toEqual({ status: false, message: 'Smith is not taking bets' });
    // The fancy's exposure is gone, and so is the voided runner's bet's: a void recomputes the
    // holds at once (docs/settlement.md "Voids and holds").
    expect(await money(p)).toEqual({ balance: START, liability: 0 });
    expect(await money(q)).toEqual({ balance: START, liability: 100_000 });

    // Jones top-scores: Q's back 1000 @200 wins 2000, R's back on Root loses 500; P's bet on Smith is void.
    const res = await op.call('adminMarketResult', { market_id: tb.marketId, winners: [sJones] });
    expect(res.body).toMatchObject({
      status: true,
      data: { winners: [sJones], bets_void: 1, bets_settled: 2 },
    });

    expect(await money(p)).toEqual({ balance: START, liability: 0 });
    expect(await money(q)).toEqual({ balance: START + 200_000, liability: 0 });
    expect(await money(r)).toEqual({ balance: START - 50_000, liability: 0 });
    expect(await houseChange(house0)).toEqual({ cash: -150_000, commission: 0 });
    await expectLedgerClean();
  });

  it('rule 7 super over excluded: a match-sixes fancy settles on the figure without the super over', async () => {
    const op = await operator();
    const c = await cricketMatch('T20', 'IPL');
    const p = await bettor();
    const q = await bettor();
    const house0 = await houseMoney();
    const sixes = await addFancy(c.matchId, {
      name: 'Match sixes',
      variant: 'RUNS',
      no: [13, 100],
      yes: [13, 100],
      averageKey: 'MATCH_SIXES',
    });
    await fancyBet(p, c.matchId, sixes, true, 13, 100, 1000);
    await fancyBet(q, c.matchId, sixes, false, 13, 100, 1000);
    // 12 sixes in the 40 overs, 2 more in the super over: the result declared is 12, not 14.
    const r = await op.call('adminFancyResult', { fancy_id: sixes, result: 12, request_id: nextRequestId() });
    expect(r.body).toMatchObject({ status: true, data: { result_value: 12 } });
    // 12 < 13: No wins 1000, Yes loses 1000 (with the super over's 14 it would be the other way round).
    expect(await money(p)).toEqual({ balance: START - 100_000, liability: 0 });
    expect(await money(q)).toEqual({ balance: START + 100_000, liability: 0 });
    expect(await houseChange(house0)).toEqual({ cash: 0, commission: 0 });
    await expectLedgerClean();
  });

  // ---------------------------------------------------------------- rule 8

  it('rule 8 commission as for match odds: on a user’s net winnings per market at the market’s rate, never on a loss; the demo bookmaker and fancies charge 0', async () => {
    const op = await operator();
    const c = await cricketMatch('T20', 'IPL');
    const demo = await ctx.app.db
      .select({ bps: markets.commissionBps })
      .from(markets)
      .where(inArray(markets.marketId, [c.bookmakerMarketId, ...c.fancyIds]));
    expect(new Set(demo.map((d) => d.bps))).toEqual(new Set([0]));
    const p = await bettor();
    const q = await bettor();
    const r = await bettor();
    const house0 = await houseMoney();

    // A fancy with a 2% commission.
    const withCommission = await addFancy(c.matchId, {
      name: '6 over runs AUS',
      variant: 'RUNS',
      no: [45, 100],
      yes: [46, 90],
      commissionBps: 200,
    });
    await fancyBet(p, c.matchId, withCommission, true, 46, 90, 1000);
    await fancyBet(q, c.matchId, withCommission, false, 45, 100, 1000);
    await fancyBet(r, c.matchId, withCommission, true, 46, 90, 1000);
    await fancyBet(r, c.matchId, withCommission, false, 45, 100, 500);
    // Result 46: P +900, commission 18; Q −1000, none; R +900 − 500 = net +400, commission 8.
    const f = await op.call('adminFancyResult', {
      fancy_id: withCommission,
      result: 46,
      request_id: nextRequestId(),
    });
    expect(f.body).toMatchObject({ status: true, data: { commission: 26 } });
    // The demo bookmaker (commission 0): back AUS 1000 @85 wins 850 and pays no commission.
    const [aus] = c.selectionIds as [number, number];
    await bookmakerBet(p, c.matchId, c.bookmakerMarketId, aus, true, 85, 1000);
    const b = await op.call('adminMarketResult', { market_id: c.bookmakerMarketId, winners: [aus] });
    expect(b.body).toMatchObject({ status: true, data: { commission: 0, house: -850 } });

    expect(await money(p)).toEqual({ balance: START + 90_000 - 1_800 + 85_000, liability: 0 });
    expect(await money(q)).toEqual({ balance: START - 100_000, liability: 0 });
    expect(await money(r)).toEqual({ balance: START + 40_000 - 800, liability: 0 });
    expect(await houseChange(house0)).toEqual({
      cash: 100_000 - 90_000 - 40_000 - 85_000,
      commission: 2_600,
    });
    await expectLedgerClean();
  });

  // ---------------------------------------------------------------- refusals

  it('the rules calls refuse bad input with a readable reason and change nothing', async () => {
    const op = await operator();
    const c = await cricketMatch('T20', 'IPL');
    const other = await cricketMatch('T20', 'IPL');
    const odd = await cricketMatch('T20', 'WBBL'); // a competition without an averages table
    const p = await bettor();
    const avgFancy = await addFancy(odd.matchId, {
      name: '1st over runs AUS',
      variant: 'RUNS',
      no: [6, 100],
      yes: [7, 100],
      averageKey: 'FIRST_OVER_RUNS',
    });
    const meterNoLine = await addFancy(c.matchId, {
      name: 'Meter',
      variant: 'METER',
      no: null,
      yes: [50, 100],
      resultMax: 200,
      minStakePaise: 100,
    });
    await fancyBet(p, c.matchId, c.fancyIds[0]!, true, 49, 100, 1000);
    const before = await snapshotButAudit();
    const refusals: [string, object, string][] = [
      [
        'adminFancyIncomplete',
        { match_id: 2_000_000_000, overs_bowled: 3 },
        'Unknown cricket match 2000000000',
      ],
      [
        'adminFancyIncomplete',
        { match_id: c.matchId, overs_bowled: 3, fancy_ids: [other.fancyIds[0]] },
        `Fancy ${other.fancyIds[0]} is not a fancy of match ${c.matchId}`,
      ],
      [
        'adminFancyIncomplete',
        {
          match_id: c.matchId,
          overs_bowled: 3,
          results: [
            { fancy_id: c.fancyIds[0], result: 40 },
            { fancy_id: c.fancyIds[0], result: 41 },
          ],
        },
        `results name fancy ${c.fancyIds[0]} twice`,
      ],
      [
        'adminFancyIncomplete',
        { match_id: odd.matchId, overs_bowled: 0.3, fancy_ids: [avgFancy] },
        `Fancy ${avgFancy} (1st over runs AUS): competition WBBL has no averages table (IPL, BBL, CPL, T20, ODI)`,
      ],
      [
        'adminFancyAverage',
        { fancy_id: avgFancy },
        `Fancy ${avgFancy} (1st over runs AUS): competition WBBL has no averages table (IPL, BBL, CPL, T20, ODI)`,
      ],
      [
        'adminFancyIncomplete',
        { match_id: c.matchId, overs_bowled: 3, fancy_ids: [meterNoLine] },
        `Fancy ${meterNoLine} (Meter): the Meter midpoint needs no_line and yes_line`,
      ],
      [
        'adminFancyIncomplete',
        {
          match_id: c.matchId,
          overs_bowled: 3,
          fancy_ids: [c.fancyIds[9]],
          results: [{ fancy_id: c.fancyIds[9], result: 2, complete: true }],
        },
        `Fancy ${c.fancyIds[9]} (Wicket before 6 over AUS): result must be at most 1, got 2`,
      ],
      ['adminFancyAverage', { fancy_id: 2_000_000_000 }, 'Unknown fancy 2000000000'],
      [
        'adminBookmakerIncomplete',
        { market_id: 2_000_000_000, runs_at_mark: [1, 2] },
        'Unknown bookmaker market 2000000000',
      ],
      [
        'adminBookmakerIncomplete',
        { market_id: c.bookmakerMarketId },
        'No scoreboard is stored for this match: give runs_at_mark',
      ],
    ];
    for (const [name, body, message] of refusals) {
      const r = await op.call(name as 'adminFancyIncomplete', body);
      expect(r.body, `${name} ${JSON.stringify(body)}`).toEqual({ status: false, message });
    }
    const invalid: [string, object, string][] = [
      ['adminFancyIncomplete', { match_id: c.matchId, overs_bowled: -1 }, 'overs_bowled must be 0 or more'],
      ['adminFancyIncomplete', { match_id: c.matchId, overs_bowled: '70' }, 'overs_bowled must be a number'],
      [
        'adminFancyIncomplete',
        { match_id: c.matchId, overs_bowled: 3, fancy_ids: [] },
        'fancy_ids must name at least one fancy',
      ],
      ['adminFancyAverages', { competition: 'Ranji' }, 'competition must be one of'],
      ['adminFancyAverageSet', { competition: 'IPL', event: 'MATCH_RUNS', value: 5 }, 'event must be one of'],
      [
        'adminBookmakerIncomplete',
        { market_id: c.bookmakerMarketId, runs_at_mark: [1.5, 2] },
        'runs_at_mark must hold whole numbers',
      ],
    ];
    for (const [name, body, message] of invalid) {
      const r = await op.call(name as 'adminFancyIncomplete', body);
      expect(r.statusCode, `${name} ${JSON.stringify(body)}`).toBe(400);
      expect(r.body.message).toContain(message);
    }
    // A bettor may not call them.
    expect((await p.call('adminFancyIncomplete', { match_id: c.matchId, overs_bowled: 3 })).statusCode).toBe(
      403,
    );
    expect(await snapshotButAudit()).toBe(before);
    expect(await money(p)).toEqual({ balance: START, liability: 100_000 });
    await expectLedgerClean();
  });
});
