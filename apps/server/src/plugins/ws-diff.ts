// The delta between two market images (docs/live-prices.md): what the WebSocket sends.
import type { MarketDelta, MarketImage, RunnerLevels } from '@backlay/contract';

const runnerKey = (r: RunnerLevels) => JSON.stringify(r);

/** The delta from `prev` to `next`, or null when nothing a client shows changed. */
export function diffImages(prev: MarketImage, next: MarketImage): MarketDelta | 'image' | null {
  if (
    prev.runners.length !== next.runners.length ||
    prev.runners.some((r, i) => r.selection_id !== next.runners[i]!.selection_id)
  ) {
    return 'image';
  }
  const delta: MarketDelta = {};
  if (prev.status !== next.status) delta.status = next.status;
  if (prev.in_play !== next.in_play) delta.in_play = next.in_play;
  if (prev.version !== next.version) delta.version = next.version;
  const runners = next.runners.filter((r, i) => runnerKey(r) !== runnerKey(prev.runners[i]!));
  if (runners.length > 0) delta.runners = runners;
  return Object.keys(delta).length === 0 ? null : delta;
}
