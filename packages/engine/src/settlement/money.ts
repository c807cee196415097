// Per-bet profit/loss and commission. All arithmetic on exact integers (BigInt where a product
// could pass 2^53), one rounding step per bet, documented in docs/decisions.md "Settlement".
import type { SettleSide, StakeFraction } from './types.ts';
import { BASIS_POINTS, SettlementError, assertBp, assertPrice, assertSafeInt } from './errors.ts';

export const DEFAULT_COMMISSION_BP = 200;

/** Division of integers rounded toward zero (so a loss is never rounded up against the bettor). */
function divTrunc(num: bigint, den: bigint): bigint {
  return num / den; // BigInt division truncates toward zero
}

function toSafeNumber(v: bigint, what: string): number {
  const n = Number(v);
  if (!Number.isSafeInteger(n)) throw new SettlementError(`${what} out of the safe integer range`);
  return n;
}

/** An exact amount of paise: num / den (den > 0). */
export interface ExactPaise {
  readonly num: bigint;
  readonly den: bigint;
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

export const EXACT_ZERO: ExactPaise = { num: 0n, den: 1n };

export function addExact(a: ExactPaise, b: ExactPaise): ExactPaise {
  const den = (a.den / gcd(a.den, b.den)) * b.den;
  return { num: a.num * (den / a.den) + b.num * (den / b.den), den };
}

/** Rounded toward zero to whole paise (a win rounds down, a loss never rounds up). */
export function truncExact(x: ExactPaise): number {
  return toSafeNumber(divTrunc(x.num, x.den), 'amount');
}

/**
 * Rounded down to whole paise, against the bettor (DOMAIN.md "Exposure and profit/loss": round once
 * per outcome, against the bettor): a win rounds down, a loss rounds up to the paisa the position
 * and the exposure held for it were rounded to, so a market's result, its quote and its hold agree.
 */
export function floorExact(x: ExactPaise): number {
  const q = x.num / x.den;
  return toSafeNumber(x.num < 0n && q * x.den !== x.num ? q - 1n : q, 'amount');
}

/**
 * The exact profit/loss of one matched bet, in paise.
 *
 * `win_share` is the share of the stake settled as winning: 1/1 for a winner, 0 for a loser, 1/k for
 * a k-way dead heat for one place (places/k in general). For a back:
 *   exact = stake × price × share / 100 − stake
 * (a winner: stake × (price − 1); a loser: −stake; a 2-way dead heat: half the stake wins at full
 * odds and the other half is lost). A lay is the exact negation.
 */
export function betProfitExact(
  side: SettleSide,
  price: number,
  stake_paise: number,
  win_share: StakeFraction,
): ExactPaise {
  assertPrice(price);
  assertSafeInt(stake_paise, 'stake_paise', 1);
  assertSafeInt(win_share.den, 'win_share.den', 1);
  assertSafeInt(win_share.num, 'win_share.num', 0, win_share.den);
  const s = BigInt(stake_paise);
  const num = s * (BigInt(price) * BigInt(win_share.num) - 100n * BigInt(win_share.den));
  return { num: side === 'BACK' ? num : -num, den: 100n * BigInt(win_share.den) };
}

/**
 * Profit/loss of one matched bet in whole paise: the exact value rounded toward zero, so winnings
 * are rounded down and a loss is never more than the exact risk (the back's stake, the lay's
 * stake × (price − 1)). A back and a lay matched at the same price and stake settle to exactly
 * opposite amounts. (A user's market result is rounded once from the exact sum: see settleMarket.)
 */
export function betProfitPaise(
  side: SettleSide,
  price: number,
  stake_paise: number,
  win_share: StakeFraction,
): number {
  return truncExact(betProfitExact(side, price, stake_paise, win_share));
}

/** Commission on a user's net market result: floor(net × bp / 10000) if net > 0, else 0 (never on a loss). */
export function commissionPaise(net_paise: number, commission_bp: number): number {
  assertSafeInt(net_paise, 'net_paise', Number.MIN_SAFE_INTEGER);
  assertBp(commission_bp, 'commission_bp');
  if (net_paise <= 0) return 0;
  return toSafeNumber((BigInt(net_paise) * BigInt(commission_bp)) / BigInt(BASIS_POINTS), 'commission');
}
