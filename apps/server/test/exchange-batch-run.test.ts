// The pure part of a batch (modules/exchange/batch.ts): commands run through the engine against an
// in-memory market state, without a store. What a batch answers, the fills and bet changes it
// gathers for its one write, and the exposures it stores.
import {
  bookFromOrders,
  layLiabilityPaise,
  marketPosition,
  restingOf,
  sameResting,
  setInPlay,
  unmatchedBetsOf,
  type RestingOrder,
} from '@backlay/engine';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cashOutIn } from '../src/modules/exchange/cash-out.ts';
import {
  applyEvents,
  assertCeilings,
  candidateUsers,
  executeBatch,
  exposuresOf,
  positionOf,
  screenBatch,
  stateFrom,
  type BatchCommand,
  type MarketState,
  type BatchMarket,
  type FirstBet,
  type RunnerRow,
} from '../src/modules/exchange/batch.ts';

const R0 = 10;
const R1 = 11;
const R2 = 12;
const runners: RunnerRow[] = [
  { selectionId: R0, name: 'Home', status: 'ACTIVE' },
  { selectionId: R1, name: 'Away', status: 'ACTIVE' },
  { selectionId: R2, name: 'The Draw', status: 'REMOVED' },
];
const selIds = { ids: runners.map((r) => String(r.selectionId)), outcomes: { winners: 1 } };

const market = (over: Partial<BatchMarket> = {}): BatchMarket => ({
  marketId: 7,
  matchId: 3,
  marketKind: 'EXCHANGE',
  status: 'OPEN',
  version: 1,
  inPlay: false,
  betDelayS: 0,
  minStakePaise: 100,
  maxStakePaise: 50_000_000,
  nextSeq: 1,
  winners: 1,
  ...over,
});

const at = new Date('2025-01-01T10:00:00Z');
let rid = 0;
const place = (
  userId: number,
  selection_id: number,
  side: 'BACK' | 'LAY',
  price: number,
  size_paise: number,
  request_id = `r${++rid}`,
): BatchCommand => ({
  kind: 'place',
  userId,
  request: { market_id: 7, selection_id, side, price, size_paise, request_id },
  delayedVersion: null,
});
const cancelAll = (userId: number): BatchCommand => ({ kind: 'cancel', userId, target: { market_id: 7 } });

const resting = (
  o: Partial<RestingOrder> & Pick<RestingOrder, 'order_id' | 'user_id' | 'seq'>,
): RestingOrder => ({
  selection_id: String(R0),
  side: 'BACK',
  price: 200,
  size_paise: 10_000,
  remaining_paise: 10_000,
  matched_paise: 0,
  cancelled_paise: 0,
  persistence: 'LAPSE',
  ...o,
});

/**
 * What the wallet grants each command in its round (as `wallet.grant` does, the user's hold on
 * this market their only one): each bet's worst case, or what is left of the
 * user's available balance (balance − hold − earlier grants), in order; null for a user
 * without a balance.
 */
function grantFor(cmds: BatchCommand[], balances: Record<number, number>, held: Map<number, number>) {
  const left = new Map(Object.entries(balances).map(([u, b]) => [Number(u), b - (held.get(Number(u)) ?? 0)]));
  return cmds.map((c) => {
    if (c.kind !== 'place') return null;
    const avail = left.get(c.userId);
    if (avail === undefined) return null;
    const r = c.request;
    const want = r.side === 'BACK' ? r.size_paise : layLiabilityPaise(r.size_paise, r.price);
    const grant = Math.min(want, Math.max(avail, 0));
    left.set(c.userId, avail - grant);
    return grant;
  });
}

/** Screens and runs a batch as service.ts does, with the store's reads given in memory. */
function run(
  state: ReturnType<typeof stateFrom>,
  cmds: BatchCommand[],
  opts: {
    market?: BatchMarket;
    balances: Record<number, number>;
    firsts?: Map<string, FirstBet>;
    betIds?: number[];
  },
) {
  const m = opts.market ?? market();
  const screened = screenBatch(cmds, opts.firsts ?? new Map(), m);
  const users = candidateUsers(cmds, screened);
  const held = exposuresOf(state, selIds, users);
  return {
    users,
    ...executeBatch(state, cmds, screened, {
      market: m,
      runners,
      betIds: opts.betIds ?? cmds.map((_, i) => 100 + i),
      granted: grantFor(cmds, opts.balances, held),
      at,
    }),
  };
}

