// Exact rationals in BigInt for the house margins (no rounding anywhere in margin.ts).
export interface Fraction {
  readonly n: bigint;
  readonly d: bigint;
}

const gcd = (a: bigint, b: bigint): bigint => {
  a = a < 0n ? -a : a;
  b = b < 0n ? -b : b;
  while (b) [a, b] = [b, a % b];
  return a;
};

export function frac(n: bigint | number, d: bigint | number = 1n): Fraction {
  let nn = BigInt(n);
  let dd = BigInt(d);
  if (dd === 0n) throw new Error('zero denominator');
  if (dd < 0n) [nn, dd] = [-nn, -dd];
  const g = gcd(nn, dd) || 1n;
  return { n: nn / g, d: dd / g };
}

export const ZERO = frac(0);
export const ONE = frac(1);
export const add = (a: Fraction, b: Fraction): Fraction => frac(a.n * b.d + b.n * a.d, a.d * b.d);
export const sub = (a: Fraction, b: Fraction): Fraction => frac(a.n * b.d - b.n * a.d, a.d * b.d);
export const mul = (a: Fraction, b: Fraction): Fraction => frac(a.n * b.n, a.d * b.d);
export const eq = (a: Fraction, b: Fraction): boolean => a.n === b.n && a.d === b.d;
export const toNumber = (a: Fraction): number => Number(a.n) / Number(a.d);
export const show = (a: Fraction): string => (a.d === 1n ? `${a.n}` : `${a.n}/${a.d}`);
