// Each settlement rule as a named test stating the money every account ends with. Every user
// starts with 10,000 paise and the house with 0 (see helpers.balancesAfter).
import { describe, expect, it } from 'vitest';
import {
  basketballMatchDecision,
  footballMatchDecision,
  footballRegularTimeOutcome,
  horseRaceDecision,
  resultAtWeighIn,
  reverseMovements,
  settleMarket,
  unmatchedBetsCancelledByRemoval,
  type HorseRaceFacts,
  type SettleBet,
  type SettleRuleDecision,
} from '../../src/index.ts';
import { T0, applyMovements, balancesAfter, bet } from './helpers.ts';

const HOUR = 3_600_000;
const MIN = 60_000;
const market = { market_id: 'm1' };

/** Settles a market through a sport rule's decision: void if the rule says so, else on the given winner. */
function settleByRule(decision: SettleRuleDecision, bets: readonly SettleBet[], winner: string) {
  return settleMarket(
    decision.stands
      ? { market, bets, result: { winners: [winner] } }
      : { market, bets, void_market: { reason: decision.reason } },
  );
}

describe('match odds: win, lose, commission', () => {
  it('back 100 @ 3.00 on the winner against a lay: backer +200 less 2% commission = 10,196; layer 9,800; house 4', () => {
    const s = settleMarket({
      market,
      bets: [bet('alice', 'BACK', 'A', 300, 100), bet('bob', 'LAY', 'A', 300, 100)],
      result: { winners: ['A'] },
    });
    expect(s.bets.map((b) => [b.outcome, b.profit_paise])).toEqual([
      ['WON', 200],
      ['LOST', -200],
    ]);
    expect(balancesAfter(s, ['alice', 'bob'])).toEqual({ alice: 10_196, bob: 9_800, house: 4 });
  });

  it('back 100 @ 3.00 on a loser: backer loses the stake (9,900); the layer wins 100 less 2 commission (10,098); house 2', () => {
    const s = settleMarket({
      market,
      bets: [bet('alice', 'BACK', 'A', 300, 100), bet('bob', 'LAY', 'A', 300, 100)],
      result: { winners: ['B'] },
    });
    expect(s.bets.map((b) => b.outcome)).toEqual(['LOST', 'WON']);
    expect(balancesAfter(s, ['alice', 'bob'])).toEqual({ alice: 9_900, bob: 10_098, house: 2 });
  });

  it('commission is on NET market winnings: +300 on A and −100 on B nets 200, commission 4 → 10,196', () => {
    const s = settleMarket({
      market,
      bets: [
        bet('alice', 'BACK', 'A', 400, 100),
        bet('alice', 'BACK', 'B', 250, 100),
        bet('bob', 'LAY', 'A', 400, 100),
        bet('bob', 'LAY', 'B', 250, 100),
      ],
      result: { winners: ['A'] },
    });
    const alice = s.users.find((u) => u.user_id === 'alice');
    expect(alice).toMatchObject({ won_paise: 300, lost_paise: 100, net_paise: 200, commission_paise: 4 });
    expect(balancesAfter(s, ['alice', 'bob'])).toEqual({ alice: 10_196, bob: 9_800, house: 4 });
  });

  it('no commission on a losing market: won 50, lost 100 → net −50, no commission, 9,950', () => {
    const s = settleMarket({
      market,
      bets: [
        bet('alice', 'BACK', 'A', 150, 100),
        bet('alice', 'BACK', 'B', 300, 100),
        bet('bob', 'LAY', 'A', 150, 100),
        bet('bob', 'LAY', 'B', 300, 100),
      ],
      result: { winners: ['A'] },
    });
    expect(s.users.find((u) => u.user_id === 'alice')).toMatchObject({ net_paise: -50, commission_paise: 0 });
    expect(balancesAfter(s, ['alice', 'bob'])).toEqual({ alice: 9_950, bob: 10_049, house: 1 });
  });

  it('per-market commission rate 5%: back 1,000 @ 2.00 wins 1,000, commission 50 → 10,950; layer 9,000; house 50', () => {
    const s = settleMarket({
      market: { market_id: 'm5', commission_bp: 500 },
      bets: [bet('alice', 'BACK', 'A', 200, 1_000), bet('bob', 'LAY', 'A', 200, 1_000)],
      result: { winners: ['A'] },
    });
    expect(balancesAfter(s, ['alice', 'bob'])).toEqual({ alice: 10_950, bob: 9_000, house: 50 });
  });

  it('rounding: 333 @ 1.50 wins 166 (exact 166.5, rounded down) and the layer pays 167 (exact 166.5, rounded against the bettor, as its hold was); commission floor(3.32) = 3', () => {
    const s = settleMarket({
      market,
      bets: [bet('alice', 'BACK', 'A', 150, 333), bet('bob', 'LAY', 'A', 150, 333)],
      result: { winners: ['A'] },
    });
    expect(s.bets.map((b) => b.profit_paise)).toEqual([166, -166]);
    expect(balancesAfter(s, ['alice', 'bob'])).toEqual({ alice: 10_163, bob: 9_833, house: 4 });
  });
});