const emptyState = (nextSeq = 1) =>
  stateFrom(bookFromOrders([], { in_play: false, closed: false, next_seq: nextSeq }), []);

describe('a batch run in memory (no store)', () => {
  it('places, matches at the maker price, cancels, answers a repeat, and gathers the writes', () => {
    const state = emptyState();
    const layer = 1;
    const backer = 2;
    const poor = 3;
    const cmds = [
      place(layer, R0, 'LAY', 200, 10_000), // rests: what a bettor can back at 2.0
      place(backer, R0, 'BACK', 190, 6_000, 'same'), // matches 60 of it at 2.0 (the maker's price)
      place(backer, R0, 'BACK', 190, 6_000, 'same'), // the same request_id again: the first answer
      place(poor, R1, 'BACK', 300, 10_000), // risks ₹100 with ₹50: refused, leaves nothing
      place(backer, 999, 'BACK', 300, 1_000), // not a runner of this market
      place(backer, R2, 'BACK', 300, 1_000), // a removed runner
      cancelAll(layer), // the layer's 40 left go
    ];
    const r = run(state, cmds, { balances: { [layer]: 1_000_000, [backer]: 1_000_000, [poor]: 5_000 } });

    expect(r.users).toEqual([layer, backer, poor]);
    expect(r.outcomes).toEqual([
      {
        ok: true,
        bet_id: 100,
        status: 'UNMATCHED',
        size_matched_paise: 0,
        size_remaining_paise: 10_000,
        average_price_matched: null,
        repeated: false,
      },
      {
        ok: true,
        bet_id: 101,
        status: 'MATCHED',
        size_matched_paise: 6_000,
        size_remaining_paise: 0,
        average_price_matched: 200,
        repeated: false,
      },
      {
        ok: true,
        bet_id: 101,
        status: 'MATCHED',
        size_matched_paise: 6_000,
        size_remaining_paise: 0,
        average_price_matched: 200,
        repeated: true,
      },
      { ok: false, message: 'Insufficient balance for this bet' },
      { ok: false, message: 'Unknown runner for this market' },
      { ok: false, message: 'The Draw is not active' },
      { ok: true, cancelled: 1, size_cancelled_paise: 4_000 },
    ]);
    // Two placements and one cancel moved the book: next_seq 1 → 4.
    expect(r.nextSeq).toBe(4);
    expect(state.book.next_seq).toBe(4);
    expect(state.book.orders.size).toBe(0);

    const ch = r.changes;
    expect(ch.fills).toEqual([
      {
        marketId: 7,
        selectionId: R0,
        price: 200,
        sizePaise: 6_000,
        backBetId: 101,
        layBetId: 100,
        backUserId: backer,
        layUserId: layer,
        takerBetId: 101,
        createdAt: at,
      },
    ]);
    expect(ch.traded).toEqual(new Map([[R0, 6_000]]));
    expect(ch.touched).toEqual(new Set([layer, backer]));
    expect(ch.olderBetDeltas()).toEqual([]);
    expect(
      ch.newBetRows().map((b) => ({
        betId: b.betId,
        seq: b.seq,
        matched: b.matchedPaise,
        remaining: b.remainingPaise,
        cancelled: b.cancelledPaise,
        value: b.matchedValue,
        placedMatched: b.placedMatchedPaise,
        end: b.endReason,
      })),
    ).toEqual([
      {
        betId: 100,
        seq: 1,
        matched: 6_000,
        remaining: 0,
        cancelled: 4_000,
        value: 6_000 * 200,
        placedMatched: 0,
        end: 'CANCELLED',
      },
      {
        betId: 101,
        seq: 2,
        matched: 6_000,
        remaining: 0,
        cancelled: 0,
        value: 6_000 * 200,
        placedMatched: 6_000,
        end: null,
      },
    ]);
    // Each side of the ₹60 match risks ₹60; nothing rests any more.
    const exposures = exposuresOf(state, selIds, ch.touched);
    expect(exposures).toEqual(
      new Map([
        [layer, 6_000],
        [backer, 6_000],
      ]),
    );
    expect(() => assertCeilings(7, exposures, r.ceilings)).not.toThrow();
    // A poor user's refused bet touched nobody and nothing.
    expect(exposuresOf(state, selIds, [poor])).toEqual(new Map([[poor, 0]]));
  });

  it('a hedge that only fits once matched, then a bet refused mid-batch, then one that fits', () => {
    // a has backed ₹100 at 2.0 on R0 against the maker's lay (+100 on R0, −100 on R1); the maker
    // now offers ₹250 of backs at 1.5 on R0. a's balance is ₹100.
    const a = 1;
    const maker = 900;
    const book = bookFromOrders(
      [
        resting({
          order_id: '3',
          user_id: String(maker),
          price: 150,
          size_paise: 25_000,
          remaining_paise: 25_000,
          seq: 3,
        }),
      ],
      { in_play: false, closed: false, next_seq: 4 },
    );
    const state = stateFrom(book, [
      { userId: a, selectionId: R0, side: 'BACK', price: 200, total: 10_000 },
      { userId: maker, selectionId: R0, side: 'LAY', price: 200, total: 10_000 },
    ]);
    expect(exposuresOf(state, selIds, [a])).toEqual(new Map([[a, 10_000]]));
    const r = run(
      state,
      [
        // Unmatched at its 2.0 limit it would risk ₹150 on R0; matched at 1.5 it leaves −25 / +150.
        place(a, R0, 'LAY', 200, 25_000),
        // Then a ₹100 back on R1 would take R0 to −125: more than the ₹100 balance.
        place(a, R1, 'BACK', 500, 10_000),
        // A ₹50 one takes it to −75: fits.
        place(a, R1, 'BACK', 500, 5_000),
      ],
      { market: market({ nextSeq: 4 }), balances: { [a]: 10_000 }, betIds: [20, 21, 22] },
    );
    expect(r.outcomes[0]).toMatchObject({
      ok: true,
      status: 'MATCHED',
      size_matched_paise: 25_000,
      average_price_matched: 150,
    });
    expect(r.outcomes[1]).toEqual({ ok: false, message: 'Insufficient balance for this bet' });
    expect(r.outcomes[2]).toMatchObject({
      ok: true,
      bet_id: 22,
      status: 'UNMATCHED',
      size_remaining_paise: 5_000,
    });
    expect(r.nextSeq).toBe(6);
    // The maker's resting back was filled by a bet of this batch: a change to an older bet.
    expect(r.changes.olderBetDeltas()).toEqual([
      { betId: 3, matched: 25_000, value: 25_000 * 150, cancelled: 0, end: null },
    ]);
    const exposures = exposuresOf(state, selIds, r.changes.touched);
    expect(exposures.get(a)).toBe(7_500);
    expect(exposures.get(maker)).toBe(15_000);
    // The ceiling is the exposure before plus what the accepted bets were granted (nothing: the hold
    // already took the whole balance): ₹100.
    expect(r.ceilings).toEqual(new Map([[a, 10_000]]));
    expect(() => assertCeilings(7, exposures, r.ceilings)).not.toThrow();
    expect(() => assertCeilings(7, new Map([[a, 10_001]]), r.ceilings)).toThrow(/above its ceiling/);
  });

  it('repeats from the store and the market row refuse before anything runs', () => {
    const state = emptyState();
    const first: FirstBet = {
      betId: 55,
      sizePaise: 10_000,
      placedMatchedPaise: 2_500,
      placedMatchedValue: 2_500 * 300,
    };
    const cmds = [
      place(1, R0, 'BACK', 300, 10_000, 'seen'),
      place(1, R0, 'BACK', 300, 50),
      place(2, R0, 'BACK', 300, 1_000),
    ];
    const screened = screenBatch(cmds, new Map([['1:seen', first]]), market());
    expect(screened).toEqual([
      {
        ok: true,
        bet_id: 55,
        status: 'PARTIAL',
        size_matched_paise: 2_500,
        size_remaining_paise: 7_500,
        average_price_matched: 300,
        repeated: true,
      },
      { ok: false, message: 'Minimum stake is 1' },
      undefined,
    ]);
    expect(candidateUsers(cmds, screened)).toEqual([2]);

    expect(screenBatch(cmds.slice(1), new Map(), market({ status: 'SUSPENDED' }))).toEqual([
      { ok: false, message: 'Market is suspended' },
      { ok: false, message: 'Market is suspended' },
    ]);
    expect(screenBatch([cancelAll(1), cmds[2]!], new Map(), null)).toEqual([
      { ok: false, message: 'Unknown market' },
      { ok: false, message: 'Unknown market' },
    ]);
    // Nothing ran: the state is as it was.
    const r = run(state, [cmds[2]!], {
      market: market({ inPlay: true, betDelayS: 5 }),
      balances: { 2: 1_000_000 },
    });
    expect(r.outcomes).toEqual([{ ok: false, message: 'Market has just gone in play; place the bet again' }]);
    expect(r.nextSeq).toBe(1);
    expect(state.book.orders.size).toBe(0);
  });
});

