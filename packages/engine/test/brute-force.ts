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
    runners: rows,
    exposure_paise: -minOf(rows.map((r) => r.worst_paise)) || 0,
    matched_exposure_paise: -minOf(rows.map((r) => r.pnl_paise)) || 0,
  };
}
