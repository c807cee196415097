import { ROUND_GAMES } from '@backlay/engine';
import { describe, expect, it } from 'vitest';
import { StepsView } from '../CardTableView.tsx';
import { chipFor, rendererFor } from '../renderers.ts';
import { cardFace } from '../../../components/card-codes.ts';
import { andarBaharSeats, teenPattiSeats, thirtyTwoCardsSeats } from '../seats.ts';
import { profitPaise, stakeToPaise } from '../stake.ts';
import { chipLetter } from '../ResultsStrip.tsx';

describe('card faces', () => {
  it('names each card for screen readers and colours it by suit', () => {
    expect(cardFace('TH')).toMatchObject({ rank: '10', symbol: '♥', red: true, name: 'Ten of hearts' });
    expect(cardFace('AS')).toMatchObject({
      rank: 'A',
      symbol: '♠',
      red: false,
      name: 'Ace of spades',
      value: 1,
    });
    expect(cardFace('QD')).toMatchObject({ symbol: '♦', red: true, value: 12 });
    expect(cardFace('KC')).toMatchObject({ name: 'King of clubs', red: false });
    expect(cardFace('B3')).toBeNull();
  });
});

describe('seats', () => {
  it('Teen Patti deals A B A B A B', () => {
    const seats = teenPattiSeats(['AS', '2S', '3S', '4S']);
    expect(seats).toEqual([
      { label: 'Player A', cards: ['AS', '3S', null] },
      { label: 'Player B', cards: ['2S', '4S', null] },
    ]);
  });

  it('Andar Bahar: the joker, then Andar first', () => {
    expect(andarBaharSeats(['7H', 'AS', '2S', '3S', '7C'])).toEqual([
      { label: 'Joker', cards: ['7H'] },
      { label: 'Andar', cards: ['AS', '3S'] },
      { label: 'Bahar', cards: ['2S', '7C'] },
    ]);
  });

  it('32 Cards: player number plus card, then tie-break cards among the tied only', () => {
    // 8+9=17, 9+8=17, 10+6=16, 11+6=17 → 8, 9 and 11 tie on 17; tie-break: 8 gets 7, 9 gets K, 11 gets 6.
    const seats = thirtyTwoCardsSeats(['9S', '8S', '6S', '6H', '7S', 'KS', '6D']);
    expect(seats.map((s) => [s.label, s.cards, s.note])).toEqual([
      ['Player 8', ['9S', '7S'], '17 · 7'],
      ['Player 9', ['8S', 'KS'], '17 · 13'],
      ['Player 10', ['6S'], '16'],
      ['Player 11', ['6H', '6D'], '17 · 6'],
    ]);
  });

  it('32 Cards mid-deal: those not dealt yet show their number', () => {
    expect(thirtyTwoCardsSeats(['9S']).map((s) => s.note)).toEqual(['17', '9', '10', '11']);
  });
});

describe('stake and chips', () => {
  it('reads a typed stake in paise; a win pays rounded down to the paisa', () => {
    expect(stakeToPaise('100')).toBe(10_000);
    expect(stakeToPaise('10.5')).toBe(1_050);
    expect(stakeToPaise('1.234')).toBeNull();
    expect(stakeToPaise('0')).toBeNull();
    expect(profitPaise(10_000, 1.98)).toBe(9_800);
    expect(profitPaise(333, 1.95)).toBe(316);
  });

  it('a chip shows the seat or the first letter', () => {
    expect(chipLetter('Dragon')).toBe('D');
    expect(chipLetter('Player B')).toBe('B');
    expect(chipLetter('Player 11')).toBe('11');
    expect(chipLetter('Void')).toBe('V');
  });

  it("a table's chips never read two ways: Tiger and Tie, Amar, Akbar and Anthony", () => {
    expect(chipFor('dragon_tiger_20', 'Tiger')).toBe('T');
    expect(chipFor('dragon_tiger_20', 'Tie')).toBe('TIE');
    expect(['Amar', 'Akbar', 'Anthony'].map((s) => chipFor('amar_akbar_anthony', s))).toEqual([
      'A',
      'B',
      'C',
    ]);
    expect(chipFor('teen_patti_20', 'Player A')).toBe('A');
    expect(chipFor('teen_patti_20', 'Tie')).toBe('TIE');
  });
});

describe('renderer registry', () => {
  it('every table of the engine has a renderer of its own (none falls back to the plain steps)', () => {
    for (const game of ROUND_GAMES) {
      expect(rendererFor(game.id), game.id).not.toBe(StepsView);
    }
    expect(rendererFor('no_such_game')).toBe(StepsView);
  });
});
