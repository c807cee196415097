// Shares of the result (issue 41, docs/hierarchy.md): each master and agent above a bettor keeps its
// share of what the house gains or loses on that bettor, the operator the rest. Pure arithmetic.

/** A share in basis points: 10,000 is 100 %. */
export const SHARE_BP_MAX = 10_000;

/** One upline of a bettor with its share, nearest first (the agent, then its master). */
export interface UplineShare {
  readonly uplineId: number;
  readonly shareBp: number;
}

/** What one upline gets (+) or pays (−) of a bettor's result, in paise. */
export interface ShareMovement {
  readonly uplineId: number;
  readonly amountPaise: number;
}

const floorDiv = (a: bigint, b: bigint) => (a >= 0n ? a / b : -((-a + b - 1n) / b));

/**
 * Each upline's part of the house's gain on one bettor's result (`gainPaise`: what the bettor lost,
 * negative when the bettor won; commission included). One rounding per upline and result, toward
 * −∞: against the upline, so an upline never gets a paisa more nor pays a paisa less than its
 * exact share; the house keeps the rest. Exact in BigInt for any safe integer gain.
 */
export function splitResultShares(gainPaise: number, chain: readonly UplineShare[]): ShareMovement[] {
  if (!Number.isSafeInteger(gainPaise)) throw new RangeError(`gain ${gainPaise} is not whole paise`);
  let total = 0;
  for (const u of chain) {
    if (!Number.isInteger(u.shareBp) || u.shareBp < 0 || u.shareBp > SHARE_BP_MAX)
      throw new RangeError(`share ${u.shareBp} bp of ${u.uplineId} is outside 0–${SHARE_BP_MAX}`);
    total += u.shareBp;
  }
  // The tree's rule, asserted: down any chain the shares add up to at most 100 %.
  if (total > SHARE_BP_MAX) throw new RangeError(`the chain's shares add up to ${total} bp, over 100 %`);
  return chain
    .map((u) => ({
      uplineId: u.uplineId,
      amountPaise: Number(floorDiv(BigInt(gainPaise) * BigInt(u.shareBp), BigInt(SHARE_BP_MAX))),
    }))
    .filter((m) => m.amountPaise !== 0);
}
