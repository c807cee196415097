// Issue 42, item 2: one question every kind's bet entry asks the market module first — "does this
// market take this bet now?" (modules/markets/takes-bets.ts) — so no kind can forget it. For every
// registered market kind, through its own bet route: a bet is taken on an OPEN market; the
// operator's admin/market/status SUSPENDED refuses the next in the market module's words; OPEN
// again takes one; CLOSED refuses in the same words for every kind. A kind registered tomorrow
// fails here until it has its probe. Ledger clean after every kind; both stores.
import { marketKind, type MarketKind } from '@backlay/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { cricketMatches } from '../src/modules/cricket/schema.ts';
import { createCricketFeedApi } from '../src/feeds/cricket-port.ts';
import {
  MARKET_NOT_OPEN_MESSAGE,
  MARKET_OTHER_KIND_MESSAGE,
  MARKET_SUSPENDED_MESSAGE,
  marketRefusalOf,
} from '../src/modules/markets/takes-bets.ts';
import type { Fence } from '../src/plugins/leader.ts';
import { expectLedgerClean, openRound, termBeforeEach } from './helpers/casino.ts';
import { TestClock } from './helpers/clock.ts';
import { createMarket, marketBet, nextRequestId } from './helpers/exchange.ts';
import { bettorOf, cricketTestMatch, operatorOf, type Bettor, inProgress } from './helpers/people.ts';
import { describeStores, type StoreContext } from './helpers/stores.ts';

type Answer = { status: boolean; message?: string };
/** A market of the kind, open, and a way to place one valid bet on it as `b`. */
type Probe = { marketId: number; place: (b: Bettor) => Promise<Answer> };
type ProbeOf = (ctx: StoreContext, fence: Fence) => Promise<Probe>;

const clock = new TestClock();
const ist = (s: string) => Date.parse(`${s}+05:30`);

/** A cricket match with a fresh scoreboard (its fancies and bookmaker quote only while it is fresh). */
async function freshCricket(app: FastifyInstance) {
  const m = await cricketTestMatch(app);
  await createCricketFeedApi(app).publishScore(m.matchId, inProgress(3));
  await app.db
    .update(cricketMatches)
    .set({ scoreUpdatedAt: sql`now()` })
    .where(eq(cricketMatches.matchId, m.matchId));
  return m;
}

const body = async (p: Promise<{ body: unknown }>) => (await p).body as Answer;

/** Each registered kind's probe: the market it opens and its own bet route. */
const PROBES: Record<MarketKind, ProbeOf> = {
  EXCHANGE: async ({ app }) => {
    const m = await createMarket(app);
    return {
      marketId: m.marketId,
      place: (b) => body(b.call('placeMarketBet', marketBet(m, 0, true, 2, 10))),
    };
  },
  BOOKMAKER: async ({ app }) => {
    const m = await freshCricket(app);
    return {
      marketId: m.bookmakerMarketId,
      place: (b) =>
        body(
          b.call('placeBookmakerBet', {
            match_id: m.matchId,
            market_id: m.bookmakerMarketId,
            selection_id: m.selectionIds[0]!,
            is_back: '1',
            rate: 85,
            stack: 100,
            request_id: nextRequestId('tb'),
          }),
        ),
    };
  },
  FANCY: async ({ app }) => {
    const m = await freshCricket(app);
    const fancyId = m.fancyIds[5]!; // "1st over runs AUS": No 6 / Yes 7 @100
    return {
      marketId: fancyId,
      place: (b) =>
        body(
          b.call('placeFancyBet', {
            match_id: m.matchId,
            fancy_id: fancyId,
            is_yes: '1',
            line: 7,
            rate: 100,
            stack: 100,
            request_id: nextRequestId('tb'),
          }),
        ),
    };
  },
  CASINO: async ({ app }, fence) => {
    const r = await openRound(app, fence, 'dragon_tiger_20', 10 * 60_000);
    return {
      marketId: r.marketId,
      place: (b) =>
        body(
          b.call('placeCasinoBet', {
            match_id: r.matchId,
            round_id: r.roundId,
            option_id: 'dragon',
            stack: 100,
            request_id: nextRequestId('tb'),
          }),
        ),
    };
  },
  BINARY: async (ctx, fence) => {
    const { app } = ctx;
    const code = 'RIL';
    const at = '2027-01-04T10:00:00';
    clock.advance(ist(at) - clock.now().getTime());
    await app.binary.recordTicks(fence, [{ code, t: ist(at), price: 1_480.4 }]); // No 1,480 / Yes 1,482
    const inst = (await app.binary.instruments()).find((i) => i.spec.code === code)!;
    // The session opens with the first bet of the day: place one to learn its market.
    const first = async (b: Bettor) =>
      body(
        b.call('placeBinaryBet', {
          match_id: inst.matchId,
          is_yes: '1',
          line: 1_482,
          rate: 100,
          stack: 100,
          request_id: nextRequestId('tb'),
        }),
      );
    const opener = await bettorOf(ctx, 10_000_00);
    expect(await first(opener)).toMatchObject({ status: true });
    const view = (await opener.call('getBinaryInstrument', { match_id: inst.matchId })).body.data as {
      instrument: { session_id: number };
    };
    return { marketId: view.instrument.session_id, place: first };
  },
};

