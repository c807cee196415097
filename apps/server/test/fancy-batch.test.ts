// A fancy's batch decided in memory (modules/fancy/batch.ts) against a naive oracle that decides
// each bet from the full list of its bettor's taken bets, and the node's copy of open bets
// (modules/fancy/open-bets.ts): trusted only at the sequence it was written at.
import { fancyExposurePaise, type FancyBet } from '@backlay/engine';
import { mulberry32 } from '@backlay/feed';
import { describe, expect, it } from 'vitest';
import {
  decideBatch,
  engineBetOf,
  openBetsOf,
  type FancyBetRequest,
  type FancyMarketState,
  type FancyQuoteState,
  type UserOpenBets,
} from '../src/modules/fancy/batch.ts';
import { budgetRefusal } from '../src/modules/markets/house-bets.ts';
import { createOpenBetsCache, OPEN_BETS_MAX_FANCIES } from '../src/modules/fancy/open-bets.ts';

const FANCY: FancyQuoteState = {
  variant: 'RUNS',
  status: 'ACTIVE',
  no_line: 48,
  no_rate: 100,
  yes_line: 49,
  yes_rate: 100,
  band: null,
  max_user_stake_paise: 50_000,
  result_max: 999,
};
const MARKET: FancyMarketState = {
  match_id: 7,
  kind: 'FANCY',
  status: 'OPEN',
  min_stake_paise: 10_000,
  max_stake_paise: 40_000,
};

function req(is_yes: boolean, stake_rupees: number, request_id: string, over: Partial<FancyBetRequest> = {}) {
  return {
    match_id: 7,
    fancy_id: 1,
    is_yes,
    line: is_yes ? 49 : 48,
    rate: 100,
    stake_paise: stake_rupees * 100,
    request_id,
    ...over,
  };
}

