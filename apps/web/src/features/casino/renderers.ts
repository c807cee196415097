// The one registry of deal renderers: game_id → the component that shows a round's steps. The
// table screen asks `rendererFor(game_id)` and never names a game itself (issue 22). Card games
// use CardTableView with their seating (seats.ts); Our Virtual's games come from
// features/casino/virtual/ (VIRTUAL_RENDERERS).
import { createElement } from 'react';
import { cardTable, StepsView } from './CardTableView.tsx';
import type { RoundRenderer, RoundRendererProps } from './renderer-types.ts';
import { chipLetter } from './ResultsStrip.tsx';
import { VIRTUAL_RENDERERS } from './virtual/index.ts';
import {
  andarBaharSeats,
  dragonTigerSeats,
  oneCardSeats,
  teenPattiSeats,
  thirtyTwoCardsSeats,
} from './seats.ts';

export type { RoundRenderer, RoundRendererProps } from './renderer-types.ts';

/** The card tables (packages/engine/src/casino/registry.ts's ids). */
export const CARD_RENDERERS: Readonly<Record<string, RoundRenderer>> = {
  dragon_tiger_20: cardTable(dragonTigerSeats),
  lucky7: cardTable(oneCardSeats),
  teen_patti_20: cardTable(teenPattiSeats),
  andar_bahar: cardTable(andarBaharSeats),
  thirty_two_cards: cardTable(thirtyTwoCardsSeats),
  amar_akbar_anthony: cardTable(oneCardSeats),
};

// ---- Our Virtual -------------------------------------------------------------------------------
// Virtual cricket and virtual racing draw themselves (features/casino/virtual/, VIRTUAL_RENDERERS).

/**
 * A result chip's letters where the first letter of the summary would read two ways at one table
 * (Tiger and Tie, Amar, Akbar and Anthony); every other summary takes `chipLetter`'s rule.
 */
const CHIP_CODES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  dragon_tiger_20: { Tie: 'TIE' },
  teen_patti_20: { Tie: 'TIE' },
  amar_akbar_anthony: { Amar: 'A', Akbar: 'B', Anthony: 'C' },
};

/** The letters of a result chip at a game's table. */
export function chipFor(gameId: string, summary: string): string {
  return CHIP_CODES[gameId]?.[summary] ?? chipLetter(summary);
}

/** The renderer of a game: its own, or the steps in order for a game nobody registered. */
export function rendererFor(gameId: string): RoundRenderer {
  return CARD_RENDERERS[gameId] ?? VIRTUAL_RENDERERS[gameId] ?? StepsView;
}

/** The deal of a round, drawn by its game's renderer (the table's one door into the registry). */
export function RoundDeal({ gameId, ...props }: RoundRendererProps & { gameId: string }) {
  return createElement(rendererFor(gameId), props);
}
