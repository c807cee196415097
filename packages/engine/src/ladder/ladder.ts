// The Betfair price ladder (DOMAIN.md "Price ladder"): 350 valid odds from 1.01 to 1000 in ten
// bands. Odds are integer hundredths (1.01 = 101, 1000 = 100000) so every ladder price is exact;
// decimal odds exist only at the wire (see `oddsFromDecimal` / `oddsToDecimal`).

/** Decimal odds in integer hundredths: 1.01 = 101, 2.5 = 250, 1000 = 100000. */
export type PriceHundredths = number;

/** An amount of money in integer paise (1 INR = 100 paise). */
export type Paise = number;

/** One band of the ladder: prices in (from, to] step by `step`, all in hundredths. */
export interface LadderBand {
  readonly from: PriceHundredths;
  readonly to: PriceHundredths;
  readonly step: PriceHundredths;
}

/** The bands of DOMAIN.md; the first band also holds 1.01 (its lower end 1.00 is not a price). */
export const LADDER_BANDS: readonly LadderBand[] = Object.freeze([
  { from: 100, to: 200, step: 1 },
  { from: 200, to: 300, step: 2 },
  { from: 300, to: 400, step: 5 },
  { from: 400, to: 600, step: 10 },
  { from: 600, to: 1000, step: 20 },
  { from: 1000, to: 2000, step: 50 },
  { from: 2000, to: 3000, step: 100 },
  { from: 3000, to: 5000, step: 200 },
  { from: 5000, to: 10000, step: 500 },
  { from: 10000, to: 100000, step: 1000 },
]);

export const MIN_PRICE: PriceHundredths = 101;
export const MAX_PRICE: PriceHundredths = 100_000;

/** Index in LADDER of each band's first price. */
const BAND_START_INDEX: readonly number[] = (() => {
  const starts: number[] = [];
  let i = 0;
  for (const b of LADDER_BANDS) {
    starts.push(i);
    i += (b.to - b.from) / b.step;
  }
  return starts;
})();

/** Every valid price, ascending (LADDER[0] = 101, LADDER[349] = 100000). */
export const LADDER: readonly PriceHundredths[] = Object.freeze(
  LADDER_BANDS.flatMap((b) => {
    const out: number[] = [];
    for (let p = b.from + b.step; p <= b.to; p += b.step) out.push(p);
    return out;
  }),
);

/** Number of valid prices (350). */
export const LADDER_SIZE: number = LADDER.length;

function bandOf(price: number): number {
  // Ten bands: a linear scan is as fast as anything cleverer.
  for (let b = 0; b < LADDER_BANDS.length; b++) if (price <= LADDER_BANDS[b]!.to) return b;
  return -1;
}

/** Whether `price` (hundredths) is on the ladder. */
export function isValidPrice(price: number): boolean {
  return priceToIndex(price) >= 0;
}

/**
 * Ladder index of every price 0..MAX_PRICE (-1 off the ladder): the book converts a price on every
 * order and cancel, and one typed-array load beats the band scan (100,001 × 2 bytes, built once).
 */
const INDEX_OF_PRICE: Int16Array = (() => {
  const t = new Int16Array(MAX_PRICE + 1).fill(-1);
  for (let i = 0; i < LADDER.length; i++) t[LADDER[i]!] = i;
  return t;
})();

/** Ladder index (0..349) of a valid price, or -1 when the price is not on the ladder. */
export function priceToIndex(price: number): number {
  if (!Number.isInteger(price) || price < MIN_PRICE || price > MAX_PRICE) return -1;
  return INDEX_OF_PRICE[price]!;
}

/** The price at a ladder index (0..349). Throws a RangeError outside the ladder. */
export function indexToPrice(index: number): PriceHundredths {
  const p = Number.isInteger(index) ? LADDER[index] : undefined;
  if (p === undefined) throw new RangeError(`ladder index out of range: ${String(index)}`);
  return p;
}

/** Index of the highest valid price ≤ price (-1 when price < 1.01). Price need not be valid. */
function floorIndex(price: number): number {
  if (!(price >= MIN_PRICE)) return -1; // also NaN
  if (price >= MAX_PRICE) return LADDER_SIZE - 1;
  const p = Math.floor(price);
  const b = bandOf(p);
  const band = LADDER_BANDS[b]!;
  const steps = Math.floor((p - band.from) / band.step); // ≥ 0
  return BAND_START_INDEX[b]! + steps - 1;
}

/** Index of the lowest valid price ≥ price (LADDER_SIZE when price > 1000). Price need not be valid. */
function ceilIndex(price: number): number {
  if (!(price <= MAX_PRICE)) return LADDER_SIZE; // also NaN
  if (price <= MIN_PRICE) return 0;
  const f = floorIndex(price);
  return LADDER[f] === price ? f : f + 1;
}

