// Back-pressure on a market's queue (markets/command-queue.ts): a command is admitted while the
// commands waiting on its market — queued, or reserving their money on the way to the queue —
// number fewer than MAX_QUEUED_COMMANDS_PER_MARKET. A bet and a cash out reserve first (a short
// transaction of their own), so they are counted from before their reservation.
import { MAX_QUEUED_COMMANDS_PER_MARKET } from '../markets/command-queue.ts';

export function createAdmission(queue: { waiting(marketId: number): number }) {
  /** Commands reserving their money before they join their market's queue, per market. */
  const reserving = new Map<number, number>();
  const waitingOn = (marketId: number) => queue.waiting(marketId) + (reserving.get(marketId) ?? 0);
  return {
    /** Whether the market takes no more commands now. */
    full: (marketId: number) => waitingOn(marketId) >= MAX_QUEUED_COMMANDS_PER_MARKET,
    /** Runs a command's reservation, counted as waiting on its market meanwhile. */
    async reserving<T>(marketId: number, reserve: () => Promise<T>): Promise<T> {
      reserving.set(marketId, (reserving.get(marketId) ?? 0) + 1);
      try {
        return await reserve();
      } finally {
        const n = (reserving.get(marketId) ?? 1) - 1;
        if (n > 0) reserving.set(marketId, n);
        else reserving.delete(marketId);
      }
    },
  };
}
export type Admission = ReturnType<typeof createAdmission>;
