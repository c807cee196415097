import type { CasinoOptionWire, CasinoRoundState } from '@backlay/contract';
import type { ComponentType } from 'react';

/**
 * What a table's deal renderer is given: the steps revealed so far, the options, the round's state
 * (a CasinoRoundState; typed as text so a renderer may be written against the plain shape, as
 * virtual/types.ts is).
 */
export type RoundRendererProps = {
  readonly steps: readonly string[];
  readonly options: readonly Readonly<CasinoOptionWire>[];
  readonly state: CasinoRoundState | (string & {});
};

export type RoundRenderer = ComponentType<RoundRendererProps>;
