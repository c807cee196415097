// The sports that add panels to game-details: one import per sport, each registering itself.
// A new sport (racing's race card) is added here and in its own folder, never in the screen.
import '../cricket/register.tsx';
import '../racing/register.tsx';

export {
  registerSportPanels,
  sportPanelsFor,
  type ExchangeBetting,
  type SportPanels,
  type SportPanelState,
} from './registry.ts';
export { useSportLive, useSportPanels } from './use-sport-panels.ts';
