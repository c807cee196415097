// Money properties of fancy markets, every variant (fast-check), each against the naive oracle of
// reference.ts (the rule table of DOMAIN.md, bet by bet, in BigInt, nothing shared with src):
// 1. exposure = the worst user total over every integer result of the fancy, with lines at and past
//    the ends of the range (the per-result brute force; METER's per-run payout included);
// 2. settlement conserves money: users' wallet changes + the house's = 0, whole paise, and no user
//    loses more than the exposure held for them (FANCY1 dead heats included);
// 3. a bet refused (over the balance, over the per-user maximum on the fancy, over the max stake,
//    fancy not taking bets) changes nothing.
//    The engine keeps no state for this kind: `place` below composes its refusal and exposure as
//    the server's module does (budget rule: ../house-harness.ts) on a frozen state, so a write throws.
// (properties.test.ts holds the per-bet rule table, the book and the order independence.)
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FANCY_VARIANTS,
  fancyExposurePaise,
  fancyRefusal,
  movementsFromNets,
  settleFancyBetsPaise,
  type FancyBet,
  type FancyOutcome,
  type FancyQuote,
  type FancyVariant,
} from '../../src/index.ts';
import {
  deepFreeze,
  naiveHouseSettlement,
  overBudget,
  stakeNear,
  statusArb,
  type HouseAccount,
} from '../house-harness.ts';
import { bruteExposure, floorBig, referenceProfit, topOf } from './reference.ts';

const rateArb = fc.oneof(fc.integer({ min: 1, max: 200 }), fc.integer({ min: 1, max: 2_000 }));
const stakeArb = fc.oneof(
  fc.integer({ min: 1, max: 1_000 }),
  fc.integer({ min: 1, max: 10_000 }).map((r) => r * 100), // whole rupees
  fc.integer({ min: 1, max: 1_000_000_000 }),
);
/** The fancy's largest result: small (lines crowd both ends), or METER's wide 999. */
const resultMaxArb = fc.oneof(fc.integer({ min: 0, max: 40 }), fc.constant(999));

/** A bet that can exist on the variant, its line anywhere from 0 to a little past result_max. */
function betArb(variant: FancyVariant, result_max: number): fc.Arbitrary<FancyBet> {
  const lineTop = Math.min(result_max, 60) + 2;
  return fc
    .record({
      is_yes: fc.boolean(),
      line: fc.oneof(fc.integer({ min: 0, max: lineTop }), fc.constantFrom(0, 1, result_max, result_max + 1)),
      width: fc.integer({ min: 0, max: 6 }),
      rate: rateArb,
      stake_paise: stakeArb,
    })
    .map(({ is_yes, line, width, rate, stake_paise }): FancyBet => {
      if (variant === 'KHADO') return { is_yes: true, line, line_to: line + width, rate, stake_paise };
      if (variant === 'FANCY1') return { is_yes, line: 1, rate, stake_paise };
      if (variant === 'ODD_EVEN') return { is_yes, line: 0, rate, stake_paise };
      return { is_yes, line, rate, stake_paise };
    });
}

// ---- the naive oracle (beyond reference.ts) ------------------------------------------------------

/**
 * One user's bets settled on `outcome`: the exact sum of reference.ts's profits at the result,
 * rounded once toward −∞; a k-way FANCY1 dead heat pays 1/k of the rate on both sides (spec §9
 * "Top batsman"): the exact sum at 1 over k, rounded the same way.
 */
function naiveSettled(variant: FancyVariant, bets: readonly FancyBet[], outcome: FancyOutcome): bigint {
  if (outcome.kind === 'VOID') return 0n;
  const exact = bets.reduce((s, b) => s + referenceProfit(variant, b, outcome.value), 0n);
  return floorBig(exact, 100n * BigInt(outcome.dead_heat_count ?? 1));
}

/** Every outcome a fancy can settle on: VOID, each result in range (FANCY1: 0, 1 and its dead heats). */
function outcomesOf(variant: FancyVariant, result_max: number): FancyOutcome[] {
  const out: FancyOutcome[] = [{ kind: 'VOID' }];
  for (let r = 0; r <= topOf(variant, result_max); r++) out.push({ kind: 'RESULT', value: r });
  if (variant === 'FANCY1' && result_max >= 1)
    for (const k of [2, 3, 4]) out.push({ kind: 'RESULT', value: 1, dead_heat_count: k });
  return out;
}

// ---- placement: the engine's decisions composed as the server composes them -----------------------

type Market = {
  variant: FancyVariant;
  result_max: number;
  quote: FancyQuote;
  min_stake_paise: number;
  max_stake_paise: number;
  max_user_stake_paise: number;
};
type Account = HouseAccount<FancyBet>;

const stakeSum = (bets: readonly FancyBet[]) => bets.reduce((s, b) => s + b.stake_paise, 0);

function place(
  market: Market,
  account: Account,
  bet: FancyBet,
): { refusal: string | null; account: Account } {
  const refusal = fancyRefusal({
    variant: market.variant,
    quote: market.quote,
    bet,
    min_stake_paise: market.min_stake_paise,
    max_stake_paise: market.max_stake_paise,
    max_user_stake_paise: market.max_user_stake_paise,
    user_stake_paise: stakeSum(account.bets),
  });
  if (refusal !== null) return { refusal, account };
  const oldHold = fancyExposurePaise(market.variant, account.bets, market.result_max);
  const newHold = fancyExposurePaise(market.variant, [...account.bets, bet], market.result_max);
  if (overBudget(account, oldHold, newHold)) return { refusal: 'Insufficient balance', account };
  return { refusal: null, account: { ...account, bets: [...account.bets, bet], hold_paise: newHold } };
}