describe('rounding', () => {
  it('rounding once per user and market: two 0.5-paisa wins and a 1-paisa loss net exactly 0 → both users 10,000, house 0', () => {
    const s = settleMarket({
      market,
      bets: [
        bet('alice', 'BACK', 'A', 150, 1),
        bet('alice', 'BACK', 'A', 150, 1),
        bet('alice', 'BACK', 'B', 200, 1),
        bet('bob', 'LAY', 'A', 150, 1),
        bet('bob', 'LAY', 'A', 150, 1),
        bet('bob', 'LAY', 'B', 200, 1),
      ],
      result: { winners: ['A'] },
    });
    expect(s.bets.map((b) => b.profit_paise)).toEqual([0, 0, -1, 0, 0, 1]);
    expect(s.users.map((u) => [u.user_id, u.net_paise, u.rounding_paise])).toEqual([
      ['alice', 0, 1],
      ['bob', 0, -1],
    ]);
    expect(balancesAfter(s, ['alice', 'bob'])).toEqual({ alice: 10_000, bob: 10_000, house: 0 });
  });
});

describe('dead heat', () => {
  it('two-way dead heat: back 100 @ 4.00 → 50 wins 150, 50 is lost: +100, commission 2 → 10,098; the layer −100 → 9,900', () => {
    const s = settleMarket({
      market,
      bets: [bet('alice', 'BACK', 'A', 400, 100), bet('bob', 'LAY', 'A', 400, 100)],
      result: { winners: ['A', 'B'], dead_heat_count: 2 },
    });
    expect(s.bets.map((b) => [b.outcome, b.profit_paise, b.dead_heat])).toEqual([
      ['WON', 100, { num: 1, den: 2 }],
      ['LOST', -100, { num: 1, den: 2 }],
    ]);
    expect(balancesAfter(s, ['alice', 'bob'])).toEqual({ alice: 10_098, bob: 9_900, house: 2 });
  });

  it('two-way dead heat at 1.50 ("50% on the rate"): back 100 returns 75 of its stake → −25 (9,975); the layer +25 less 0 commission (10,025)', () => {
    const s = settleMarket({
      market,
      bets: [bet('alice', 'BACK', 'A', 150, 100), bet('bob', 'LAY', 'A', 150, 100)],
      result: { winners: ['A', 'B'], dead_heat_count: 2 },
    });
    expect(balancesAfter(s, ['alice', 'bob'])).toEqual({ alice: 9_975, bob: 10_025, house: 0 });
  });

  it('dead heat does not touch bets on losers: back 100 on C loses 100 (9,900), its layer wins 100 less 2 (10,098)', () => {
    const s = settleMarket({
      market,
      bets: [bet('alice', 'BACK', 'C', 500, 100), bet('bob', 'LAY', 'C', 500, 100)],
      result: { winners: ['A', 'B'], dead_heat_count: 2 },
    });
    expect(balancesAfter(s, ['alice', 'bob'])).toEqual({ alice: 9_900, bob: 10_098, house: 2 });
  });

  it('place market, 3 places, dead heat for 3rd between C and D: back 100 @ 3.00 on C pays 1/2 → +50 (10,049); on A full → +200', () => {
    const s = settleMarket({
      market: { market_id: 'p1', kind: 'PLACE' },
      bets: [
        bet('alice', 'BACK', 'C', 300, 100),
        bet('bob', 'LAY', 'C', 300, 100),
        bet('carol', 'BACK', 'A', 300, 100),
        bet('bob', 'LAY', 'A', 300, 100),
      ],
      result: { winners: ['A', 'B', 'C', 'D'], dead_heats: [{ selection_ids: ['C', 'D'], places: 1 }] },
    });
    expect(s.bets.map((b) => b.profit_paise)).toEqual([50, -50, 200, -200]);
    expect(balancesAfter(s, ['alice', 'bob', 'carol'])).toEqual({
      alice: 10_049,
      bob: 9_750,
      carol: 10_196,
      house: 5,
    });
  });
});

