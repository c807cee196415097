// The exact house margin of every option: 1 − Σ P(outcome) × return per unit stake, in exact
// rationals. Each game's result function decides the outcomes; the probabilities come from:
// - Dragon Tiger, Lucky 7, Amar Akbar Anthony: every ordered deal of their 2 / 1 / 1 cards,
//   equally likely;
// - Teen Patti: Player A / B from P(tie), counted over all disjoint pairs of hands by
//   inclusion–exclusion (A and B are exchangeable, so each wins (1 − P(tie)) / 2); Pair Plus over
//   all C(52,3) = 22,100 hands of the player;
// - Andar Bahar: the first of the 3 cards matching the joker lies at position k of the 51 others
//   with probability C(50 − k, 2) / C(51, 3); odd positions counted from 1 are Andar's;
// - 32 Cards: by exact counting over the orderings of the deck (thirtyTwoCardsDistribution below).
import { amarAkbarAnthony } from './amar-akbar-anthony.ts';
import { andarBahar } from './andar-bahar.ts';
import { standardDeck, type Card } from './deck.ts';
import { dragonTiger } from './dragon-tiger.ts';
import { add, frac, mul, ONE, sub, ZERO, type Fraction } from './fraction.ts';
import type { CasinoGame, CasinoResult, OptionOutcome } from './game.ts';
import { LOSE } from './game.ts';
import { lucky7 } from './lucky7.ts';
import {
  THIRTY_TWO_CARDS_PLAYERS,
  thirtyTwoCards,
  thirtyTwoCardsDeck,
  thirtyTwoCardsOutcomes,
  type ThirtyTwoCardsPlayer,
} from './thirty-two-cards.ts';
import {
  teenPatti,
  teenPattiHand,
  teenPattiOutcomes,
  TEEN_PATTI_CLASSES,
  type TeenPattiClass,
} from './teen-patti.ts';

export interface OptionMargin {
  readonly game_id: string;
  readonly option_id: string;
  readonly payout: number;
  /** The probability the bet wins (at any payout). */
  readonly p_win: Fraction;
  /** The expected return per unit stake (stake included). */
  readonly expected_return: Fraction;
  /** 1 − expected_return. */
  readonly margin: Fraction;
}

/** What one unit staked returns for an outcome. */
export function unitReturn(outcome: OptionOutcome): Fraction {
  switch (outcome.kind) {
    case 'win':
      return frac(outcome.payout, 100);
    case 'half-lose':
      return frac(1, 2);
    case 'push':
      return ONE;
    case 'lose':
      return ZERO;
  }
}

/** The margins of `game`'s options (or those of `only`) over a distribution of results. */
export function marginsOver(
  game: CasinoGame,
  distribution: Iterable<{ readonly p: Fraction; readonly result: CasinoResult }>,
  only?: readonly string[],
): OptionMargin[] {
  const options = game.options.filter((o) => !only || only.includes(o.id));
  const ret = new Map(options.map((o) => [o.id, ZERO]));
  const pWin = new Map(options.map((o) => [o.id, ZERO]));
  let total = ZERO;
  for (const { p, result } of distribution) {
    total = add(total, p);
    for (const o of options) {
      const outcome = result.outcomes[o.id] ?? LOSE;
      ret.set(o.id, add(ret.get(o.id)!, mul(p, unitReturn(outcome))));
      if (outcome.kind === 'win') pWin.set(o.id, add(pWin.get(o.id)!, p));
    }
  }
  if (total.n !== total.d) throw new Error(`${game.id}: probabilities add up to ${total.n}/${total.d}`);
  return options.map((o) => ({
    game_id: game.id,
    option_id: o.id,
    payout: o.payout,
    p_win: pWin.get(o.id)!,
    expected_return: ret.get(o.id)!,
    margin: sub(ONE, ret.get(o.id)!),
  }));
}

/** Every ordered deal of `n` cards from the game's deck, each equally likely. */
function* orderedDeals(game: CasinoGame, n: number): Generator<{ p: Fraction; result: CasinoResult }> {
  const deck = game.deck();
  let count = 1;
  for (let k = 0; k < n; k++) count *= deck.length - k;
  const p = frac(1, count);
  function* go(prefix: Card[], left: Card[]): Generator<{ p: Fraction; result: CasinoResult }> {
    if (prefix.length === n) {
      yield { p, result: game.result(prefix) };
      return;
    }
    for (let i = 0; i < left.length; i++)
      yield* go([...prefix, left[i]!], [...left.slice(0, i), ...left.slice(i + 1)]);
  }
  yield* go([], deck);
}

