import { describe, expect, it } from 'vitest';
import {
  OUTSIDE_BETS,
  POCKETS,
  ROULETTE_BETS,
  WHEEL_ORDER,
  betLabel,
  betNumbers,
  isRouletteBet,
  payout,
  pocketColour,
  rouletteRtp,
  slipReturn,
  wins,
  type RouletteBet,
} from '../src/index.ts';

const kindOf = (bet: RouletteBet) => (bet.includes(':') ? bet.slice(0, bet.indexOf(':')) : bet);
/** Where a number sits on the board: its column (1 … 12) and row (0 near, 2 far). */
const at = (n: number) => ({ column: Math.ceil(n / 3), row: (n - 1) % 3 });

describe('European roulette', () => {
  it('every bet returns exactly 36/37 over the 37 pockets', () => {
    for (const bet of ROULETTE_BETS) expect(rouletteRtp(bet), bet).toBeCloseTo(36 / 37, 15);
  });
  it('the standard board: 157 bets, each kind with its count and its standard payout', () => {
    const counts: Record<string, number> = {};
    for (const bet of ROULETTE_BETS) counts[kindOf(bet)] = (counts[kindOf(bet)] ?? 0) + 1;
    expect(counts).toMatchObject({ straight: 37, split: 60, street: 12, trio: 2, corner: 22, line: 11 });
    expect(counts['first-four']).toBe(1);
    expect(ROULETTE_BETS).toHaveLength(157);
    const PAYS: Record<string, number> = {
      straight: 35,
      split: 17,
      street: 11,
      trio: 11,
      corner: 8,
      'first-four': 8,
      line: 5,
      dozen: 2,
      column: 2,
    };
    for (const bet of ROULETTE_BETS) expect(payout(bet), bet).toBe(PAYS[kindOf(bet)] ?? 1);
  });
  it('inside bets cover neighbours on the board: splits touch, streets are a row across, corners a square, six lines two streets', () => {
    for (const bet of ROULETTE_BETS) {
      const nums = betNumbers(bet).filter((n) => n > 0);
      const cols = new Set(nums.map((n) => at(n).column));
      const rows = new Set(nums.map((n) => at(n).row));
      const kind = kindOf(bet);
      if (kind === 'split' && nums.length === 2) {
        const [a, b] = nums.map(at);
        expect(Math.abs(a!.column - b!.column) + Math.abs(a!.row - b!.row), bet).toBe(1);
      }
      if (kind === 'street') expect([cols.size, rows.size], bet).toEqual([1, 3]);
      if (kind === 'corner') expect([cols.size, rows.size, nums.length], bet).toEqual([2, 2, 4]);
      if (kind === 'line') expect([cols.size, rows.size, nums.length], bet).toEqual([2, 3, 6]);
      if (kind === 'trio') expect(betNumbers(bet)[0]).toBe(0);
    }
    expect(betNumbers('first-four')).toEqual([0, 1, 2, 3]);
    expect(betNumbers('corner:32')).toEqual([32, 33, 35, 36]);
    expect(betNumbers('line:31')).toEqual([31, 32, 33, 34, 35, 36]);
  });
  it('names every bet in words, once', () => {
    expect(
      ['split:17-20', 'corner:1', 'street:34', 'line:1', 'trio:0-2-3', 'straight:0', 'low'].map(betLabel),
    ).toEqual([
      'Split 17 and 20',
      'Corner 1, 2, 4, 5',
      'Street 34 to 36',
      'Six line 1 to 6',
      'Trio 0, 2, 3',
      'Number 0',
      '1 to 18',
    ]);
    expect(new Set(ROULETTE_BETS.map(betLabel)).size).toBe(ROULETTE_BETS.length);
  });
  it('the wheel carries each pocket once, red and black alternating after the zero', () => {
    expect([...WHEEL_ORDER].sort((a, b) => a - b)).toEqual(Array.from({ length: POCKETS }, (_, n) => n));
    const colours = WHEEL_ORDER.slice(1).map(pocketColour);
    for (let i = 1; i < colours.length; i++)
      expect(colours[i], `pocket ${WHEEL_ORDER[i + 1]}`).not.toBe(colours[i - 1]);
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
    for (const bad of [
      'split:1-3',
      'split:3-4',
      'split:2-1',
      'split:0-4',
      'corner:3',
      'corner:33',
      'street:2',
      'line:34',
      'trio:0-1-3',
      'straight:07',
    ])
      expect(isRouletteBet(bad), bad).toBe(false);
    expect(isRouletteBet(5)).toBe(false);
  });
});
