// Recomputing a round from precomputed (async) HMACs, as the browser's Verify does: the fixed
// vector through the digest table, the table running out and being refilled, every registered
// game recomputed exactly as it played, and the shuffle reported step by step.
import { describe, expect, it } from 'vitest';
import {
  cardCode,
  defineGame,
  digestLookup,
  firstCards,
  hmacMessages,
  NeedMoreDigests,
  playFromDigests,
  recomputeRound,
  ROUND_GAMES,
  roundDifferences,
  shuffle,
  shuffleTrace,
  standardDeck,
  cardRoundGame,
  type HmacSha256,
  type RoundGame,
} from '../../src/index.ts';
import { hmac } from './crypto.ts';

/** The digests of `messages` under `seed`, as a browser would precompute them. */
const table = (seed: string, messages: readonly string[]) =>
  new Map(messages.map((m) => [m, hmac(seed, m)] as const));

/** node:crypto's HMAC as an async signer keyed with `seed` (what Web Crypto gives a browser). */
const signer = (seed: string) => async (message: string) => hmac(seed, message);

/** A card game that deals the first five cards of the shuffled 52: the fixed vector's shape. */
const fiveCards = cardRoundGame(
  defineGame({
    id: 'five',
    name: 'Five cards',
    options: [{ id: 'x', label: 'X', payout: 200 }],
    deck: standardDeck,
    deal: (shuffled) => firstCards(shuffled, 5, 'five'),
    result: (dealt) => ({ summary: cardCode(dealt[0]!), outcomes: {} }),
  }),
);

const FIXED_VECTOR = ['7H', '2D', 'JH', '8D', '7D'];

describe('hmacMessages', () => {
  it('lists `${roundId}:counter` from 0 (or from `from`)', () => {
    expect(hmacMessages(1, 3)).toEqual(['1:0', '1:1', '1:2']);
    expect(hmacMessages('r7', 2, 5)).toEqual(['r7:5', 'r7:6']);
    expect(hmacMessages(1, 0)).toEqual([]);
    expect(() => hmacMessages(1, -1)).toThrow(/count/);
  });
});

