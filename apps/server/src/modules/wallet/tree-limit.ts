// An upline's limits on one sport (issue 41, docs/hierarchy.md "Limits down the tree"), the pure
// leaves: the figures the stake gate reads (stake-gate.ts readTreeLimits) and the refusals in
// words. The exchange's batch, the house kinds' batches and the wallet word them the same way.

/**
 * What an upline's limits leave a bettor on one sport (issue 41, docs/hierarchy.md "Limits down
 * the tree"): the smallest maximum stake and exposure over the bettor and every account above it
 * (null: none set on the way up), and the exposure the bettor already has on the sport (holds and
 * reservations on the sport's markets; for a house kind's batch, all but the batch's own market).
 */
export type TreeLimit = {
  readonly sportName: string;
  readonly maxStakePaise: number | null;
  readonly maxExposurePaise: number | null;
  readonly sportCommittedPaise: number;
};

const inr = (paise: number) =>
  `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** A stake over an upline's maximum stake on the sport, in words; null when within it. */
export function stakeLimitRefusal(limit: TreeLimit | undefined, stakePaise: number): string | null {
  if (!limit || limit.maxStakePaise === null || stakePaise <= limit.maxStakePaise) return null;
  return `Your upline's maximum stake on ${limit.sportName} is ${inr(limit.maxStakePaise)}: this bet's stake is ${inr(stakePaise)}`;
}

/**
 * A bet that would take the bettor's exposure on the sport over an upline's maximum, in words;
 * null when within it, or when the bet does not raise the market's hold (a hedge is always taken).
 * `sportCommittedPaise` must leave out this market's hold (readTreeLimits with `{ marketId }`).
 */
export function exposureLimitRefusal(
  limit: TreeLimit | undefined,
  oldHoldPaise: number,
  newHoldPaise: number,
): string | null {
  if (!limit || limit.maxExposurePaise === null || newHoldPaise <= oldHoldPaise) return null;
  const after = limit.sportCommittedPaise + newHoldPaise;
  if (after <= limit.maxExposurePaise) return null;
  return exposureLimitMessage(limit, after);
}

/** The words of an exposure over an upline's limit (`afterPaise`: the sport's exposure with the bet). */
export const exposureLimitMessage = (limit: TreeLimit, afterPaise: number) =>
  `This bet would take your exposure on ${limit.sportName} to ${inr(afterPaise)}: your upline's limit is ${inr(limit.maxExposurePaise ?? 0)}`;
