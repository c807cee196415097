// Money properties of bookmaker markets (fast-check), each against a naive oracle written here from
// DOMAIN.md (odds = 1 + rate/100; a win stake·rate/100 rounded down, a loss rounded up, per bet; a
// k-way dead heat: the mean of the bet's single-winner figures over the tied runners, rounded up):
// 1. exposure = the worst user total over EVERY result (each runner winning alone, every dead heat);
// 2. settlement conserves money: users' wallet changes + the house's = 0, whole paise, and no user
//    loses more than the exposure held for them;
// 3. a bet refused (over the balance, over the max stake, market not taking bets) changes nothing.
//    The engine keeps no state for this kind: `place` below composes its refusal and exposure as
//    the server's module does (budget rule: ../house-harness.ts) on a frozen state, so a write throws.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bookmakerPosition,
  bookmakerRefusal,
  movementsFromNets,
  settleBookmakerBetsPaise,
  type BookmakerBet,
  type BookmakerQuote,
} from '../../src/index.ts';
import {
  deepFreeze,
  naiveHouseSettlement,
  overBudget,
  stakeNear,
  statusArb,
  type HouseAccount,
} from '../house-harness.ts';

const RUNNERS = ['A', 'B', 'C', 'D'];

/** Every result a bookmaker market settles on: each non-empty set of winners (one: a plain win; 2+: a dead heat). */
const RESULTS: string[][] = [];
for (let mask = 1; mask < 1 << RUNNERS.length; mask++)
  RESULTS.push(RUNNERS.filter((_, i) => (mask >> i) & 1));

const rateArb = fc.oneof(fc.integer({ min: 1, max: 200 }), fc.integer({ min: 1, max: 100_000 }));
const stakeArb = fc.oneof(
  fc.integer({ min: 1, max: 1_000 }),
  fc.integer({ min: 1, max: 100_000 }).map((r) => r * 100), // whole rupees
  fc.integer({ min: 1, max: 10_000_000_000 }),
);
const betArb: fc.Arbitrary<BookmakerBet> = fc.record({
  selection_id: fc.constantFrom(...RUNNERS),
  is_back: fc.boolean(),
  rate: rateArb,
  stake_paise: stakeArb,
});
const betsArb = fc.array(betArb, { maxLength: 12 });

// ---- the naive oracle ----------------------------------------------------------------------------

/**
 * One bet's exact amount when `winners` won, straight from DOMAIN.md, in hundredths of a paisa
 * times k (k = winners.length: the stake is divided by k, that share wins at the full rate).
 */
function naiveBetExact(b: BookmakerBet, winners: readonly string[]): bigint {
  const stake = BigInt(b.stake_paise);
  const product = stake * BigInt(b.rate);
  const ifRunnerWins = b.is_back ? product : -product;
  const ifRunnerLoses = b.is_back ? -100n * stake : 100n * stake;
  const k = BigInt(winners.length);
  if (!winners.includes(b.selection_id)) return k * ifRunnerLoses;
  return ifRunnerWins + (k - 1n) * ifRunnerLoses;
}

/** A user's result: the exact total of their bets, rounded once, down (against the bettor). */
function naiveTotal(bets: readonly BookmakerBet[], winners: readonly string[]): bigint {
  let t = 0n;
  for (const b of bets) t += naiveBetExact(b, winners);
  const d = 100n * BigInt(winners.length);
  const q = t / d;
  return t % d !== 0n && t < 0n ? q - 1n : q;
}

/** max(0, −the worst total over every result), by brute force over RESULTS. */
function naiveExposure(bets: readonly BookmakerBet[]): number {
  let worst = 0n;
  for (const winners of RESULTS) {
    const t = naiveTotal(bets, winners);
    if (t < worst) worst = t;
  }
  return Number(-worst);
}

// ---- placement: the engine's decisions composed as the server composes them -----------------------

type Market = { quote: BookmakerQuote; min_stake_paise: number; max_stake_paise: number };
type Account = HouseAccount<BookmakerBet>;

/** Refusal text and the state untouched, or the state with the bet taken and the hold moved. */
function place(
  market: Market,
  account: Account,
  bet: BookmakerBet,
): { refusal: string | null; account: Account } {
  const refusal = bookmakerRefusal({
    quote: market.quote,
    is_back: bet.is_back,
    rate: bet.rate,
    stake_paise: bet.stake_paise,
    min_stake_paise: market.min_stake_paise,
    max_stake_paise: market.max_stake_paise,
  });
  if (refusal !== null) return { refusal, account };
  const oldHold = bookmakerPosition(RUNNERS, account.bets).exposure_paise;
  const newHold = bookmakerPosition(RUNNERS, [...account.bets, bet]).exposure_paise;
  if (overBudget(account, oldHold, newHold)) return { refusal: 'Insufficient balance', account };
  return { refusal: null, account: { ...account, bets: [...account.bets, bet], hold_paise: newHold } };
}