describe('a fancy batch decided in memory', () => {
  it('each bet meets the state the earlier bets of the batch left: budget, then the per-user stake cap', () => {
    const wallets = new Map([
      [1, { balance_paise: 15_000, elsewhere_paise: 0 }],
      [2, { balance_paise: 1_000_000, elsewhere_paise: 0 }],
    ]);
    // No and Yes at one line: a No after a Yes of the same stake hedges it to nothing.
    const { decisions, changed } = decideBatch({
      fancy: { ...FANCY, no_line: 49 },
      market: MARKET,
      requests: [
        { userId: 1, req: req(true, 100, 'a') },
        { userId: 1, req: req(true, 100, 'b') }, // needs ₹200 in all: ₹150 there
        { userId: 1, req: req(false, 100, 'c', { line: 49 }) }, // hedges: taken with nothing free
        { userId: 2, req: req(true, 400, 'd') },
        { userId: 2, req: req(true, 200, 'e') }, // ₹600 > the ₹500 cap per user
        { userId: 3, req: req(true, 100, 'f') }, // no wallet
      ],
      wallets,
      open: new Map(),
    });
    expect(decisions).toEqual([
      { ok: true, bet: expect.objectContaining({ is_yes: true, stake_paise: 10_000 }) },
      { ok: false, message: 'Insufficient balance: this bet needs ₹100.00, available ₹50.00' },
      { ok: true, bet: expect.objectContaining({ is_yes: false, stake_paise: 10_000 }) },
      { ok: true, bet: expect.objectContaining({ stake_paise: 40_000 }) },
      { ok: false, message: 'Your stake on this fancy would exceed 500' },
      { ok: false, message: 'Unknown user' },
    ]);
    expect(changed.get(1)).toMatchObject({ stake_paise: 20_000, hold_paise: 0 });
    expect(changed.get(1)!.bets).toHaveLength(2);
    expect(changed.get(2)).toMatchObject({ stake_paise: 40_000, hold_paise: 40_000 });
    expect(changed.has(3)).toBe(false);
  });

  it('a bettor starts from the open bets given, and the given states are left as they were', () => {
    const before = openBetsOf('RUNS', 999, [engineBetOf(FANCY, req(true, 300, 'x'))]);
    const open = new Map([[1, before]]);
    const { decisions, changed } = decideBatch({
      fancy: FANCY,
      market: MARKET,
      requests: [{ userId: 1, req: req(true, 300, 'y') }],
      wallets: new Map([[1, { balance_paise: 1_000_000, elsewhere_paise: 0 }]]),
      open,
    });
    expect(decisions[0]).toEqual({ ok: false, message: 'Your stake on this fancy would exceed 500' });
    expect(changed.size).toBe(0);
    expect(open.get(1)).toBe(before);
    expect(before.bets).toHaveLength(1);
  });

  it('refuses a request of another match, a closed market and a moved line, per request', () => {
    const { decisions } = decideBatch({
      fancy: FANCY,
      market: MARKET,
      requests: [
        { userId: 1, req: req(true, 100, 'a', { match_id: 8 }) },
        { userId: 1, req: req(true, 100, 'b', { line: 50 }) },
      ],
      wallets: new Map([[1, { balance_paise: 1_000_000, elsewhere_paise: 0 }]]),
      open: new Map(),
    });
    expect(decisions).toEqual([
      { ok: false, message: 'Unknown fancy for this match' },
      { ok: false, message: 'Line changed' },
    ]);
    const closed = decideBatch({
      fancy: FANCY,
      market: { ...MARKET, status: 'CLOSED' },
      requests: [{ userId: 1, req: req(true, 100, 'a') }],
      wallets: new Map([[1, { balance_paise: 1_000_000, elsewhere_paise: 0 }]]),
      open: new Map(),
    });
    expect(closed.decisions).toEqual([{ ok: false, message: 'Market is not open for betting' }]);
  });

  it('agrees with a naive oracle over random batches (every decision, every bettor’s stake and hold)', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const rand = mulberry32(seed); // seeded: a failure replays
      const users = 1 + Math.floor(rand() * 4);
      const wallets = new Map<number, { balance_paise: number; elsewhere_paise: number }>();
      const prior = new Map<number, FancyBet[]>();
      for (let u = 1; u <= users; u++) {
        wallets.set(u, {
          balance_paise: Math.floor(rand() * 80_000),
          elsewhere_paise: Math.floor(rand() * 20_000),
        });
        const bets: FancyBet[] = [];
        for (let k = Math.floor(rand() * 3); k > 0; k--)
          bets.push(engineBetOf(FANCY, req(rand() < 0.5, 100 + Math.floor(rand() * 50), 'p')));
        prior.set(u, bets);
      }
      const requests = Array.from({ length: 1 + Math.floor(rand() * 12) }, (_, i) => ({
        userId: 1 + Math.floor(rand() * users),
        req: req(rand() < 0.5, 100 + Math.floor(rand() * 150), `r${i}`),
      }));
      const open = new Map<number, UserOpenBets>(
        [...prior].map(([u, bets]) => [u, openBetsOf('RUNS', 999, bets)]),
      );
      const { decisions, changed } = decideBatch({ fancy: FANCY, market: MARKET, requests, wallets, open });

      // The oracle: each request from the whole list of its bettor's bets, recomputed from scratch.
      const taken = new Map([...prior].map(([u, bets]) => [u, [...bets]]));
      requests.forEach(({ userId, req: r }, i) => {
        const bets = taken.get(userId)!;
        const stake = bets.reduce((s, b) => s + b.stake_paise, 0);
        const bet = engineBetOf(FANCY, r);
        const w = wallets.get(userId)!;
        const capped = stake + bet.stake_paise > FANCY.max_user_stake_paise;
        const short =
          r.stake_paise > MARKET.max_stake_paise ||
          budgetRefusal({
            balance_paise: w.balance_paise,
            elsewhere_paise: w.elsewhere_paise,
            old_hold_paise: bets.length ? fancyExposurePaise('RUNS', bets, 999) : 0,
            new_hold_paise: fancyExposurePaise('RUNS', [...bets, bet], 999),
            limit: undefined,
          }) !== null;
        const ok = !capped && !short;
        expect(decisions[i]!.ok, `seed ${seed}, request ${i}`).toBe(ok);
        if (ok) bets.push(bet);
      });
      for (const [u, bets] of taken) {
        if (bets.length === prior.get(u)!.length) {
          expect(changed.has(u), `seed ${seed}, user ${u} unchanged`).toBe(false);
          continue;
        }
        expect(changed.get(u), `seed ${seed}, user ${u}`).toEqual({
          bets,
          stake_paise: bets.reduce((s, b) => s + b.stake_paise, 0),
          hold_paise: fancyExposurePaise('RUNS', bets, 999),
        });
      }
    }
  });
});

describe("the node's copy of a fancy's open bets", () => {
  const state = (stake: number): UserOpenBets => ({ bets: [], stake_paise: stake, hold_paise: stake });

  it('is trusted only at the sequence its last batch left, and a moved sequence starts it over', () => {
    const cache = createOpenBetsCache();
    expect(cache.at(1, 0).size).toBe(0);
    cache.commit(1, 0, 1, new Map([[10, state(100)]]));
    expect(cache.at(1, 1).get(10)).toEqual(state(100));
    cache.commit(1, 1, 2, new Map([[11, state(200)]]));
    expect([...cache.at(1, 2).keys()].sort()).toEqual([10, 11]);
    // Another node's batch moved the fancy from 2 to 3: this node's next batch finds 3.
    expect(cache.at(1, 3).size).toBe(0);
    cache.commit(1, 3, 4, new Map([[12, state(300)]]));
    expect([...cache.at(1, 4).keys()]).toEqual([12]);
  });

  it('keeps at most OPEN_BETS_MAX_FANCIES fancies, the least recently used out', () => {
    const cache = createOpenBetsCache();
    for (let f = 1; f <= OPEN_BETS_MAX_FANCIES; f++) cache.commit(f, 0, 1, new Map([[1, state(f)]]));
    expect(cache.at(1, 1).size).toBe(1); // fancy 1 used: fancy 2 is now the oldest
    cache.commit(OPEN_BETS_MAX_FANCIES + 1, 0, 1, new Map([[1, state(1)]]));
    expect(cache.size()).toBe(OPEN_BETS_MAX_FANCIES);
    expect(cache.at(2, 1).size).toBe(0);
    expect(cache.at(1, 1).size).toBe(1);
  });
});
