// What the money properties of the house-quoted kinds (bookmaker, fancy) share: a user's bets and
// wallet figures as the in-memory state a placement works on, frozen so that any write to it by
// the engine throws; the naive settlement arithmetic of the house's side; generators near the limits.
import fc from 'fast-check';

/** Freezes `v` and everything reachable from it (strict-mode code that writes to it then throws). */
export function deepFreeze<T>(v: T): T {
  if (v !== null && typeof v === 'object' && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const k of Reflect.ownKeys(v)) deepFreeze((v as Record<string | symbol, unknown>)[k]);
  }
  return v;
}

/** One user's standing in one house market: wallet figures, open bets on it, and the hold (its exposure). */
export type HouseAccount<Bet> = {
  readonly balance_paise: number;
  /** What the user's other markets hold. */
  readonly elsewhere_paise: number;
  readonly bets: readonly Bet[];
  /** The exposure held for this market (what the wallet keeps back for it). */
  readonly hold_paise: number;
};

/**
 * The budget rule of DOMAIN.md ("a bet is accepted only if the user's new liability does not exceed
 * the balance") as the server applies it: a bet that does not raise the market's exposure (a hedge)
 * is always taken. Written for the placement harness from the words, not from the server's code.
 */
export function overBudget(
  account: HouseAccount<unknown>,
  old_hold_paise: number,
  new_hold_paise: number,
): boolean {
  if (new_hold_paise <= old_hold_paise) return false;
  return account.elsewhere_paise + new_hold_paise > account.balance_paise;
}

/**
 * The house's side of a settlement, naively: the house pays every user's net (or takes it when
 * negative) and collects the commission, DOMAIN.md's percentage of net winnings, rounded down, never
 * on a losing market. Returns each user's expected wallet change and the house's own.
 */
export function naiveHouseSettlement(
  net_paise_by_user: ReadonlyMap<string, bigint>,
  commission_bp: number,
): { user_delta_paise: Map<string, bigint>; house_paise: bigint } {
  const user_delta_paise = new Map<string, bigint>();
  let house_paise = 0n;
  for (const [user, net] of net_paise_by_user) {
    const commission = net > 0n ? (net * BigInt(commission_bp)) / 10_000n : 0n;
    user_delta_paise.set(user, net - commission);
    house_paise += -net + commission;
  }
  return { user_delta_paise, house_paise };
}

/** A stake around the maximum: a paisa or two either side of it, anywhere within the limits, or over them. */
export const stakeNear = (min: number, max: number) =>
  fc.oneof(
    { weight: 2, arbitrary: fc.integer({ min: -2, max: 2 }).map((d) => Math.max(1, max + d)) },
    { weight: 5, arbitrary: fc.integer({ min: Math.max(1, min), max: Math.max(1, max) }) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 2 * max + 10 }) },
  );

/** Mostly open, so that the other reasons are reached too. */
export const statusArb = <S extends string>(closed: readonly S[]) =>
  fc.oneof(
    { weight: 8, arbitrary: fc.constant('ACTIVE' as const) },
    { weight: 2, arbitrary: fc.constantFrom(...closed) },
  );
