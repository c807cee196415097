// The commands an exchange market's queue holds (a placement, a cancel, a cash out), each with the
// callbacks that answer its caller, and what a batch of them did.
import type { MarketImage } from '@backlay/contract';
import type { CancelCommand, Outcome, PlaceCommand } from './batch.ts';
import type { CashOutCommand, CashOutOutcome } from './cash-out-types.ts';
import type { CancelOutcome, PlaceBetOutcome } from './types.ts';
import type { GrantRequest } from '../wallet/service.ts';

/**
 * What a bet or a cash out asks the wallet in its round (`wallet.grant`, under the wallet rows'
 * lock in the round's transaction), and how many rounds found its wallet row busy so far.
 */
export type WantedGrant = Pick<GrantRequest, 'wantPaise' | 'staker' | 'stakePaise'> & { busyTries: number };

/**
 * Where a command runs (owners.ts): a forwarded one has `moved`, which sends it back to the node
 * that took it when this node no longer owns its market; `here` runs it on this node whoever owns
 * the market (the owner could not be reached: the round's own checks keep it safe, see owners.ts).
 */
export type Routing = { moved?(): void; here?: boolean };

/** A command waiting in its market's queue, with the callbacks that answer its caller. */
export type Command = Routing &
  (
    | (PlaceCommand & {
        /** The bet's worst case, granted off its user's available balance in its round (wallet.grant). */
        want: WantedGrant;
        done(o: PlaceBetOutcome): void;
        fail(err: unknown): void;
      })
    | (CancelCommand & { done(o: CancelOutcome): void; fail(err: unknown): void })
    | (CashOutCommand & {
        /** What the hedge may add to its user's worst case, granted in its round (wallet.grant). */
        want: WantedGrant;
        done(o: CashOutOutcome): void;
        fail(err: unknown): void;
      })
  );

/** What a batch did, for what follows its commit (`finish`). */
export type BatchResult = {
  outcomes: Outcome[];
  changed: boolean;
  touched: Set<number>;
  /** The commands (by index) whose wallet row was busy: sent back to their queue, not answered yet. */
  busy: ReadonlySet<number>;
  /** The image the batch left and its stamp (next_seq), when it changed the market (live-images.ts). */
  image?: { stamp: number; image: MarketImage };
  keep(): void;
};
