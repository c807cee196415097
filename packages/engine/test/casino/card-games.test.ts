// Every payout of Teen Patti 20-20, Andar Bahar and 32 Cards on hand-made cards.
import { describe, expect, it } from 'vitest';
import {
  andarBahar,
  cards,
  teenPatti,
  teenPattiHand,
  thirtyTwoCards,
  thirtyTwoCardsDeck,
} from '../../src/index.ts';
import { expectProfits } from './helpers.ts';

/** Teen Patti deals A B A B A B: interleave two hands. */
const tp = (a: string, b: string): string => {
  const [x, y] = [a.split(' '), b.split(' ')];
  return [x[0], y[0], x[1], y[1], x[2], y[2]].join(' ');
};

describe('Teen Patti 20-20', () => {
  it('ranks trio > pure sequence > sequence > colour > pair > high card', () => {
    const order = ['2S 2H 2D', 'QH KH AH', 'QH KS AH', '2C 7C 9C', '9S 9H 2D', 'AS KH JD'].map(
      (h) => teenPattiHand(cards(h)).score,
    );
    expect([...order].sort((a, b) => b - a)).toEqual(order);
    expect(teenPattiHand(cards('2S 2H 2D')).class).toBe('trio');
  });
  it('sequences: A-K-Q > A-2-3 > K-Q-J > 2-3-4; pairs by rank then odd card; Ace high', () => {
    const s = (h: string) => teenPattiHand(cards(h)).score;
    expect(s('AS KH QD')).toBeGreaterThan(s('AS 2H 3D'));
    expect(s('AS 2H 3D')).toBeGreaterThan(s('KS QH JD'));
    expect(s('KS QH JD')).toBeGreaterThan(s('2S 3H 4D'));
    expect(teenPattiHand(cards('AS 2H 3D')).class).toBe('sequence');
    expect(teenPattiHand(cards('QS KS AS')).class).toBe('pure_sequence');
    expect(teenPattiHand(cards('KS AS 2S')).class).toBe('colour'); // K-A-2 is no sequence
    expect(s('9S 9H 2D')).toBeGreaterThan(s('8S 8H AD'));
    expect(s('9S 9H 3D')).toBeGreaterThan(s('9C 9D 2D'));
    expect(s('AS 3H 2D')).toBeGreaterThan(s('KS QH TD'));
    expect(() => teenPattiHand(cards('AS 2S'))).toThrow(/3 cards/);
  });
  it('Player A wins 1.95; Pair Plus pays each side table entry', () => {
    expectProfits(teenPatti, tp('2S 2H 2D', '9C 9D 4H'), {
      player_a: 195,
      pair_plus_a: 4100,
      pair_plus_b: 200,
    });
    expectProfits(teenPatti, tp('4H 5H 6H', '7C 8D 9S'), {
      player_a: 195,
      pair_plus_a: 3100,
      pair_plus_b: 700,
    });
    expectProfits(teenPatti, tp('2C 7C 9C', 'AS KH JD'), { player_a: 195, pair_plus_a: 400 });
  });
  it('Player B wins 1.95; a high card loses Pair Plus', () => {
    expectProfits(teenPatti, tp('AS KH JD', 'AH KD JC'), { player_a: 'push', player_b: 'push' });
    expectProfits(teenPatti, tp('AS KH JD', '3C 3D 5H'), { player_b: 195, pair_plus_b: 200 });
  });
  it('a tie returns Player A and Player B', () => {
    expectProfits(teenPatti, tp('5S 5H 9D', '5C 5D 9H'), {
      player_a: 'push',
      player_b: 'push',
      pair_plus_a: 200,
      pair_plus_b: 200,
    });
  });
});

describe('Andar Bahar (joker, then Andar, Bahar, …)', () => {
  it('the first card after the joker matches: Andar wins 1.9', () => {
    expectProfits(andarBahar, '7S 7H', { andar: 190 });
  });
  it('the match on Bahar pays 2.0', () => {
    expectProfits(andarBahar, '7S 2H 7D', { bahar: 200 });
  });
  it('a later match on Andar', () => {
    expectProfits(andarBahar, 'KS 2H 3H 4H 5H KC', { andar: 190 });
  });
  it('deals up to the first match only', () => {
    const shuffled = cards('QD 2S 3S QH QS 4S');
    expect(andarBahar.deal(shuffled)).toEqual(cards('QD 2S 3S QH'));
    expect(() => andarBahar.result(cards('QD 2S QH QS'))).toThrow(/first match/);
    expect(() => andarBahar.result(cards('QD 2S'))).toThrow(/first match/);
  });
});

describe('32 Cards (players 8, 9, 10, 11 in that order)', () => {
  it('the deck is 6 … K of each suit', () => {
    expect(thirtyTwoCardsDeck()).toHaveLength(32);
  });
  it('each player can win at his payout', () => {
    expectProfits(thirtyTwoCards, 'KS 6H 6D 6C', { player_8: 1200 }); // 21 15 16 17
    expectProfits(thirtyTwoCards, '6S KH 6D 6C', { player_9: 575 }); // 14 22 16 17
    expectProfits(thirtyTwoCards, '6S 6H KD 6C', { player_10: 320 }); // 14 15 23 17
    expectProfits(thirtyTwoCards, '6S 6H 6D 6C', { player_11: 200 }); // 14 15 16 17
  });
  it('a tie on the top score is re-dealt among the tied, in player order', () => {
    // 8+K = 21, 9+Q = 21, 10+6 = 16, 11+8 = 19 → 8 and 9 draw: 7 vs 9 → player 9.
    expectProfits(thirtyTwoCards, 'KS QH 6D 8C 7S 9H', { player_9: 575 });
    // Tied again (T vs T), then 8 draws J, 9 draws 6 → player 8.
    expectProfits(thirtyTwoCards, 'KS QH 6D 8C TS TH JS 6H', { player_8: 1200 });
  });
  it('the deck running out during a tie voids the round: every bet returned', () => {
    // 8+7 = 15, 9+6 = 15, 10+7 = 17, 11+6 = 17 → 10 and 11 tie, then draw equal values 14 times.
    const codes =
      '7S 6S 7H 6H ' + '6C 6D 7C 7D 8S 8H 8C 8D 9S 9H 9C 9D TS TH TC TD JS JH JC JD QS QH QC QD KS KH KC KD';
    expect(cards(codes)).toHaveLength(32);
    expectProfits(thirtyTwoCards, codes, {
      player_8: 'push',
      player_9: 'push',
      player_10: 'push',
      player_11: 'push',
    });
    expect(thirtyTwoCards.result(cards(codes)).summary).toBe('Void');
  });
  it('deals up to the decision, refuses an unfinished or overlong deal', () => {
    expect(thirtyTwoCards.deal(cards('KS QH 6D 8C 7S 9H TS'))).toHaveLength(6);
    expect(() => thirtyTwoCards.result(cards('KS QH 6D 8C'))).toThrow(/unfinished/);
    expect(() => thirtyTwoCards.result(cards('6S 6H 6D 6C 7S'))).toThrow(/after the round/);
    expect(() => thirtyTwoCards.result(cards('2S 6H 6D 6C'))).toThrow(/6 … K/);
  });
});