describe('voids', () => {
  it('whole market void: every bet void, balances unchanged, no movements', () => {
    const s = settleMarket({
      market,
      bets: [bet('alice', 'BACK', 'A', 300, 100), bet('bob', 'LAY', 'A', 300, 100)],
      void_market: { reason: 'OPERATOR' },
    });
    expect(
      s.bets.every((b) => b.outcome === 'VOID' && b.void_reason === 'OPERATOR' && b.profit_paise === 0),
    ).toBe(true);
    expect(s.movements).toEqual([]);
    expect(balancesAfter(s, ['alice', 'bob'])).toEqual({ alice: 10_000, bob: 10_000, house: 0 });
  });

  it('one runner void: bets on A void, bets on B stand — back B 100 @ 2.00 wins 100 less 2 → 10,098; layer 9,900', () => {
    const s = settleMarket({
      market,
      bets: [
        bet('alice', 'BACK', 'A', 300, 100),
        bet('bob', 'LAY', 'A', 300, 100),
        bet('alice', 'BACK', 'B', 200, 100),
        bet('bob', 'LAY', 'B', 200, 100),
      ],
      result: { winners: ['B'] },
      void_selections: ['A'],
    });
    expect(s.bets.map((b) => b.void_reason)).toEqual(['SELECTION_VOID', 'SELECTION_VOID', null, null]);
    expect(balancesAfter(s, ['alice', 'bob'])).toEqual({ alice: 10_098, bob: 9_900, house: 2 });
  });

  it('time-window void ("wrong rate"): bets placed in [from, to] (inclusive) void, the one after stands → 10,196 / 9,800 / 4', () => {
    const from = T0;
    const to = T0 + 5 * MIN;
    const s = settleMarket({
      market,
      bets: [
        bet('alice', 'BACK', 'A', 1_000, 100, { placed_at_ms: from }),
        bet('bob', 'LAY', 'A', 1_000, 100, { placed_at_ms: to }),
        bet('alice', 'BACK', 'A', 300, 100, { placed_at_ms: to + 1 }),
        bet('bob', 'LAY', 'A', 300, 100, { placed_at_ms: to + 1 }),
      ],
      result: { winners: ['A'] },
      void_windows: [{ from_ms: from, to_ms: to }],
    });
    expect(s.bets.map((b) => b.void_reason)).toEqual(['TIME_WINDOW', 'TIME_WINDOW', null, null]);
    expect(balancesAfter(s, ['alice', 'bob'])).toEqual({ alice: 10_196, bob: 9_800, house: 4 });
  });

  it("conduct void (spec §6): only the flagged user's WINNING bet is void; their losing bet stands (9,900); the counterparty pays its loss to the house", () => {
    const s = settleMarket({
      market,
      bets: [
        bet('mallory', 'BACK', 'A', 300, 100),
        bet('bob', 'LAY', 'A', 300, 100),
        bet('mallory', 'BACK', 'B', 200, 100),
        bet('bob', 'LAY', 'B', 200, 100),
      ],
      result: { winners: ['A'] },
      conduct_voids: { user_ids: ['mallory'] },
    });
    expect(s.bets.map((b) => [b.outcome, b.void_reason, b.profit_paise])).toEqual([
      ['VOID', 'CONDUCT', 0],
      ['LOST', null, -200],
      ['LOST', null, -100],
      ['WON', null, 100],
    ]);
    expect(balancesAfter(s, ['mallory', 'bob'])).toEqual({ mallory: 9_900, bob: 9_900, house: 200 });
  });

  it('conduct void plus void_bet_ids for the counterparty: both sides of the winning bet void → mallory 9,900, bob 10,098, house 2', () => {
    const lay = bet('bob', 'LAY', 'A', 300, 100);
    const s = settleMarket({
      market,
      bets: [
        bet('mallory', 'BACK', 'A', 300, 100),
        lay,
        bet('mallory', 'BACK', 'B', 200, 100),
        bet('bob', 'LAY', 'B', 200, 100),
      ],
      result: { winners: ['A'] },
      conduct_voids: { user_ids: ['mallory'] },
      void_bet_ids: [lay.bet_id],
    });
    expect(balancesAfter(s, ['mallory', 'bob'])).toEqual({ mallory: 9_900, bob: 10_098, house: 2 });
  });

  it('conduct void of a losing bet changes nothing: mallory back 100 on a loser still loses 100 (9,900)', () => {
    const back = bet('mallory', 'BACK', 'A', 300, 100);
    const s = settleMarket({
      market,
      bets: [back, bet('bob', 'LAY', 'A', 300, 100)],
      result: { winners: ['B'] },
      conduct_voids: { bet_ids: [back.bet_id] },
    });
    expect(balancesAfter(s, ['mallory', 'bob'])).toEqual({ mallory: 9_900, bob: 10_098, house: 2 });
  });
});

