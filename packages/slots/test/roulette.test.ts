import { describe, expect, it } from 'vitest';
import {
  OUTSIDE_BETS,
  POCKETS,
  isRouletteBet,
  pocketColour,
  rouletteRtp,
  slipReturn,
  wins,
  type RouletteBet,
} from '../src/index.ts';

const ALL: RouletteBet[] = [
  ...OUTSIDE_BETS,
  ...Array.from({ length: POCKETS }, (_, n) => `straight:${n}` as RouletteBet),
];

describe('European roulette', () => {
  it('every bet returns exactly 36/37 over the 37 pockets', () => {
    for (const bet of ALL) expect(rouletteRtp(bet), bet).toBeCloseTo(36 / 37, 15);
  });
  it('the wheel: 18 red, 18 black, one green zero; outside bets lose on zero', () => {
    const colours = Array.from({ length: POCKETS }, (_, p) => pocketColour(p));
    expect(colours.filter((c) => c === 'red')).toHaveLength(18);
    expect(colours.filter((c) => c === 'black')).toHaveLength(18);
    expect(colours[0]).toBe('green');
    for (const bet of OUTSIDE_BETS) expect(wins(bet, 0)).toBe(false);
    expect(wins('straight:0', 0)).toBe(true);
  });
  it('dozens and columns', () => {
    expect(
      [1, 12, 13, 24, 25, 36].map((p) => [wins('dozen:1', p), wins('dozen:2', p), wins('dozen:3', p)]),
    ).toEqual([
      [true, false, false],
      [true, false, false],
      [false, true, false],
      [false, true, false],
      [false, false, true],
      [false, false, true],
    ]);
    expect(
      [1, 2, 3, 34, 35, 36].map((p) => [1, 2, 3].find((c) => wins(`column:${c}` as RouletteBet, p))),
    ).toEqual([1, 2, 3, 1, 2, 3]);
  });
  it('a slip returns its winning bets with their stakes', () => {
    const slip = [
      { bet: 'red' as const, stake_paise: 1000 },
      { bet: 'straight:3' as const, stake_paise: 500 },
      { bet: 'dozen:3' as const, stake_paise: 200 },
    ];
    expect(slipReturn(slip, 3)).toBe(2000 + 36 * 500); // 3 is red
    expect(slipReturn(slip, 36)).toBe(2000 + 600); // red, third dozen
    expect(slipReturn(slip, 0)).toBe(0);
    expect(() => slipReturn(slip, 37)).toThrow();
  });
  it('reads only the bets a table takes', () => {
    expect(isRouletteBet('straight:36')).toBe(true);
    expect(isRouletteBet('straight:37')).toBe(false);
    expect(isRouletteBet('dozen:4')).toBe(false);
    expect(isRouletteBet('RED')).toBe(false);
    expect(isRouletteBet(5)).toBe(false);
  });
});
