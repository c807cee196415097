/** Thrown for input that settlement refuses (bad numbers, contradictory facts). */
export class SettlementError extends Error {
  override readonly name = 'SettlementError';
}

export const SETTLE_MIN_PRICE = 101;
export const SETTLE_MAX_PRICE = 100_000;
export const BASIS_POINTS = 10_000;

export function assertSafeInt(value: number, what: string, min: number, max = Number.MAX_SAFE_INTEGER): void {
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new SettlementError(`${what} must be an integer in [${min}, ${max}], got ${String(value)}`);
  }
}

export function assertPrice(price: number, what = 'price'): void {
  assertSafeInt(price, what, SETTLE_MIN_PRICE, SETTLE_MAX_PRICE);
}

export function assertBp(bp: number, what: string): void {
  assertSafeInt(bp, what, 0, BASIS_POINTS);
}

export function assertTime(ms: number, what: string): void {
  if (!Number.isSafeInteger(ms))
    throw new SettlementError(`${what} must be integer epoch ms, got ${String(ms)}`);
}
