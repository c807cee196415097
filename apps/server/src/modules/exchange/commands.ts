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

/** A command waiting in its market's queue, with the callbacks that answer its caller. */
export type Command =
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
    });

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