/**
 * The state's kept parts against the book they describe: each user's resting sums and resting ids
 * as the book's orders give them, and each exposure as a walk of the orders prices it.
 */
function expectStateTrue(state: MarketState, users: readonly number[]) {
  const truth = restingOf(state.book);
  expect([...state.resting.keys()].sort()).toEqual([...truth.keys()].sort());
  for (const [u, sums] of truth) expect(sameResting(state.resting.get(u), sums)).toBe(true);
  const ids = new Map<string, string[]>();
  for (const o of state.book.orders.values()) ids.set(o.user_id, [...(ids.get(o.user_id) ?? []), o.order_id]);
  for (const u of users.map(String)) {
    expect([...(state.ordersOf.get(u) ?? [])].sort()).toEqual((ids.get(u) ?? []).sort());
  }
  const exposures = exposuresOf(state, selIds, users);
  for (const u of users) {
    const walked = marketPosition(selIds.ids, {
      matched: positionOf(state, String(u)),
      unmatched: unmatchedBetsOf(state.book, String(u)),
    });
    expect(exposures.get(u)).toBe(walked.exposure_paise);
  }
}

describe("a market state's resting sums and ids (kept from the book's events)", () => {
  const USERS = [1, 2, 3];
  const cmdArb = fc.oneof(
    {
      weight: 8,
      arbitrary: fc
        .record({
          user: fc.constantFrom(...USERS),
          runner: fc.constantFrom(R0, R1),
          side: fc.constantFrom<'BACK' | 'LAY'>('BACK', 'LAY'),
          price: fc.constantFrom(190, 196, 200, 204, 210),
          size: fc.integer({ min: 100, max: 40_000 }),
        })
        .map((b) => place(b.user, b.runner, b.side, b.price, b.size)),
    },
    { weight: 1, arbitrary: fc.constantFrom(...USERS).map(cancelAll) },
    {
      weight: 2,
      arbitrary: fc
        .record({ user: fc.constantFrom(...USERS), bet: fc.integer({ min: 1, max: 400 }) })
        .map((c): BatchCommand => ({ kind: 'cancel', userId: c.user, target: { bet_id: 1000 + c.bet } })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...USERS).map((userId): BatchCommand => ({
        kind: 'cashout',
        userId,
        market_id: 7,
        request_id: `co${++rid}`,
        accepted_profit_paise: -1_000_000_000,
        legs_max: 2,
        delayedVersion: null,
      })),
    },
  );

  it('equal the orders after every batch: sure and tried-on-a-copy bets, refusals, cancels, cash outs, lapses', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(cmdArb, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 25 }),
        fc.integer({ min: 0, max: 25 }),
        // Small balances, so some bets only fit once matched (tried on a copy) and some are refused.
        fc.record({
          1: fc.integer({ min: 0, max: 60_000 }),
          2: fc.integer({ min: 0, max: 60_000 }),
          3: fc.constant(10_000_000),
        }),
        (batches, inPlayAt, balances) => {
          const state = emptyState();
          let nextSeq = 1;
          let nextId = 1001;
          batches.forEach((cmds, b) => {
            if (b === inPlayAt) applyEvents(state, setInPlay(state.book));
            const m = market({ nextSeq, inPlay: state.book.in_play });
            const screened = screenBatch(cmds, new Map(), m);
            const held = exposuresOf(state, selIds, USERS);
            const ids = cmds.flatMap((c) => (c.kind === 'cashout' ? [nextId++, nextId++] : [nextId++]));
            const r = executeBatch(state, cmds, screened, {
              market: m,
              runners,
              betIds: ids,
              granted: grantFor(cmds, balances, held).map((g, i) =>
                cmds[i]!.kind === 'cashout' ? 1_000_000 : g,
              ),
              at,
              cashOut: cashOutIn,
            });
            nextSeq = r.nextSeq;
            expectStateTrue(state, USERS);
          });
        },
      ),
      { numRuns: 150 },
    );
  });
});
