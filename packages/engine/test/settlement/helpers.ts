import type { MarketSettlement, SettleBet, SettlementMovement } from '../../src/index.ts';

export const T0 = Date.UTC(2026, 0, 10, 12, 0, 0); // a fixed instant; the engine never reads the clock

let seq = 0;
/** A matched bet; price in hundredths, stake in paise. */
export function bet(
  user_id: string,
  side: 'BACK' | 'LAY',
  selection_id: string,
  price: number,
  stake_paise: number,
  extra: Partial<SettleBet> = {},
): SettleBet {
  seq += 1;
  return { bet_id: `b${seq}`, user_id, selection_id, side, price, stake_paise, placed_at_ms: T0, ...extra };
}

/** Applies movements to opening balances: each movement credits the user and debits the house by the same amount. */
export function applyMovements(
  opening: Record<string, number>,
  movements: readonly SettlementMovement[],
): Record<string, number> {
  const out: Record<string, number> = { house: 0, ...opening };
  for (const m of movements) {
    out[m.user_id] = (out[m.user_id] ?? 0) + m.user_delta_paise;
    out.house = (out.house ?? 0) - m.user_delta_paise;
  }
  return out;
}

/** Every account after settlement, starting from 10,000 paise each for the named users and 0 for the house. */
export function balancesAfter(s: MarketSettlement, users: readonly string[]): Record<string, number> {
  return applyMovements(Object.fromEntries(users.map((u) => [u, 10_000])), s.movements);
}