describe('fancy money properties, every variant (naive oracle)', () => {
  it('1. exposure = brute force over every result 0..result_max, lines at and past both ends', () => {
    const caseArb = fc
      .record({ variant: fc.constantFrom(...FANCY_VARIANTS), result_max: resultMaxArb })
      .chain(({ variant, result_max }) =>
        fc.record({
          variant: fc.constant(variant),
          result_max: fc.constant(result_max),
          bets: fc.array(betArb(variant, result_max), { maxLength: 12 }),
        }),
      );
    fc.assert(
      fc.property(caseArb, ({ variant, bets, result_max }) => {
        expect(fancyExposurePaise(variant, bets, result_max)).toBe(bruteExposure(variant, bets, result_max));
      }),
      { numRuns: 400 },
    );
  });

  it('2. settlement conserves: users + house = 0 in whole paise for every outcome, nobody loses more than the hold', () => {
    const caseArb = fc
      .record({ variant: fc.constantFrom(...FANCY_VARIANTS), result_max: resultMaxArb })
      .chain(({ variant, result_max }) =>
        fc.record({
          variant: fc.constant(variant),
          result_max: fc.constant(result_max),
          users: fc.array(fc.array(betArb(variant, result_max), { maxLength: 8 }), {
            minLength: 1,
            maxLength: 4,
          }),
          outcome: fc.constantFrom(...outcomesOf(variant, result_max)),
          bp: fc.integer({ min: 0, max: 1_000 }),
        }),
      );
    fc.assert(
      fc.property(caseArb, ({ variant, result_max, users, outcome, bp }) => {
        const ids = users.map((_, i) => `u${i}`);
        const holds = users.map((bets) => fancyExposurePaise(variant, bets, result_max));
        const nets = new Map(
          users.map((bets, i) => [
            ids[i]!,
            settleFancyBetsPaise(variant, bets, outcome).reduce((s, x) => s + x, 0),
          ]),
        );
        const movements = movementsFromNets('f1', nets, bp);

        const naiveNets = new Map(users.map((bets, i) => [ids[i]!, naiveSettled(variant, bets, outcome)]));
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

  it('3. a bet refused (over the balance, over the per-user maximum, over the max stake, not open) changes nothing; otherwise it is taken', () => {
    const caseArb = fc
      .record({ variant: fc.constantFrom(...FANCY_VARIANTS), result_max: resultMaxArb })
      .chain(({ variant, result_max }) =>
        fc.record({
          variant: fc.constant(variant),
          result_max: fc.constant(result_max),
          bets: fc.array(betArb(variant, result_max), { maxLength: 8 }),
          // the quote: KHADO is Yes only, FANCY1's line is 1, ODD_EVEN's is not compared
          quoted: betArb(variant, result_max),
          status: statusArb(['BALL_RUNNING', 'SUSPENDED', 'CLOSED', 'REMOVED'] as const),
          min_stake_paise: fc.integer({ min: 0, max: 10_000 }),
          max_extra_paise: fc.integer({ min: 0, max: 10_000_000 }),
          elsewhere_paise: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 1_000_000_000 })),
        }),
      )
      .chain((c) => {
        const max = c.min_stake_paise + c.max_extra_paise;
        return fc.record({
          c: fc.constant(c),
          stake_paise: stakeNear(c.min_stake_paise, max),
          // the per-user maximum around the user's stake after this bet, or anywhere
          user_slack_paise: fc.oneof(
            fc.integer({ min: -3, max: 3 }),
            fc.integer({ min: 0, max: 100_000_000 }),
          ),
          slack_paise: fc.oneof(
            fc.integer({ min: -3, max: 3 }),
            fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }),
          ),
        });
      });
    fc.assert(
      fc.property(caseArb, ({ c, stake_paise, user_slack_paise, slack_paise }) => {
        const { variant, result_max, quoted } = c;
        const bet: FancyBet = { ...quoted, stake_paise };
        const quote: FancyQuote = {
          status: c.status,
          yes_line: quoted.is_yes ? quoted.line : quoted.line + 1,
          yes_rate: quoted.is_yes ? quoted.rate : quoted.rate + 1,
          no_line: quoted.is_yes ? Math.max(0, quoted.line - 1) : quoted.line,
          no_rate: quoted.is_yes ? quoted.rate + 1 : quoted.rate,
        };
        const userStake = stakeSum(c.bets) + stake_paise;
        const market: Market = {
          variant,
          result_max,
          quote,
          min_stake_paise: c.min_stake_paise,
          max_stake_paise: c.min_stake_paise + c.max_extra_paise,
          max_user_stake_paise: Math.max(0, userStake + user_slack_paise),
        };
        const oldExposure = bruteExposure(variant, c.bets, result_max);
        const newExposure = bruteExposure(variant, [...c.bets, bet], result_max);
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
          userStake > market.max_user_stake_paise ||
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
