// What the two house-quoted kinds (bookmaker and fancy) share: the arithmetic of a rate "per 100"
// (DOMAIN.md "Bookmaker markets": rate 45 = decimal 1.45), statuses and stake limits.
//
// ROUNDING RULE (both kinds; docs/settlement.md "One rounding rule"): one bet alone wins
// stake·rate/100 rounded DOWN to the paisa and loses it rounded UP (its exact signed profit rounded
// toward −∞: what a bet slip shows); a user's position at a result is the EXACT sum of their bets,
// rounded once toward −∞, and their settled bets add up to exactly that (bookmaker.ts
// settleBookmakerBetsPaise, fancy/profit.ts settleFancyBetsPaise), so exposure = the worst settled
// loss, exactly, and a hedge costs no paisa per bet.

/** Throws unless `v` is a safe integer in [min, max]: the engine's inputs come checked, a bad one is a bug. */
export function assertInt(v: number, what: string, min: number, max = Number.MAX_SAFE_INTEGER): void {
  if (!Number.isSafeInteger(v) || v < min || v > max)
    throw new RangeError(`${what} must be an integer in [${min}, ${max}], got ${String(v)}`);
}

/** A rate per 100 is a positive integer (a rate of 0 would take a stake for nothing in return). */
export function assertRate(rate: number): void {
  assertInt(rate, 'rate', 1);
}

export function assertStake(stake_paise: number): void {
  assertInt(stake_paise, 'stake_paise', 1);
}

/** `v` as a number, or a throw if it left the safe integer range (money must stay exact). */
export function safePaise(v: bigint | number): number {
  const n = Number(v);
  if (!Number.isSafeInteger(n)) throw new RangeError('amount out of the safe integer range');
  return n;
}

/** What a winning bet is paid: stake·rate/100 rounded down (the house never pays a fraction). */
export function rateWinPaise(stake_paise: number, rate: number): number {
  const num = stake_paise * rate;
  if (Number.isSafeInteger(num)) return Math.floor(num / 100);
  return safePaise((BigInt(stake_paise) * BigInt(rate)) / 100n);
}

/** What a losing bet pays: stake·rate/100 rounded up (exposure is never understated). */
export function rateLossPaise(stake_paise: number, rate: number): number {
  const num = stake_paise * rate;
  if (Number.isSafeInteger(num)) return Math.ceil(num / 100);
  return safePaise((BigInt(stake_paise) * BigInt(rate) + 99n) / 100n);
}

/** Paise as the rupees a refusal text shows, as the server's other stake messages do: 10000 → "100", 10050 → "100.5". */
export function rupeesText(paise: number): string {
  return String(paise / 100);
}

/** Stake limits the operator configured: non-negative integers with min ≤ max (anything else is a bug upstream). */
export function assertStakeLimits(min_stake_paise: number, max_stake_paise: number): void {
  assertInt(min_stake_paise, 'min_stake_paise', 0);
  assertInt(max_stake_paise, 'max_stake_paise', min_stake_paise);
}

/** The common tail of both kinds' refusals: the stake is a positive integer within [min, max]. */
export function stakeRefusal(
  stake_paise: number,
  min_stake_paise: number,
  max_stake_paise: number,
): string | null {
  if (!Number.isSafeInteger(stake_paise) || stake_paise <= 0) return 'Invalid stake';
  if (stake_paise < min_stake_paise) return `Minimum stake is ${rupeesText(min_stake_paise)}`;
  if (stake_paise > max_stake_paise) return `Maximum stake is ${rupeesText(max_stake_paise)}`;
  return null;
}

/** The refusal a market status gives ('ACTIVE' takes bets). Fancy's REMOVED reads as closed. */
export function statusRefusal(status: string): string | null {
  switch (status) {
    case 'ACTIVE':
      return null;
    case 'SUSPENDED':
      return 'Suspended';
    case 'BALL_RUNNING':
      return 'Ball running';
    case 'CLOSED':
    case 'REMOVED':
      return 'Market closed';
    default:
      throw new RangeError(`unknown market status ${status}`);
  }
}

/** a / d rounded toward −∞ (d > 0), in BigInt. */
export function floorDivBig(a: bigint, d: bigint): bigint {
  const q = a / d;
  return a % d !== 0n && a < 0n ? q - 1n : q;
}

/**
 * One user's bets settled together (both house kinds): `exact` is each bet's exact amount times
 * `d`; their total is rounded once, down, and shared out: each bet its own amount rounded down,
 * then a paisa each, largest rests first (then lowest index), until the shares add up to the total.
 */
export function shareRoundedTotal(exact: readonly bigint[], d: bigint, what: string): number[] {
  const total = floorDivBig(
    exact.reduce((s, x) => s + x, 0n),
    d,
  );
  const shares = exact.map((x) => floorDivBig(x, d));
  let left = total - shares.reduce((s, x) => s + x, 0n); // in [0, exact.length)
  const order = exact
    .map((x, i) => ({ i, rest: x - shares[i]! * d }))
    .filter((e) => e.rest > 0n)
    .sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1));
  for (const { i } of order) {
    if (left === 0n) break;
    shares[i]! += 1n;
    left -= 1n;
  }
  if (left !== 0n) throw new Error(`${what} settlement: rounding residue left over`);
  return shares.map((x) => safePaise(x));
}
