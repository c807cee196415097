// Exposure straight from DOMAIN.md's formula, outcome by outcome and bet by bet, in BigInt: the
// oracle of the exposure tests. Rounding as docs/decisions.md "Engine": a back's win is
// stake·(odds−1) rounded down, a lay's liability stake·(odds−1) rounded up.
import type { MarketPosition, PositionBet } from '../src/index.ts';

function win(b: PositionBet): bigint {
  return (BigInt(b.stake_paise) * BigInt(b.price - 100)) / 100n; // floor (non-negative)
}
function liability(b: PositionBet): bigint {
  const num = BigInt(b.stake_paise) * BigInt(b.price - 100);
  return num / 100n + (num % 100n === 0n ? 0n : 1n); // ceil
}

export function bruteForcePosition(
  runners: readonly string[],
  matched: readonly PositionBet[],
  unmatched: readonly PositionBet[],
): MarketPosition {
  const rows = runners.map((k) => {
    let pnl = 0n;
    for (const b of matched) {
      const stake = BigInt(b.stake_paise);
      if (b.side === 'BACK') pnl += b.selection_id === k ? win(b) : -stake;
      else pnl += b.selection_id === k ? -liability(b) : stake;
    }
    let worst = pnl;
    for (const b of unmatched) {
      if (b.side === 'BACK' && b.selection_id !== k) worst -= BigInt(b.stake_paise);
      if (b.side === 'LAY' && b.selection_id === k) worst -= liability(b);
    }
    return { selection_id: k, pnl_paise: Number(pnl), worst_paise: Number(worst) };
  });
  const minOf = (xs: number[]): number => Math.min(0, ...xs);
  return {
    runners: rows,
    exposure_paise: -minOf(rows.map((r) => r.worst_paise)) || 0,
    matched_exposure_paise: -minOf(rows.map((r) => r.pnl_paise)) || 0,
  };
}
