import { defineSlot } from '../define.ts';
import { PAYLINES_20 } from './paylines.ts';

// Jaipur Jewels: 10 paylines, a low-volatility slot. The Maharaja is wild; 3 or more Palaces
// anywhere pay and award 10 free spins, played on reels with an extra wild each (retriggers
// allowed, at most 100 free spins a round). Strip length 22: 22^5 = 5,153,632 stops.
// docs/slots.md has the arithmetic of its RTP.
export const JAIPUR_JEWELS = defineSlot({
  id: 'jaipur-jewels',
  name: 'Jaipur Jewels',
  symbols: [
    { code: 'W', name: 'Maharaja', kind: 'wild', pays: [20, 60, 200] },
    { code: 'S', name: 'Palace', kind: 'scatter', pays: [2, 5, 20] },
    { code: 'E', name: 'Elephant', kind: 'regular', pays: [15, 50, 150] },
    { code: 'P', name: 'Peacock', kind: 'regular', pays: [12, 40, 120] },
    { code: 'L', name: 'Lotus', kind: 'regular', pays: [10, 30, 100] },
    { code: 'A', name: 'Ace', kind: 'regular', pays: [6, 15, 50] },
    { code: 'K', name: 'King', kind: 'regular', pays: [5, 15, 50] },
    { code: 'Q', name: 'Queen', kind: 'regular', pays: [4, 10, 30] },
    { code: 'J', name: 'Jack', kind: 'regular', pays: [4, 10, 30] },
  ],
  lines: PAYLINES_20.slice(0, 10),
  base_strips: [
    'Q J A K E P L Q J W S A K Q J E P L A K Q J',
    'L Q S A K J Q W E P L A K J Q Q A K J W E P',
    'W E P L A K J Q Q A K J W E P L Q S A K J Q',
    'Q Q A K J W E P L Q S A K J Q W E P L A K J',
    'L Q J W S A K Q J E P L A K Q J Q J A K E P',
  ],
  free_strips: [
    'Q A K J W E P L Q S A K J Q W E P L A K J Q',
    'J Q S W A K Q E P L J W A K Q Q W A K E P L',
    'E P L J W A K Q Q W A K E P L J Q S W A K Q',
    'Q Q W A K E P L J Q S W A K Q E P L J W A K',
    'P L Q S A K J Q W E P L A K J Q Q A K J W E',
  ],
  free_spins: { award: 10, multiplier: 1, per_round_max: 100 },
});