describe('football (spec §9)', () => {
  const bets = () => [bet('alice', 'BACK', 'HOME', 250, 100), bet('bob', 'LAY', 'HOME', 250, 100)];

  it('football: match not played within 48 h of kick-off → every bet void, balances unchanged', () => {
    const d = footballMatchDecision({ scheduled_kickoff_ms: T0, actual_kickoff_ms: T0 + 48 * HOUR + 1 });
    expect(d).toEqual({ stands: false, reason: 'FOOTBALL_NOT_PLAYED_WITHIN_48H' });
    const s = settleByRule(d, bets(), 'HOME');
    expect(balancesAfter(s, ['alice', 'bob'])).toEqual({ alice: 10_000, bob: 10_000, house: 0 });
  });

  it('football: match never played → every bet void, balances unchanged', () => {
    const d = footballMatchDecision({ scheduled_kickoff_ms: T0, actual_kickoff_ms: null });
    expect(balancesAfter(settleByRule(d, bets(), 'HOME'), ['alice', 'bob'])).toEqual({
      alice: 10_000,
      bob: 10_000,
      house: 0,
    });
  });

  it('football: kicked off exactly 48 h late → bets stand; back 100 @ 2.50 on the winner → 10,147, layer 9,850, house 3', () => {
    const d = footballMatchDecision({ scheduled_kickoff_ms: T0, actual_kickoff_ms: T0 + 48 * HOUR });
    expect(d.stands).toBe(true);
    expect(balancesAfter(settleByRule(d, bets(), 'HOME'), ['alice', 'bob'])).toEqual({
      alice: 10_147,
      bob: 9_850,
      house: 3,
    });
  });

  it('football: regular time includes stoppage time only — 1-1 after 90+4, won in extra time → DRAW wins; back HOME loses (9,900)', () => {
    const outcome = footballRegularTimeOutcome({ home_goals_regular_time: 1, away_goals_regular_time: 1 });
    expect(outcome).toBe('DRAW');
    const s = settleMarket({
      market,
      bets: [bet('alice', 'BACK', 'HOME', 250, 100), bet('bob', 'LAY', 'HOME', 250, 100)],
      result: { winners: [outcome] },
    });
    expect(balancesAfter(s, ['alice', 'bob'])).toEqual({ alice: 9_900, bob: 10_098, house: 2 });
  });
});

describe('basketball (spec §9)', () => {
  const bets = () => [bet('alice', 'BACK', 'HOME', 180, 100), bet('bob', 'LAY', 'HOME', 180, 100)];

  it('basketball: abandoned with exactly 5 min left → bets stand; back 100 @ 1.80 on the leader → 10,079, layer 9,920, house 1', () => {
    const d = basketballMatchDecision({ status: 'ABANDONED', remaining_ms: 5 * MIN });
    expect(d.stands).toBe(true);
    expect(balancesAfter(settleByRule(d, bets(), 'HOME'), ['alice', 'bob'])).toEqual({
      alice: 10_079,
      bob: 9_920,
      house: 1,
    });
  });

  it('basketball: abandoned with more than 5 min left (5:01) → every bet void, balances unchanged', () => {
    const d = basketballMatchDecision({ status: 'ABANDONED', remaining_ms: 5 * MIN + 1_000 });
    expect(d).toEqual({ stands: false, reason: 'BASKETBALL_ABANDONED_MORE_THAN_5_MIN_LEFT' });
    expect(balancesAfter(settleByRule(d, bets(), 'HOME'), ['alice', 'bob'])).toEqual({
      alice: 10_000,
      bob: 10_000,
      house: 0,
    });
  });

  it('basketball: completed match stands, not played is void', () => {
    expect(basketballMatchDecision({ status: 'COMPLETED' }).stands).toBe(true);
    const d = basketballMatchDecision({ status: 'NOT_PLAYED' });
    expect(balancesAfter(settleByRule(d, bets(), 'HOME'), ['alice', 'bob'])).toEqual({
      alice: 10_000,
      bob: 10_000,
      house: 0,
    });
  });
});