const choose = (n: number, k: number): number => {
  let r = 1;
  for (let i = 0; i < k; i++) r = (r * (n - i)) / (i + 1);
  return Math.round(r);
};

/** Teen Patti: P(the two hands tie), exactly, over all disjoint ordered pairs of hands. */
export function teenPattiTieProbability(): Fraction {
  const deck = standardDeck();
  const score = new Int32Array(52 * 52 * 52);
  const at = (a: number, b: number, c: number) => {
    const [x, y, z] = [a, b, c].sort((p, q) => p - q) as [number, number, number];
    return score[(x * 52 + y) * 52 + z]!;
  };
  const hands: [number, number, number][] = [];
  const all = new Map<number, number>();
  const perCard = Array.from({ length: 52 }, () => new Map<number, number>());
  const bump = (m: Map<number, number>, s: number) => m.set(s, (m.get(s) ?? 0) + 1);
  for (let a = 0; a < 52; a++)
    for (let b = a + 1; b < 52; b++)
      for (let c = b + 1; c < 52; c++) {
        const s = teenPattiHand([deck[a]!, deck[b]!, deck[c]!]).score;
        score[(a * 52 + b) * 52 + c] = s;
        hands.push([a, b, c]);
        bump(all, s);
        for (const x of [a, b, c]) bump(perCard[x]!, s);
      }
  let ties = 0;
  for (const [a, b, c] of hands) {
    const s = at(a, b, c);
    // Hands of score s sharing no card with {a, b, c}: inclusion–exclusion over the 3 cards.
    let n = all.get(s)! - 1;
    for (const x of [a, b, c]) n -= perCard[x]!.get(s)! - 1;
    for (const [x, y] of [
      [a, b],
      [a, c],
      [b, c],
    ] as const) {
      let both = 0;
      for (let z = 0; z < 52; z++) if (z !== x && z !== y && at(x, y, z) === s) both++;
      n += both - 1;
    }
    ties += n;
  }
  return frac(ties, hands.length * choose(49, 3));
}

function teenPattiMargins(): OptionMargin[] {
  const t = teenPattiTieProbability();
  const half = mul(sub(ONE, t), frac(1, 2));
  const winner = marginsOver(
    teenPatti,
    [
      { p: half, result: { summary: 'A', outcomes: teenPattiOutcomes('a', 'high_card', 'high_card') } },
      { p: half, result: { summary: 'B', outcomes: teenPattiOutcomes('b', 'high_card', 'high_card') } },
      { p: t, result: { summary: 'Tie', outcomes: teenPattiOutcomes('tie', 'high_card', 'high_card') } },
    ],
    ['player_a', 'player_b'],
  );
  const deck = standardDeck();
  const classes = new Map<TeenPattiClass, number>(TEEN_PATTI_CLASSES.map((c) => [c, 0]));
  for (let a = 0; a < 52; a++)
    for (let b = a + 1; b < 52; b++)
      for (let c = b + 1; c < 52; c++) {
        const cls = teenPattiHand([deck[a]!, deck[b]!, deck[c]!]).class;
        classes.set(cls, classes.get(cls)! + 1);
      }
  const side = (player: 'a' | 'b') =>
    marginsOver(
      teenPatti,
      TEEN_PATTI_CLASSES.map((cls) => ({
        p: frac(classes.get(cls)!, 22_100),
        result: { summary: cls, outcomes: teenPattiOutcomes('tie', cls, cls) },
      })),
      [`pair_plus_${player}`],
    );
  return [...winner, ...side('a'), ...side('b')];
}

function andarBaharMargins(): OptionMargin[] {
  const joker: Card = { rank: 1, suit: 'S' };
  const other: Card = { rank: 2, suit: 'S' };
  const match: Card = { rank: 1, suit: 'H' };
  const dist = [];
  for (let k = 0; k <= 48; k++) {
    // The first match is the (k + 1)-th card after the joker: k others before it.
    dist.push({
      p: frac(choose(50 - k, 2), choose(51, 3)),
      result: andarBahar.result([joker, ...Array<Card>(k).fill(other), match]),
    });
  }
  return marginsOver(andarBahar, dist);
}

const factorial = (n: number): bigint => {
  let r = 1n;
  for (let i = 2; i <= n; i++) r *= BigInt(i);
  return r;
};

/** c × (c − 1) × … (m factors): the ordered ways to take m of c distinct cards. */
const falling = (c: number, m: number): bigint => {
  let r = 1n;
  for (let i = 0; i < m; i++) r *= BigInt(c - i);
  return r;
};

