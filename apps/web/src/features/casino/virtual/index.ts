// Our Virtual's table renderers, by game id (the engine's registry ids): the casino table screen
// looks a game's renderer up here (casino-client registers VIRTUAL_RENDERERS in ../renderers.ts).
import type { RoundRenderer } from './types.ts';
import { VirtualCricketView } from './VirtualCricketView.tsx';
import { VirtualRacingView } from './VirtualRacingView.tsx';

export { VirtualCricketView } from './VirtualCricketView.tsx';
export { VirtualRacingView } from './VirtualRacingView.tsx';
export type { RendererOption, RoundRenderer, RoundRendererProps } from './types.ts';

export const VIRTUAL_RENDERERS: Record<string, RoundRenderer> = {
  virtual_cricket: VirtualCricketView,
  virtual_racing: VirtualRacingView,
};
