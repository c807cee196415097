// What the table screen hands a game's renderer: the round's `dealt` steps so far, its options and
// its state (BETTING, CLOSED, DEALING, RESULT, VOID), as casinoRoundHead carries them.
import type { ComponentType } from 'react';

export interface RendererOption {
  readonly option_id: string;
  readonly label: string;
  readonly payout: number;
}

export interface RoundRendererProps {
  readonly steps: readonly string[];
  readonly options: readonly RendererOption[];
  readonly state: string;
}

export type RoundRenderer = ComponentType<RoundRendererProps>;
