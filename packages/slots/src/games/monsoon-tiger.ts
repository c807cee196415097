import { defineSlot } from '../define.ts';
import { PAYLINES_20 } from './paylines.ts';

// Monsoon Tiger: 20 paylines, medium volatility. The Tiger is wild; 3 or more Rain Clouds
// anywhere pay and award 10 free spins with every win doubled (retriggers allowed, at most 100
// free spins a round). Strip length 25: 25^5 = 9,765,625 stops. docs/slots.md has the arithmetic.
export const MONSOON_TIGER = defineSlot({
  id: 'monsoon-tiger',
  name: 'Monsoon Tiger',
  symbols: [
    { code: 'W', name: 'Tiger', kind: 'wild', pays: [40, 160, 600] },
    { code: 'S', name: 'Rain Cloud', kind: 'scatter', pays: [2, 10, 50] },
    { code: 'G', name: 'Golden Idol', kind: 'regular', pays: [30, 100, 400] },
    { code: 'R', name: 'Ruby', kind: 'regular', pays: [25, 80, 240] },
    { code: 'D', name: 'Drum', kind: 'regular', pays: [15, 50, 160] },
    { code: 'A', name: 'Ace', kind: 'regular', pays: [10, 25, 100] },
    { code: 'K', name: 'King', kind: 'regular', pays: [8, 20, 80] },
    { code: 'Q', name: 'Queen', kind: 'regular', pays: [5, 15, 60] },
    { code: 'J', name: 'Jack', kind: 'regular', pays: [4, 12, 50] },
    { code: 'T', name: 'Ten', kind: 'regular', pays: [4, 12, 50] },
  ],
  lines: PAYLINES_20,
  base_strips: [
    'J T A K Q G R D J T W S A K Q J T G R D A K Q J T',
    'R D T S A K Q J T W G R D A K Q J T T A K Q J W G',
    'J T W G R D A K Q J T T A K Q J W G R D T S A K Q',
    'K Q J T T A K Q J W G R D T S A K Q J T W G R D A',
    'K Q G R D J T W S A K Q J T G R D A K Q J T J T A',
  ],
  free_strips: [
    'J T A K Q G R D J T W S A K Q J T G R D A K Q J T',
    'R D T S A K Q J T W G R D A K Q J T T A K Q J W G',
    'J T W G R D A K Q J T T A K Q J W G R D T S A K Q',
    'K Q J T T A K Q J W G R D T S A K Q J T W G R D A',
    'K Q G R D J T W S A K Q J T G R D A K Q J T J T A',
  ],
  free_spins: { award: 10, multiplier: 2, per_round_max: 100 },
});