describe('horse racing (spec §9)', () => {
  const race: HorseRaceFacts = {
    abandoned: false,
    walkover: false,
    venue_changed: false,
    surface_changed: false,
    scheduled_off_ms: Date.UTC(2026, 0, 10, 14, 0), // 14:00 UTC, venue at UTC+0
    actual_off_ms: Date.UTC(2026, 0, 10, 14, 5),
    venue_utc_offset_minutes: 0,
  };
  const bets = () => [bet('alice', 'BACK', 'H1', 500, 100), bet('bob', 'LAY', 'H1', 500, 100)];
  const unchanged = { alice: 10_000, bob: 10_000, house: 0 };

  it.each([
    ['abandoned', { abandoned: true }, 'RACE_ABANDONED'],
    ['a walkover', { walkover: true }, 'RACE_WALKOVER'],
    ['moved to another venue', { venue_changed: true }, 'RACE_VENUE_CHANGED'],
    ['not run at all', { actual_off_ms: null }, 'RACE_NOT_RUN_ON_DAY'],
    ['run the next day (venue time)', { actual_off_ms: Date.UTC(2026, 0, 11, 0, 10) }, 'RACE_NOT_RUN_ON_DAY'],
  ] as const)('horse racing: race %s → every bet void, balances unchanged', (_name, change, reason) => {
    const d = horseRaceDecision({ ...race, ...change });
    expect(d).toEqual({ stands: false, reason });
    expect(balancesAfter(settleByRule(d, bets(), 'H1'), ['alice', 'bob'])).toEqual(unchanged);
  });

  it('horse racing: surface change → bets stand; back 100 @ 5.00 on the winner → 10,392, layer 9,600, house 8', () => {
    const d = horseRaceDecision({ ...race, surface_changed: true });
    expect(d.stands).toBe(true);
    expect(balancesAfter(settleByRule(d, bets(), 'H1'), ['alice', 'bob'])).toEqual({
      alice: 10_392,
      bob: 9_600,
      house: 8,
    });
  });

  it('horse racing: delayed to 23:50 the same venue day (UTC+5:30) → stands; 00:10 the next venue day → void', () => {
    const scheduled = Date.UTC(2026, 0, 10, 12, 0); // 17:30 IST
    const india = { ...race, venue_utc_offset_minutes: 330, scheduled_off_ms: scheduled };
    expect(horseRaceDecision({ ...india, actual_off_ms: Date.UTC(2026, 0, 10, 18, 20) }).stands).toBe(true); // 23:50 IST
    expect(horseRaceDecision({ ...india, actual_off_ms: Date.UTC(2026, 0, 10, 18, 40) })).toEqual({
      stands: false,
      reason: 'RACE_NOT_RUN_ON_DAY',
    }); // 00:10 IST next day
  });

  it('horse racing: result at the official weigh-in is final; a later amendment is ignored → backer of H1 10,392, backer of H2 9,900, layer 9,700, house 8', () => {
    const weighIn = T0 + 10 * MIN;
    const result = resultAtWeighIn(
      [
        { declared_at_ms: T0 + 2 * MIN, result: { winners: ['H2'] } }, // first past the post, then a stewards' change before weigh-in
        { declared_at_ms: T0 + 8 * MIN, result: { winners: ['H1'] } },
        { declared_at_ms: T0 + 60 * MIN, result: { winners: ['H2'] } }, // after the weigh-in: ignored
      ],
      weighIn,
    );
    expect(result).toEqual({ winners: ['H1'] });
    const s = settleMarket({
      market,
      bets: [
        bet('alice', 'BACK', 'H1', 500, 100),
        bet('bob', 'LAY', 'H1', 500, 100),
        bet('carol', 'BACK', 'H2', 300, 100),
        bet('bob', 'LAY', 'H2', 300, 100),
      ],
      result,
    });
    expect(balancesAfter(s, ['alice', 'bob', 'carol'])).toEqual({
      alice: 10_392,
      bob: 9_700,
      carol: 9_900,
      house: 8,
    });
  });

  it('horse racing: nothing declared by the weigh-in → no result yet (null)', () => {
    expect(resultAtWeighIn([{ declared_at_ms: T0 + 1, result: { winners: ['H1'] } }], T0)).toBeNull();
  });
});

