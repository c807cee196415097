// Every payout of Dragon Tiger 20-20, Lucky 7 and Amar Akbar Anthony on hand-made cards.
import { describe, expect, it } from 'vitest';
import { amarAkbarAnthony, cards, dragonTiger, lucky7, standardDeck } from '../../src/index.ts';
import { expectProfits } from './helpers.ts';

describe('Dragon Tiger 20-20 (Dragon card first, then Tiger)', () => {
  it('Dragon higher: Dragon 1.98, each side its parity and colour', () => {
    expectProfits(dragonTiger, 'KS 2H', {
      dragon: 198,
      dragon_odd: 179,
      dragon_black: 197,
      tiger_even: 210,
      tiger_red: 197,
    });
  });
  it('Tiger higher (Ace is low)', () => {
    expectProfits(dragonTiger, 'AD QC', {
      tiger: 198,
      dragon_odd: 179,
      dragon_red: 197,
      tiger_even: 210,
      tiger_black: 197,
    });
  });
  it('Tie of different colours: Tie 16, Dragon and Tiger lose half, no Pair', () => {
    expectProfits(dragonTiger, '7S 7H', {
      tie: 1600,
      dragon: 'half',
      tiger: 'half',
      dragon_odd: 179,
      dragon_black: 197,
      tiger_odd: 179,
      tiger_red: 197,
    });
  });
  it('Tie of the same colour: Tie 16 and Pair 48', () => {
    expectProfits(dragonTiger, 'TS TC', {
      tie: 1600,
      pair: 4800,
      dragon: 'half',
      tiger: 'half',
      dragon_even: 210,
      dragon_black: 197,
      tiger_even: 210,
      tiger_black: 197,
    });
  });
  it('deals the first two cards of the shuffled deck, and refuses a wrong count', () => {
    expect(dragonTiger.deal(cards('2S 3S 4S'))).toEqual(cards('2S 3S'));
    expect(() => dragonTiger.result(cards('2S'))).toThrow(/2 cards/);
    expect(() => dragonTiger.deal(cards('2S'))).toThrow(/deck has 1/);
  });
  it('a half loss rounds the paisa the house way, a win rounds down', () => {
    const r = dragonTiger.result(cards('7S 7H'));
    expect(dragonTiger.settle([{ option_id: 'dragon', stake_paise: 101 }], r)).toEqual([-51]);
    const d = dragonTiger.result(cards('KS 2H'));
    expect(dragonTiger.settle([{ option_id: 'dragon', stake_paise: 101 }], d)).toEqual([98]); // 101 × 0.98 = 98.98
  });
  it('refuses an unknown option or a stake that is not a positive integer', () => {
    const r = dragonTiger.result(cards('KS 2H'));
    expect(() => dragonTiger.settle([{ option_id: 'nope', stake_paise: 100 }], r)).toThrow(/no option nope/);
    expect(() => dragonTiger.settle([{ option_id: 'dragon', stake_paise: 0 }], r)).toThrow(
      /positive integer/,
    );
    expect(() => dragonTiger.settle([{ option_id: 'dragon', stake_paise: 1.5 }], r)).toThrow(
      /positive integer/,
    );
  });
});

describe('Lucky 7', () => {
  it('Low A–6 with parity and colour', () => {
    expectProfits(lucky7, 'AH', { low: 196, odd: 179, red: 195 });
    expectProfits(lucky7, '6C', { low: 196, even: 210, black: 195 });
  });
  it('a seven: Lucky 7 pays 11, Low and High lose', () => {
    expectProfits(lucky7, '7D', { seven: 1100, odd: 179, red: 195 });
  });
  it('High 8–K', () => {
    expectProfits(lucky7, '8S', { high: 196, even: 210, black: 195 });
    expectProfits(lucky7, 'KH', { high: 196, odd: 179, red: 195 });
    expectProfits(lucky7, 'QD', { high: 196, even: 210, red: 195 });
  });
});

describe('Amar Akbar Anthony', () => {
  it('Amar A–6, Akbar 7–10, Anthony J–K, with parity and colour', () => {
    expectProfits(amarAkbarAnthony, 'AS', { amar: 212, odd: 179, black: 197 });
    expectProfits(amarAkbarAnthony, '6H', { amar: 212, even: 210, red: 197 });
    expectProfits(amarAkbarAnthony, '7C', { akbar: 315, odd: 179, black: 197 });
    expectProfits(amarAkbarAnthony, 'TD', { akbar: 315, even: 210, red: 197 });
    expectProfits(amarAkbarAnthony, 'JS', { anthony: 415, odd: 179, black: 197 });
    expectProfits(amarAkbarAnthony, 'QH', { anthony: 415, even: 210, red: 197 });
    expectProfits(amarAkbarAnthony, 'KD', { anthony: 415, odd: 179, red: 197 });
  });
  it('every card of the deck wins exactly one of Amar/Akbar/Anthony, one parity, one colour', () => {
    for (const c of standardDeck()) {
      const won = Object.keys(amarAkbarAnthony.result([c]).outcomes);
      expect(won).toHaveLength(3);
    }
  });
});