/** The highest ladder price ≤ price, clamped to 1.01 (a price below the ladder gives 1.01). */
export function priceAtOrBelow(price: number): PriceHundredths {
  return LADDER[Math.max(0, floorIndex(price))]!;
}

/** The lowest ladder price ≥ price, clamped to 1000 (a price above the ladder gives 1000). */
export function priceAtOrAbove(price: number): PriceHundredths {
  return LADDER[Math.min(LADDER_SIZE - 1, ceilIndex(price))]!;
}

/** The nearest ladder price (a tie goes to the lower price), clamped to 1.01..1000. */
export function nearestPrice(price: number): PriceHundredths {
  if (Number.isNaN(price)) throw new RangeError('price is NaN');
  const lo = priceAtOrBelow(price);
  const hi = priceAtOrAbove(price);
  return hi - price < price - lo ? hi : lo;
}

function checkTicks(n: number): void {
  if (!Number.isInteger(n)) throw new RangeError(`ticks must be an integer, got ${String(n)}`);
}

/**
 * The price `n` ticks above `price`, clamped at 1000. An off-ladder price first moves to the next
 * ladder price above it (that is the first tick). n = 0 returns the price itself when valid, else
 * the nearest. Negative n moves down.
 */
export function ticksUp(price: number, n = 1): PriceHundredths {
  checkTicks(n);
  if (n < 0) return ticksDown(price, -n);
  if (n === 0) return isValidPrice(price) ? price : nearestPrice(price);
  const idx = priceToIndex(price);
  const target = idx >= 0 ? idx + n : ceilIndex(price) + n - 1;
  return LADDER[Math.max(0, Math.min(LADDER_SIZE - 1, target))]!;
}

/** The price `n` ticks below `price`, clamped at 1.01 (mirror of `ticksUp`). */
export function ticksDown(price: number, n = 1): PriceHundredths {
  checkTicks(n);
  if (n < 0) return ticksUp(price, -n);
  if (n === 0) return isValidPrice(price) ? price : nearestPrice(price);
  const idx = priceToIndex(price);
  const target = idx >= 0 ? idx - n : floorIndex(price) - (n - 1);
  return LADDER[Math.max(0, Math.min(LADDER_SIZE - 1, target))]!;
}

/** Number of ticks from `a` to `b` (positive when b is higher); both must be valid prices. */
export function ticksBetween(a: PriceHundredths, b: PriceHundredths): number {
  const ia = priceToIndex(a);
  const ib = priceToIndex(b);
  if (ia < 0 || ib < 0) throw new RangeError(`not ladder prices: ${String(a)}, ${String(b)}`);
  return ib - ia;
}

const DECIMAL_RE = /^(\d{1,7})(?:\.(\d+))?$/;

/**
 * Exact conversion of decimal odds to integer hundredths, without the ladder check: returns null
 * unless the value is exactly a number with at most two decimals. A JS number is accepted only if
 * it is the very double that the two-decimal literal parses to, so 1.01 → 101 but
 * 1.0100000001 → null and 1.015 → null. Strings: digits with an optional fraction whose digits
 * past the second are zeros ("1.01", "1.010", "2", "2.5"); no sign, exponent or spaces.
 */
export function hundredthsFromDecimal(value: number | string): number | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0 || value > 1e7) return null;
    const h = Math.round(value * 100);
    // h / 100 is the double nearest to the exact decimal h/100, as parsing its literal would give.
    return h / 100 === value ? h : null;
  }
  if (typeof value !== 'string') return null;
  const m = DECIMAL_RE.exec(value);
  if (!m) return null;
  const frac = m[2] ?? '';
  if (/[^0]/.test(frac.slice(2))) return null;
  return Number(m[1]) * 100 + Number((frac + '00').slice(0, 2));
}

/**
 * Wire decimal odds → ladder price in hundredths, or null when the value is not exactly a ladder
 * price (off the ladder, more than two decimals, float noise, NaN, a non-number).
 */
export function oddsFromDecimal(value: number | string): PriceHundredths | null {
  const h = hundredthsFromDecimal(value);
  return h !== null && isValidPrice(h) ? h : null;
}

/** Hundredths → decimal odds for the wire (101 → 1.01). Exact for every ladder price. */
export function oddsToDecimal(price: PriceHundredths): number {
  return price / 100;
}

/** Hundredths → display string with two decimals (101 → "1.01", 100000 → "1000.00"). */
export function formatOdds(price: PriceHundredths): string {
  const whole = Math.trunc(price / 100);
  const cents = Math.abs(price % 100);
  return `${whole}.${cents < 10 ? '0' : ''}${cents}`;
}