/**
 * 32 Cards re-deal: how many of the n! orderings of the `counts` left (cards per value 6 … K)
 * end void when `k` tied players each take one more card. The tied players are exchangeable (their
 * scores restart at 0 and only card values count), so only the multiset of the k values drawn
 * matters: the m players holding its top value stay tied, and m = 1 ends the round. Memoised on
 * (counts, k): 395,259 states, a few seconds (Fractions at every node ran out of memory before).
 */
function thirtyTwoVoidOrderings(counts: number[], n: number, k: number, memo: Map<number, bigint>): bigint {
  if (n < k) return factorial(n);
  const key = counts.reduce((acc, c) => acc * 5 + c, 0) * 5 + k;
  const hit = memo.get(key);
  if (hit !== undefined) return hit;
  let total = 0n;
  const mult = counts.map(() => 0);
  const draw = (value: number, left: number): void => {
    if (left === 0) {
      const top = mult.findLastIndex((m) => m > 0);
      if (mult[top]! === 1) return; // one player alone on top: decided, never void
      let ways = factorial(k);
      mult.forEach((m, v) => (ways = (ways / factorial(m)) * falling(counts[v]!, m)));
      total +=
        ways *
        thirtyTwoVoidOrderings(
          counts.map((c, v) => c - mult[v]!),
          n - k,
          mult[top]!,
          memo,
        );
      return;
    }
    if (value === counts.length) return;
    for (let m = 0; m <= Math.min(left, counts[value]!); m++) {
      mult[value] = m;
      draw(value + 1, left - m);
    }
    mult[value] = 0;
  };
  draw(0, k);
  memo.set(key, total);
  return total;
}

/**
 * 32 Cards' exact distribution of results (each player's win and the void), counted over all 32!
 * orderings of the deck: every ordered first deal of four values, then the re-deal among the tied
 * (thirtyTwoVoidOrderings). Each of j tied players wins (28! − void orderings) / j of the rest, by
 * symmetry.
 */
export function thirtyTwoCardsDistribution(): { p: Fraction; result: CasinoResult }[] {
  const values = [...new Set(thirtyTwoCardsDeck().map((c) => c.rank))].sort((a, b) => a - b);
  const full = values.map((v) => thirtyTwoCardsDeck().filter((c) => c.rank === v).length);
  const players = THIRTY_TWO_CARDS_PLAYERS;
  const rest = thirtyTwoCardsDeck().length - players.length;
  const restOrders = factorial(rest);
  const wins = players.map(() => 0n);
  let voids = 0n;
  const memo = new Map<number, bigint>();
  const deal = (i: number, counts: number[], taken: number[], ways: bigint): void => {
    if (i < players.length) {
      counts.forEach((c, v) => {
        if (c > 0) deal(i + 1, counts.with(v, c - 1), [...taken, v], ways * BigInt(c));
      });
      return;
    }
    const scores = taken.map((v, p) => players[p]! + values[v]!);
    const top = Math.max(...scores);
    const tied = players.flatMap((_, p) => (scores[p] === top ? [p] : []));
    const voidOrders = tied.length === 1 ? 0n : thirtyTwoVoidOrderings(counts, rest, tied.length, memo);
    voids += ways * voidOrders;
    for (const p of tied) wins[p]! += (ways * (restOrders - voidOrders)) / BigInt(tied.length);
  };
  deal(0, full, [], 1n);
  const all = factorial(thirtyTwoCardsDeck().length);
  const result = (winner: ThirtyTwoCardsPlayer | null): CasinoResult => ({
    summary: winner === null ? 'Void' : `Player ${winner}`,
    outcomes: thirtyTwoCardsOutcomes(winner),
  });
  return [
    ...players.map((player, p) => ({ p: frac(wins[p]!, all), result: result(player) })),
    { p: frac(voids, all), result: result(null) },
  ];
}

/** Every option of every game with its exact margin. */
export function casinoMargins(): OptionMargin[] {
  return [
    ...marginsOver(dragonTiger, orderedDeals(dragonTiger, 2)),
    ...marginsOver(lucky7, orderedDeals(lucky7, 1)),
    ...teenPattiMargins(),
    ...andarBaharMargins(),
    ...marginsOver(thirtyTwoCards, thirtyTwoCardsDistribution()),
    ...marginsOver(amarAkbarAnthony, orderedDeals(amarAkbarAnthony, 1)),
  ];
}