describe('the market module’s question, pure', () => {
  it('answers by kind and status, in one set of words', () => {
    expect(marketRefusalOf({ kind: 'FANCY', status: 'OPEN' }, 'FANCY')).toBeNull();
    expect(marketRefusalOf(undefined, 'FANCY')).toBe('Unknown market');
    expect(marketRefusalOf({ kind: 'FANCY', status: 'OPEN' }, 'EXCHANGE')).toBe(MARKET_OTHER_KIND_MESSAGE);
    expect(marketRefusalOf({ kind: 'FANCY', status: 'SUSPENDED' }, 'FANCY')).toBe(MARKET_SUSPENDED_MESSAGE);
    expect(marketRefusalOf({ kind: 'FANCY', status: 'CLOSED' }, 'FANCY')).toBe(MARKET_NOT_OPEN_MESSAGE);
    expect(marketRefusalOf({ kind: 'FANCY', status: 'INACTIVE' }, 'FANCY')).toBe(MARKET_NOT_OPEN_MESSAGE);
  });
});

describeStores(
  'every kind’s bet entry asks the market module first (issue 42)',
  (ctx) => {
    let fence: Fence;
    termBeforeEach(
      () => ctx.app,
      (f) => (fence = f),
    );

    it('every registered kind has a probe here (and every kind of the contract is registered)', () => {
      const registered = ctx.app.kinds
        .all()
        .map((k) => k.kind)
        .sort();
      expect(Object.keys(PROBES).sort()).toEqual(registered);
      expect([...marketKind.options].sort()).toEqual(registered);
    });

    for (const kind of marketKind.options) {
      it(`${kind}: taken when OPEN; refused in the market's words when SUSPENDED and CLOSED`, async () => {
        const probe = await PROBES[kind](ctx, fence);
        const op = await operatorOf(ctx);
        const b = await bettorOf(ctx, 10_000_00);
        const status = async (to: 'OPEN' | 'SUSPENDED' | 'CLOSED') => {
          const r = await op.call('adminMarketStatus', {
            market_id: probe.marketId,
            status: to,
            request_id: nextRequestId('st'),
          });
          expect(r.body.status, JSON.stringify(r.body)).toBe(true);
        };
        expect(await probe.place(b)).toMatchObject({ status: true });
        await status('SUSPENDED');
        expect(await probe.place(b)).toEqual({ status: false, message: MARKET_SUSPENDED_MESSAGE });
        await status('OPEN');
        expect(await probe.place(b)).toMatchObject({ status: true });
        await status('CLOSED');
        expect(await probe.place(b)).toEqual({ status: false, message: MARKET_NOT_OPEN_MESSAGE });
        await expectLedgerClean(ctx.app);
      });
    }
  },
  { binary: { clock } },
);
