// The per-market command queue of the group commit: commands for one market (the exchange's
// placements and cancels, a fancy's or a bookmaker's bets) wait here and run in batches, one batch
// after another per market (docs/decisions.md, "Exchange server", "Fancy bets in batches" and
// "Bookmaker bets in batches").

/** Commands taken into one batch (one transaction) at most. */
export const MAX_BATCH_COMMANDS = 200;

/**
 * Commands waiting for their market's next batch, at most (five full batches). Beyond it a command
 * is refused at once (back-pressure) instead of queueing without bound while the store is slow.
 */
export const MAX_QUEUED_COMMANDS_PER_MARKET = 1_000;

/** The answer of a bet refused because its market's queue is full. */
export const QUEUE_FULL_BET_MESSAGE = 'Too many bets on this market right now; try again';
/** The answer of a cancel refused because its market's queue is full. */
export const QUEUE_FULL_CANCEL_MESSAGE = 'Too many requests on this market right now; try again';

/** Appends `cmd` to its market's queue; the queue, or null (nothing queued) when it is full. */
function enqueue<C>(queues: Map<number, C[]>, marketId: number, cmd: C, maxQueued: number): C[] | null {
  let queue = queues.get(marketId);
  if (!queue) {
    queue = [];
    queues.set(marketId, queue);
  }
  if (queue.length >= maxQueued) return null;
  queue.push(cmd);
  return queue;
}

/**
 * Queues per market. `run(marketId, pending)` runs one batch: it takes the commands it runs out of
 * `pending` (at most MAX_BATCH_COMMANDS, see `takeBatch`), and is called again while commands wait.
 */
export function createCommandQueue<C>(
  run: (marketId: number, pending: C[]) => Promise<void>,
  maxQueued: number = MAX_QUEUED_COMMANDS_PER_MARKET,
) {
  /** Commands waiting for their market's next batch, and the markets whose batches are running. */
  const queues = new Map<number, C[]>();
  const draining = new Set<number>();

  return {
    /**
     * Queues a command on its market; a market's batches run one after another. False (and nothing
     * queued) when `maxQueued` commands already wait on that market.
     */
    submit(marketId: number, cmd: C): boolean {
      const queue = enqueue(queues, marketId, cmd, maxQueued);
      if (!queue) return false;
      if (draining.has(marketId)) return true;
      draining.add(marketId);
      const pending = queue;
      void (async () => {
        try {
          while (pending.length > 0) {
            // One turn of the event loop first, so that requests already read from their sockets
            // (and on PGlite, queries that waited for the previous batch) reach the queue.
            await new Promise<void>((resolve) => setImmediate(resolve));
            await run(marketId, pending);
          }
        } finally {
          draining.delete(marketId);
          if (pending.length === 0 && queues.get(marketId) === pending) queues.delete(marketId);
        }
      })();
      return true;
    },

    /** Commands waiting on a market (not those of its running batch). */
    waiting(marketId: number): number {
      return queues.get(marketId)?.length ?? 0;
    },
  };
}

/** The next batch: the oldest commands waiting, at most MAX_BATCH_COMMANDS, taken out of `pending`. */
export const takeBatch = <C>(pending: C[]): C[] => pending.splice(0, MAX_BATCH_COMMANDS);

/** Markets taken into one round (one transaction) at most. */
export const MAX_ROUND_MARKETS = 32;

/**
 * Queues per market, run in rounds: one round at a time on this node takes every market with
 * commands waiting (at most MAX_ROUND_MARKETS, the longest-waiting first) into one transaction, so
 * bets spread over many markets share their statements and their commit. `run(round)` gets each
 * market's waiting commands and takes from each what it runs (`takeBatch`). Same bound per market
 * as `createCommandQueue`.
 */
export function createRoundQueue<C>(
  run: (round: Map<number, C[]>) => Promise<void>,
  maxQueued: number = MAX_QUEUED_COMMANDS_PER_MARKET,
) {
  /** Commands waiting per market, in the order the markets started waiting. */
  const queues = new Map<number, C[]>();
  let running = false;

  async function drain() {
    try {
      while (queues.size > 0) {
        // One turn of the event loop first, so that requests already read from their sockets
        // (and on PGlite, queries that waited for the previous round) reach the queues.
        await new Promise<void>((resolve) => setImmediate(resolve));
        const round = new Map<number, C[]>();
        for (const [marketId, pending] of queues) {
          if (round.size >= MAX_ROUND_MARKETS) break;
          round.set(marketId, pending);
        }
        await run(round);
        // A market emptied by the round stops waiting; one with commands left goes to the back,
        // so busy markets cannot keep the others out of every round.
        for (const [marketId, pending] of round) {
          if (queues.get(marketId) !== pending) continue;
          queues.delete(marketId);
          if (pending.length > 0) queues.set(marketId, pending);
        }
      }
    } finally {
      running = false;
    }
  }

  return {
    /** Queues a command on its market. False (and nothing queued) when `maxQueued` already wait. */
    submit(marketId: number, cmd: C): boolean {
      if (!enqueue(queues, marketId, cmd, maxQueued)) return false;
      if (!running) {
        running = true;
        void drain();
      }
      return true;
    },

    /** Commands waiting on a market (not those of the running round). */
    waiting(marketId: number): number {
      return queues.get(marketId)?.length ?? 0;
    },
  };
}

/**
 * The next batch with one command per key (a bettor's request id): a second copy of a key goes back
 * to the front of `pending` for the next batch, which answers it from the stored bet if the first
 * was taken (a batch decides each command against the store as the batch began).
 */
export function takeDistinctBatch<C>(pending: C[], keyOf: (cmd: C) => string): C[] {
  const seen = new Set<string>();
  const now: C[] = [];
  const later: C[] = [];
  for (const cmd of takeBatch(pending)) {
    const key = keyOf(cmd);
    (seen.has(key) ? later : now).push(cmd);
    seen.add(key);
  }
  pending.unshift(...later);
  return now;
}

/**
 * Runs a batch's commands in one go; if that throws, runs them one at a time, so that one bad
 * command cannot fail its neighbours. `retryAlone(err)`: an error worth a second try of a command
 * alone (a request id stored meanwhile by another node's batch answers as a repeat then). A command
 * that still throws gets `fail(err)` (its caller answers 500).
 */
export async function runBatchOrEach<C extends { fail(err: unknown): void }>(
  cmds: readonly C[],
  run: (cmds: readonly C[]) => Promise<void>,
  retryAlone: (err: unknown) => boolean = () => false,
): Promise<void> {
  try {
    await run(cmds);
    return;
  } catch (err) {
    if (cmds.length === 1 && !retryAlone(err)) {
      cmds[0]!.fail(err);
      return;
    }
  }
  for (const cmd of cmds) {
    for (let attempt = 1; ; attempt++) {
      try {
        await run([cmd]);
        break;
      } catch (err) {
        if (attempt < 2 && retryAlone(err)) continue;
        cmd.fail(err);
        break;
      }
    }
  }
}
