// lib/match-path.ts: every link to a match opens the screen that shows it (issue 47, item 9).
import { expect, it } from 'vitest';
import { PRODUCT_SPORT_ID, SPORT_ID } from '../src/lib/constants.ts';
import { matchPath } from '../src/lib/match-path.ts';

it('a casino table opens its table, a binary instrument its board, any other match game-details', () => {
  expect(matchPath(PRODUCT_SPORT_ID.CASINO, 12)).toBe('/casino/match/12');
  expect(matchPath(PRODUCT_SPORT_ID.BINARY, 34)).toBe('/binary/34');
  expect(matchPath(SPORT_ID.CRICKET, 56)).toBe('/game-details/4/56');
  expect(matchPath(SPORT_ID.HORSE_RACING, 78)).toBe('/game-details/7/78');
});