describe('bookmaker money properties (naive oracle)', () => {
  it('1. exposure = brute force over every result (each runner alone and every dead heat); positions = each runner alone', () => {
    fc.assert(
      fc.property(betsArb, (bets) => {
        const pos = bookmakerPosition(RUNNERS, bets);
        expect(pos.exposure_paise).toBe(naiveExposure(bets));
        for (const r of RUNNERS) expect(pos.profit_paise[r]).toBe(Number(naiveTotal(bets, [r])));
      }),
      { numRuns: 300 },
    );
  });

  it('2. settlement conserves: users + house = 0 in whole paise for every result, nobody loses more than the hold', () => {
    const usersArb = fc.array(betsArb, { minLength: 1, maxLength: 4 });
    const outcomeArb = fc.oneof(
      fc.constantFrom(...RESULTS).map((winners) => ({ winners })),
      fc.constant('VOID' as const),
    );
    fc.assert(
      fc.property(usersArb, outcomeArb, fc.integer({ min: 0, max: 1_000 }), (users, outcome, bp) => {
        const ids = users.map((_, i) => `u${i}`);
        const holds = users.map((bets) => bookmakerPosition(RUNNERS, bets).exposure_paise);
        const nets = new Map(
          users.map((bets, i) => [
            ids[i]!,
            settleBookmakerBetsPaise(bets, outcome).reduce((s, x) => s + x, 0),
          ]),
        );
        const movements = movementsFromNets('m1', nets, bp);

        const naiveNets = new Map(
          users.map((bets, i) => [ids[i]!, outcome === 'VOID' ? 0n : naiveTotal(bets, outcome.winners)]),
        );
        const house = naiveHouseSettlement(naiveNets, bp);
        let usersTotal = 0n;
        for (const [i, user] of ids.entries()) {
          const mine = movements.filter((m) => m.user_id === user);
          for (const m of mine) expect(Number.isSafeInteger(m.user_delta_paise)).toBe(true);
          const delta = mine.reduce((s, m) => s + BigInt(m.user_delta_paise), 0n);
          expect(delta).toBe(house.user_delta_paise.get(user));
          expect(delta >= BigInt(-holds[i]!)).toBe(true); // never more than the exposure held
          usersTotal += delta;
        }
        expect(usersTotal + house.house_paise).toBe(0n);
      }),
      { numRuns: 300 },
    );
  });

  it('3. a bet refused (over the balance, over the max stake, market not open) changes nothing; otherwise it is taken', () => {
    const caseArb = fc
      .record({
        bets: betsArb,
        back_rate: rateArb,
        lay_rate: rateArb,
        status: statusArb(['SUSPENDED', 'BALL_RUNNING', 'CLOSED'] as const),
        selection_id: fc.constantFrom(...RUNNERS),
        is_back: fc.boolean(),
        min_stake_paise: fc.integer({ min: 0, max: 10_000 }),
        max_extra_paise: fc.integer({ min: 0, max: 10_000_000 }),
        elsewhere_paise: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 1_000_000_000 })),
      })
      .chain((c) => {
        const max = c.min_stake_paise + c.max_extra_paise;
        return fc.record({
          c: fc.constant(c),
          stake_paise: stakeNear(c.min_stake_paise, max),
          slack_paise: fc.oneof(
            fc.integer({ min: -3, max: 3 }),
            fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }),
          ),
        });
      });
    fc.assert(
      fc.property(caseArb, ({ c, stake_paise, slack_paise }) => {
        const market: Market = {
          quote: { back_rate: c.back_rate, lay_rate: c.lay_rate, status: c.status },
          min_stake_paise: c.min_stake_paise,
          max_stake_paise: c.min_stake_paise + c.max_extra_paise,
        };
        const rate = c.is_back ? c.back_rate : c.lay_rate;
        const bet: BookmakerBet = { selection_id: c.selection_id, is_back: c.is_back, rate, stake_paise };
        const oldExposure = naiveExposure(c.bets);
        const newExposure = naiveExposure([...c.bets, bet]);
        // the balance lands around what the bet needs (slack of a few paise) or anywhere
        const balance_paise = Math.max(0, c.elsewhere_paise + newExposure + slack_paise);
        const account: Account = {
          balance_paise,
          elsewhere_paise: c.elsewhere_paise,
          bets: c.bets,
          hold_paise: oldExposure,
        };
        const mustRefuse =
          c.status !== 'ACTIVE' ||
          stake_paise < market.min_stake_paise ||
          stake_paise > market.max_stake_paise ||
          (newExposure > oldExposure && c.elsewhere_paise + newExposure > balance_paise);

        const before = structuredClone({ market, account, bet });
        deepFreeze({ market, account, bet });
        const got = place(market, account, bet);
        if (mustRefuse) {
          expect(got.refusal).not.toBeNull();
          expect(got.account).toBe(account);
          expect({ market, account: got.account, bet }).toEqual(before);
        } else {
          expect(got.refusal).toBeNull();
          expect(got.account).toEqual({ ...before.account, bets: [...c.bets, bet], hold_paise: newExposure });
        }
      }),
      { numRuns: 500 },
    );
  });
});