describe('horse racing non-runners and reduction factors', () => {
  const removedAt = T0 + HOUR;
  const before = { placed_at_ms: T0 };

  it('win market RF 25%: back 8.0 becomes 6.0, winner paid 500 on 100 → 10,490; layer 9,500; house 10', () => {
    const s = settleMarket({
      market,
      bets: [bet('alice', 'BACK', 'A', 800, 100, before), bet('bob', 'LAY', 'A', 800, 100, before)],
      result: { winners: ['A'] },
      removals: [{ selection_id: 'C', removed_at_ms: removedAt, reduction_factor_bp: 2_500 }],
    });
    expect(s.bets.map((b) => b.settled_price)).toEqual([600, 600]);
    expect(balancesAfter(s, ['alice', 'bob'])).toEqual({ alice: 10_490, bob: 9_500, house: 10 });
  });

  it('non-runner: bets on the removed runner are void (balances unchanged for them)', () => {
    const s = settleMarket({
      market,
      bets: [bet('alice', 'BACK', 'C', 400, 100, before), bet('bob', 'LAY', 'C', 400, 100, before)],
      result: { winners: ['A'] },
      removals: [{ selection_id: 'C', removed_at_ms: removedAt, reduction_factor_bp: 2_500 }],
    });
    expect(s.bets.map((b) => b.void_reason)).toEqual(['NON_RUNNER', 'NON_RUNNER']);
    expect(balancesAfter(s, ['alice', 'bob'])).toEqual({ alice: 10_000, bob: 10_000, house: 0 });
  });

  it('win market RF 2.4% (below 2.5%): price unchanged, back 100 @ 8.0 wins 700 → 10,686; layer 9,300; house 14', () => {
    const s = settleMarket({
      market,
      bets: [bet('alice', 'BACK', 'A', 800, 100, before), bet('bob', 'LAY', 'A', 800, 100, before)],
      result: { winners: ['A'] },
      removals: [{ selection_id: 'C', removed_at_ms: removedAt, reduction_factor_bp: 240 }],
    });
    expect(balancesAfter(s, ['alice', 'bob'])).toEqual({ alice: 10_686, bob: 9_300, house: 14 });
  });

  it('win market: a bet matched after the removal keeps its price (8.0 wins 700 on 100 → 10,686)', () => {
    const after = { placed_at_ms: removedAt + 1 };
    const s = settleMarket({
      market,
      bets: [bet('alice', 'BACK', 'A', 800, 100, after), bet('bob', 'LAY', 'A', 800, 100, after)],
      result: { winners: ['A'] },
      removals: [{ selection_id: 'C', removed_at_ms: removedAt, reduction_factor_bp: 2_500 }],
    });
    expect(balancesAfter(s, ['alice', 'bob'])).toEqual({ alice: 10_686, bob: 9_300, house: 14 });
  });

  it('win market: two removals multiply again — 8.0 × 0.75 × 0.80 = 4.80, winner paid 380 on 100 → 10,373; layer 9,620; house 7', () => {
    const s = settleMarket({
      market,
      bets: [bet('alice', 'BACK', 'A', 800, 100, before), bet('bob', 'LAY', 'A', 800, 100, before)],
      result: { winners: ['A'] },
      removals: [
        { selection_id: 'C', removed_at_ms: removedAt, reduction_factor_bp: 2_500 },
        { selection_id: 'D', removed_at_ms: removedAt + MIN, reduction_factor_bp: 2_000 },
      ],
    });
    expect(s.bets[0]?.settled_price).toBe(480);
    expect(balancesAfter(s, ['alice', 'bob'])).toEqual({ alice: 10_373, bob: 9_620, house: 7 });
  });

  it('win market: odds never fall below 1.01 — 1.05 with RF 80% settles at 1.01; back 10,000 wins 100 → 10,098; layer 9,900; house 2', () => {
    const s = settleMarket({
      market,
      bets: [bet('alice', 'BACK', 'A', 105, 10_000, before), bet('bob', 'LAY', 'A', 105, 10_000, before)],
      result: { winners: ['A'] },
      removals: [{ selection_id: 'C', removed_at_ms: removedAt, reduction_factor_bp: 8_000 }],
    });
    expect(s.bets[0]?.settled_price).toBe(101);
    expect(balancesAfter(s, ['alice', 'bob'])).toEqual({ alice: 10_098, bob: 9_900, house: 2 });
  });

  it('place market RF 25%: 8.0 becomes 6.25, a placed runner pays 525 on 100 → 10,515; layer 9,475; house 10', () => {
    const s = settleMarket({
      market: { market_id: 'p1', kind: 'PLACE' },
      bets: [bet('alice', 'BACK', 'A', 800, 100, before), bet('bob', 'LAY', 'A', 800, 100, before)],
      result: { winners: ['A', 'B', 'D'] },
      removals: [{ selection_id: 'C', removed_at_ms: removedAt, reduction_factor_bp: 2_500 }],
    });
    expect(s.bets[0]?.settled_price).toBe(625);
    expect(balancesAfter(s, ['alice', 'bob'])).toEqual({ alice: 10_515, bob: 9_475, house: 10 });
  });

  it('place market: the RF always applies, even 1% — 3.00 becomes 2.98, placed back 100 wins 198 → 10,195; layer 9,802; house 3', () => {
    const s = settleMarket({
      market: { market_id: 'p1', kind: 'PLACE' },
      bets: [bet('alice', 'BACK', 'A', 300, 100, before), bet('bob', 'LAY', 'A', 300, 100, before)],
      result: { winners: ['A', 'B'] },
      removals: [{ selection_id: 'C', removed_at_ms: removedAt, reduction_factor_bp: 100 }],
    });
    expect(s.bets[0]?.settled_price).toBe(298);
    expect(balancesAfter(s, ['alice', 'bob'])).toEqual({ alice: 10_195, bob: 9_802, house: 3 });
  });

  it('unmatched bets on removal: all on the non-runner cancelled; lays on others cancelled at RF ≥ 2.5% (win) / ≥ 4.0% (place); backs stay', () => {
    const unmatched = [
      { bet_id: 'u1', selection_id: 'C', side: 'BACK', placed_at_ms: T0 },
      { bet_id: 'u2', selection_id: 'A', side: 'LAY', placed_at_ms: T0 },
      { bet_id: 'u3', selection_id: 'A', side: 'BACK', placed_at_ms: T0 },
      { bet_id: 'u4', selection_id: 'B', side: 'LAY', placed_at_ms: removedAt + 1 },
    ] as const;
    const removal = (bp: number) => ({
      selection_id: 'C',
      removed_at_ms: removedAt,
      reduction_factor_bp: bp,
    });
    expect(unmatchedBetsCancelledByRemoval('MATCH_ODDS', removal(250), unmatched)).toEqual([
      { bet_id: 'u1', reason: 'NON_RUNNER' },
      { bet_id: 'u2', reason: 'REDUCTION_FACTOR' },
    ]);
    expect(unmatchedBetsCancelledByRemoval('MATCH_ODDS', removal(249), unmatched)).toEqual([
      { bet_id: 'u1', reason: 'NON_RUNNER' },
    ]);
    expect(unmatchedBetsCancelledByRemoval('PLACE', removal(399), unmatched)).toEqual([
      { bet_id: 'u1', reason: 'NON_RUNNER' },
    ]);
    expect(unmatchedBetsCancelledByRemoval('PLACE', removal(400), unmatched).map((c) => c.bet_id)).toEqual([
      'u1',
      'u2',
    ]);
  });
});

describe('unsettle and re-settle', () => {
  it('unsettle reverses every movement: balances back to 10,000 / 10,000 / house 0; settling again gives the same movements', () => {
    const input = {
      market,
      bets: [bet('alice', 'BACK', 'A', 300, 100), bet('bob', 'LAY', 'A', 300, 100)],
      result: { winners: ['A'] },
    };
    const first = settleMarket(input);
    const settled = balancesAfter(first, ['alice', 'bob']);
    expect(settled).toEqual({ alice: 10_196, bob: 9_800, house: 4 });
    const { house, ...users } = settled;
    const undone = applyMovements({ ...users, house: house ?? 0 }, reverseMovements(first.movements));
    expect(undone).toEqual({ alice: 10_000, bob: 10_000, house: 0 });
    expect(settleMarket(input)).toEqual(first);
  });
});