describe('playFromDigests', () => {
  it('the fixed vector: seed "abc", round 1 → 7H 2D JH 8D 7D from 64 precomputed digests', () => {
    const play = playFromDigests(fiveCards, 'abc', 1, table('abc', hmacMessages(1, 64)));
    expect(play.steps).toEqual(FIXED_VECTOR);
  });

  it('throws NeedMoreDigests naming the first message past the table', () => {
    const digests = table('abc', hmacMessages(1, 10));
    let caught: unknown;
    try {
      playFromDigests(fiveCards, 'abc', 1, digests);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(NeedMoreDigests);
    expect((caught as NeedMoreDigests).asked).toBe('1:10');
    expect((caught as NeedMoreDigests).have).toBe(10);
  });

  it('refuses an HMAC under another key than the seed the digests were made with', () => {
    const lookup = digestLookup('abc', table('abc', ['1:0']));
    expect(() => lookup('abd', '1:0')).toThrow(/another key/);
  });
});

describe('recomputeRound', () => {
  it('recovers from too few digests: doubles until the round plays, same cards as the direct play', async () => {
    const asked: string[] = [];
    const sign = async (m: string) => {
      asked.push(m);
      return hmac('abc', m);
    };
    const { play, digests, used } = await recomputeRound(fiveCards, 'abc', 1, sign, { first: 4 });
    expect(play.steps).toEqual(FIXED_VECTOR);
    // A 52-card shuffle reads 51 HMACs (a rejection would add one; none for this seed).
    expect(used).toBe(51);
    // 4 → 8 → 16 → 32 → 64: each message signed once.
    expect(digests.size).toBe(64);
    expect(new Set(asked).size).toBe(asked.length);
  });

  it('every game of the registry: recomputed from async digests exactly as it played, 50 seeds each', async () => {
    expect(ROUND_GAMES.length).toBeGreaterThan(0);
    for (const game of ROUND_GAMES) {
      for (let s = 0; s < 50; s++) {
        const seed = `seed-${game.id}-${s}`;
        const roundId = String(1000 + s);
        const direct = game.play(seed, roundId, hmac);
        const { play } = await recomputeRound(game, seed, roundId, signer(seed), { first: 8 });
        expect(play, `${game.id} ${seed}`).toEqual(direct);
      }
    }
  });

  it('a game reading a message outside the counter stream gets that one computed too', async () => {
    const odd: RoundGame = {
      ...fiveCards,
      id: 'odd',
      play: (seed, roundId, h) => ({
        steps: [String(h(seed, `${roundId}:0`)[0]), String(h(seed, 'extra')[0])],
        result: { summary: '', outcomes: {} },
      }),
    };
    const { play, digests } = await recomputeRound(odd, 'k', 3, signer('k'), { first: 1 });
    expect(play.steps).toEqual([String(hmac('k', '3:0')[0]), String(hmac('k', 'extra')[0])]);
    expect([...digests.keys()]).toEqual(['3:0', 'extra']);
  });

  it('gives up past `max` HMACs instead of running on', async () => {
    const greedy: RoundGame = {
      ...fiveCards,
      play: (seed, roundId, h) => {
        for (let c = 0; ; c++) h(seed, `${roundId}:${c}`);
      },
    };
    await expect(recomputeRound(greedy, 'k', 1, signer('k'), { first: 4, max: 32 })).rejects.toThrow(
      /more than 32 HMACs/,
    );
  });

  it('passes on an error of the game that is not about digests', async () => {
    const broken: RoundGame = {
      ...fiveCards,
      play: () => {
        throw new Error('boom');
      },
    };
    await expect(recomputeRound(broken, 'k', 1, signer('k'))).rejects.toThrow('boom');
  });
});

describe('shuffleTrace', () => {
  it('ends on the deck `shuffle` gives, for every card game of the registry and 200 seeds', () => {
    const cardGames = ROUND_GAMES.filter((g) => g.deck);
    expect(cardGames.length).toBeGreaterThan(0);
    for (const game of cardGames) {
      const deck = game.deck!().map(cardCode);
      for (let s = 0; s < 200 / cardGames.length; s++) {
        const seed = `t-${s}`;
        const trace = shuffleTrace(seed, s, deck, hmac);
        expect(trace.deck).toEqual(shuffle(seed, s, deck, hmac));
        expect(trace.steps).toHaveLength(deck.length - 1);
        expect(trace.hmacs).toBe(trace.steps.reduce((n, st) => n + st.draws.length, 0));
      }
    }
  });

  it('the first five of the traced fixed vector, and the dealt cards of each game begin the shuffled deck', () => {
    const trace = shuffleTrace('abc', 1, standardDeck().map(cardCode), hmac);
    expect(trace.deck.slice(0, 5)).toEqual(FIXED_VECTOR);
    expect(trace.steps[0]!.i).toBe(51);
    expect(trace.steps.at(-1)!.i).toBe(1);
  });

  it('reports each step: i, every x drawn (a rejected one too), j and the two cards swapped', () => {
    const values = [0xffffffff, 5, 0x80000000];
    let k = 0;
    const fake: HmacSha256 = () => {
      const v = values[k++]!;
      return new Uint8Array([v >>> 24, (v >>> 16) & 255, (v >>> 8) & 255, v & 255]);
    };
    const trace = shuffleTrace('k', 'r7', ['a', 'b', 'c'], fake);
    expect(trace.steps).toEqual([
      {
        i: 2,
        bound: 3,
        limit: 0xffffffff,
        draws: [
          { counter: 0, message: 'r7:0', x: 0xffffffff, accepted: false },
          { counter: 1, message: 'r7:1', x: 5, accepted: true },
        ],
        j: 2,
        card_i: 'c',
        card_j: 'c',
      },
      {
        i: 1,
        bound: 2,
        limit: 0x1_0000_0000,
        draws: [{ counter: 2, message: 'r7:2', x: 0x80000000, accepted: true }],
        j: 0,
        card_i: 'b',
        card_j: 'a',
      },
    ]);
    expect(trace.deck).toEqual(['b', 'a', 'c']);
    expect(trace.hmacs).toBe(3);
  });
});

describe('roundDifferences', () => {
  const play = { steps: ['7H', '2D'], result: { summary: 'Dragon', outcomes: {} } };

  it('is empty when the cards and the result agree', () => {
    expect(roundDifferences(play, { steps: ['7H', '2D'], summary: 'Dragon' })).toEqual([]);
    expect(roundDifferences(play, { steps: ['7H', '2D'], summary: null })).toEqual([]);
  });

  it('names each card that differs, a missing or extra one, and a different result', () => {
    expect(roundDifferences(play, { steps: ['7H', '3D'], summary: 'Tiger' })).toEqual([
      'card 2: the round shows 3D, the seed gives 2D',
      'result: the round shows "Tiger", the seed gives "Dragon"',
    ]);
    expect(roundDifferences(play, { steps: ['7H'], summary: 'Dragon' })).toEqual([
      'card 2: the seed gives 2D, the round shows none',
    ]);
    expect(roundDifferences(play, { steps: ['7H', '2D', 'KS'], summary: 'Dragon' }, 'step')).toEqual([
      'step 3: the round shows KS, the seed gives none',
    ]);
  });
});
