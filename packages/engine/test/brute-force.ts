// Exposure straight from DOMAIN.md's formula, outcome by outcome and bet by bet, in BigInt: the
// oracle of the exposure tests. Rounding as docs/settlement.md "One rounding rule": each outcome's
// P_i summed exactly (hundredths of a paisa) and rounded down once.
import type { MarketPosition, PositionBet } from '../src/index.ts';

/** stake·(odds−1) in hundredths of a paisa, exact. */
function odds100(b: PositionBet): bigint {
  return BigInt(b.stake_paise) * BigInt(b.price - 100);
}
/** Hundredths of a paisa to paise, rounded down (toward −∞). */
function floor100(x: bigint): bigint {
  return x >= 0n ? x / 100n : -((-x + 99n) / 100n);
}

export function bruteForcePosition(
  runners: readonly string[],
  matched: readonly PositionBet[],
  unmatched: readonly PositionBet[],
): MarketPosition {
  const rows = runners.map((k) => {
    let pnl = 0n;
    for (const b of matched) {
      const stake100 = BigInt(b.stake_paise) * 100n;
      if (b.side === 'BACK') pnl += b.selection_id === k ? odds100(b) : -stake100;
      else pnl += b.selection_id === k ? -odds100(b) : stake100;
    }
    let worst = pnl;
    for (const b of unmatched) {
      if (b.side === 'BACK' && b.selection_id !== k) worst -= BigInt(b.stake_paise) * 100n;
      if (b.side === 'LAY' && b.selection_id === k) worst -= odds100(b);
    }
    const worstPaise = floor100(worst);
    return {
      selection_id: k,
      pnl_paise: Number(floor100(pnl)),
      worst_paise: Number(worstPaise),
      worst_rest: Number(worst - worstPaise * 100n),
    };
  });
  const minOf = (xs: number[]): number => Math.min(0, ...xs);
  return {
    winners: 1,
    runners: rows,
    exposure_paise: -minOf(rows.map((r) => r.worst_paise)) || 0,
    matched_exposure_paise: -minOf(rows.map((r) => r.pnl_paise)) || 0,
  };
}

/** Every set of `size` runners out of `runners` (the whole outcomes of a place market). */
function subsets(runners: readonly string[], size: number): string[][] {
  if (size === 0) return [[]];
  if (runners.length < size) return [];
  const [first, ...rest] = runners;
  return [...subsets(rest, size - 1).map((s) => [first!, ...s]), ...subsets(rest, size)];
}

/**
 * A place market's exposure by brute force: every set of min(winners, n) placed runners, each
 * outcome summed bet by bet exactly (hundredths of a paisa) and rounded down once; the worst.
 */
export function bruteForcePlaceExposure(
  runners: readonly string[],
  winners: number,
  matched: readonly PositionBet[],
  unmatched: readonly PositionBet[],
): { exposure_paise: number; matched_exposure_paise: number } {
  let worst = 0n;
  let worstMatched = 0n;
  for (const placed of subsets(runners, Math.min(winners, runners.length))) {
    const set = new Set(placed);
    let pnl = 0n;
    for (const b of matched) {
      const stake100 = BigInt(b.stake_paise) * 100n;
      if (b.side === 'BACK') pnl += set.has(b.selection_id) ? odds100(b) : -stake100;
      else pnl += set.has(b.selection_id) ? -odds100(b) : stake100;
    }
    let low = pnl;
    for (const b of unmatched) {
      if (b.side === 'BACK' && !set.has(b.selection_id)) low -= BigInt(b.stake_paise) * 100n;
      if (b.side === 'LAY' && set.has(b.selection_id)) low -= odds100(b);
    }
    if (floor100(low) < worst) worst = floor100(low);
    if (floor100(pnl) < worstMatched) worstMatched = floor100(pnl);
  }
  return { exposure_paise: -Number(worst) || 0, matched_exposure_paise: -Number(worstMatched) || 0 };
}
