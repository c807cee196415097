import type { CasinoOptionWire, CasinoRoundState } from '@backlay/contract';
import type { ComponentType } from 'react';

/** What a table's deal renderer is given: the steps revealed so far, the options, the round's state. */
export type RoundRendererProps = {
  steps: readonly string[];
  options: readonly CasinoOptionWire[];
  state: CasinoRoundState;
};

export type RoundRenderer = ComponentType<RoundRendererProps>;
