// A bookmaker batch decided in memory (modules/bookmaker/batch.ts) against a naive oracle that
// decides each bet alone from its bettor's full list of bets taken so far, over random batches; and
// the status the bettor sees when the generic market status and the bookmaker's own disagree.
import { bookmakerPosition, type BookmakerBet } from '@backlay/engine';
import { mulberry32 } from '@backlay/feed';
import { describe, expect, it } from 'vitest';
import {
  bookmakerStatusOf,
  decideBatch,
  positionOf,
  type BatchMarket,
  type BookmakerBetRequest,
} from '../src/modules/bookmaker/batch.ts';
import { budgetRefusal } from '../src/modules/markets/house-bets.ts';
import {
  MARKET_NOT_OPEN_MESSAGE,
  MARKET_OTHER_KIND_MESSAGE,
  MARKET_SUSPENDED_MESSAGE,
} from '../src/modules/markets/takes-bets.ts';

const MARKET: BatchMarket = {
  match_id: 7,
  kind: 'BOOKMAKER',
  status: 'OPEN',
  own_status: 'ACTIVE',
  min_stake_paise: 10_000,
  max_stake_paise: 500_000,
  runners: [
    { selection_id: 1, name: 'AUS', status: 'ACTIVE', back_rate: 85, lay_rate: 88 },
    { selection_id: 2, name: 'IND', status: 'ACTIVE', back_rate: 110, lay_rate: 114 },
    { selection_id: 3, name: 'Draw', status: 'REMOVED', back_rate: 900, lay_rate: 1000 },
  ],
};

function req(selection_id: number, is_back: boolean, stake_rupees: number): BookmakerBetRequest {
  const r = MARKET.runners.find((x) => x.selection_id === selection_id)!;
  return {
    match_id: 7,
    market_id: 1,
    selection_id,
    is_back,
    rate: (is_back ? r.back_rate : r.lay_rate)!,
    stake_paise: stake_rupees * 100,
    request_id: `r${Math.random()}`,
  };
}

describe('bookmaker batch', () => {
  it('decides like one bet at a time against each bettor’s bets so far (random batches)', () => {
    const rand = mulberry32(28);
    const running = ['1', '2'];
    for (let round = 0; round < 200; round++) {
      const users = [1, 2, 3];
      const wallets = new Map(
        users.map((u) => [
          u,
          { balance_paise: Math.floor(rand() * 300_000), elsewhere_paise: Math.floor(rand() * 50_000) },
        ]),
      );
      const start = new Map<number, BookmakerBet[]>();
      for (const u of users) {
        const bets: BookmakerBet[] = [];
        for (let i = Math.floor(rand() * 3); i > 0; i--) {
          bets.push({
            selection_id: rand() < 0.5 ? '1' : '2',
            is_back: rand() < 0.5,
            rate: 100,
            stake_paise: 10_000,
          });
        }
        start.set(u, bets);
      }
      const requests = Array.from({ length: 1 + Math.floor(rand() * 12) }, () => ({
        userId: users[Math.floor(rand() * users.length)]!,
        req: req(rand() < 0.8 ? (rand() < 0.5 ? 1 : 2) : 3, rand() < 0.5, 100 + Math.floor(rand() * 3_000)),
      }));
      const open = new Map([...start].map(([u, bets]) => [u, positionOf(running, bets)]));
      const { decisions, changed } = decideBatch({ market: MARKET, requests, wallets, open });

      // The oracle: each request alone, against the full list of its bettor's bets so far.
      const taken = new Map([...start].map(([u, bets]) => [u, [...bets]]));
      requests.forEach(({ userId, req: r }, i) => {
        const d = decisions[i]!;
        if (r.selection_id === 3) {
          expect(d).toEqual({ ok: false, message: 'Draw is not taking bets' });
          return;
        }
        const before = taken.get(userId)!;
        const bet = {
          selection_id: String(r.selection_id),
          is_back: r.is_back,
          rate: r.rate,
          stake_paise: r.stake_paise,
        };
        const hold = (bets: BookmakerBet[]) =>
          bets.length ? bookmakerPosition(running, bets).exposure_paise : 0;
        const w = wallets.get(userId)!;
        const short = budgetRefusal({
          balance_paise: w.balance_paise,
          elsewhere_paise: w.elsewhere_paise,
          old_hold_paise: hold(before),
          new_hold_paise: hold([...before, bet]),
          limit: undefined,
        });
        expect(d.ok).toBe(short === null);
        if (short === null) before.push(bet);
      });
      for (const [u, state] of changed) {
        expect(state.bets).toEqual(taken.get(u));
        expect(state.hold_paise).toBe(positionOf(running, taken.get(u)!).hold_paise);
      }
      // `open` is not changed (a batch whose transaction fails leaves no trace).
      for (const [u, bets] of start) expect(open.get(u)!.bets).toEqual(bets);
    }
  });

  it('refuses on the market row’s status whatever the bookmaker’s own says', () => {
    const one = (market: BatchMarket) =>
      decideBatch({
        market,
        requests: [{ userId: 1, req: req(1, true, 100) }],
        wallets: new Map([[1, { balance_paise: 1_000_000, elsewhere_paise: 0 }]]),
        open: new Map(),
      }).decisions[0];
    expect(one(MARKET)).toMatchObject({ ok: true });
    // The market row's status: the market module's question, in its words.
    expect(one({ ...MARKET, status: 'SUSPENDED' })).toEqual({ ok: false, message: MARKET_SUSPENDED_MESSAGE });
    expect(one({ ...MARKET, status: 'INACTIVE' })).toEqual({ ok: false, message: MARKET_NOT_OPEN_MESSAGE });
    expect(one({ ...MARKET, status: 'CLOSED' })).toEqual({ ok: false, message: MARKET_NOT_OPEN_MESSAGE });
    expect(one({ ...MARKET, kind: 'FANCY' })).toEqual({ ok: false, message: MARKET_OTHER_KIND_MESSAGE });
    // The bookmaker's own quote status: its own words.
    expect(one({ ...MARKET, own_status: 'SUSPENDED' })).toEqual({ ok: false, message: 'Suspended' });
    expect(one({ ...MARKET, own_status: 'CLOSED' })).toEqual({ ok: false, message: 'Market closed' });
    expect(one({ ...MARKET, own_status: 'BALL_RUNNING' })).toEqual({ ok: false, message: 'Ball running' });
    expect(one({ ...MARKET, match_id: 8 })).toEqual({ ok: false, message: 'Unknown market for this match' });
    expect(bookmakerStatusOf('BALL_RUNNING', 'OPEN')).toBe('BALL_RUNNING');
    expect(bookmakerStatusOf('ACTIVE', 'SUSPENDED')).toBe('SUSPENDED');
    expect(bookmakerStatusOf('SUSPENDED', 'CLOSED')).toBe('CLOSED');
  });
});
